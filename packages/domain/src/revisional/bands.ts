/**
 * Where a contract's rate sits against the reference, in the ratios courts cite: in the repetitive appeal
 * STJ REsp 1.061.530/RS the rapporteur noted that case law 'tem considerado abusivas taxas superiores a uma
 * vez e meia…, ao dobro… ou ao triplo… da média', while stressing the test belongs to the judge; some courts
 * apply the average above smaller margins. So the product shows the band, never a yes/no verdict (decision 1401).
 */
export const LIMITES_FAIXA = [1.1, 1.5, 2, 3] as const;

export const FAIXAS_RAZAO = ["abaixo", "ate_1_1", "de_1_1_a_1_5", "de_1_5_a_2", "de_2_a_3", "acima_de_3"] as const;
export type TFaixaRazao = (typeof FAIXAS_RAZAO)[number];

export const ROTULO_FAIXA: Record<TFaixaRazao, string> = {
  abaixo: "Abaixo da média",
  ate_1_1: "Até 1,1× a média",
  de_1_1_a_1_5: "De 1,1× a 1,5× a média",
  de_1_5_a_2: "De 1,5× a 2× a média",
  de_2_a_3: "De 2× a 3× a média",
  acima_de_3: "Acima de 3× a média",
};

/** The company's screening threshold when it set none (decision 1403: default 1.5×). */
export const LIMIAR_TRIAGEM_PADRAO = 1.5;
export const LIMIAR_TRIAGEM_MIN = 1;
export const LIMIAR_TRIAGEM_MAX = 5;

/** Band of a ratio (contract rate ÷ reference rate); a ratio on a band's edge belongs to the lower band. */
export function faixaDaRazao(razao: number): TFaixaRazao {
  if (razao <= 1) return "abaixo";
  if (razao <= 1.1) return "ate_1_1";
  if (razao <= 1.5) return "de_1_1_a_1_5";
  if (razao <= 2) return "de_1_5_a_2";
  if (razao <= 3) return "de_2_a_3";
  return "acima_de_3";
}

/** The ratio written as people say it: '1,85×'. */
export function formatarRazao(razao: number): string {
  return `${razao.toLocaleString("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}×`;
}

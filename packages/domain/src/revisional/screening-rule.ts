import type { TFatosTriagem } from "../schemas/screening";
import type { TPreAnalise } from "./analysis";
import type { TModalidadeCredito } from "./modalities";

/**
 * How the AI screening uses the pre-analysis (decision 1405): a contract whose rate is within the
 * company's screening threshold is told so politely and marked; whether the screening then goes on or ends is the
 * company's rule. Never a verdict: the message says it is an estimate from what the lead said.
 */
export const REGRAS_TRIAGEM_REVISIONAL = ["desligada", "avisar", "encerrar"] as const;
export type TRegraTriagemRevisional = (typeof REGRAS_TRIAGEM_REVISIONAL)[number];
export const REGRA_TRIAGEM_REVISIONAL_PADRAO: TRegraTriagemRevisional = "avisar";

export const ROTULO_REGRA_TRIAGEM: Record<TRegraTriagemRevisional, string> = {
  desligada: "Não usar a pré-análise na triagem",
  avisar: "Avisar o lead e marcar o contrato; a triagem continua",
  encerrar: "Avisar o lead, marcar o contrato e encerrar a triagem (lead Perdido)",
};

/** What the screener tells a lead whose contract is within the threshold (both rules send it). */
export const MENSAGEM_CONTRATO_DENTRO_DA_MEDIA =
  "Obrigado pelos dados do contrato! Pelas informações que você passou, a taxa de juros parece estar dentro da média de " +
  "mercado divulgada pelo Banco Central para esse tipo de crédito na época da contratação. É só uma estimativa com os " +
  "dados informados, não um parecer jurídico.";

/** Added when the rule ends the screening: the door stays open, as the closing message of a rejected lead. */
export const MENSAGEM_CONTRATO_DENTRO_DA_MEDIA_ENCERRAR =
  "Por isso, neste momento não vemos motivo para seguir com a revisão deste contrato. Se tiver outro contrato, ou se " +
  "algum dado estiver diferente, é só nos chamar por aqui. Desejamos um ótimo dia!";

/** The reason recorded on the screening and the lead's history. */
export const MOTIVO_CONTRATO_DENTRO_DA_MEDIA =
  "Pré-análise: taxa do contrato dentro do limiar de triagem da empresa (estimativa com os dados informados)";

/** The mark shown on the lead's pre-analysis once the lead was told. */
export const MARCA_AVISADO_DENTRO_DA_MEDIA = "Lead avisado na triagem: contrato dentro da média";

const semAcento = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * The modality of the credit a lead described ('empréstimo consignado', 'financiamento do carro'…). A consignado
 * with no other clue is the INSS one when the lead receives an INSS benefit. Cards (RMC/RCC) have their own
 * rules and no comparable series: null, as anything unclear, so nothing wrong is compared.
 */
export function modalidadeDoTexto(
  texto: string | null,
  beneficio: TFatosTriagem["tipo_beneficio"] = null,
): TModalidadeCredito | null {
  if (!texto) return null;
  const s = semAcento(texto);
  if (/cartao|rmc|rcc/.test(s)) return null;
  if (/consignad/.test(s)) {
    if (/inss|aposentad|pension/.test(s)) return "consignado_inss";
    if (/servidor|public|prefeitura|estadual|federal|militar/.test(s)) return "consignado_publico";
    if (/privad|clt|carteira/.test(s)) return "consignado_privado";
    return beneficio === "aposentadoria" || beneficio === "pensao" ? "consignado_inss" : null;
  }
  if (/veicul|carro|moto|automovel|auto\b/.test(s)) return "financiamento_veiculo";
  if (/imobili|casa|apartamento|habitac|imovel/.test(s)) return "imobiliario";
  if (/pessoal/.test(s)) return "credito_pessoal";
  return null;
}

/** The lead's contract columns the screening may fill (null: not said, or not plausible enough to store). */
export type TContratoDosFatos = {
  modalidade_credito: TModalidadeCredito | null;
  valor_contrato: number | null;
  valor_parcela: number | null;
  quantidade_parcelas: number | null;
  quantidade_parcelas_pagas: number | null;
  data_contrato: string | null;
  banco: string | null;
  taxa_informada_mensal: number | null;
};

const dentro = (v: number | null, min: number, max: number) => (v !== null && v >= min && v <= max ? v : null);
const reais = (v: number | null) => {
  const r = dentro(v, 0.01, 99_999_999);
  return r === null ? null : Math.round(r * 100) / 100;
};

/**
 * What the lead said about the contract, as the lead's contract columns, within the columns' rules (a value a
 * person would have to correct is left out, so the screening never fails on a check constraint).
 */
export function contratoDosFatos(f: TFatosTriagem, hoje: string = new Date().toISOString().slice(0, 10)): TContratoDosFatos {
  const prazo = dentro(f.quantidade_parcelas, 1, 480);
  const pagas = dentro(f.parcelas_pagas, 0, prazo ?? 480);
  const taxa = dentro(f.taxa_juros, 0, 30);
  return {
    modalidade_credito: modalidadeDoTexto(f.tipo_contrato, f.tipo_beneficio),
    valor_contrato: reais(f.valor_financiado),
    valor_parcela: reais(f.valor_parcela),
    quantidade_parcelas: prazo,
    quantidade_parcelas_pagas: pagas,
    data_contrato: f.data_contrato && f.data_contrato >= "1990-01-01" && f.data_contrato <= hoje ? f.data_contrato : null,
    banco: f.banco ? f.banco.slice(0, 120) : null,
    taxa_informada_mensal: taxa === null ? null : Math.round(taxa * 10_000) / 10_000,
  };
}

/**
 * Modalities whose pre-analysis the screening never turns into a message to the lead: imobiliário's rests on fixed
 * installments (Price), while these contracts are often SAC and indexed (TR/IPCA), so 'within the average' could be
 * wrong; people see the analysis with its caveat on the card and the Pré-laudo (decision 1402).
 */
export const MODALIDADES_FORA_DO_AVISO: readonly TModalidadeCredito[] = ["imobiliario"];

/** What the rule asks of this screening round: tell the lead (once), and whether the screening ends. */
export function decidirPelaPreAnalise(
  analise: TPreAnalise,
  regra: TRegraTriagemRevisional,
  jaAvisado: boolean,
  modalidade: TModalidadeCredito | null = null,
): { avisar: boolean; encerrar: boolean } {
  const dentroDoLimiar = analise.estado === "calculada" && analise.razao !== null && analise.acimaDoLimiar === false;
  if (modalidade !== null && MODALIDADES_FORA_DO_AVISO.includes(modalidade)) return { avisar: false, encerrar: false };
  if (regra === "desligada" || !dentroDoLimiar || jaAvisado) return { avisar: false, encerrar: false };
  return { avisar: true, encerrar: regra === "encerrar" };
}

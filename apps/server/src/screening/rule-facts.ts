/**
 * What the rule-based screener understands of one message of the lead (pt-BR, WhatsApp style: short answers,
 * no accents, money written many ways). Pure functions; rule-screener.ts walks the conversation with them.
 */

import type { TTopicoTriagem } from "@crm/domain/screening";

export type TTopico = TTopicoTriagem;

/** Lowercase, without accents, one space: "Não, SOU aposentada" → "nao, sou aposentada". */
function normalizar(s: string): string {
  return s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/** The topic a question of the screener (or of a person) asks about, from its words. */
export function topicoDaPergunta(texto: string): TTopico | null {
  // the last sentence that asks something: a greeting before it may mention other words
  const perguntas = texto.split(/(?<=[.!?])\s+/).filter((p) => p.includes("?"));
  const s = normalizar(perguntas.at(-1) ?? texto);
  if (/margem/.test(s)) return "margem";
  if (/interesse|revis(ar|ao) (o|do|seu)/.test(s)) return "interesse";
  if (/renda|quanto (voce )?recebe|valor (aproximado )?do (seu )?beneficio|salario/.test(s)) return "renda";
  if (/aposentad|pensionista|inss/.test(s)) return "beneficio";
  return null;
}

/** A plain yes or no; null for "não sei", both or neither. */
export function simOuNao(texto: string): boolean | null {
  const s = normalizar(texto);
  if (/\bnao sei\b|\bsei la\b|\btalvez\b/.test(s)) return null;
  const nao = /\b(nao|n|negativo|nunca|jamais|nenhuma?)\b/.test(s);
  const sim = /\b(sim|s|tenho|quero|claro|isso|certeza|positivo|afirmativo|exato|correto|pode|ok|okay|uhum|aham|yes|sou)\b/.test(
    s,
  );
  if (nao) return false;
  return sim ? true : null;
}

export type TBeneficio = { inss: boolean; tipo: "aposentadoria" | "pensao" | "outro" | "nenhum" | null };

/** INSS retiree / pensioner, another benefit, or explicitly none. */
export function beneficioDe(texto: string): TBeneficio | null {
  const s = normalizar(texto);
  if (
    /\bnao (sou|e|estou) (aposentad|pensionista)|\bnao (recebo|tenho) (beneficio|aposentadoria|pensao)|\b(clt|carteira assinada|servidora? public|autonom|desempregad|assalariad)/.test(
      s,
    )
  )
    return { inss: false, tipo: "nenhum" };
  if (/aposentad|aposentadoria/.test(s)) return { inss: true, tipo: "aposentadoria" };
  if (/pensionista|\bpensao\b/.test(s)) return { inss: true, tipo: "pensao" };
  if (/\bloas\b|\bbpc\b|auxilio/.test(s)) return { inss: false, tipo: "outro" };
  return null;
}

export function interesseDe(texto: string): boolean | null {
  const s = normalizar(texto);
  if (
    /\b(nao tenho|sem|nenhum) interesse|\bnao (quero|preciso|desejo)\b|\bpar(e|a) de\b|\bnao me (chame|mande)|descadastr|sair da lista/.test(
      s,
    )
  )
    return false;
  if (
    /\b(tenho|com|muito) interesse|\bquero (revisar|saber|analisar|sim|a revisao|que analisem)|\bgostaria\b|\btenho sim\b/.test(s)
  )
    return true;
  return null;
}

export function margemDe(texto: string): boolean | null {
  const s = normalizar(texto);
  if (
    /\b(nao tenho|sem|nao possuo|nao tem|nao ha)( mais)? margem|margem (esta )?(zerada|esgotada|comprometida|estourada|toda (usada|comprometida))/.test(
      s,
    )
  )
    return false;
  if (/\b(tenho|com|ainda tenho|possuo|tem)( ainda)? margem|margem (livre|disponivel|sobrando)/.test(s)) return true;
  return null;
}

const BANCOS: [RegExp, string][] = [
  [/banco do brasil|\bbb\b/, "Banco do Brasil"],
  [/\bcaixa\b|\bcef\b/, "Caixa Econômica Federal"],
  [/\bitau\b/, "Itaú"],
  [/bradesco/, "Bradesco"],
  [/santander/, "Santander"],
  [/\bbmg\b/, "BMG"],
  [/\bpan\b|banco pan/, "Banco Pan"],
  [/daycoval/, "Daycoval"],
  [/\bsafra\b/, "Safra"],
  [/mercantil/, "Mercantil do Brasil"],
  [/\bole\b/, "Olé Consignado"],
  [/\bc6\b/, "C6 Bank"],
  [/\binter\b/, "Banco Inter"],
  [/agibank|agiplan/, "Agibank"],
  [/banrisul/, "Banrisul"],
  [/sicredi/, "Sicredi"],
  [/sicoob/, "Sicoob"],
  [/nubank/, "Nubank"],
  [/parana banco/, "Paraná Banco"],
  [/crefisa/, "Crefisa"],
  [/\bbrb\b/, "BRB"],
  [/facta/, "Facta"],
  [/\bpicpay\b/, "PicPay"],
];

export function bancoDe(texto: string): string | null {
  const s = normalizar(texto);
  for (const [re, nome] of BANCOS) if (re.test(s)) return nome;
  return null;
}

export function contratoDe(texto: string): string | null {
  const s = normalizar(texto);
  if (/cartao beneficio|\brcc\b/.test(s)) return "Cartão benefício (RCC)";
  if (/cartao (de credito )?consignado|\brmc\b/.test(s)) return "Cartão consignado (RMC)";
  if (/refinanciamento|\brefin\b|portabilidade/.test(s)) return "Refinanciamento";
  if (/emprestimo consignado|\bconsignado\b/.test(s)) return "Empréstimo consignado";
  if (/emprestimo pessoal/.test(s)) return "Empréstimo pessoal";
  if (/financiamento/.test(s)) return "Financiamento";
  return null;
}

/** The 2025 national minimum wage, for answers like "um salário mínimo". */
const SALARIO_MINIMO = 1518;
const POR_EXTENSO: Record<string, number> = { um: 1, uma: 1, dois: 2, duas: 2, tres: 3, quatro: 4, cinco: 5 };

/** pt-BR number: "2.300" → 2300, "2300,50" → 2300.5, "2.5" → 2.5. */
function numeroBr(bruto: string): number {
  let s = bruto;
  if (s.includes(",")) s = s.replace(/\./g, "").replace(",", ".");
  else if (/^\d{1,3}(\.\d{3})+$/.test(s)) s = s.replace(/\./g, "");
  return Number(s);
}

export type TValores = { renda: number | null; parcela: number | null; taxa: number | null };

/**
 * Amounts in a message, by what the words around them say: an installment ("parcela de R$ 350"), a rate
 * ("2,5%", "juros de 3"), or income ("recebo 2.300", "1,5 mil", "dois salários mínimos"). A bare amount is
 * income when the question was about income (`topico`).
 */
export function valoresDe(texto: string, topico: TTopico | null): TValores {
  const s = normalizar(texto);
  const v: TValores = { renda: null, parcela: null, taxa: null };
  const sm = s.match(/\b(\d+|um|uma|dois|duas|tres|quatro|cinco)? ?salarios? minimos?\b/);
  if (sm) v.renda = (sm[1] ? (POR_EXTENSO[sm[1]] ?? Number(sm[1])) : 1) * SALARIO_MINIMO;
  const re = /(r\$ ?)?(\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?|\d+(?:[.,]\d{1,2})?)( ?mil\b| ?k\b)?( ?%| ?por cento)?/g;
  for (const m of s.matchAll(re)) {
    let n = numeroBr(m[2]);
    if (!Number.isFinite(n)) continue;
    if (m[3]) n *= 1000;
    const antes = s.slice(Math.max(0, (m.index ?? 0) - 30), m.index);
    if (m[4] || /(juros|taxa)[^\d]*$/.test(antes)) {
      if (n > 0 && n < 30) v.taxa ??= n;
    } else if (/parcela[^\d]*$/.test(antes)) {
      if (n > 0) v.parcela ??= n;
    } else if (
      (m[1] || m[3] || n >= 100) &&
      (topico === "renda" || /(recebo|ganho|renda|beneficio|aposentadoria|salario|pensao)[^\d]*$/.test(antes))
    ) {
      v.renda ??= n;
    }
  }
  return v;
}

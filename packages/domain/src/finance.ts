/**
 * /financeiro ('Dashboard Financeiro', 001 'Financial dashboard', §3 Finance aggregate, §9): the KPIs and their
 * formulas, the trend's buckets, the consultant ranking, the origins and their colours, the CSV of a period's
 * figures. One source for the server (which computes) and the web app (which shows). docs/decisions/1202–1204.
 */
import { variacaoPercentual } from "./formulas";
import { FIGURA_CONTRATOS_FECHADOS } from "./lead-figures";
import { SEPARADOR_EXPORTACAO, textoSeguro } from "./leads-export";
import { formatarNumeroBR } from "./leads-money";
import { diaSP, isoDiaSP, somarDiasSP, type TIntervalo } from "./period";

// ---------------------------------------------------------------- KPIs (001 §9)

/** What the database sums for one period: revenue and costs in cents (integers, no binary rounding), lead counts. */
export type TSomasFinanceiras = { receitaCentavos: number; custosCentavos: number; leads: number; convertidos: number };

/** 001 §3 Finance aggregate, in BRL (2 decimals) and percent (2 decimals). */
export type TKpisFinanceiros = {
  receitaTotal: number;
  custosTotais: number;
  lucroLiquido: number;
  roi: number;
  leadsTotais: number;
  leadsConvertidos: number;
  custoPorLead: number;
  valorMedioConversao: number;
};

const reais = (centavos: number) => Math.round(centavos) / 100;
const duasCasas = (n: number) => Math.round(n * 100) / 100;

/** ROI percent = profit ÷ costs × 100; 0 without costs (001 §9). */
export function roiPercentual(lucro: number, custos: number): number {
  return custos > 0 ? duasCasas((lucro / custos) * 100) : 0;
}
/** Cost per lead = costs ÷ leads; 0 without leads. */
export function custoPorLead(custos: number, leads: number): number {
  return leads > 0 ? duasCasas(custos / leads) : 0;
}
/** Average conversion value = revenue ÷ converted leads; 0 without conversions. */
export function valorMedioConversao(receita: number, convertidos: number): number {
  return convertidos > 0 ? duasCasas(receita / convertidos) : 0;
}

export function kpisFinanceiros(s: TSomasFinanceiras): TKpisFinanceiros {
  const receita = reais(s.receitaCentavos);
  const custos = reais(s.custosCentavos);
  const lucro = reais(s.receitaCentavos - s.custosCentavos);
  return {
    receitaTotal: receita,
    custosTotais: custos,
    lucroLiquido: lucro,
    roi: roiPercentual(lucro, custos),
    leadsTotais: s.leads,
    leadsConvertidos: s.convertidos,
    custoPorLead: custoPorLead(custos, s.leads),
    valorMedioConversao: valorMedioConversao(receita, s.convertidos),
  };
}

export const CHAVES_KPI = [
  "receitaTotal",
  "custosTotais",
  "lucroLiquido",
  "roi",
  "leadsTotais",
  "leadsConvertidos",
  "custoPorLead",
  "valorMedioConversao",
] as const satisfies readonly (keyof TKpisFinanceiros)[];
export type TChaveKpi = (typeof CHAVES_KPI)[number];

/** The cards' titles; 'menorMelhor' where a fall is good news (costs, cost per lead). */
export const KPI_FINANCEIRO: Record<
  TChaveKpi,
  { titulo: string; tipo: "dinheiro" | "inteiro" | "percentual"; menorMelhor?: boolean; definicao?: string }
> = {
  receitaTotal: { titulo: "Receita Total", tipo: "dinheiro" },
  custosTotais: { titulo: "Custos Totais", tipo: "dinheiro", menorMelhor: true },
  lucroLiquido: { titulo: "Lucro Líquido", tipo: "dinheiro" },
  roi: { titulo: "ROI", tipo: "percentual" },
  leadsTotais: { titulo: "Leads Totais", tipo: "inteiro" },
  // closed contracts, not converted statuses: its own label (lead-figures.ts, decision 1632)
  leadsConvertidos: { titulo: FIGURA_CONTRATOS_FECHADOS.rotulo, definicao: FIGURA_CONTRATOS_FECHADOS.definicao, tipo: "inteiro" },
  custoPorLead: { titulo: "Custo por Lead", tipo: "dinheiro", menorMelhor: true },
  valorMedioConversao: { titulo: "Valor Médio por Conversão", tipo: "dinheiro" },
};

/**
 * The change against the previous period by the spec's rule (formulas.variacaoPercentual: one decimal, '+100%' or
 * 'N/A' when the previous value is 0), measured against the previous value's size so that a loss turning into a
 * smaller loss or a profit reads as a rise.
 */
export function variacaoKpi(atual: number, anterior: number): string {
  if (anterior >= 0) return variacaoPercentual(atual, anterior);
  // (atual − anterior) ÷ |anterior|: the same rule with the previous value's size as the base
  return variacaoPercentual(atual - 2 * anterior, -anterior);
}

// ---------------------------------------------------------------- trend (001 §9)

export type TAgrupamentoTendencia = "dia" | "semana";
/** 001 §9: daily points, or 7-day buckets when the range exceeds 30 days. */
export const DIAS_MAXIMOS_DIARIOS = 30;

/** São Paulo days in [inicio, fim) (both are São Paulo midnights). */
export function diasNoIntervalo({ inicio, fim }: TIntervalo): number {
  return Math.round((fim.getTime() - inicio.getTime()) / 86_400_000);
}

export function agrupamentoTendencia(i: TIntervalo): TAgrupamentoTendencia {
  return diasNoIntervalo(i) > DIAS_MAXIMOS_DIARIOS ? "semana" : "dia";
}

/** A bucket's São Paulo days: first, last (inclusive) and the next one's first (exclusive end). */
export type TBaldeTendencia = { inicio: string; ultimo: string; fim: string; rotulo: string };

/**
 * The trend's buckets as São Paulo days 'YYYY-MM-DD' ([inicio, fim), fim exclusive): one per day, or 7 days each
 * counted from the period's first day (the last one cut at the period's end). `primeiroDia` (the first day with
 * figures) trims 'Total', which reaches 9999 days back: buckets keep their alignment to the period's start.
 */
export function baldesTendencia(i: TIntervalo, primeiroDia?: string | null): TBaldeTendencia[] {
  const passo = agrupamentoTendencia(i) === "semana" ? 7 : 1;
  const fimDia = isoDiaSP(i.fim);
  let b = i.inicio;
  if (primeiroDia && primeiroDia > isoDiaSP(i.inicio) && primeiroDia < fimDia) {
    const pulos = Math.floor(Math.round((diaSP(primeiroDia).getTime() - i.inicio.getTime()) / 86_400_000) / passo);
    b = somarDiasSP(i.inicio, pulos * passo);
  }
  const baldes: TBaldeTendencia[] = [];
  while (isoDiaSP(b) < fimDia) {
    const prox = somarDiasSP(b, passo);
    const fim = prox < i.fim ? isoDiaSP(prox) : fimDia;
    const ini = isoDiaSP(b);
    baldes.push({ inicio: ini, ultimo: isoDiaSP(new Date(diaSP(fim).getTime() - 1)), fim, rotulo: rotuloDia(ini) });
    b = prox;
  }
  return baldes;
}

/** 'YYYY-MM-DD' → 'dd/MM' (a bucket's first day). */
export const rotuloDia = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

// ---------------------------------------------------------------- ranking (001 §9)

export type TVendaConsultor = { consultorId: string; nome: string; vendas: number; totalCentavos: number };
export type TPosicaoRanking = {
  posicao: number;
  consultorId: string;
  nome: string;
  vendas: number;
  total: number;
  media: number;
  medalha: TMedalha | null;
};
export type TMedalha = "ouro" | "prata" | "bronze";
const MEDALHAS: TMedalha[] = ["ouro", "prata", "bronze"];
export const ROTULO_MEDALHA: Record<TMedalha, string> = { ouro: "1º lugar", prata: "2º lugar", bronze: "3º lugar" };

/** Only consultants with sales above 0, by total descending (then name), medals for the top 3, count and average. */
export function rankingConsultores(vendas: TVendaConsultor[]): TPosicaoRanking[] {
  return vendas
    .filter((v) => v.totalCentavos > 0 && v.vendas > 0)
    .sort(
      (x, y) =>
        y.totalCentavos - x.totalCentavos || x.nome.localeCompare(y.nome, "pt-BR") || x.consultorId.localeCompare(y.consultorId),
    )
    .map((v, i) => ({
      posicao: i + 1,
      consultorId: v.consultorId,
      nome: v.nome,
      vendas: v.vendas,
      total: reais(v.totalCentavos),
      media: duasCasas(v.totalCentavos / 100 / v.vendas),
      medalha: MEDALHAS[i] ?? null,
    }));
}

// ---------------------------------------------------------------- origins and platforms (001 §9)

/** The spec's origins come first; the stored ones it does not list follow. A lead without origin is 'Desconhecido'. */
export const ORIGENS_FINANCEIRO = [
  "Site",
  "Indicação",
  "WhatsApp",
  "Manual",
  "Facebook Ads",
  "Google Ads",
  "Importação CSV",
  "Outros",
  "Desconhecido",
] as const;
export const COR_ORIGEM: Record<(typeof ORIGENS_FINANCEIRO)[number], string> = {
  Site: "#2563eb",
  Indicação: "#16a34a",
  WhatsApp: "#25D366",
  Manual: "#f59e0b",
  "Facebook Ads": "#1877F2",
  "Google Ads": "#EA4335",
  "Importação CSV": "#8b5cf6",
  Outros: "#64748b",
  Desconhecido: "#94a3b8",
};
export const corDaOrigem = (o: string): string => COR_ORIGEM[o as keyof typeof COR_ORIGEM] ?? COR_ORIGEM.Desconhecido;
export const ordemDaOrigem = (o: string): number => {
  const i = (ORIGENS_FINANCEIRO as readonly string[]).indexOf(o);
  return i < 0 ? ORIGENS_FINANCEIRO.length : i;
};

// ---------------------------------------------------------------- the screen's words (001 names only the ranking's empty state)

export const TEXTO_FINANCEIRO = {
  titulo: "Dashboard Financeiro",
  carregando: "Carregando dados financeiros...",
  erro: "Não foi possível carregar os dados financeiros.",
  semVendasConsultores: "Nenhum dado de vendas para consultores no período.",
  semCustos: "Nenhum custo de marketing no período.",
  semReceita: "Nenhuma receita no período.",
  semDados: "Nenhum dado financeiro no período.",
  acessoNegado: "Acesso Negado - Apenas administradores podem acessar o dashboard financeiro.",
  erroExportar: "Não foi possível exportar os dados financeiros. Tente novamente.",
  exportado: "Dados financeiros exportados.",
} as const;

// ---------------------------------------------------------------- CSV of the period's figures (pt-BR, as /leads exports)

export type TRelatorioFinanceiroCsv = {
  inicio: string;
  fim: string;
  anteriorInicio: string;
  anteriorFim: string;
  kpis: { atual: TKpisFinanceiros; anterior: TKpisFinanceiros };
  variacao: Record<TChaveKpi, string>;
  tendencia: { rotulo: string; inicio: string; ultimo: string; receita: number; custos: number; lucro: number }[];
  custosPorPlataforma: { plataforma: string; valor: number }[];
  receitaPorOrigem: { origem: string; valor: number; leads: number }[];
  ranking: TPosicaoRanking[];
};

/** Our own text (a change such as '+12,5%'), written as is; anything else a person typed goes through textoSeguro. */
type TCru = { cru: string };
const celula = (v: string | number | TCru) => {
  if (typeof v === "number") return formatarNumeroBR(v);
  if (typeof v === "object") return v.cru;
  const s = textoSeguro(v);
  return /[";\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const linha = (cs: (string | number | TCru)[]) => `${cs.map(celula).join(SEPARADOR_EXPORTACAO)}\r\n`;
const diaBR = (iso: string) => iso.split("-").reverse().join("/");
const inteiro = (n: number) => String(n);

/**
 * The period's figures as one CSV that Excel pt-BR opens in columns (UTF-8 BOM, `;`, CRLF, 1.234,56): the KPIs with
 * the previous period and the change, the trend, costs per platform, revenue per origin and the ranking, each a
 * block with its own header, a blank line between blocks.
 */
export function csvFinanceiro(r: TRelatorioFinanceiroCsv): string {
  const partes: string[] = [
    linha([
      "Dashboard Financeiro",
      `${diaBR(r.inicio)} a ${diaBR(r.fim)}`,
      `Período anterior: ${diaBR(r.anteriorInicio)} a ${diaBR(r.anteriorFim)}`,
    ]),
    "\r\n",
    linha(["Indicador", "Período", "Período anterior", "Variação"]),
  ];
  for (const k of CHAVES_KPI) {
    const def = KPI_FINANCEIRO[k];
    const fmt = (n: number) => (def.tipo === "inteiro" ? inteiro(n) : n);
    const titulo = def.tipo === "dinheiro" ? `${def.titulo} (R$)` : def.tipo === "percentual" ? `${def.titulo} (%)` : def.titulo;
    partes.push(linha([titulo, fmt(r.kpis.atual[k]), fmt(r.kpis.anterior[k]), { cru: r.variacao[k] }]));
  }
  partes.push("\r\n", linha(["Início", "Fim", "Receita (R$)", "Custos (R$)", "Lucro (R$)"]));
  for (const p of r.tendencia) partes.push(linha([diaBR(p.inicio), diaBR(p.ultimo), p.receita, p.custos, p.lucro]));
  partes.push("\r\n", linha(["Plataforma", "Custo (R$)"]));
  for (const c of r.custosPorPlataforma) partes.push(linha([c.plataforma, c.valor]));
  partes.push("\r\n", linha(["Origem", "Receita (R$)", "Leads convertidos"]));
  for (const o of r.receitaPorOrigem) partes.push(linha([o.origem, o.valor, inteiro(o.leads)]));
  partes.push("\r\n", linha(["Posição", "Consultor", "Vendas", "Total (R$)", "Média (R$)"]));
  for (const p of r.ranking) partes.push(linha([inteiro(p.posicao), p.nome, inteiro(p.vendas), p.total, p.media]));
  return `\uFEFF${partes.join("")}`;
}

/** financeiro-2026-01-01-a-2026-01-31.csv */
export const nomeArquivoFinanceiro = (inicio: string, fim: string) => `financeiro-${inicio}-a-${fim}.csv`;

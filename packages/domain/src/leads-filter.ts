import { lerNumeroDeFormulario } from "./form-number";
import { PERIODO_PADRAO, PERIODOS, type TPeriodo } from "./period";
import { FAIXAS_RAZAO } from "./revisional/bands";
import { ehId } from "./schemas/id";
import { ORIGENS_LEAD, STATUS_LEAD } from "./status";

// The /leads filter read from the URL without zod (decision 1504): the page parses its few query parameters on every
// render, and zod (26 KB gzip, and its schemas built when the module is evaluated) was the largest thing /leads
// loaded before its first paint for this alone. `ZFiltroLeads` (schemas/leads.ts) stays the server's validation;
// leads-filter.test.ts checks that both read every URL alike.

export const ORDENS_LEADS = ["created_at", "updated_at", "nome", "valor_contrato", "status_lead", "revisional_razao"] as const;
export type TOrdemLeads = (typeof ORDENS_LEADS)[number];
/** 'aguardando': the waiting queue, qualified leads nobody has (decision 1503) */
export const ATRIBUICOES = ["todos", "atribuidos", "nao_atribuidos", "aguardando"] as const;
export const TAMANHO_PAGINA_LEADS = 25;

/** `TFiltroLeads` (z.infer of ZFiltroLeads), spelled out here: the test checks that both types are the same. */
export type TFiltroLeadsUrl = {
  periodo: TPeriodo;
  inicio?: string;
  fim?: string;
  status?: (typeof STATUS_LEAD)[number];
  consultor?: string;
  origem?: (typeof ORIGENS_LEAD)[number];
  valorMin?: number;
  valorMax?: number;
  atribuicao: (typeof ATRIBUICOES)[number];
  faixa?: (typeof FAIXAS_RAZAO)[number];
  etiqueta?: string;
  busca?: string;
  ordem: TOrdemLeads;
  direcao: "asc" | "desc";
  pagina: number;
  tamanho: number;
};

const DIA = /^\d{4}-\d{2}-\d{2}$/;
const INVALIDO = Symbol("inválido");

type TLido<T> = T | undefined | typeof INVALIDO;

function opcao<T extends string>(opcoes: readonly T[], v: string | undefined): TLido<T> {
  if (v === undefined) return undefined;
  return (opcoes as readonly string[]).includes(v) ? (v as T) : INVALIDO;
}

/** `zNumero(z.number())` with its bounds: a form's number (lerNumeroDeFormulario), within [min, max], an integer when asked. */
function numero(v: string | undefined, min: number, max: number, inteiro: boolean): TLido<number> {
  if (v === undefined) return undefined;
  const n = lerNumeroDeFormulario(v);
  if (n === undefined || n < min || n > max || (inteiro && !Number.isInteger(n))) return INVALIDO;
  return n;
}

/**
 * What `ZFiltroLeads.safeParse(Object.fromEntries(params))` gives, or null where it fails (any invalid field, or a
 * 'Personalizado' period without both dates in order). Unknown parameters are left out, as zod strips them.
 */
export function lerFiltroLeadsDaUrl(params: URLSearchParams): TFiltroLeadsUrl | null {
  // the last of a repeated parameter, as Object.fromEntries keeps it
  const p = (k: string) => params.getAll(k).at(-1);
  const periodo = opcao(PERIODOS, p("periodo"));
  const inicio = p("inicio");
  const fim = p("fim");
  const status = opcao(STATUS_LEAD, p("status"));
  const consultor = p("consultor");
  const origem = opcao(ORIGENS_LEAD, p("origem"));
  const valorMin = numero(p("valorMin"), 0, 1e12, false);
  const valorMax = numero(p("valorMax"), 0, 1e12, false);
  const atribuicao = opcao(ATRIBUICOES, p("atribuicao"));
  const faixa = opcao(FAIXAS_RAZAO, p("faixa"));
  const etiqueta = p("etiqueta");
  const busca = p("busca");
  const ordem = opcao(ORDENS_LEADS, p("ordem"));
  const direcao = opcao(["asc", "desc"] as const, p("direcao"));
  const pagina = numero(p("pagina"), 1, 1_000_000, true);
  const tamanho = numero(p("tamanho"), 1, 100, true);
  const campos = [periodo, status, origem, valorMin, valorMax, atribuicao, faixa, ordem, direcao, pagina, tamanho];
  if (campos.includes(INVALIDO)) return null;
  if ((inicio !== undefined && !DIA.test(inicio)) || (fim !== undefined && !DIA.test(fim))) return null;
  if (consultor !== undefined && !ehId(consultor)) return null;
  if (etiqueta !== undefined && !ehId(etiqueta)) return null;
  if (busca !== undefined && (busca.includes("\u0000") || busca.trim().length > 100)) return null;
  const f: TFiltroLeadsUrl = {
    periodo: (periodo ?? PERIODO_PADRAO) as TPeriodo,
    ...(inicio !== undefined && { inicio }),
    ...(fim !== undefined && { fim }),
    ...(status !== undefined && { status: status as (typeof STATUS_LEAD)[number] }),
    ...(consultor !== undefined && { consultor }),
    ...(origem !== undefined && { origem: origem as (typeof ORIGENS_LEAD)[number] }),
    ...(valorMin !== undefined && { valorMin: valorMin as number }),
    ...(valorMax !== undefined && { valorMax: valorMax as number }),
    atribuicao: (atribuicao ?? "todos") as (typeof ATRIBUICOES)[number],
    ...(faixa !== undefined && { faixa: faixa as (typeof FAIXAS_RAZAO)[number] }),
    ...(etiqueta !== undefined && { etiqueta }),
    ...(busca !== undefined && { busca: busca.trim() }),
    ordem: (ordem ?? "created_at") as TOrdemLeads,
    direcao: (direcao ?? "desc") as "asc" | "desc",
    pagina: (pagina ?? 1) as number,
    tamanho: (tamanho ?? TAMANHO_PAGINA_LEADS) as number,
  };
  if (f.periodo === "custom" && !(f.inicio && f.fim && f.inicio <= f.fim)) return null;
  return f;
}

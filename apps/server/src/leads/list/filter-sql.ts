import { STATUS_AGUARDANDO_ATRIBUICAO } from "@crm/domain/assignment";
import { MSG } from "@crm/domain/messages";
import { intervaloDoPeriodo, type TIntervalo, type TPeriodo } from "@crm/domain/period";
import { trechosTelefoneBusca } from "@crm/domain/phone";
import { PAPEL } from "@crm/domain/roles";
import type { TFiltroLeads, TOrdemLeads } from "@crm/domain/schemas/leads";
import { relogio } from "../../core/clock.js";
import type { TCtxDaEmpresa, TTx } from "../../db/tenant.js";
import { badRequest } from "../../http/errors.js";

/**
 * A WHERE over `leads_juros_check l` and its parameters ($1 is always the company). With `telefoneAParte`, a phone
 * search is left out of `where` and given as `telefone`: its ranges over `s.sufixo` of `leads_telefone_busca s`, and
 * as `telefoneNaLinha`: the same runs looked for in the lead's own row (same parameters), for a walk that reads it.
 */
export type TCondicao = { where: string; params: unknown[]; telefone?: string; telefoneNaLinha?: string };

/** The lead `l` has the tag `$n` (decision 1833): one probe of the lead-tag key. */
export const SQL_TEM_ETIQUETA = (param: string) =>
  `EXISTS (SELECT 1 FROM leads_etiquetas le WHERE le.id_empresa_fk = l.id_empresa_fk AND le.id_lead_fk = l.id AND le.id_etiqueta_fk = ${param})`;

/** Above every character: 'abc' <= x < 'abc' || FIM_PREFIXO is "x starts with abc" in byte order. */
const FIM_PREFIXO = String.fromCodePoint(0x10ffff);

type TFiltroBase = Partial<Omit<TFiltroLeads, "periodo">> & { periodo: TPeriodo; inicio?: string; fim?: string };

/**
 * Builds the filter of /leads, its counters, the export and the board. Every condition an index can serve uses
 * a leakproof operator (row-level security would otherwise keep it from being an index condition, see 0002):
 * search words are prefix ranges over leads_busca, phone digits prefix ranges over the phones' suffixes
 * (leads_telefone_busca, 0027), so any run of 4+ digits of a phone finds it.
 * A Consultor only ever sees the company's unassigned leads and their own (001 §6 My Leads).
 */
export async function montarCondicao(
  tx: TTx,
  ctx: TCtxDaEmpresa,
  f: TFiltroBase,
  agora = relogio.agora(),
  opts: { telefoneAParte?: boolean } = {},
): Promise<TCondicao> {
  const intervalo = intervaloDoDia(f.periodo, agora, f.inicio, f.fim);
  if (!intervalo) throw badRequest(MSG.periodoPersonalizadoIncompleto);
  // 'Total' (9999 days back, 000 §9) spans every lead a company can have: no date condition, so a sort of the whole
  // company is one walk of that column's index whatever the day, and its plan can be kept (list-leads.ts)
  const total = f.periodo === "all";
  const params: unknown[] = total ? [ctx.empresaId] : [ctx.empresaId, intervalo.inicio, intervalo.fim];
  const where = total ? ["l.id_empresa_fk = $1"] : ["l.id_empresa_fk = $1", "l.created_at >= $2", "l.created_at < $3"];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (f.status) where.push(`l.status_lead = ${p(f.status)}`);
  if (f.consultor) where.push(`l.consultor_atribuido_id = ${p(f.consultor)}`);
  if (f.origem) where.push(`l.origem_lead = ${p(f.origem)}`);
  if (f.valorMin !== undefined) where.push(`l.valor_contrato >= ${p(f.valorMin)}`);
  if (f.valorMax !== undefined) where.push(`l.valor_contrato <= ${p(f.valorMax)}`);
  if (f.atribuicao === "atribuidos") where.push("l.consultor_atribuido_id IS NOT NULL");
  if (f.atribuicao === "nao_atribuidos") where.push("l.consultor_atribuido_id IS NULL");
  if (f.atribuicao === "aguardando")
    where.push(
      `l.consultor_atribuido_id IS NULL AND l.status_lead IN (${STATUS_AGUARDANDO_ATRIBUICAO.map((s) => `'${s}'`).join(", ")})`,
    );
  if (f.faixa) where.push(`l.revisional_faixa = ${p(f.faixa)}`);
  if (f.etiqueta) where.push(SQL_TEM_ETIQUETA(p(f.etiqueta)));
  if (ctx.papel === PAPEL.consultor) {
    where.push(`(l.consultor_atribuido_id IS NULL OR l.consultor_atribuido_id IN
      (SELECT c.id FROM consultores c WHERE c.id_empresa_fk = $1 AND c.id_usuario_fk = ${p(ctx.usuarioId)}))`);
  }
  const busca = f.busca?.trim();
  const telefone = busca && opts.telefoneAParte ? faixasDoTelefone(busca, p) : null;
  if (telefone) return { where: where.join(" AND "), params, telefone: telefone.faixas, telefoneNaLinha: telefone.naLinha };
  if (busca) where.push(...(await condicoesDaBusca(tx, busca, p)));
  return { where: where.join(" AND "), params };
}

/**
 * A phone-shaped search (any run of 4+ digits, a whole number also by its canonical digits) as ranges over the
 * suffixes `s.sufixo` of `leads_telefone_busca s` (a run anywhere in the phone starts one of its suffixes), and as the
 * same runs found in the lead's row `l` (`naLinha`: what a walk over the leads checks, decision 1781), or null.
 */
function faixasDoTelefone(busca: string, p: (v: unknown) => string): { faixas: string; naLinha: string } | null {
  const telefones = trechosTelefoneBusca(busca);
  if (!telefones) return null;
  // one parameter a run, which both forms use (a statement may have only one of them: a parameter it never reads has
  // no type, and PostgreSQL refuses it); chr(1114111) is FIM_PREFIXO
  const ps = telefones.map((t) => p(t));
  return {
    faixas: ps.map((t) => `(s.sufixo >= ${t} AND s.sufixo < ${t} || chr(1114111))`).join(" OR "),
    naLinha: ps.map((t) => `strpos(l.telefone_normalizado, ${t}) > 0`).join(" OR "),
  };
}

/**
 * A period's range depends on `agora` only through its São Paulo day: each is computed once per day (the time zone
 * look-ups of intervaloDoPeriodo were ~4% of a /leads page's server CPU), then remembered until the day changes.
 */
let doDia: { de: number; ate: number; intervalos: Map<string, TIntervalo | null> } | null = null;
export function intervaloDoDia(periodo: TPeriodo, agora: Date, inicio?: string, fim?: string): TIntervalo | null {
  const t = agora.getTime();
  if (!doDia || t < doDia.de || t >= doDia.ate) {
    const hoje = intervaloDoPeriodo("today", agora) as TIntervalo;
    doDia = { de: hoje.inicio.getTime(), ate: hoje.fim.getTime(), intervalos: new Map() };
  }
  const chave = `${periodo}|${inicio ?? ""}|${fim ?? ""}`;
  let r = doDia.intervalos.get(chave);
  if (r === undefined) {
    if (doDia.intervalos.size >= 1000) doDia.intervalos.clear();
    r = intervaloDoPeriodo(periodo, agora, { inicio, fim });
    doDia.intervalos.set(chave, r);
  }
  return r;
}

/**
 * A search over `leads_juros_check l` of the company in $1, by index only: a phone-shaped text as runs of digits,
 * anything else as the beginnings of the name's and e-mail's words (every typed word must match). `p` adds a
 * parameter and gives its placeholder.
 */
export async function condicoesDaBusca(tx: TTx, busca: string, p: (v: unknown) => string): Promise<string[]> {
  return condicaoDoTelefone(busca, p) ?? condicoesDasPalavras(await palavrasDaBusca(tx, busca), p);
}

/** (Part of) a phone typed in any format, as a condition on `l`: any run of 4+ digits; else null. */
export function condicaoDoTelefone(busca: string, p: (v: unknown) => string): string[] | null {
  const faixas = faixasDoTelefone(busca, p)?.faixas;
  return faixas ? [`l.id IN (SELECT s.id_lead_fk FROM leads_telefone_busca s WHERE s.id_empresa_fk = $1 AND (${faixas}))`] : null;
}

/** The searchable words of a text, as leads_busca keeps them (one round trip: `leads_palavras_consulta`, 0002). */
export async function palavrasDaBusca(tx: TTx, busca: string): Promise<string[]> {
  const { rows } = await tx.query("SELECT leads_palavras_consulta($1) AS palavras", [busca]);
  return rows[0].palavras;
}

/** At most this many words of a search are looked for (the rest are ignored). */
export const MAX_PALAVRAS_BUSCA = 6;

/** Each search word's range over leads_busca's terms: `de <= termo < ate` is "the term starts with the word". */
export const faixaDaPalavra = (w: string) => ({ de: w, ate: w + FIM_PREFIXO });

/** Every word as a condition on `l`; text with no searchable word (only punctuation) matches nothing. */
export function condicoesDasPalavras(palavras: string[], p: (v: unknown) => string): string[] {
  if (!palavras.length) return ["false"];
  // one semi-join per word; leads_busca's (company, lead) index (migration 0012) lets PostgreSQL either start
  // from a rare word's leads or walk the page's order checking each lead's own words (a common word)
  return palavras.slice(0, MAX_PALAVRAS_BUSCA).map((w) => {
    const { de, ate } = faixaDaPalavra(w);
    return `l.id IN (SELECT b.id_lead_fk FROM leads_busca b
      WHERE b.id_empresa_fk = $1 AND b.termo >= ${p(de)} AND b.termo < ${p(ate)})`;
  });
}

/** Whether anything beyond the period narrows the list (status, consultant, origin, value, assignment, search). */
export function temFiltros(f: TFiltroBase): boolean {
  return (
    !!f.status ||
    !!f.consultor ||
    !!f.origem ||
    f.valorMin !== undefined ||
    f.valorMax !== undefined ||
    (f.atribuicao ?? "todos") !== "todos" ||
    !!f.faixa ||
    !!f.etiqueta ||
    !!f.busca?.trim()
  );
}

/** ORDER BY of each sortable column; the id breaks ties so pages never repeat or skip a row. */
export function ordemSql(ordem: TOrdemLeads, direcao: "asc" | "desc"): string {
  const d = direcao === "asc" ? "ASC" : "DESC";
  switch (ordem) {
    case "nome":
      return `leads_normalizar_texto(l.nome) ${d}, l.id ${d}`;
    case "valor_contrato":
      return `l.valor_contrato ${d}, l.id ${d}`;
    case "status_lead":
      return `l.status_lead ${d}, l.created_at DESC, l.id DESC`;
    case "updated_at":
      return `l.updated_at ${d}, l.id ${d}`;
    case "revisional_razao":
      // leads without an analysis last either way
      return `l.revisional_razao ${d} NULLS LAST, l.id ${d}`;
    default:
      // the tie-break runs against the period index (created_at DESC, id): a plain index scan, no sort
      return `l.created_at ${d}, l.id ${direcao === "asc" ? "DESC" : "ASC"}`;
  }
}

import { MSG } from "@crm/domain/messages";
import { intervaloDoPeriodo } from "@crm/domain/period";
import { SEM_PROFISSIONAL, type TFiltroProcessos, type TOrdemProcessos } from "@crm/domain/schemas/processes";
import { STATUS_PROCESSO_JURIDICO } from "@crm/domain/status";
import type { TTx } from "../db/tenant.js";
import { badRequest } from "../http/errors.js";
import { condicoesDaBusca } from "../leads/filter-sql.js";

/**
 * The WHERE of /processos over `leads_juros_check l` ($1 the company): the company's processes, then the filters.
 * `semStatus` leaves the legal status out (the counters count every legal status of the other filters).
 * The process status is written as a literal, not a parameter: the partial indexes of 0023 (`WHERE status_lead =
 * 'Convertido (Ganho)'`) then serve a generic plan too, which the list reuses instead of planning every request.
 */
export async function condicaoProcessos(
  tx: TTx,
  empresaId: string,
  f: TFiltroProcessos,
  semStatus = false,
  agora = new Date(),
): Promise<{ where: string; params: unknown[] }> {
  const params: unknown[] = [empresaId];
  const where = ["l.id_empresa_fk = $1", `l.status_lead = ${PROCESSO}`];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (f.periodo !== "all") {
    const intervalo = intervaloDoPeriodo(f.periodo, agora, { inicio: f.inicio, fim: f.fim });
    if (!intervalo) throw badRequest(MSG.periodoPersonalizadoIncompleto);
    where.push(`l.convertido_em >= ${p(intervalo.inicio)}`, `l.convertido_em < ${p(intervalo.fim)}`);
  }
  if (f.statusJuridico && !semStatus) where.push(`l.status_juridico_lead = ${p(f.statusJuridico)}`);
  if (f.profissional === SEM_PROFISSIONAL) where.push("l.profissional_juridico_atribuido_id IS NULL");
  else if (f.profissional) where.push(`l.profissional_juridico_atribuido_id = ${p(f.profissional)}`);
  if (f.consultor) where.push(`l.consultor_atribuido_id = ${p(f.consultor)}`);
  const busca = f.busca?.trim();
  if (busca) where.push(...(await condicoesLembradas(tx, busca, p)));
  return { where: where.join(" AND "), params };
}

/** The search's conditions per text typed, with their values; placeholders as `@@busca<k>@@` (the k-th value). */
const buscasLembradas = new Map<string, { condicoes: string[]; valores: unknown[] }>();
const LIMITE_BUSCAS_LEMBRADAS = 1000;

/**
 * condicoesDaBusca, remembered per text: for words it first asks PostgreSQL for them (`leads_palavras_consulta`, a
 * round trip before the statement), and that function is IMMUTABLE, so a text always gives the same conditions. The
 * list and its counters ask for the same search, and paging, sorting and live refetches repeat it: one look-up per
 * text and instance instead of one per request. The placeholders are renumbered for each statement's parameters.
 */
async function condicoesLembradas(tx: TTx, busca: string, p: (v: unknown) => string): Promise<string[]> {
  let lembrada = buscasLembradas.get(busca);
  if (!lembrada) {
    const valores: unknown[] = [];
    const condicoes = await condicoesDaBusca(tx, busca, (v) => {
      valores.push(v);
      return `@@busca${valores.length - 1}@@`;
    });
    lembrada = { condicoes, valores };
    if (buscasLembradas.size >= LIMITE_BUSCAS_LEMBRADAS) buscasLembradas.delete(buscasLembradas.keys().next().value as string);
    buscasLembradas.set(busca, lembrada);
  }
  const marcadores = lembrada.valores.map((v) => p(v));
  return lembrada.condicoes.map((c) => c.replace(/@@busca(\d+)@@/g, (_, k: string) => marcadores[Number(k)]));
}

/** 'Convertido (Ganho)' as an SQL literal. */
export const PROCESSO = `'${STATUS_PROCESSO_JURIDICO.replaceAll("'", "''")}'`;

/** ORDER BY of each sortable column; the id breaks ties so pages never repeat or skip a row. */
export function ordemProcessos(ordem: TOrdemProcessos, direcao: "asc" | "desc"): string {
  const d = direcao === "asc" ? "ASC" : "DESC";
  const nulos = direcao === "asc" ? "NULLS FIRST" : "NULLS LAST";
  switch (ordem) {
    case "nome":
      return `lower(l.nome) ${d}, l.id ${d}`;
    case "valor_contrato":
      return `l.valor_contrato ${d}, l.id ${d}`;
    case "valor_contrato_fechado":
      return `l.valor_contrato_fechado ${d} ${nulos}, l.id ${d}`;
    case "status_juridico_lead":
      return `l.status_juridico_lead ${d}, l.updated_at DESC, l.id DESC`;
    case "convertido_em":
      return `l.convertido_em ${d} ${nulos}, l.id ${d}`;
    case "revisional_razao":
      // processes without an analysis last either way
      return `l.revisional_razao ${d} NULLS LAST, l.id ${d}`;
    default:
      return `l.updated_at ${d}, l.id ${d}`;
  }
}

import { MSG } from "@crm/domain/messages";
import { intervaloDoPeriodo } from "@crm/domain/period";
import { SEM_PROFISSIONAL, type TFiltroProcessos, type TOrdemProcessos } from "@crm/domain/schemas/processes";
import { STATUS_PROCESSO_JURIDICO } from "@crm/domain/status";
import { relogio } from "../core/clock.js";
import type { TTx } from "../db/tenant.js";
import { badRequest } from "../http/errors.js";
import { condicaoDoTelefone, condicoesDasPalavras, MAX_PALAVRAS_BUSCA, palavrasDaBusca } from "../leads/list/filter-sql.js";

/**
 * The WHERE of /processos over `leads_juros_check l` ($1 the company): the company's processes, then the filters.
 * `semStatus` leaves the legal status out (the counters count every legal status of the other filters). With
 * `palavrasAParte`, a search by words is left out of `where` and given as `palavras` (list-processes.ts decides how
 * to find them); a phone search stays a condition.
 * The process status is written as a literal, not a parameter: the partial indexes of 0023 (`WHERE status_lead =
 * 'Convertido (Ganho)'`) then serve a generic plan too, which the list reuses instead of planning every request.
 */
export async function condicaoProcessos(
  tx: TTx,
  empresaId: string,
  f: TFiltroProcessos,
  semStatus = false,
  agora = relogio.agora(),
  opts: { palavrasAParte?: boolean } = {},
): Promise<{ where: string; params: unknown[]; palavras?: string[] }> {
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
  if (busca) {
    const telefone = condicaoDoTelefone(busca, p);
    if (telefone) where.push(...telefone);
    else {
      const palavras = await palavrasLembradas(tx, busca);
      if (opts.palavrasAParte && palavras.length) return { where: where.join(" AND "), params, palavras };
      where.push(...condicoesDasPalavras(palavras, p));
    }
  }
  return { where: where.join(" AND "), params };
}

/** The words of each text searched (distinct, at most MAX_PALAVRAS_BUSCA). */
const buscasLembradas = new Map<string, string[]>();
const LIMITE_BUSCAS_LEMBRADAS = 1000;

/**
 * palavrasDaBusca, remembered per text: it asks PostgreSQL for the words (a round trip before the statement), and
 * that function is IMMUTABLE, so a text always gives the same words. The list and its counters ask for the same
 * search, and paging, sorting and live refetches repeat it: one look-up per text and instance instead of one per
 * request.
 */
async function palavrasLembradas(tx: TTx, busca: string): Promise<string[]> {
  let palavras = buscasLembradas.get(busca);
  if (!palavras) {
    palavras = [...new Set(await palavrasDaBusca(tx, busca))].slice(0, MAX_PALAVRAS_BUSCA);
    if (buscasLembradas.size >= LIMITE_BUSCAS_LEMBRADAS) buscasLembradas.delete(buscasLembradas.keys().next().value as string);
    buscasLembradas.set(busca, palavras);
  }
  return palavras;
}

/** 'Convertido (Ganho)' as an SQL literal. */
const PROCESSO = `'${STATUS_PROCESSO_JURIDICO.replaceAll("'", "''")}'`;

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

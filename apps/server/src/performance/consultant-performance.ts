import { taxaConversao } from "@crm/domain/formulas";
import { FIGURAS_LEAD } from "@crm/domain/lead-figures";
import { MSG } from "@crm/domain/messages";
import { intervaloDoPeriodo, periodoAnterior, type TIntervalo } from "@crm/domain/period";
import type { TDesempenho, TFiltroDesempenho, TIndicadoresConsultor } from "@crm/domain/schemas/performance";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, type TTx, withTenant } from "../db/tenant.js";
import { badRequest } from "../http/errors.js";

const ZERO: TIndicadoresConsultor = {
  atribuidos: 0,
  emAtendimento: 0,
  convertidos: 0,
  taxaConversao: 0,
  tempoPrimeiraRespostaSeg: null,
  respondidos: 0,
};

/** The consultant record of the signed-in user (001 §6: a Consultor works through it), or null. */
export async function consultorDoUsuario(tx: TTx, empresaId: string, usuarioId: string): Promise<string | null> {
  const { rows } = await tx.query("SELECT id FROM consultores WHERE id_empresa_fk = $1 AND id_usuario_fk = $2", [
    empresaId,
    usuarioId,
  ]);
  return rows[0]?.id ?? null;
}

/**
 * One period's figures for a consultant (docs/decisions/0503-consultant-performance.md): the leads created in the
 * period and assigned to them; of those, in service now and converted (the company's figures, decision 1632); the conversion rate; and the average time from a
 * lead's first incoming message to the first consultant message after it (failed sends do not count as replies).
 */
async function indicadoresDoConsultor(
  tx: TTx,
  empresaId: string,
  consultorId: string,
  { inicio, fim }: TIntervalo,
): Promise<TIndicadoresConsultor> {
  const { rows } = await tx.query(
    `WITH l AS (
       SELECT id, status_lead FROM leads_juros_check
        WHERE id_empresa_fk = $1 AND consultor_atribuido_id = $2 AND created_at >= $3 AND created_at < $4
     ), r AS (
       SELECT s.ts - e.ts AS espera
         FROM l
         CROSS JOIN LATERAL (SELECT min(m.timestamp) AS ts FROM mensagens_whatsapp m
                              WHERE m.id_empresa_fk = $1 AND m.id_lead_fk = l.id AND m.direcao = 'entrada') e
         CROSS JOIN LATERAL (SELECT min(m.timestamp) AS ts FROM mensagens_whatsapp m
                              WHERE m.id_empresa_fk = $1 AND m.id_lead_fk = l.id AND m.direcao = 'saida'
                                AND m.sender = 'consultor' AND m.status <> 'failed' AND m.timestamp >= e.ts) s
        WHERE s.ts IS NOT NULL
     )
     SELECT (SELECT count(*)::int FROM l) AS atribuidos,
            (SELECT count(*)::int FROM l WHERE status_lead = ANY ($5::text[])) AS em_atendimento,
            (SELECT count(*)::int FROM l WHERE status_lead = ANY ($6::text[])) AS convertidos,
            (SELECT extract(epoch FROM avg(espera))::float8 FROM r) AS tempo,
            (SELECT count(*)::int FROM r) AS respondidos`,
    [empresaId, consultorId, inicio, fim, FIGURAS_LEAD.emAtendimentoAgora.status, FIGURAS_LEAD.convertidosNoPeriodo.status],
  );
  const x = rows[0];
  return {
    atribuidos: x.atribuidos,
    emAtendimento: x.em_atendimento,
    convertidos: x.convertidos,
    taxaConversao: taxaConversao(x.convertidos, x.atribuidos),
    tempoPrimeiraRespostaSeg: x.tempo === null ? null : Math.round(x.tempo),
    respondidos: x.respondidos,
  };
}

/** /desempenho and the Consultor dashboard: this period and the previous one of equal length (000 §9). */
export async function calcularDesempenho(
  deps: Pick<TDeps, "db">,
  ctx: TTenantCtx,
  filtro: TFiltroDesempenho,
  agora: Date = relogio.agora(),
): Promise<TDesempenho> {
  const intervalo = intervaloDoPeriodo(filtro.periodo, agora, { inicio: filtro.inicio, fim: filtro.fim });
  if (!intervalo) throw badRequest(MSG.periodoPersonalizadoIncompleto);
  const anterior = periodoAnterior(intervalo);
  const iso = (i: TIntervalo) => ({ inicio: i.inicio.toISOString(), fim: i.fim.toISOString() });
  const empresaId = ctx.empresaId;
  const base = { intervalo: iso(intervalo), intervaloAnterior: iso(anterior) };
  if (!empresaId) return { ...base, vinculado: false, atual: ZERO, anterior: ZERO };
  return withTenant(deps.db.app, ctx, async (tx) => {
    const consultorId = await consultorDoUsuario(tx, empresaId, ctx.usuarioId);
    if (!consultorId) return { ...base, vinculado: false, atual: ZERO, anterior: ZERO };
    return {
      ...base,
      vinculado: true,
      atual: await indicadoresDoConsultor(tx, empresaId, consultorId, intervalo),
      anterior: await indicadoresDoConsultor(tx, empresaId, consultorId, anterior),
    };
  });
}

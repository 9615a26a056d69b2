import { mediana, msUteisEntre, percentil95, percentualNaMeta, type THorario } from "@crm/domain/business-hours";
import { MSG } from "@crm/domain/messages";
import { intervaloDoPeriodo, isoDiaSP } from "@crm/domain/period";
import { pode } from "@crm/domain/permissions";
import type { TFiguraResposta, TFiltroTemposResposta, TTemposResposta } from "@crm/domain/schemas/business-hours";
import { lerHorario } from "../business-hours/read-hours.js";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { type TCtxDaEmpresa, type TTx, withTenant } from "../db/tenant.js";
import { badRequest } from "../http/errors.js";
import { consultorDoUsuario } from "./consultant-performance.js";

/** One answered wait: when the consultant's clock started, when they replied, who, and whether it was the first. */
type TEspera = { consultorId: string; inicio: Date; respondida: Date; primeira: boolean };

/**
 * The answered waits whose clock started in [inicio, fim), set-based (decision 1883). A wait starts at the first
 * message of an unanswered run of the lead's messages (or at the assignment, when the run began before it: nobody
 * could answer before) and ends at the consultant's next reply (a failed send is no reply; the AI's and the system's
 * messages neither). The replier is the consultant of the reply's author, else the one the lead was assigned to at
 * that moment (a reply sent from the phone has no author). `primeira`: the first reply since that assignment.
 * Runs still unanswered are not counted (their wait is not over).
 */
async function listarEsperas(
  tx: TTx,
  empresaId: string,
  p: { inicio: Date; fim: Date; consultorId: string | null },
): Promise<TEspera[]> {
  const { rows } = await tx.query(
    `WITH leads AS (
       SELECT DISTINCT id_lead_fk AS id FROM mensagens_whatsapp
        WHERE id_empresa_fk = $1 AND direcao = 'entrada' AND timestamp < $3
          AND timestamp >= $2::timestamptz - interval '30 days'
     ), msgs AS (
       SELECT m.id_lead_fk AS lead, m.timestamp AS ts, m.direcao = 'entrada' AS do_lead, m.id_usuario_fk,
              count(*) FILTER (WHERE m.direcao = 'saida') OVER (PARTITION BY m.id_lead_fk ORDER BY m.timestamp, m.id) AS grupo
         FROM mensagens_whatsapp m JOIN leads l ON l.id = m.id_lead_fk
        WHERE m.id_empresa_fk = $1
          AND (m.direcao = 'entrada' OR (m.sender = 'consultor' AND m.status <> 'failed'))
     ), corridas AS (
       SELECT lead, grupo, min(ts) AS inicio FROM msgs WHERE do_lead GROUP BY lead, grupo
     ), pares AS (
       SELECT c.lead, c.inicio, r.ts AS respondida, r.id_usuario_fk AS autor
         FROM corridas c JOIN msgs r ON r.lead = c.lead AND NOT r.do_lead AND r.grupo = c.grupo + 1
     ), atribuidos AS (
       SELECT p.*, a.consultor AS atribuido, a.em AS atribuido_em
         FROM pares p
         LEFT JOIN LATERAL (
           SELECT h.valor_novo AS consultor, h.created_at AS em FROM lead_status_historico h
            WHERE h.id_empresa_fk = $1 AND h.id_lead_fk = p.lead AND h.campo = 'consultor_atribuido_id'
              AND h.created_at <= p.respondida
            ORDER BY h.created_at DESC LIMIT 1) a ON true
     ), esperas AS (
       SELECT coalesce(ca.id::text, x.atribuido, l.consultor_atribuido_id::text) AS consultor,
              greatest(x.inicio, coalesce(x.atribuido_em, '-infinity')) AS inicio, x.respondida,
              row_number() OVER (PARTITION BY x.lead, x.atribuido_em ORDER BY x.respondida) = 1 AS primeira
         FROM atribuidos x
         JOIN leads_juros_check l ON l.id_empresa_fk = $1 AND l.id = x.lead
         LEFT JOIN consultores ca ON ca.id_empresa_fk = $1 AND ca.id_usuario_fk = x.autor
     )
     SELECT e.consultor, e.inicio, e.respondida, e.primeira FROM esperas e
       JOIN consultores c ON c.id_empresa_fk = $1 AND c.id::text = e.consultor
      WHERE e.inicio >= $2 AND e.inicio < $3 AND ($4::text IS NULL OR e.consultor = $4)`,
    [empresaId, p.inicio, p.fim, p.consultorId],
  );
  return rows.map((r) => ({ consultorId: r.consultor, inicio: r.inicio, respondida: r.respondida, primeira: r.primeira }));
}

/** The figures of a list of waits in business seconds (decision 1883). */
function figura(segundos: readonly number[], metaMin: number): TFiguraResposta {
  const media = segundos.length ? segundos.reduce((a, b) => a + b, 0) / segundos.length : null;
  const arred = (v: number | null) => (v === null ? null : Math.round(v));
  return {
    respostas: segundos.length,
    medianaSeg: arred(mediana(segundos)),
    mediaSeg: arred(media),
    p95Seg: arred(percentil95(segundos)),
    naMetaPct: percentualNaMeta(segundos, metaMin),
  };
}

type TComSegundos = TEspera & { segundos: number };

function par(esperas: TComSegundos[], metaMin: number) {
  return {
    primeira: figura(
      esperas.filter((e) => e.primeira).map((e) => e.segundos),
      metaMin,
    ),
    seguintes: figura(
      esperas.filter((e) => !e.primeira).map((e) => e.segundos),
      metaMin,
    ),
  };
}

/** Groups waits by a key, keys in order. */
function agrupar<K extends string>(esperas: TComSegundos[], chave: (e: TComSegundos) => K): Map<K, TComSegundos[]> {
  const m = new Map<K, TComSegundos[]>();
  for (const e of esperas) {
    const k = chave(e);
    m.set(k, [...(m.get(k) ?? []), e]);
  }
  return m;
}

/** Counts each wait in business hours only (the company's hours and holidays, decision 1881). */
const emHorasUteis = (esperas: TEspera[], h: THorario): TComSegundos[] =>
  esperas.map((e) => ({ ...e, segundos: Math.round(msUteisEntre(e.inicio, e.respondida, h) / 1000) }));

/**
 * /desempenho's response times and the admin dashboard's card (decision 1883): first and next response, in business
 * hours, per consultant and per São Paulo day, against the company's target. A Consultor sees their own; the company
 * admin every consultant, or the one asked for. Exact at read time: computed from the messages, nothing stored.
 */
export async function calcularTemposResposta(
  deps: Pick<TDeps, "db">,
  ctx: TCtxDaEmpresa,
  filtro: TFiltroTemposResposta,
  agora: Date = relogio.agora(),
): Promise<TTemposResposta> {
  const intervalo = intervaloDoPeriodo(filtro.periodo, agora, { inicio: filtro.inicio, fim: filtro.fim });
  if (!intervalo) throw badRequest(MSG.periodoPersonalizadoIncompleto);
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query("SELECT meta_resposta_min AS meta FROM empresas WHERE id = $1", [ctx.empresaId]);
    const metaMin: number = rows[0].meta;
    const vazio = {
      intervalo: { inicio: intervalo.inicio.toISOString(), fim: intervalo.fim.toISOString() },
      metaMin,
      total: par([], metaMin),
      consultores: [],
      dias: [],
    };
    // every consultant for whoever manages the team; only oneself otherwise
    const todos = pode(ctx.papel, "desempenho.equipe");
    const proprio = todos ? null : await consultorDoUsuario(tx, ctx.empresaId, ctx.usuarioId);
    if (!todos && !proprio) return vazio;
    const consultorId = proprio ?? filtro.consultorId ?? null;
    const esperas = emHorasUteis(
      await listarEsperas(tx, ctx.empresaId, { ...intervalo, consultorId }),
      await lerHorario(tx, ctx.empresaId),
    );
    const { rows: nomes } = await tx.query<{ id: string; nome: string }>(
      "SELECT id, nome FROM consultores WHERE id_empresa_fk = $1 AND id = ANY ($2::uuid[])",
      [ctx.empresaId, [...new Set(esperas.map((e) => e.consultorId))]],
    );
    const nomeDe = new Map(nomes.map((n) => [n.id, n.nome]));
    return {
      ...vazio,
      total: par(esperas, metaMin),
      consultores: [...agrupar(esperas, (e) => e.consultorId)]
        .map(([id, es]) => ({ consultorId: id, nome: nomeDe.get(id) ?? "—", ...par(es, metaMin) }))
        .sort((a, b) => a.nome.localeCompare(b.nome, "pt-BR")),
      dias: [...agrupar(esperas, (e) => isoDiaSP(e.inicio))]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([dia, es]) => ({ dia, ...par(es, metaMin) })),
    };
  });
}

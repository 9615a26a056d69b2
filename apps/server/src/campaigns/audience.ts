import { FUSO_CAMPANHAS, type TRitmo } from "@crm/domain/campaigns";
import type { TContagemPublico, TExclusoes, TFiltrosCampanha } from "@crm/domain/schemas/campaigns";
import type { TTx } from "../db/tenant.js";

/**
 * The audience of a campaign as one SELECT over the company's leads (`$1`): each lead the filters keep, with why it
 * gets nothing (`motivo`, null when eligible). Marketing consent is the ledger's latest row per lead (decision 1827),
 * one index probe each: revoked is 'descadastrado', never recorded 'sem_consentimento' (decision 1891: a campaign
 * goes only to leads who opted in), then no phone 'sem_whatsapp'. `p` adds a parameter and gives its placeholder.
 */
function sqlDoPublico(f: TFiltrosCampanha, p: (v: unknown) => string): string {
  const where = ["l.id_empresa_fk = $1"];
  if (f.status.length) where.push(`l.status_lead = ANY (${p(f.status)}::text[])`);
  if (f.origens.length) where.push(`l.origem_lead = ANY (${p(f.origens)}::text[])`);
  if (f.consultores.length) where.push(`l.consultor_atribuido_id = ANY (${p(f.consultores)}::uuid[])`);
  if (f.faixas.length) where.push(`l.revisional_faixa = ANY (${p(f.faixas)}::text[])`);
  if (f.etiquetas.length)
    where.push(`EXISTS (SELECT 1 FROM leads_etiquetas le WHERE le.id_empresa_fk = l.id_empresa_fk AND le.id_lead_fk = l.id
      AND le.id_etiqueta_fk = ANY (${p(f.etiquetas)}::uuid[]))`);
  // São Paulo days, both ends included
  if (f.criadoDe) where.push(`l.created_at >= (${p(f.criadoDe)}::date::timestamp AT TIME ZONE '${FUSO_CAMPANHAS}')`);
  if (f.criadoAte) where.push(`l.created_at < ((${p(f.criadoAte)}::date + 1)::timestamp AT TIME ZONE '${FUSO_CAMPANHAS}')`);
  return `SELECT l.id,
            CASE WHEN mk.situacao = 'revogado' THEN 'descadastrado'
                 WHEN mk.situacao IS NULL THEN 'sem_consentimento'
                 WHEN coalesce(l.telefone_normalizado, '') = '' THEN 'sem_whatsapp' END AS motivo
       FROM leads_juros_check l
       LEFT JOIN LATERAL (
         SELECT c.situacao FROM consentimentos c
          WHERE c.id_empresa_fk = l.id_empresa_fk AND c.id_lead_fk = l.id AND c.finalidade = 'marketing'
          ORDER BY c.seq DESC LIMIT 1) mk ON true
      WHERE ${where.join(" AND ")}`;
}

const SQL_CONTAGEM = `SELECT count(*)::int AS total, count(*) FILTER (WHERE motivo IS NULL)::int AS elegiveis,
         count(*) FILTER (WHERE motivo = 'descadastrado')::int AS descadastrado,
         count(*) FILTER (WHERE motivo = 'sem_consentimento')::int AS sem_consentimento,
         count(*) FILTER (WHERE motivo = 'sem_whatsapp')::int AS sem_whatsapp
    FROM publico`;

type TLinhaContagem = { total: number; elegiveis: number } & TExclusoes;
const comoContagem = (r: TLinhaContagem): TContagemPublico => ({
  total: r.total,
  elegiveis: r.elegiveis,
  exclusoes: { descadastrado: r.descadastrado, sem_consentimento: r.sem_consentimento, sem_whatsapp: r.sem_whatsapp },
});

function parametros(empresaId: string) {
  const params: unknown[] = [empresaId];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  return { params, p };
}

/** The audience builder's live count: how many the filters keep, and the excluded by reason. */
export async function contarPublico(tx: TTx, empresaId: string, f: TFiltrosCampanha): Promise<TContagemPublico> {
  const { params, p } = parametros(empresaId);
  const { rows } = await tx.query<TLinhaContagem>(`WITH publico AS (${sqlDoPublico(f, p)}) ${SQL_CONTAGEM}`, params);
  return comoContagem(rows[0]);
}

/**
 * Plans a campaign (decision 1892) in one statement: the audience, its count by reason, and one INSERT … SELECT of
 * the eligible leads with their planned times. The n-th eligible lead (random order: uuids) goes to a São Paulo day
 * and a place in it: day 0 is the start's own day from the start (or the window's opening) to the window's close;
 * each day takes at most `capacidade` sends (the daily cap, or fewer when the window cannot hold that many gaps of the
 * longest spacing); inside a day the sends follow each other by a random gap in [min, max] seconds from the window's
 * opening. So every planned time lies in the window, two sends are at least the minimum gap apart and no day holds
 * more than the cap, whatever the audience's size.
 */
export async function planejarDestinatarios(
  tx: TTx,
  p0: { empresaId: string; campanhaId: string; filtros: TFiltrosCampanha; inicio: Date; ritmo: TRitmo },
): Promise<TContagemPublico> {
  const { params, p } = parametros(p0.empresaId);
  const publico = sqlDoPublico(p0.filtros, p);
  const r = p0.ritmo;
  const [campanha, inicio, hIni, hFim, cap, min, max] = [
    p(p0.campanhaId),
    p(p0.inicio.toISOString()),
    p(r.janelaInicio),
    p(r.janelaFim),
    p(r.limiteDiario),
    p(r.espacoMinS),
    p(r.espacoMaxS),
  ];
  const tz = `'${FUSO_CAMPANHAS}'`;
  const { rows } = await tx.query<TLinhaContagem>(
    `WITH publico AS MATERIALIZED (${publico}),
     ordem AS (SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS i FROM publico WHERE motivo IS NULL),
     base AS (
       SELECT d0, greatest(${inicio}::timestamptz, (d0 + make_interval(hours => ${hIni}::int))::timestamp AT TIME ZONE ${tz}) AS ini0,
              (d0 + make_interval(hours => ${hFim}::int))::timestamp AT TIME ZONE ${tz} AS fim0,
              -- the last send of a day keeps the minimum gap to the next day's first, across the night
              greatest(0, ${min}::int - (24 - (${hFim}::int - ${hIni}::int)) * 3600) AS folga
         FROM (SELECT (${inicio}::timestamptz AT TIME ZONE ${tz})::date AS d0) x),
     capacidade AS (
       SELECT b.*,
              CASE WHEN extract(epoch FROM b.fim0 - b.ini0) - b.folga < 0 THEN 0
                   WHEN ${max}::int = 0 THEN ${cap}::int
                   ELSE least(${cap}::int, floor((extract(epoch FROM b.fim0 - b.ini0) - b.folga) / ${max}::int)::int + 1) END AS cap0,
              CASE WHEN ${max}::int = 0 THEN ${cap}::int
                   ELSE least(${cap}::int, floor(((${hFim}::int - ${hIni}::int) * 3600 - b.folga) / ${max}::int)::int + 1) END AS capn
         FROM base b),
     lugar AS MATERIALIZED (
       SELECT o.id,
              CASE WHEN o.i < c.cap0 THEN 0 ELSE 1 + (o.i - c.cap0) / c.capn END AS dia,
              CASE WHEN o.i < c.cap0 THEN o.i ELSE (o.i - c.cap0) % c.capn END AS k,
              c.d0, c.ini0
         FROM ordem o CROSS JOIN capacidade c),
     gap AS MATERIALIZED (
       SELECT id, dia, k, d0, ini0,
              CASE WHEN k = 0 THEN 0 ELSE ${min}::int + random() * (${max}::int - ${min}::int) END AS espaco
         FROM lugar),
     feitos AS (
       INSERT INTO campanhas_whatsapp_destinatarios (id_empresa_fk, id_campanha_fk, id_lead_fk, planejado_em)
       SELECT $1, ${campanha}, g.id,
              CASE WHEN g.dia = 0 THEN g.ini0
                   ELSE ((g.d0 + g.dia) + make_interval(hours => ${hIni}::int))::timestamp AT TIME ZONE ${tz} END
              + make_interval(secs => sum(g.espaco) OVER (PARTITION BY g.dia ORDER BY g.k))
         FROM gap g
       RETURNING 1)
     ${SQL_CONTAGEM}`,
    params,
  );
  return comoContagem(rows[0]);
}

import { contadoresJuridicos, MESES_GRAFICO_JURIDICO, serieMensalJuridica, ultimosMeses } from "@crm/domain/legal-dashboard";
import type { TDocumentoRecente, TPainelJuridico, TProcessoRecente } from "@crm/domain/schemas/legal-dashboard";
import { STATUS_JURIDICO, STATUS_PROCESSO_JURIDICO, type TStatusJuridico } from "@crm/domain/status";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { nomeDoUsuarioSql } from "../db/person-name.js";
import { preparada } from "../db/prepared.js";
import { lerComTenant, type TTenantCtx } from "../db/tenant.js";
import { ALERTAS_JURIDICOS, type TConstrutorAlerta, type TResultadoAlerta } from "./alerts.js";

type TCtx = TTenantCtx & { empresaId: string };

const RECENTES = 5; // 000 §9: recent legal processes 5, recent documents 5
const iso = (d: string) => new Date(d).toISOString();
/** 'Convertido (Ganho)' as an SQL literal: 0023's partial indexes (`WHERE status_lead = …`) then serve a generic plan. */
const PROCESSO = `'${STATUS_PROCESSO_JURIDICO.replaceAll("'", "''")}'`;

/**
 * Everything the dashboard shows, as one statement of scalar subqueries ($1 the company, $2 the moment, $3 the first
 * month of the chart), each a summary's rows or a bounded index range:
 * - per legal status, processes and closed value: `processos_resumo` (0029, kept by triggers; a handful of rows);
 * - the 5 latest processes: `leads_processos_updated_idx` (0023) read from its start;
 * - the 5 latest documents: `documentos_empresa_idx`; their count: the company's counter (0033a, kept by triggers);
 * - the months: `processos_resumo_mensal` (0029);
 * - each alert: its builder's expression (alerts.ts), over `processos_sinais`'s partial indexes and the counters.
 */
function sqlDoPainel(alertas: TConstrutorAlerta[]): string {
  return `SELECT
  (SELECT coalesce(json_agg(json_build_object('s', r.status_juridico_lead, 'n', r.n)), '[]')
     FROM processos_resumo r WHERE r.id_empresa_fk = $1) AS por_status,
  (SELECT coalesce(nullif(sum(r.valor_fechado), 0), 0)::text FROM processos_resumo r WHERE r.id_empresa_fk = $1) AS valor,
  (SELECT coalesce(json_agg(p ORDER BY p.updated_at DESC, p.id DESC), '[]') FROM (
     SELECT l.id, l.nome, coalesce(l.status_juridico_lead, 'Aguardando Contato Jurídico') AS status_juridico_lead,
            l.valor_contrato_fechado::text AS valor_contrato_fechado, ${nomeDoUsuarioSql("u")} AS profissional_nome,
            u.email AS profissional_email, l.updated_at
       FROM leads_juros_check l
       LEFT JOIN usuarios_plataforma u ON u.id_empresa_fk = l.id_empresa_fk AND u.id = l.profissional_juridico_atribuido_id
      WHERE l.id_empresa_fk = $1 AND l.status_lead = ${PROCESSO}
      ORDER BY l.updated_at DESC, l.id DESC LIMIT ${RECENTES}) p) AS processos,
  (SELECT coalesce(json_agg(d ORDER BY d.data_upload DESC, d.id DESC), '[]') FROM (
     SELECT d.id, d.nome_arquivo, d.id_lead_fk AS lead_id, l.nome AS lead_nome, ${nomeDoUsuarioSql("u")} AS usuario_nome,
            u.email AS usuario_email, d.data_upload
       FROM documentos d
       JOIN leads_juros_check l ON l.id_empresa_fk = d.id_empresa_fk AND l.id = d.id_lead_fk
       LEFT JOIN usuarios_plataforma u ON u.id = d.id_usuario_upload_fk
      WHERE d.id_empresa_fk = $1
      ORDER BY d.data_upload DESC, d.id DESC LIMIT ${RECENTES}) d) AS documentos,
  (SELECT coalesce(sum(c.n), 0)::int FROM processos_contagens c WHERE c.id_empresa_fk = $1 AND c.chave = 'documentos')
    AS total_documentos,
  (SELECT coalesce(json_agg(json_build_object('mes', to_char(m.mes, 'YYYY-MM'), 'abertos', m.abertos, 'finalizados', m.finalizados)), '[]')
     FROM processos_resumo_mensal m WHERE m.id_empresa_fk = $1 AND m.mes >= $3::date) AS meses,
  json_build_array(${alertas.map((a) => `(${a.sql})`).join(",\n  ")}) AS alertas,
  $2::timestamptz AS agora`;
}

const SQL_PAINEL = sqlDoPainel(ALERTAS_JURIDICOS);

type TLinhaPainel = {
  por_status: { s: TStatusJuridico; n: number }[];
  valor: string;
  processos: (Omit<TProcessoRecente, "updated_at"> & { updated_at: string })[];
  documentos: TDocumentoRecente[];
  total_documentos: number;
  meses: { mes: string; abertos: number; finalizados: number }[];
  alertas: TResultadoAlerta[];
};

/**
 * /api/juridico/painel: everything the legal dashboard shows, in one round trip (lerComTenant: BEGIN READ ONLY with
 * the tenant's settings, the prepared statement, COMMIT) and one generic plan (every part is an equality on the
 * company and a bounded range, whatever the values).
 */
export async function lerPainelJuridico(deps: Pick<TDeps, "db">, ctx: TCtx, agora = relogio.agora()): Promise<TPainelJuridico> {
  const [primeiro] = ultimosMeses(agora, MESES_GRAFICO_JURIDICO);
  const { rows } = await lerComTenant(
    deps.db.leitura,
    ctx,
    async () => preparada(SQL_PAINEL, [ctx.empresaId, agora, `${primeiro.mes}-01`]),
    { planoGenerico: true },
  );
  const r = rows[0] as TLinhaPainel;
  const porStatus = Object.fromEntries(STATUS_JURIDICO.map((s) => [s, 0])) as Record<TStatusJuridico, number>;
  for (const x of r.por_status) if (x.s in porStatus) porStatus[x.s] += x.n;
  const alertas = ALERTAS_JURIDICOS.flatMap((a, i) => a.montar(r.alertas[i], agora) ?? []);
  return {
    contadores: contadoresJuridicos(porStatus),
    porStatus,
    valorFechadoTotal: r.valor,
    totalDocumentos: r.total_documentos,
    processosRecentes: r.processos.map((p) => ({ ...p, updated_at: iso(p.updated_at) })),
    documentosRecentes: r.documentos.map((d) => ({ ...d, data_upload: iso(d.data_upload) })),
    alertas,
    meses: serieMensalJuridica(
      agora,
      r.meses.map((m) => ({ mes: m.mes, n: m.abertos })),
      r.meses.map((m) => ({ mes: m.mes, n: m.finalizados })),
    ),
  };
}

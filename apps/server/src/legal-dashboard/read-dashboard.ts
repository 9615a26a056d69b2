import { contadoresJuridicos, MESES_GRAFICO_JURIDICO, serieMensalJuridica, ultimosMeses } from "@crm/domain/legal-dashboard";
import type { TPainelJuridico } from "@crm/domain/schemas/legal-dashboard";
import { STATUS_JURIDICO, STATUS_PROCESSO_JURIDICO, type TStatusJuridico } from "@crm/domain/status";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, type TTx, withTenant } from "../db/tenant.js";
import { construirAlertas } from "./alerts.js";

type TCtx = TTenantCtx & { empresaId: string };

const RECENTES = 5; // 000 §9: recent legal processes 5, recent documents 5
const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Processes per legal status and the sum of their closed values, from the company's summary (migration 0029: kept
 * exact by triggers, a handful of rows whatever the number of processes).
 */
async function contarPorStatus(tx: TTx, empresaId: string) {
  const { rows } = await tx.query<{ status: TStatusJuridico; n: number; total: string }>(
    `SELECT status_juridico_lead AS status, n, coalesce(nullif(sum(valor_fechado) OVER (), 0), 0)::text AS total
       FROM processos_resumo WHERE id_empresa_fk = $1`,
    [empresaId],
  );
  const porStatus = Object.fromEntries(STATUS_JURIDICO.map((s) => [s, 0])) as Record<TStatusJuridico, number>;
  for (const r of rows) if (r.status in porStatus) porStatus[r.status] += r.n;
  return { porStatus, valor: rows[0]?.total ?? "0" };
}

async function processosRecentes(tx: TTx, empresaId: string) {
  const { rows } = await tx.query(
    `SELECT l.id, l.nome, coalesce(l.status_juridico_lead, 'Aguardando Contato Jurídico') AS status_juridico_lead,
            l.valor_contrato_fechado::text AS valor_contrato_fechado, u.email AS profissional_email, l.updated_at
       FROM leads_juros_check l
       LEFT JOIN usuarios_plataforma u ON u.id_empresa_fk = l.id_empresa_fk AND u.id = l.profissional_juridico_atribuido_id
      WHERE l.id_empresa_fk = $1 AND l.status_lead = $2
      ORDER BY l.updated_at DESC, l.id DESC LIMIT ${RECENTES}`,
    [empresaId, STATUS_PROCESSO_JURIDICO],
  );
  return rows.map((r) => ({ ...r, updated_at: iso(r.updated_at) }));
}

/** 001 §7: the company's documents, counted, and the 5 latest with the lead's name and the uploader's email. */
async function documentos(tx: TTx, empresaId: string) {
  const [recentes, total] = [
    await tx.query(
      `SELECT d.id, d.nome_arquivo, d.id_lead_fk AS lead_id, l.nome AS lead_nome, u.email AS usuario_email, d.data_upload
         FROM documentos d
         JOIN leads_juros_check l ON l.id_empresa_fk = d.id_empresa_fk AND l.id = d.id_lead_fk
         LEFT JOIN usuarios_plataforma u ON u.id = d.id_usuario_upload_fk
        WHERE d.id_empresa_fk = $1
        ORDER BY d.data_upload DESC, d.id DESC LIMIT ${RECENTES}`,
      [empresaId],
    ),
    await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM documentos WHERE id_empresa_fk = $1", [empresaId]),
  ];
  return {
    recentes: recentes.rows.map((r) => ({ ...r, data_upload: iso(r.data_upload) })),
    total: total.rows[0].n,
  };
}

/**
 * Processes opened (by their conversion date) and finished (distinct leads moved into 'Finalizado Jurídico' in the
 * history) per São Paulo month, over the last months, from the monthly summary (migration 0029).
 */
async function porMes(tx: TTx, empresaId: string, agora: Date) {
  const [primeiro] = ultimosMeses(agora, MESES_GRAFICO_JURIDICO);
  const { rows } = await tx.query<{ mes: string; abertos: number; finalizados: number }>(
    `SELECT to_char(mes, 'YYYY-MM') AS mes, abertos, finalizados
       FROM processos_resumo_mensal WHERE id_empresa_fk = $1 AND mes >= $2::date`,
    [empresaId, `${primeiro.mes}-01`],
  );
  return serieMensalJuridica(
    agora,
    rows.map((r) => ({ mes: r.mes, n: r.abertos })),
    rows.map((r) => ({ mes: r.mes, n: r.finalizados })),
  );
}

/** /api/juridico/painel: everything the legal dashboard shows, in one tenant transaction. */
export function lerPainelJuridico(deps: Pick<TDeps, "db">, ctx: TCtx, agora = new Date()): Promise<TPainelJuridico> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { porStatus, valor } = await contarPorStatus(tx, ctx.empresaId);
    const recentes = await processosRecentes(tx, ctx.empresaId);
    const docs = await documentos(tx, ctx.empresaId);
    const alertas = await construirAlertas({ tx, empresaId: ctx.empresaId, agora });
    const meses = await porMes(tx, ctx.empresaId, agora);
    return {
      contadores: contadoresJuridicos(porStatus),
      porStatus,
      valorFechadoTotal: valor,
      totalDocumentos: docs.total,
      processosRecentes: recentes,
      documentosRecentes: docs.recentes,
      alertas,
      meses,
    };
  });
}

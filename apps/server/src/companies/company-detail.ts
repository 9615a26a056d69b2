import { STATUS_CONVERTIDOS_DASHBOARD, STATUS_PROCESSO_JURIDICO, STATUS_QUALIFICADOS } from "@crm/domain/dashboard";
import { taxaConversao } from "@crm/domain/formulas";
import { MSG } from "@crm/domain/messages";
import { descreverAcaoPlataforma, type TDetalheEmpresa } from "@crm/domain/schemas/companies";
import type { TDeps } from "../core/deps.js";
import { nomeDoUsuarioSql } from "../db/person-name.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { notFound } from "../http/errors.js";
import { COLUNAS_EMPRESA, paraEmpresa } from "./context.js";

const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : null);
/** How many platform actions the short history of /empresa/{id} shows. */
const ACOES_NO_HISTORICO = 20;

/**
 * /empresa/{id} and /empresa/{id}/management: the company, its figures (users, leads, qualified, converted, conversion,
 * legal processes), WhatsApp status, users (with their last sign-in from the audit log), pending invitations and the
 * platform's last actions on it. Crosses tenants in the platform admin's context (context.ts). 404 for an unknown id.
 */
export function crossTenantDetalharEmpresa(
  deps: Pick<TDeps, "db">,
  ctx: TTenantCtx,
  empresaId: string,
): Promise<TDetalheEmpresa> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows: e } = await tx.query(
      `SELECT ${COLUNAS_EMPRESA}, e.whatsapp_provedor, coalesce(w.status, 'disconnected') AS whatsapp_status
         FROM empresas e LEFT JOIN whatsapp_sessions w ON w.id_empresa_fk = e.id
        WHERE e.id = $1`,
      [empresaId],
    );
    if (!e[0]) throw notFound(MSG.empresaNaoEncontrada);
    const { rows: ind } = await tx.query(
      `SELECT count(*)::int AS leads,
              count(*) FILTER (WHERE status_lead = ANY ($2::text[]))::int AS qualificados,
              count(*) FILTER (WHERE status_lead = ANY ($3::text[]))::int AS convertidos,
              count(*) FILTER (WHERE status_lead = $4)::int AS processos
         FROM leads_juros_check WHERE id_empresa_fk = $1`,
      [empresaId, STATUS_QUALIFICADOS, STATUS_CONVERTIDOS_DASHBOARD, STATUS_PROCESSO_JURIDICO],
    );
    const { rows: usuarios } = await tx.query(
      `SELECT u.id, u.nome, u.email, u.papel, u.ativo, u.email_confirmado_em IS NOT NULL AS confirmado, u.created_at,
              (SELECT max(a.created_at) FROM auditoria a
                WHERE a.id_empresa_fk = u.id_empresa_fk AND a.id_usuario_fk = u.id AND a.acao = 'login') AS ultimo_acesso
         FROM usuarios_plataforma u WHERE u.id_empresa_fk = $1
        ORDER BY u.ativo DESC, u.papel, lower(u.nome), u.id`,
      [empresaId],
    );
    const { rows: convites } = await tx.query(
      `SELECT id, nome, email, papel, expires_at, expires_at <= now() AS expirado FROM convites
        WHERE id_empresa_fk = $1 AND used_at IS NULL ORDER BY created_at DESC, id`,
      [empresaId],
    );
    const { rows: historico } = await tx.query(
      `SELECT a.id::text, a.acao, a.dados, a.created_at, ${nomeDoUsuarioSql("u")} AS autor
         FROM auditoria a LEFT JOIN usuarios_plataforma u ON u.id = a.id_usuario_fk
        WHERE a.id_empresa_fk = $1 AND a.acao LIKE 'plataforma.%'
        ORDER BY a.created_at DESC, a.id DESC LIMIT $2`,
      [empresaId, ACOES_NO_HISTORICO],
    );
    const i = ind[0];
    return {
      empresa: paraEmpresa(e[0]),
      indicadores: {
        usuarios: usuarios.length,
        usuariosAtivos: usuarios.filter((u) => u.ativo).length,
        leads: i.leads,
        qualificados: i.qualificados,
        convertidos: i.convertidos,
        taxaConversao: taxaConversao(i.convertidos, i.qualificados),
        processos: i.processos,
      },
      whatsapp: { provedor: e[0].whatsapp_provedor, status: e[0].whatsapp_status },
      usuarios: usuarios.map((u) => ({
        id: u.id,
        nome: u.nome,
        email: u.email,
        papel: u.papel,
        ativo: u.ativo,
        emailConfirmado: u.confirmado,
        ultimoAcesso: iso(u.ultimo_acesso),
        created_at: iso(u.created_at) as string,
      })),
      convites: convites.map((c) => ({
        id: c.id,
        nome: c.nome,
        email: c.email,
        papel: c.papel,
        expirado: c.expirado,
        expires_at: iso(c.expires_at) as string,
      })),
      historico: historico.map((h) => ({
        id: h.id,
        acao: h.acao,
        descricao: descreverAcaoPlataforma(h.acao, h.dados ?? {}),
        autor: h.autor,
        created_at: iso(h.created_at) as string,
      })),
    };
  });
}

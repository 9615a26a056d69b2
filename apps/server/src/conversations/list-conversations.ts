import { PAPEL } from "@crm/domain/roles";
import type { TConversa, TFiltroConversas, TPaginaConversas } from "@crm/domain/schemas/chat";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { SQL_TEM_ETIQUETA } from "../leads/list/filter-sql.js";

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Conversas (001 'Conversations'): leads with messages, newest conversation first, each with its last message
 * and unread count (the lead's messages nobody has read yet). A Consultor sees only leads assigned to them;
 * the platform admin sees every company's. Keyset pages on (last message time, lead id), in the order kept by
 * conversas_recentes (migration 0008).
 */
export async function listarConversas(deps: TDeps, ctx: TTenantCtx, f: TFiltroConversas): Promise<TPaginaConversas> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    let consultorId: string | null = null;
    if (ctx.papel === PAPEL.consultor) {
      const { rows } = await tx.query("SELECT id FROM consultores WHERE id_empresa_fk = $1 AND id_usuario_fk = $2", [
        ctx.empresaId,
        ctx.usuarioId,
      ]);
      // a consultant without a consultant record has no leads assigned
      if (!rows[0]) return { itens: [], proximo: null };
      consultorId = rows[0].id;
    }
    const busca = f.busca?.trim() || null;
    const digitos = busca?.replace(/\D/g, "") || null;
    const { rows } = await tx.query(
      `SELECT l.id, l.nome, l.telefone, l.status_lead, cr.ultima_mensagem_em, e.nome_empresa,
              lm.message, lm.message_type, lm.direcao, lm.status, lm.timestamp,
              (SELECT count(*)::int FROM mensagens_whatsapp u
                WHERE u.id_empresa_fk = l.id_empresa_fk AND u.id_lead_fk = l.id AND u.direcao = 'entrada' AND u.lida_em IS NULL) AS nao_lidas
         FROM conversas_recentes cr
         JOIN leads_juros_check l ON l.id_empresa_fk = cr.id_empresa_fk AND l.id = cr.id_lead_fk
         JOIN empresas e ON e.id = cr.id_empresa_fk
         JOIN LATERAL (SELECT m.message, m.message_type, m.direcao, m.status, m.timestamp FROM mensagens_whatsapp m
                        WHERE m.id_empresa_fk = l.id_empresa_fk AND m.id_lead_fk = l.id
                        ORDER BY m.timestamp DESC, m.id DESC LIMIT 1) lm ON true
        WHERE ($1::uuid IS NULL OR cr.id_empresa_fk = $1)
          AND ($2::uuid IS NULL OR l.consultor_atribuido_id = $2)
          AND ($3::text IS NULL OR lower(l.nome) LIKE '%' || lower($3) || '%'
               OR ($4::text IS NOT NULL AND l.telefone_normalizado LIKE '%' || $4 || '%'))
          AND ($5::timestamptz IS NULL OR (cr.ultima_mensagem_em, cr.id_lead_fk) < ($5::timestamptz, $6::uuid))
          AND ($8::uuid IS NULL OR ${SQL_TEM_ETIQUETA("$8")})
        ORDER BY cr.ultima_mensagem_em DESC, cr.id_lead_fk DESC
        LIMIT $7`,
      [
        ctx.papel === PAPEL.plataforma ? null : ctx.empresaId,
        consultorId,
        busca?.replace(/[%_\\]/g, "\\$&") ?? null,
        digitos && digitos.length >= 3 ? digitos : null,
        f.antesDe ?? null,
        f.antesId ?? null,
        f.limite + 1,
        f.etiqueta ?? null,
      ],
    );
    const pagina = rows.slice(0, f.limite);
    const ultima = pagina[pagina.length - 1];
    return {
      itens: pagina.map(
        (r): TConversa => ({
          leadId: r.id,
          nome: r.nome,
          telefone: r.telefone,
          status_lead: r.status_lead,
          empresa: ctx.papel === PAPEL.plataforma ? r.nome_empresa : null,
          ultimaMensagem: r.message,
          ultimaMensagemTipo: r.message_type,
          ultimaMensagemDirecao: r.direcao,
          ultimaMensagemStatus: r.status,
          ultimaMensagemEm: iso(r.timestamp),
          naoLidas: r.nao_lidas,
        }),
      ),
      proximo: rows.length > f.limite && ultima ? { antesDe: iso(ultima.ultima_mensagem_em), antesId: ultima.id } : null,
    };
  });
}

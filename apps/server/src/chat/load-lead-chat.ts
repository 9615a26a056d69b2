import type { TLeadChat } from "@crm/domain/schemas/chat";
import { STATUS_PROCESSO_JURIDICO } from "@crm/domain/status";
import { janelaAtendimento } from "@crm/domain/whatsapp";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { tarefasDoLead } from "../follow-ups/tasks.js";
import { estaConectado, lerSessao } from "../whatsapp/connection/session.js";
import { lerConfigWhatsApp } from "../whatsapp/providers/company-config.js";
import { acessarLead } from "./access.js";

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** GET /api/chat/{leadId}: the lead with its consultant, the WhatsApp connection, the 24-hour window and recent activity. */
export async function carregarLeadChat(deps: TDeps, ctx: TTenantCtx, leadId: string): Promise<TLeadChat> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const alvo = await acessarLead(tx, ctx, leadId);
    const { rows } = await tx.query(
      `SELECT l.*, l.valor_contrato::text AS valor, c.id AS c_id, c.nome AS c_nome, c.email AS c_email
         FROM leads_juros_check l
         LEFT JOIN consultores c ON c.id_empresa_fk = l.id_empresa_fk AND c.id = l.consultor_atribuido_id
        WHERE l.id_empresa_fk = $1 AND l.id = $2`,
      [alvo.empresaId, alvo.id],
    );
    const l = rows[0];
    const cfg = await lerConfigWhatsApp(tx, deps.config.appSecret, alvo.empresaId);
    const sessao = await lerSessao(tx, alvo.empresaId);
    const { rows: atividades } = await tx.query(
      `(SELECT id::text, 'status' AS tipo, created_at AS quando,
               CASE campo WHEN 'status_lead' THEN 'Status: ' || coalesce(valor_anterior, '—') || ' → ' || coalesce(valor_novo, '—')
                          WHEN 'consultor_atribuido_id' THEN 'Consultor atribuído'
                          ELSE 'Jurídico: ' || coalesce(valor_novo, '—') END AS descricao
          FROM lead_status_historico WHERE id_empresa_fk = $1 AND id_lead_fk = $2 ORDER BY created_at DESC LIMIT 8)
       UNION ALL
       (SELECT id::text, 'mensagem', timestamp,
               CASE WHEN direcao = 'entrada' THEN 'Mensagem recebida' ELSE 'Mensagem enviada por ' || coalesce(sender_nome, sender) END
          FROM mensagens_whatsapp WHERE id_empresa_fk = $1 AND id_lead_fk = $2 ORDER BY timestamp DESC, id DESC LIMIT 5)
       ORDER BY quando DESC LIMIT 8`,
      [alvo.empresaId, alvo.id],
    );
    if (!cfg) throw new Error("empresa do lead não existe");
    const [proxima] = await tarefasDoLead(tx, alvo.empresaId, alvo.id);
    return {
      lead: {
        id: l.id,
        id_empresa_fk: l.id_empresa_fk,
        nome: l.nome,
        email: l.email,
        telefone: l.telefone,
        telefone_normalizado: l.telefone_normalizado,
        status_lead: l.status_lead,
        origem_lead: l.origem_lead,
        valor_contrato: l.valor,
        tipo_financiamento: l.tipo_financiamento,
        cidade: l.cidade,
        objetivo_cliente: l.objetivo_cliente,
        observacoes: l.observacoes,
        consultor: l.c_id ? { id: l.c_id, nome: l.c_nome, email: l.c_email } : null,
        status_juridico_lead: l.status_lead === STATUS_PROCESSO_JURIDICO ? l.status_juridico_lead : null,
        created_at: iso(l.created_at) as string,
        // no message yet: no last contact (the header says so; counting from the creation showed 'Agora há pouco'
        // for a lead nobody had talked to, decision 1613)
        ultimo_contato: iso(l.ultima_mensagem_em),
        ultima_mensagem_lead_em: iso(l.ultima_mensagem_lead_em),
      },
      proxima_tarefa: proxima ?? null,
      empresa: { nome: cfg.empresaNome },
      whatsapp: {
        provedor: cfg.provedor,
        conectado: estaConectado(cfg, sessao),
        janela: janelaAtendimento(cfg.provedor, l.ultima_mensagem_lead_em),
      },
      atividades: atividades.map((a) => ({ id: a.id, tipo: a.tipo, descricao: a.descricao, quando: iso(a.quando) as string })),
    };
  });
}

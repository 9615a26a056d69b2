import { MSG_AGENDADAS } from "@crm/domain/scheduled-messages";
import type { TTx } from "../db/tenant.js";

/**
 * The demo's scheduled messages (decision 1885), so 'Mensagens agendadas' and the chat show each state: for the
 * demo consultant and the admin, on the leads who wrote last, two pending (one with a template for a closed window),
 * two sent (linked to an outbound message of their lead), one cancelled because the lead wrote first, one failed for
 * the closed window. Written after the messages, read from them.
 */
export async function semearAgendadasDemo(
  tx: TTx,
  agora: Date,
  empresaId: string,
  autores: { consultor: string; admin: string },
): Promise<void> {
  const { rows: leads } = await tx.query(
    `SELECT l.id, (SELECT m.id FROM mensagens_whatsapp m WHERE m.id_empresa_fk = l.id_empresa_fk AND m.id_lead_fk = l.id
                      AND m.direcao = 'saida' ORDER BY m.timestamp DESC LIMIT 1) AS saida
       FROM leads_juros_check l
      WHERE l.id_empresa_fk = $1 AND l.ultima_mensagem_lead_em IS NOT NULL
      ORDER BY l.ultima_mensagem_lead_em DESC, l.id LIMIT 6`,
    [empresaId],
  );
  if (leads.length < 6) return;
  const h = (n: number) => new Date(agora.getTime() + n * 3_600_000).toISOString();
  const linhas = [
    {
      lead: leads[0].id,
      autor: autores.consultor,
      texto: "Bom dia! Conseguiu separar o contrato do financiamento?",
      para: h(2),
      status: "agendada",
    },
    {
      lead: leads[1].id,
      autor: autores.consultor,
      texto: "Passando para lembrar da nossa análise. Posso seguir?",
      para: h(30),
      status: "agendada",
      tn: "retomar_contato",
      tp: ["cliente"],
      tt: "Oi, cliente! Passando para saber se você ainda tem interesse em revisar os juros do seu contrato. Sua análise está reservada e posso continuar de onde paramos.",
    },
    {
      lead: leads[2].id,
      autor: autores.consultor,
      texto: "Oi! Enviei a pré-análise, deu para ver?",
      para: h(-3),
      status: "enviada",
      msg: leads[2].saida,
    },
    {
      lead: leads[3].id,
      autor: autores.admin,
      texto: "Lembrete: amanhã vence o prazo da proposta.",
      para: h(-1),
      status: "enviada",
      msg: leads[3].saida,
    },
    {
      lead: leads[4].id,
      autor: autores.consultor,
      texto: "Vamos marcar a ligação?",
      para: h(-2),
      status: "cancelada",
      motivo: MSG_AGENDADAS.canceladaLeadEscreveu,
    },
    {
      lead: leads[5].id,
      autor: autores.admin,
      texto: "Ainda tem interesse na revisão?",
      para: h(-5),
      status: "falhou",
      motivo: MSG_AGENDADAS.falhaJanela,
    },
  ].filter((l) => l.status !== "enviada" || l.msg);
  await tx.query(
    `INSERT INTO mensagens_agendadas (id_empresa_fk, id_lead_fk, id_autor_fk, tipo, texto, agendada_para, status, motivo,
            id_mensagem_fk, template_nome, template_idioma, template_parametros, template_texto, cancelar_se_lead_escrever,
            created_at, concluida_em)
     SELECT $1, r.lead, r.autor, 'text', r.texto, r.para, r.status, r.motivo, r.msg, r.tn,
            CASE WHEN r.tn IS NULL THEN NULL ELSE 'pt_BR' END, r.tp, r.tt, true,
            least(r.para, $3::timestamptz) - interval '1 day',
            CASE WHEN r.status = 'agendada' THEN NULL ELSE r.para END
       FROM jsonb_to_recordset($2::jsonb) AS r (lead uuid, autor uuid, texto text, para timestamptz, status text, motivo text,
            msg uuid, tn text, tp jsonb, tt text)`,
    [empresaId, JSON.stringify(linhas), agora],
  );
}

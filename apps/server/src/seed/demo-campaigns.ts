import { PADROES_RITMO } from "@crm/domain/campaigns";
import { preencherModelo } from "@crm/domain/templates";
import type { TTx } from "../db/tenant.js";
import type { TEmpresaDemo, TGeracao } from "./demo-context.js";

const DIA = 86_400_000;
const TEXTO =
  "Olá, {{nome}}! A {{empresa}} está revisando contratos de financiamento sem custo inicial. Quer saber se os seus juros estão acima da média do Banco Central? Responda SIM. Para não receber mais, responda SAIR.";

/**
 * /campanhas on `npm start` (decisions 1891–1894): one finished campaign of the demo company, sent 20 days ago to its
 * leads with a marketing opt-in, at the campaign's pace (from 10:00 in São Paulo, 45 s apart), its messages with
 * receipts (mostly read, some delivered, a few only sent, one failed), a few replies, and the marketing cost its
 * name carries ('Revisão Outubro', a cost added here on /marketing). Its funnel is then read like any other's: replies
 * from the lead's messages after the campaign's, qualified and converted from the lead's status history after it.
 * Runs after the consent ledger is seeded.
 */
export async function semearCampanhasDemo(tx: TTx, g: TGeracao, empresa: TEmpresaDemo): Promise<number> {
  const { rows: leads } = await tx.query<{ id: string; nome: string }>(
    `SELECT l.id, l.nome FROM consentimentos_vigentes v
       JOIN leads_juros_check l ON l.id_empresa_fk = v.id_empresa_fk AND l.id = v.id_lead_fk
      WHERE v.id_empresa_fk = $1 AND v.finalidade = 'marketing' AND v.situacao = 'concedido'
        AND coalesce(l.telefone_normalizado, '') <> ''
        -- the duplicate report's pairs stay without a conversation (decision 1501)
        AND NOT EXISTS (SELECT 1 FROM leads_telefones_migrados t
                         WHERE t.id_empresa_fk = l.id_empresa_fk AND l.id IN (t.id_lead_fk, t.id_lead_duplicado_de_fk))
      ORDER BY l.id`,
    [empresa.id],
  );
  if (!leads.length) return 0;
  const dia = new Date(g.agora.getTime() - 20 * DIA);
  // 10:00 in São Paulo (UTC-3) that day
  const inicio = new Date(`${dia.toISOString().slice(0, 10)}T13:00:00.000Z`);
  const { rows: exclusoes } = await tx.query<{ descadastrado: number; sem_consentimento: number; sem_whatsapp: number }>(
    `SELECT count(*) FILTER (WHERE mk.situacao = 'revogado')::int AS descadastrado,
            count(*) FILTER (WHERE mk.situacao IS NULL)::int AS sem_consentimento,
            count(*) FILTER (WHERE mk.situacao = 'concedido' AND coalesce(l.telefone_normalizado, '') = '')::int AS sem_whatsapp
       FROM leads_juros_check l
       LEFT JOIN consentimentos_vigentes mk ON mk.id_empresa_fk = l.id_empresa_fk AND mk.id_lead_fk = l.id AND mk.finalidade = 'marketing'
      WHERE l.id_empresa_fk = $1`,
    [empresa.id],
  );
  const { rows: campanha } = await tx.query<{ id: string }>(
    `INSERT INTO campanhas_whatsapp (id_empresa_fk, nome, estado, filtros, tipo_mensagem, texto, janela_inicio, janela_fim,
            limite_diario, espaco_min_s, espaco_max_s, inicio_em, campanha_marketing, total_destinatarios, exclusoes,
            ultimo_envio_em, id_usuario_fk, created_at, updated_at, concluida_em)
     VALUES ($1, 'Revisão Outubro — quem aceitou ofertas', 'concluida', '{"status":[],"etiquetas":[],"origens":[],"consultores":[],"faixas":[]}',
            'texto', $2, $3, $4, $5, 45, 45, $6::timestamptz, 'Revisão Outubro', $7, $8, $9::timestamptz, $10, $6::timestamptz - interval '1 hour', $9::timestamptz, $9::timestamptz)
     RETURNING id`,
    [
      empresa.id,
      TEXTO,
      PADROES_RITMO.janelaInicio,
      PADROES_RITMO.janelaFim,
      PADROES_RITMO.limiteDiario,
      inicio,
      leads.length,
      JSON.stringify(exclusoes[0]),
      new Date(inicio.getTime() + (leads.length - 1) * 45_000),
      empresa.adminUsuarioId,
    ],
  );
  const campanhaId = campanha[0].id;
  const linhas = leads.map((l, i) => {
    const enviadaEm = new Date(inicio.getTime() + i * 45_000);
    const sorte = g.r.num();
    const status = sorte < 0.03 ? "failed" : sorte < 0.1 ? "sent" : sorte < 0.3 ? "delivered" : "read";
    return {
      lead: l.id,
      texto: preencherModelo(TEXTO, { nome: l.nome, empresa: empresa.nome }),
      status,
      em: enviadaEm.toISOString(),
      lida: status === "read" ? new Date(enviadaEm.getTime() + 20 * 60_000).toISOString() : null,
      // about a third of those who read it answer within the hour
      responde: status === "read" && g.r.chance(0.35),
    };
  });
  await tx.query(
    `WITH m AS (
       INSERT INTO mensagens_whatsapp AS x (id_empresa_fk, id_lead_fk, direcao, sender, sender_nome, message, message_type, status,
              natureza_envio, provider_message_id, timestamp, status_em, lida_em, erro)
       SELECT $1, y.lead, 'saida', 'sistema', 'Campanha', y.texto, 'text', y.status, 'campanha', 'DEMO-CAMPANHA-' || y.lead,
              y.em, y.em, y.lida, CASE WHEN y.status = 'failed' THEN 'Número sem WhatsApp' END
         FROM jsonb_to_recordset($2::jsonb) AS y (lead uuid, texto text, status text, em timestamptz, lida timestamptz)
       RETURNING x.id, x.id_lead_fk, x.timestamp)
     INSERT INTO campanhas_whatsapp_destinatarios (id_empresa_fk, id_campanha_fk, id_lead_fk, planejado_em, estado, id_mensagem_fk, enviado_em)
     SELECT $1, $3, m.id_lead_fk, m.timestamp, 'enviado', m.id, m.timestamp FROM m`,
    [empresa.id, JSON.stringify(linhas), campanhaId],
  );
  const respostas = linhas.filter((l) => l.responde);
  await tx.query(
    `INSERT INTO mensagens_whatsapp (id_empresa_fk, id_lead_fk, direcao, sender, message, message_type, status, provider_message_id,
            timestamp, status_em, lida_em)
     SELECT $1, y.lead, 'entrada', 'lead', 'SIM, quero saber mais', 'text', 'received', 'DEMO-CAMPANHA-RESP-' || y.lead,
            y.em + interval '40 minutes', y.em + interval '40 minutes', y.em + interval '50 minutes'
       FROM jsonb_to_recordset($2::jsonb) AS y (lead uuid, em timestamptz)`,
    [empresa.id, JSON.stringify(respostas.map((r) => ({ lead: r.lead, em: r.em })))],
  );
  // the marketing cost whose campaign name this campaign carries (/marketing's 'Campanha' column)
  await tx.query(
    `INSERT INTO custos_marketing (id_empresa_fk, data_custo, plataforma, valor_gasto, campanha)
     VALUES ($1, $2::date, 'Outro', 180.00, 'Revisão Outubro')`,
    [empresa.id, inicio.toISOString().slice(0, 10)],
  );
  return leads.length;
}

import { PAPEL } from "@crm/domain/roles";
import { CORES_ETIQUETA } from "@crm/domain/tags";
import { MSG_TRANSFERENCIA, NOTIFICACAO_TRANSFERENCIA, STATUS_APOS_TRANSFERENCIA } from "@crm/domain/transfer";
import type { TTx } from "../db/tenant.js";
import type { TEmpresaDemo, TGeracao } from "./demo-context.js";
import type { TLeadDemo } from "./demo-leads.js";
import { semearRespostasDemo } from "./demo-quick-replies.js";
import { criarUsuario } from "./factories.js";

/** The second consultant who can sign in (a transfer or a mention needs somebody to go to). */
export const EMAIL_CONSULTOR_2 = "consultor2@demo.com.br";
const MINUTO = 60_000;
const ETIQUETAS = [
  ["Quente", CORES_ETIQUETA[3]],
  ["Retomar contato", CORES_ETIQUETA[2]],
  ["Indicação", CORES_ETIQUETA[1]],
  ["Financiamento de veículo", CORES_ETIQUETA[0]],
] as const;

const inserirJson = (tx: TTx, sql: string, linhas: unknown[]) => tx.query(sql, [JSON.stringify(linhas)]);

/**
 * What makes the consultants' inbox meaningful on `npm start` (decisions 1831–1833): a second consultant with a
 * sign-in, company tags on some leads, follow-ups due today, tomorrow and overdue, internal notes, one of them
 * mentioning the admin, and quick replies (decision 1838). From a random stream of its own, so the rest of the demo stays as it was.
 */
export async function semearCaixaDeEntrada(
  tx: TTx,
  g: TGeracao,
  empresa: TEmpresaDemo,
  leads: TLeadDemo[],
  senhaHash: string,
): Promise<{ usuarios: number; notificacoes: number }> {
  const [primeiro, segundo] = empresa.consultores;
  const consultor2 = await criarUsuario(tx, {
    id: g.r.uuid(),
    id_empresa_fk: empresa.id,
    email: EMAIL_CONSULTOR_2,
    nome: segundo.nome,
    papel: PAPEL.consultor,
    senha_hash: senhaHash,
  });
  await tx.query("UPDATE consultores SET id_usuario_fk = $2, email = $3 WHERE id_empresa_fk = $1 AND id = $4", [
    empresa.id,
    consultor2.id,
    EMAIL_CONSULTOR_2,
    segundo.id,
  ]);

  const tags = ETIQUETAS.map(([nome, cor]) => ({ id: g.r.uuid(), nome, cor }));
  await inserirJson(
    tx,
    `INSERT INTO etiquetas (id, id_empresa_fk, nome, cor)
     SELECT e.id, '${empresa.id}', e.nome, e.cor FROM jsonb_to_recordset($1::jsonb) AS e (id uuid, nome text, cor text)`,
    tags,
  );
  const abertos = leads
    .map((l) => l.linha)
    .filter((l) => !["Convertido (Ganho)", "Convertido", "Perdido"].includes(l.status_lead as string));
  const etiquetados = abertos
    .filter(() => g.r.chance(0.15))
    .flatMap((l) => {
      const n = g.r.chance(0.3) ? 2 : 1;
      return [...new Set(Array.from({ length: n }, () => tags[g.r.int(0, tags.length - 1)].id))].map((t) => ({
        lead: l.id,
        etiqueta: t,
      }));
    });
  await inserirJson(
    tx,
    `INSERT INTO leads_etiquetas (id_empresa_fk, id_lead_fk, id_etiqueta_fk)
     SELECT '${empresa.id}', e.lead, e.etiqueta FROM jsonb_to_recordset($1::jsonb) AS e (lead uuid, etiqueta uuid)`,
    etiquetados,
  );

  // follow-ups: overdue (red on 'Meus retornos'), later today, tomorrow; each on a lead of its owner
  const doConsultor = (c: { id: string }) => abertos.filter((l) => l.consultor_atribuido_id === c.id);
  const tarefas: Record<string, unknown>[] = [];
  const agendar = (lista: typeof abertos, dono: string | null, deslocamentosMin: number[]) => {
    if (!dono) return;
    deslocamentosMin.forEach((min, i) => {
      const l = lista[i];
      if (!l) return;
      tarefas.push({
        id: g.r.uuid(),
        lead: l.id,
        titulo: i % 2 ? "Retorno ao lead" : "Ligar para confirmar documentos",
        nota: i % 3 === 0 ? "Cliente pediu para ligar depois do almoço." : null,
        vence: new Date(g.agora.getTime() + min * MINUTO).toISOString(),
        dono,
        // an overdue one was already reminded: the job does not tell it again at start
        lembrada: min < 0 ? new Date(g.agora.getTime() + min * MINUTO).toISOString() : null,
      });
    });
  };
  agendar(doConsultor(primeiro), primeiro.usuarioId, [-26 * 60, -90, 45, 3 * 60, 24 * 60 + 30]);
  agendar(doConsultor(segundo), consultor2.id, [-50, 2 * 60]);
  await inserirJson(
    tx,
    `INSERT INTO tarefas_lead (id, id_empresa_fk, id_lead_fk, titulo, nota, vence_em, id_responsavel_fk, criado_por_fk, lembrada_em)
     SELECT t.id, '${empresa.id}', t.lead, t.titulo, t.nota, t.vence, t.dono, t.dono, t.lembrada
       FROM jsonb_to_recordset($1::jsonb) AS t (id uuid, lead uuid, titulo text, nota text, vence timestamptz, dono uuid, lembrada timestamptz)`,
    tarefas,
  );

  // internal notes on the consultant's leads, one mentioning the admin
  const notas = doConsultor(primeiro)
    .slice(0, 4)
    .map((l, i) => ({
      id: g.r.uuid(),
      lead: l.id,
      autor: primeiro.usuarioId,
      autor_nome: primeiro.nome,
      texto:
        i === 0
          ? "@Admin o cliente pediu condição especial, pode aprovar?"
          : ["Já enviou o contrato por e-mail.", "Prefere contato pelo WhatsApp à noite.", "Irmão também tem financiamento."][
              i - 1
            ],
      mencoes: i === 0 ? [empresa.adminUsuarioId] : [],
      quando: new Date(g.agora.getTime() - (i + 1) * 3 * 60 * MINUTO).toISOString(),
    }));
  await inserirJson(
    tx,
    `INSERT INTO notas_lead (id, id_empresa_fk, id_lead_fk, id_autor_fk, autor_nome, texto, mencoes, created_at)
     SELECT n.id, '${empresa.id}', n.lead, n.autor, n.autor_nome, n.texto, n.mencoes, n.quando
       FROM jsonb_to_recordset($1::jsonb) AS n (id uuid, lead uuid, autor uuid, autor_nome text, texto text, mencoes uuid[], quando timestamptz)`,
    notas,
  );
  await semearRespostasDemo(tx, empresa.id, [primeiro, { usuarioId: consultor2.id }]);
  const transferida = await semearTransferencia(tx, g, empresa, doConsultor(primeiro)[5], consultor2.id);
  return { usuarios: 1, notificacoes: transferida ? 1 : 0 };
}

/**
 * One lead handed from the first consultant to the second this morning (decision 1836): waiting for them in
 * 'Qualificado para Atendente', its history with the note, and the second consultant's bell notification.
 */
async function semearTransferencia(
  tx: TTx,
  g: TGeracao,
  empresa: TEmpresaDemo,
  lead: Record<string, unknown> | undefined,
  usuarioDestino: string,
): Promise<boolean> {
  const [primeiro, segundo] = empresa.consultores;
  if (!lead) return false;
  const quando = new Date(g.agora.getTime() - 95 * MINUTO);
  const nota = "Cliente pediu alguém que atenda à tarde; já enviou o contrato.";
  await tx.query(
    `UPDATE leads_juros_check SET consultor_atribuido_id = $3, status_lead = $4, updated_at = $5
      WHERE id_empresa_fk = $1 AND id = $2`,
    [empresa.id, lead.id, segundo.id, STATUS_APOS_TRANSFERENCIA, quando],
  );
  await tx.query(
    `INSERT INTO lead_status_historico (id_empresa_fk, id_lead_fk, campo, valor_anterior, valor_novo, id_usuario_fk, origem, motivo, created_at)
     VALUES ($1, $2, 'consultor_atribuido_id', $3, $4, $5, 'usuario', $7, $8),
            ($1, $2, 'status_lead', $6, $9, $5, 'usuario', $7, $8)`,
    [empresa.id, lead.id, primeiro.id, segundo.id, primeiro.usuarioId, lead.status_lead, nota, quando, STATUS_APOS_TRANSFERENCIA],
  );
  await tx.query(
    `INSERT INTO notificacoes (id_empresa_fk, id_usuario_fk, tipo, titulo, conteudo, dados_extras, created_at)
     VALUES ($1, $2, 'lead_assigned', $3, $4, $5, $6)`,
    [
      empresa.id,
      usuarioDestino,
      MSG_TRANSFERENCIA.notificacaoTitulo,
      MSG_TRANSFERENCIA.notificacaoConteudo(primeiro.nome, String(lead.nome), nota),
      {
        tipo: NOTIFICACAO_TRANSFERENCIA,
        leadId: lead.id,
        leadName: lead.nome,
        consultorId: segundo.id,
        link: `/chat/${lead.id}`,
      },
      quando,
    ],
  );
  return true;
}

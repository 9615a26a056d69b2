import {
  abaixoDoLimite,
  escolherConsultor,
  STATUS_LEAD_ENCERRADOS,
  STATUS_RECEBE_LEADS,
  statusDaAtribuicaoDireta,
} from "@crm/domain/assignment";
import { abertoEm } from "@crm/domain/business-hours";
import { MSG } from "@crm/domain/messages";
import { PAPEL } from "@crm/domain/roles";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import type { TTx } from "../db/tenant.js";
import { notFound } from "../http/errors.js";
import { gravarAtribuicoes, type TAutorAtribuicao, type TLeadAtribuido } from "../lead-events/assignment.js";
import { mudarStatusDosLeads } from "../lead-events/status.js";
import { notificar } from "../notifications/notify.js";
import { alguemEsperaDesdeAntes, contarAguardando, lerExpediente, lerLimiteConversas } from "./waiting-sql.js";

export type { TAutorAtribuicao };

type TDepsAtribuicao = Pick<TDeps, "realtime">;
type TLeadTravado = TLeadAtribuido & { status_lead: string | null };

export type TResultadoAtribuicao =
  | { atribuido: true; consultorId: string; consultorNome: string }
  | { atribuido: false; motivo: "sem_consultor" | "ja_atribuido"; consultorId: string | null };

/**
 * The lead row first, then the company's assignment lock: every assignment takes them in this order (the
 * screening too), so two of them never wait on each other in a cycle. The company lock makes "count open
 * leads, pick, write" one step per company: two leads qualified at the same moment are assigned one after
 * the other, the second seeing the first.
 */
async function travar(tx: TTx, empresaId: string, leadId: string): Promise<TLeadTravado> {
  const { rows } = await tx.query(
    "SELECT id, nome, consultor_atribuido_id, status_lead FROM leads_juros_check WHERE id_empresa_fk = $1 AND id = $2 FOR UPDATE",
    [empresaId, leadId],
  );
  if (!rows[0]) throw notFound(MSG.leadNaoEncontrado);
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`atribuicao:${empresaId}`]);
  return rows[0];
}

/**
 * assign-lead (000 §7): among the company's consultants who are Conectado (and can sign in), the one with the
 * fewest open leads (STATUS_LEAD_ENCERRADOS do not count); ties go to whoever waited longest since their last
 * assignment. Nobody online: when the company allows it and `agora` is inside its business hours, any of its
 * consultants by the same rule (decision 1503); otherwise the lead stays unassigned, in the waiting queue, and the
 * admins are told once per waiting episode: when no other lead waits (with `lote`, the leads that entered the queue
 * with it in one status change, assigned after it by a job: when no other lead waits since before it); `avisar`
 * false skips it, for the queue's own job. A lead that already has a consultant keeps them. A consultant at the
 * company's cap of open conversations (`limite_conversas_abertas`, decision 1837) is skipped, as is anyone in
 * `exceto` (who gave the lead back to the queue, decision 1836).
 */
export async function atribuirAutomaticamente(
  deps: TDepsAtribuicao,
  tx: TTx,
  p: {
    empresaId: string;
    leadId: string;
    autor: TAutorAtribuicao;
    agora?: Date;
    avisar?: boolean;
    lote?: string[];
    exceto?: string[];
  },
): Promise<TResultadoAtribuicao> {
  const lead = await travar(tx, p.empresaId, p.leadId);
  if (lead.consultor_atribuido_id) return { atribuido: false, motivo: "ja_atribuido", consultorId: lead.consultor_atribuido_id };
  const limite = await lerLimiteConversas(tx, p.empresaId);
  const candidatos = async (soConectados: boolean) => {
    const { rows } = await tx.query(
      `SELECT c.id, c.nome, c.ultima_atribuicao_em,
              (SELECT count(*)::int FROM leads_juros_check l
                WHERE l.id_empresa_fk = c.id_empresa_fk AND l.consultor_atribuido_id = c.id
                  AND NOT (l.status_lead = ANY ($3::text[]))) AS abertos
         FROM consultores c JOIN usuarios_plataforma u ON u.id = c.id_usuario_fk AND u.ativo
        WHERE c.id_empresa_fk = $1 AND ($4 OR c.status_conexao = $2) AND NOT (c.id = ANY ($5::uuid[]))`,
      [p.empresaId, STATUS_RECEBE_LEADS, STATUS_LEAD_ENCERRADOS, !soConectados, p.exceto ?? []],
    );
    return escolherConsultor(
      abaixoDoLimite(rows, limite).map((r) => ({
        id: r.id as string,
        nome: r.nome as string,
        abertos: r.abertos as number,
        ultimaAtribuicaoEm: r.ultima_atribuicao_em,
      })),
    );
  };
  let escolhido = await candidatos(true);
  if (!escolhido) {
    const expediente = await lerExpediente(tx, p.empresaId);
    if (expediente && abertoEm(p.agora ?? relogio.agora(), expediente)) escolhido = await candidatos(false);
  }
  if (!escolhido) {
    // the company lock is held: of two leads qualified at once, the second sees the first waiting. A lead assigned
    // by the job after its status change (`lote`) may take the lock after a lead that entered the queue later: it
    // counts only the leads waiting since before it
    const primeiroAEsperar = async () =>
      p.lote
        ? !(await alguemEsperaDesdeAntes(tx, p.empresaId, lead.id, p.lote))
        : (await contarAguardando(tx, p.empresaId, lead.id)) === 0;
    if (p.avisar !== false && (await primeiroAEsperar()))
      await notificar(deps, tx, {
        empresaId: p.empresaId,
        destino: { papeis: [PAPEL.admin] },
        tipo: "system",
        titulo: MSG.filaEsperaTitulo,
        conteudo: MSG.filaEsperaConteudo(lead.nome),
        dados: { leadId: lead.id, leadName: lead.nome },
      });
    return { atribuido: false, motivo: "sem_consultor", consultorId: null };
  }
  await gravarAtribuicoes(deps, tx, { empresaId: p.empresaId, leads: [lead], consultor: escolhido, autor: p.autor });
  return { atribuido: true, consultorId: escolhido.id, consultorNome: escolhido.nome };
}

/**
 * A person picks the consultant (the test page's direct assignment): same recording and notice. A lead nobody has
 * decided yet moves, through the one status change (history, events), to where the screening's assignment puts it
 * (statusDaAtribuicaoDireta); the older status field becomes 'qualificado' as 000 §4 says.
 */
export async function atribuirManualmente(
  deps: Pick<TDeps, "realtime" | "jobs">,
  tx: TTx,
  p: { empresaId: string; leadId: string; consultorId: string; autor: TAutorAtribuicao; statusLegado?: "qualificado" },
): Promise<TResultadoAtribuicao> {
  const lead = await travar(tx, p.empresaId, p.leadId);
  const { rows } = await tx.query("SELECT id, nome FROM consultores WHERE id_empresa_fk = $1 AND id = $2", [
    p.empresaId,
    p.consultorId,
  ]);
  if (!rows[0]) throw notFound(MSG.consultorNaoEncontrado);
  // 000 §4: the original's direct assignment also set the older status field to 'qualificado'
  if (p.statusLegado)
    await tx.query("UPDATE leads_juros_check SET status = $3 WHERE id_empresa_fk = $1 AND id = $2", [
      p.empresaId,
      lead.id,
      p.statusLegado,
    ]);
  const para = statusDaAtribuicaoDireta(lead.status_lead);
  // assigned right below in this transaction: no automatic assignment job for the waiting status
  if (para)
    await mudarStatusDosLeads(deps, tx, { empresaId: p.empresaId, leads: [lead], para, autor: p.autor, atribuiEmSeguida: true });
  if (lead.consultor_atribuido_id !== rows[0].id)
    await gravarAtribuicoes(deps, tx, { empresaId: p.empresaId, leads: [lead], consultor: rows[0], autor: p.autor });
  return { atribuido: true, consultorId: rows[0].id, consultorNome: rows[0].nome };
}

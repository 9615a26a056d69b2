/**
 * AI screening engine (decision 0601; 001 'AI screening', §4, §7, §9).
 *
 * HOW IT PLUGS INTO THE WHATSAPP PIPELINE (decision 0401) — two seams:
 *
 * (a) `triarLead(deps, { empresaId, leadId })` screens the lead's conversation. It is what the queue
 *     jobs/queues.ts FILA_TRIAGEM runs (screening/worker.ts; whatsapp/inbound/store-inbound.ts enqueues one job per lead
 *     with new messages when the company has ia_triagem_ativa), and it may also be called directly. Safe to call
 *     repeatedly: it answers the lead's newest message once (triagens_ia.id_mensagem_ref) and does nothing when
 *     there is nothing new, when screening is off or when the lead is no longer undecided (`deveTriar`). One at a
 *     time per lead: every step starts with SELECT … FOR UPDATE of the lead row, and while the model
 *     answers (no transaction is held then: a connection held for seconds would starve the pool) the run holds a
 *     lease on the lead (triagem_execucoes); a concurrent call sees it and leaves the lead to that run, which reads
 *     the conversation again before answering, so every message is answered, in order. The decision, the status,
 *     the messages to the lead, the assignment and the notifications commit together in one transaction.
 *     `deveTriar(lead, empresa)` (packages/domain/src/screening.ts) is the condition: screening on and the lead in
 *     'Novo Lead' / 'novo' / 'Em Triagem IA'.
 *
 * (b) `enviarMensagemIa(deps, tx, { empresaId, leadId, texto })` (send-ai-message.ts) sends nextQuestion, the
 *     hand-off and the closing message: a mensagens_whatsapp row (saida, sender 'ia', pending) plus a job on the
 *     outbound queue whatsapp/queues.ts FILA_ENVIO, both in the screening's transaction.
 *
 * The company's settings come from empresas.config_chatgpt_api (read-ai-config.ts: plain or "v1." encrypted key).
 * With a key, the OpenAI-compatible server at base_url decides (ai-client.ts); without one, the built-in
 * rule-based screener applies the same criteria (rule-screener.ts).
 */
import { randomUUID } from "node:crypto";
import { MSG } from "@crm/domain/messages";
import { deveTriar } from "@crm/domain/screening";
import { triagemPausada } from "../consent/ledger.js";
import type { TDeps } from "../core/deps.js";
import { withCompanyJob } from "../db/tenant.js";
import { FILA_ENVIO } from "../whatsapp/queues.js";
import { OPCOES_MODELO_PADRAO, perguntarAoModelo, type TOpcoesModelo } from "./ai-client.js";
import { ErroIa } from "./ai-error.js";
import { aplicarDesfecho, type TAplicado, type TDesfecho } from "./apply-decision.js";
import { lerConversa, type TEmpresaLead, travarLead, ultimaDoLead } from "./load-conversation.js";
import { mensagensParaModelo, type TMensagemConversa } from "./prompt.js";
import { triarPorRegras } from "./rule-screener.js";
import { agendarTriagem } from "./schedule-screening.js";

export type TExecucaoTriagem = ({ acao: "triado" } & TAplicado) | { acao: "ignorado"; motivo: string };

export type TOpcoesTriagem = { modelo?: Partial<TOpcoesModelo> };

/** A lead message that arrives while the model answers makes the answer stale: ask again, at most this often. */
const MAX_RODADAS = 3;
/** The lease outlives the model's timeout by this margin, so a crashed run frees the lead soon after. */
const FOLGA_LEASE_MS = 30_000;

/** The run's answer for a lead that opted out and has not written since. */
export const MOTIVO_SAIU = "lead pediu para sair";

/** Why this lead is not screened now, or null. */
function motivoParaIgnorar(e: TEmpresaLead): string | null {
  if (!deveTriar(e.lead, { ia_triagem_ativa: e.empresa.ativa }))
    return e.empresa.ativa ? `lead em ${e.lead.status_lead}` : "triagem desativada";
  return null;
}

async function perguntar(e: TEmpresaLead, conversa: TMensagemConversa[], opts: TOpcoesModelo): Promise<TDesfecho> {
  const ia = e.empresa.ia;
  try {
    const r = await perguntarAoModelo(
      { ...ia, apiKey: ia.apiKey as string },
      mensagensParaModelo(e.empresa.nome, conversa),
      opts,
    );
    return { tipo: "resultado", resultado: r.resultado, motor: "openai", modelo: ia.model };
  } catch (err) {
    // whatever goes wrong, the lead gets a next step: manual analysis with the reason
    return {
      tipo: "erro",
      erro: err instanceof ErroIa ? err.mensagem : MSG.erroInternoProcessarMensagem,
      motor: "openai",
      modelo: ia.model,
    };
  }
}

function porRegras(e: TEmpresaLead, conversa: TMensagemConversa[]): TDesfecho {
  try {
    return { tipo: "resultado", resultado: triarPorRegras(conversa, e.empresa.nome), motor: "regras", modelo: null };
  } catch (err) {
    return {
      tipo: "erro",
      erro: err instanceof ErroIa ? err.mensagem : MSG.erroInternoProcessarMensagem,
      motor: "regras",
      modelo: null,
    };
  }
}

type TPreparo =
  | { fim: TExecucaoTriagem }
  | { fim?: undefined; estado: TEmpresaLead; conversa: TMensagemConversa[]; alvo: string; execucao: string };

/**
 * Phase 1, one short transaction: checks, reads the conversation and either decides at once (the rule-based
 * screener needs nothing external) or takes the lead's lease for the model call.
 */
async function preparar(deps: TDeps, p: { empresaId: string; leadId: string }, opts: TOpcoesModelo): Promise<TPreparo> {
  return withCompanyJob(deps.db.app, p.empresaId, "ia-triagem", async (tx): Promise<TPreparo> => {
    const e = await travarLead(tx, deps.config.appSecret, p.empresaId, p.leadId);
    if (!e) return { fim: { acao: "ignorado", motivo: "lead não encontrado" } };
    const motivo = motivoParaIgnorar(e);
    if (motivo) return { fim: { acao: "ignorado", motivo } };
    // the lead opted out ('SAIR'): silence until they write again of their own accord (decision 1828)
    if (await triagemPausada(tx, p.empresaId, p.leadId)) return { fim: { acao: "ignorado", motivo: MOTIVO_SAIU } };
    const { conversa, referencia, execucao: outra } = await lerConversa(tx, p.empresaId, p.leadId);
    if (outra) return { fim: { acao: "ignorado", motivo: "triagem em andamento" } };
    const alvo = ultimaDoLead(conversa);
    if (!alvo) return { fim: { acao: "ignorado", motivo: "nenhuma mensagem do lead" } };
    if (referencia === alvo.id) return { fim: { acao: "ignorado", motivo: "mensagem já triada" } };
    if (!e.empresa.ia.apiKey) {
      const aplicado = await aplicarDesfecho(deps, tx, {
        empresaId: p.empresaId,
        lead: e.lead,
        mensagemRef: alvo.id,
        desfecho: porRegras(e, conversa),
      });
      return { fim: { acao: "triado", ...aplicado } };
    }
    const execucao = randomUUID();
    await tx.query(
      `INSERT INTO triagem_execucoes (id_empresa_fk, id_lead_fk, execucao, ate)
       VALUES ($1, $2, $3, clock_timestamp() + make_interval(secs => $4))
       ON CONFLICT (id_empresa_fk, id_lead_fk) DO UPDATE SET execucao = EXCLUDED.execucao, ate = EXCLUDED.ate`,
      [p.empresaId, p.leadId, execucao, (opts.timeoutMs * opts.tentativas + FOLGA_LEASE_MS) / 1000],
    );
    return { estado: e, conversa, alvo: alvo.id, execucao };
  });
}

/**
 * Phase 2, one short transaction: gives the lease back and applies the model's answer, unless the lead changed
 * meanwhile (a person moved it: nothing to do; the lead wrote again: `repetir`, the conversation is read anew).
 */
async function concluir(
  deps: TDeps,
  p: { empresaId: string; leadId: string },
  pr: Extract<TPreparo, { estado: TEmpresaLead }>,
  desfecho: TDesfecho,
  ultimaRodada: boolean,
): Promise<TExecucaoTriagem | "repetir"> {
  return withCompanyJob(deps.db.app, p.empresaId, "ia-triagem", async (tx) => {
    const e = await travarLead(tx, deps.config.appSecret, p.empresaId, p.leadId);
    const { rows } = await tx.query(
      `WITH devolvida AS (
         DELETE FROM triagem_execucoes WHERE id_empresa_fk = $1 AND id_lead_fk = $2 AND execucao = $3 RETURNING 1)
       SELECT EXISTS (SELECT 1 FROM devolvida) AS nossa,
              (SELECT id FROM mensagens_whatsapp WHERE id_empresa_fk = $1 AND id_lead_fk = $2 AND sender = 'lead'
                ORDER BY timestamp DESC, created_at DESC, id DESC LIMIT 1) AS novo`,
      [p.empresaId, p.leadId, pr.execucao],
    );
    const { nossa, novo } = rows[0] as { nossa: boolean; novo: string | null };
    if (!nossa) return { acao: "ignorado", motivo: "triagem assumida por outra execução" };
    if (!e || motivoParaIgnorar(e)) return { acao: "ignorado", motivo: "lead mudou durante a triagem" };
    if (await triagemPausada(tx, p.empresaId, p.leadId)) return { acao: "ignorado", motivo: MOTIVO_SAIU };
    if (novo !== pr.alvo && !ultimaRodada) return "repetir";
    const aplicado = await aplicarDesfecho(deps, tx, { empresaId: p.empresaId, lead: e.lead, mensagemRef: pr.alvo, desfecho });
    // still writing after the last round: a queued run answers the newer messages
    if (novo !== pr.alvo && novo) await agendarTriagem(deps, tx, { empresaId: p.empresaId, leadId: p.leadId, mensagemId: novo });
    return { acao: "triado", ...aplicado };
  });
}

/** Seam (a): screens the lead's conversation once per new lead message. See the top of this file. */
export async function triarLead(
  deps: TDeps,
  p: { empresaId: string; leadId: string },
  opts: TOpcoesTriagem = {},
): Promise<TExecucaoTriagem> {
  const modelo = { ...OPCOES_MODELO_PADRAO, ...opts.modelo };
  for (let rodada = 1; ; rodada++) {
    const pr = await preparar(deps, p, modelo);
    let r: TExecucaoTriagem | "repetir";
    if (pr.fim) r = pr.fim;
    else {
      const desfecho = await perguntar(pr.estado, pr.conversa, modelo);
      try {
        r = await concluir(deps, p, pr, desfecho, rodada >= MAX_RODADAS);
      } catch (err) {
        // let a retry in at once rather than after the lease expires
        await withCompanyJob(deps.db.app, p.empresaId, "ia-triagem", (tx) =>
          tx.query("DELETE FROM triagem_execucoes WHERE id_empresa_fk = $1 AND id_lead_fk = $2 AND execucao = $3", [
            p.empresaId,
            p.leadId,
            pr.execucao,
          ]),
        ).catch(() => {});
        throw err;
      }
    }
    if (r === "repetir") continue;
    if (r.acao === "triado" && r.mensagens > 0) deps.jobs.acordar(FILA_ENVIO);
    return r;
  }
}

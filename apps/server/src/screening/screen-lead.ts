/**
 * AI screening engine (issue 6; 001 'AI screening', §4, §7, §9).
 *
 * HOW IT PLUGS INTO THE WHATSAPP PIPELINE (issue 4) — two seams:
 *
 * (a) `triarLead(deps, { empresaId, leadId })` screens the lead's conversation. It is what the queue
 *     jobs/queues.ts FILA_TRIAGEM runs (screening/worker.ts; whatsapp/store-inbound.ts enqueues one job per lead
 *     with new messages when the company has ia_triagem_ativa), and it may also be called directly. Safe to call
 *     repeatedly: it answers the lead's newest message once (triagens_ia.id_mensagem_ref) and does nothing when
 *     there is nothing new, when screening is off or when the lead is no longer undecided (`deveTriar`). One at a
 *     time per lead: a transaction-level advisory lock on the lead id serializes concurrent calls, and each call
 *     reads the whole conversation, so messages are answered in order. The whole run is one transaction: the
 *     decision, the status, the messages to the lead, the assignment and the notifications commit together.
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
import { deveTriar } from "@crm/domain/screening";
import { MSG } from "@crm/domain/messages";
import { unsafeWithSystem } from "../db/tenant.js";
import type { TDeps } from "../deps.js";
import { FILA_ENVIO } from "../whatsapp/queues.js";
import { ErroIa, OPCOES_MODELO_PADRAO, perguntarAoModelo, type TOpcoesModelo } from "./ai-client.js";
import { aplicarDesfecho, type TAplicado, type TDesfecho } from "./apply-decision.js";
import { idUltimaDoLead, lerConversa, lerLeadTriagem, referenciaDaUltimaTriagem, ultimaDoLead } from "./load-conversation.js";
import { mensagensParaModelo, type TMensagemConversa } from "./prompt.js";
import { lerEmpresaTriagem, type TConfigIa } from "./read-ai-config.js";
import { triarPorRegras } from "./rule-screener.js";

export { deveTriar };

export type TExecucaoTriagem = ({ acao: "triado" } & TAplicado) | { acao: "ignorado"; motivo: string };

export type TOpcoesTriagem = { modelo?: Partial<TOpcoesModelo> };

/** A lead message that arrives while the model thinks makes the answer stale: read again, at most this often. */
const MAX_RODADAS = 3;

async function decidir(
  ia: TConfigIa,
  empresaNome: string,
  conversa: TMensagemConversa[],
  opts: TOpcoesTriagem,
): Promise<TDesfecho> {
  const motor = ia.apiKey ? "openai" : "regras";
  const modelo = ia.apiKey ? ia.model : null;
  try {
    if (!ia.apiKey) return { tipo: "resultado", resultado: triarPorRegras(conversa, empresaNome), motor, modelo };
    const r = await perguntarAoModelo({ ...ia, apiKey: ia.apiKey }, mensagensParaModelo(empresaNome, conversa), {
      ...OPCOES_MODELO_PADRAO,
      ...opts.modelo,
    });
    return { tipo: "resultado", resultado: r.resultado, motor, modelo };
  } catch (e) {
    // whatever goes wrong, the lead gets a next step: manual analysis with the reason
    return { tipo: "erro", erro: e instanceof ErroIa ? e.mensagem : MSG.erroInternoProcessarMensagem, motor, modelo };
  }
}

/** Seam (a): screens the lead's conversation once per new lead message. See the top of this file. */
export async function triarLead(
  deps: TDeps,
  p: { empresaId: string; leadId: string },
  opts: TOpcoesTriagem = {},
): Promise<TExecucaoTriagem> {
  const r = await unsafeWithSystem(deps.db.app, "ia-triagem", async (tx): Promise<TExecucaoTriagem> => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`triagem:${p.leadId}`]);
    const empresa = await lerEmpresaTriagem(tx, deps.config.appSecret, p.empresaId);
    if (!empresa) return { acao: "ignorado", motivo: "empresa não encontrada" };
    for (let rodada = 1; ; rodada++) {
      const lead = await lerLeadTriagem(tx, p.empresaId, p.leadId);
      if (!lead) return { acao: "ignorado", motivo: "lead não encontrado" };
      if (!deveTriar(lead, { ia_triagem_ativa: empresa.ativa }))
        return { acao: "ignorado", motivo: empresa.ativa ? `lead em ${lead.status_lead}` : "triagem desativada" };
      const conversa = await lerConversa(tx, p.empresaId, p.leadId);
      const alvo = ultimaDoLead(conversa);
      if (!alvo) return { acao: "ignorado", motivo: "nenhuma mensagem do lead" };
      if ((await referenciaDaUltimaTriagem(tx, p.empresaId, p.leadId)) === alvo.id)
        return { acao: "ignorado", motivo: "mensagem já triada" };

      const desfecho = await decidir(empresa.ia, empresa.nome, conversa, opts);

      // the lead may have written again, or a person may have moved it, while the model was answering
      if (rodada < MAX_RODADAS && (await idUltimaDoLead(tx, p.empresaId, p.leadId)) !== alvo.id) continue;
      const atual = await lerLeadTriagem(tx, p.empresaId, p.leadId, true);
      if (!atual || !deveTriar(atual, { ia_triagem_ativa: empresa.ativa }))
        return { acao: "ignorado", motivo: "lead mudou durante a triagem" };
      const aplicado = await aplicarDesfecho(deps, tx, { empresaId: p.empresaId, lead: atual, mensagemRef: alvo.id, desfecho });
      return { acao: "triado", ...aplicado };
    }
  });
  if (r.acao === "triado" && r.mensagens > 0) deps.jobs.acordar(FILA_ENVIO);
  return r;
}

import { ehPedidoDeSaida, TEXTOS_CONSENTIMENTO, textoConfirmacaoSaida } from "@crm/domain/consent";
import type { TDeps } from "../core/deps.js";
import type { TTx } from "../db/tenant.js";
import { gravarConfirmacaoDeSaida } from "./confirmation.js";
import { lerPalavrasSair } from "./keywords.js";
import { gravarConsentimentos, lerEstadosAtuais, type TEntradaConsentimento, type TEstadoConsentimento } from "./ledger.js";

/** An incoming message just stored: the lead's own words. */
export type TMensagemDoLead = {
  id: string;
  leadId: string;
  texto: string;
  providerId: string | null;
  timestamp: Date | string;
};

/**
 * The inbound pipeline's one call into consent, before the AI screening is queued (decision 1828). For each lead, in
 * time order: a message that is only an opt-out word ('SAIR', 'PARAR': the company's list) revokes marketing consent
 * and pauses the screening (atendimento revoked), with one confirmation message; any other message, when the lead
 * had no service consent on record or had opted out, records that the lead wrote of their own accord (atendimento
 * granted) and the screening resumes. Entries are written only when the state changes, so a busy conversation adds
 * nothing. Returns the leads whose screening must not run for this batch, and the confirmations to send (the caller
 * queues their send jobs: the outbound queue is the WhatsApp pipeline's).
 */
export async function lerConsentimentoNasMensagensDoLead(
  deps: Pick<TDeps, "realtime">,
  tx: TTx,
  empresa: { id: string; nome: string },
  mensagens: TMensagemDoLead[],
): Promise<{ pausadas: Set<string>; confirmacoes: string[] }> {
  const pausadas = new Set<string>();
  const confirmacoes: string[] = [];
  if (!mensagens.length) return { pausadas, confirmacoes };
  const { palavras } = await lerPalavrasSair(tx, empresa.id);
  const estados = await lerEstadosAtuais(tx, empresa.id, [...new Set(mensagens.map((m) => m.leadId))]);
  const entradas: TEntradaConsentimento[] = [];
  const confirmar = new Set<string>();
  const ordenadas = [...mensagens].sort((a, b) => new Date(a.timestamp).getTime() - new Date(b.timestamp).getTime());
  for (const m of ordenadas) {
    const estado = estados.get(m.leadId) as TEstadoConsentimento;
    const base = {
      leadId: m.leadId,
      canal: "whatsapp" as const,
      origem: "lead" as const,
      mensagemId: m.id,
      whatsappId: m.providerId,
      ocorridoEm: m.timestamp,
    };
    if (ehPedidoDeSaida(m.texto, palavras)) {
      // a second 'SAIR' while already out changes nothing and gets no second confirmation
      if (estado.marketing === "revogado" && estado.atendimento === "revogado") continue;
      const revogacao = { texto: textoConfirmacaoSaida(empresa.nome), versao: TEXTOS_CONSENTIMENTO.revogacao.versao };
      if (estado.marketing !== "revogado")
        entradas.push({ ...base, ...revogacao, finalidade: "marketing", situacao: "revogado" });
      entradas.push({ ...base, ...revogacao, finalidade: "atendimento", situacao: "revogado" });
      estado.marketing = "revogado";
      estado.atendimento = "revogado";
      confirmar.add(m.leadId);
    } else if (estado.atendimento !== "concedido") {
      const { texto, versao } = TEXTOS_CONSENTIMENTO.atendimento;
      entradas.push({ ...base, texto, versao, finalidade: "atendimento", situacao: "concedido" });
      estado.atendimento = "concedido";
    }
  }
  await gravarConsentimentos(tx, empresa.id, entradas, { origem: "webhook" });
  for (const leadId of confirmar)
    confirmacoes.push(await gravarConfirmacaoDeSaida(deps, tx, { empresaId: empresa.id, empresaNome: empresa.nome, leadId }));
  for (const [leadId, e] of estados) if (e.atendimento === "revogado") pausadas.add(leadId);
  return { pausadas, confirmacoes };
}

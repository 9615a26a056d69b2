import { palavraDaMensagem } from "@crm/domain/privacy-requests";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import type { TTx } from "../db/tenant.js";
import { abrirPedido, enviarProtocolo, novoCodigoDoPedido } from "./open-request.js";
import { lerConfigPrivacidade } from "./settings.js";

/**
 * The inbound pipeline's one privacy hook (decision 1824), called before the screening with each lead's newest
 * message of the batch: a message that is one of the company's keywords ('MEUS DADOS'…) opens a request for that lead
 * and answers with its protocol and one-time code on WhatsApp; the same keyword while a request of the lead still
 * waits for its code sends a fresh code for that request instead of opening a second one. Returns the leads whose
 * message was a keyword: the screening does not answer those messages.
 */
export async function atenderPalavrasDePrivacidade(
  deps: Pick<TDeps, "config" | "realtime" | "jobs">,
  tx: TTx,
  empresaId: string,
  ultimaPorLead: Map<string, { id: string; message: string }>,
): Promise<Set<string>> {
  const atendidos = new Set<string>();
  if (!ultimaPorLead.size) return atendidos;
  const cfg = await lerConfigPrivacidade(tx, empresaId);
  const pedidos = [...ultimaPorLead]
    .map(([leadId, m]) => ({ leadId, palavra: palavraDaMensagem(m.message, cfg.palavras_chave) }))
    .filter((x) => x.palavra);
  for (const { leadId, palavra } of pedidos) {
    if (!palavra) continue;
    atendidos.add(leadId);
    const { rows } = await tx.query(
      `SELECT p.id, l.telefone_normalizado FROM leads_juros_check l
         LEFT JOIN privacidade_pedidos p ON p.id_empresa_fk = l.id_empresa_fk AND p.id_lead_fk = l.id
              AND p.status = 'aguardando_verificacao' AND p.direito = $3
        WHERE l.id_empresa_fk = $1 AND l.id = $2
        ORDER BY p.aberto_em DESC NULLS LAST LIMIT 1`,
      [empresaId, leadId, palavra.direito],
    );
    const aberto = rows[0]?.id as string | undefined;
    if (aberto) {
      await enviarProtocolo(deps, tx, empresaId, aberto, await novoCodigoDoPedido(deps, tx, empresaId, aberto, relogio.agora()));
      continue;
    }
    await abrirPedido(deps, tx, {
      empresaId,
      direito: palavra.direito,
      canal: "whatsapp",
      leadId,
      telefoneNormalizado: rows[0]?.telefone_normalizado ?? null,
      nome: null,
      cpf: null,
      email: null,
      detalhes: null,
      representanteNome: null,
      autor: { origem: "webhook" },
    });
  }
  return atendidos;
}

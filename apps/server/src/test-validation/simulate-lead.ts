import { randomBytes, randomUUID } from "node:crypto";
import { MSG } from "@crm/domain/messages";
import { normalizarTelefone } from "@crm/domain/phone";
import type { TSimularMensagem } from "@crm/domain/schemas/whatsapp";
import type { TTipoAnexo } from "@crm/domain/whatsapp";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { badRequest, conflict } from "../http/errors.js";
import { ingestorDe } from "../whatsapp/inbound/ingest.js";
import { lerConfigWhatsApp } from "../whatsapp/providers/company-config.js";
import type { TEventoMensagem } from "../whatsapp/providers/events.js";
import { prefixoMidiaSandbox } from "../whatsapp/providers/sandbox.js";

export type TArquivoSimulado = { dados: Buffer; nome: string; mime: string; tipo: TTipoAnexo };

/**
 * A person writes as a lead (000 §2.7 'simulate an incoming message', the 'Simular lead' panel): the
 * sandbox delivers it exactly as a provider's webhook would, through the inbox and the same job, so the
 * whole loop (lead found or created, chat, Conversas, notification) runs with no external account.
 */
export async function simularMensagemRecebida(
  deps: TDeps,
  ctx: TTenantCtx & { empresaId: string },
  entrada: TSimularMensagem,
  arquivo: TArquivoSimulado | null,
): Promise<{ providerId: string }> {
  const cfg = await withTenant(deps.db.app, ctx, (tx) => lerConfigWhatsApp(tx, deps.config.appSecret, ctx.empresaId));
  if (cfg?.provedor !== "sandbox") throw conflict("O simulador funciona apenas com o provedor Sandbox (simulação).");
  const telefone = normalizarTelefone(entrada.telefone);
  if (!telefone) throw badRequest("Telefone inválido", { telefone: "Telefone inválido" });
  if (!entrada.texto && !arquivo) throw badRequest(MSG.mensagemVazia, { texto: MSG.mensagemVazia });

  let midia: TEventoMensagem["midia"] = null;
  if (arquivo) {
    const ref = `${prefixoMidiaSandbox(ctx.empresaId)}/${Date.now()}-${randomBytes(6).toString("hex")}`;
    await deps.storage.gravar(ref, arquivo.dados);
    midia = { ref, mime: arquivo.mime, nome: arquivo.tipo === "document" ? arquivo.nome : null, tamanho: arquivo.dados.length };
  }
  const providerId = `sandbox.in.${randomUUID()}`;
  await ingestorDe(deps).receber(ctx.empresaId, [
    {
      tipo: "mensagem",
      providerId,
      telefone,
      nome: entrada.nome || null,
      direcao: "entrada",
      timestamp: new Date().toISOString(),
      messageType: arquivo ? arquivo.tipo : "text",
      texto: entrada.texto,
      midia,
    },
  ]);
  return { providerId };
}

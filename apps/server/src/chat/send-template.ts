import { MSG } from "@crm/domain/messages";
import type { TEnviarTemplate, TMensagem } from "@crm/domain/schemas/chat";
import { contarParametros, renderizarTemplateProvedor } from "@crm/domain/templates";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { badRequest } from "../http/errors.js";
import { lerConfigWhatsApp, type TConfigWhatsApp } from "../whatsapp/providers/company-config.js";
import { comoErroProvedor } from "../whatsapp/providers/provider.js";
import { acessarLead } from "./access.js";
import { criarMensagemSaida, type TRemetente } from "./send.js";
import { templatesAprovados } from "./templates.js";

/**
 * A provider-approved template (the only message allowed outside the 24-hour window): the template must be in the
 * provider's approved list with every variable filled, then it is sent like any message. The chat's dialog and
 * POST /api/v1/leads/{id}/mensagens/modelo both call this.
 */
export async function enviarTemplate(
  deps: TDeps,
  ctx: TTenantCtx,
  leadId: string,
  { nome, idioma, parametros }: TEnviarTemplate,
  remetente?: TRemetente,
): Promise<TMensagem> {
  const cfg = await withTenant(deps.db.app, ctx, async (tx) => {
    const lead = await acessarLead(tx, ctx, leadId);
    return (await lerConfigWhatsApp(tx, deps.config.appSecret, lead.empresaId)) as TConfigWhatsApp;
  });
  const aprovados = await templatesAprovados(deps, cfg).catch((e) => {
    throw badRequest(comoErroProvedor(e, MSG.whatsappErroConexaoApi).mensagem);
  });
  const t = aprovados.find((a) => a.nome === nome && a.idioma === idioma);
  if (!t) throw badRequest(MSG.modeloNaoAprovado);
  if (parametros.length !== contarParametros(t.corpo)) throw badRequest("Preencha todas as variáveis do modelo.");
  return criarMensagemSaida(
    deps,
    ctx,
    leadId,
    { tipo: "template", texto: renderizarTemplateProvedor(t.corpo, parametros), template: { nome, idioma, parametros } },
    undefined,
    remetente,
  );
}

import { MSG } from "@crm/domain/messages";
import type { TModelosCampanha } from "@crm/domain/schemas/campaigns";
import { templatesAprovados } from "../chat/templates.js";
import type { TDeps } from "../core/deps.js";
import { type TCtxDaEmpresa, withTenant } from "../db/tenant.js";
import { lerConfigWhatsApp } from "../whatsapp/providers/company-config.js";
import { comoErroProvedor } from "../whatsapp/providers/provider.js";

/**
 * The approved templates a campaign may send (decision 1944), read from the company's provider as the chat's
 * templates dialog reads them: the admin picks one, with its language and its number of variables, instead of typing
 * a name Meta would refuse at the first send. A provider that cannot be reached says why; the form then takes a
 * typed name as before.
 */
export async function modelosDaCampanha(deps: TDeps, ctx: TCtxDaEmpresa): Promise<TModelosCampanha> {
  const cfg = await withTenant(deps.db.app, ctx, (tx) => lerConfigWhatsApp(tx, deps.config.appSecret, ctx.empresaId));
  if (!cfg) return { aprovados: [], erro: MSG.whatsappNaoConfigurado };
  try {
    return { aprovados: await templatesAprovados(deps, cfg), erro: null };
  } catch (e) {
    return { aprovados: [], erro: comoErroProvedor(e, MSG.whatsappErroConexaoApi).mensagem };
  }
}

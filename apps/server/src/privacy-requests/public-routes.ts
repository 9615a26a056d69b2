import { MSG_PACOTE } from "@crm/domain/privacy-package";
import { DIREITOS_TITULAR, MSG_PRIVACIDADE, prazoDoDireito } from "@crm/domain/privacy-requests";
import {
  ZConfirmarCodigo,
  ZNovoPedidoPrivacidade,
  ZPacotePublico,
  ZPaginaPublicaPrivacidade,
  ZProtocoloCriado,
} from "@crm/domain/schemas/privacy-requests";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TDeps } from "../core/deps.js";
import { type TTx, withCompanyJob } from "../db/tenant.js";
import { notFound } from "../http/errors.js";
import { FILA_ENVIO } from "../jobs/queues.js";
import { baixarPacotePublico, lerPacotePublico } from "./package-actions.js";
import { abrirPedidoRecebido } from "./receive-request.js";
import { lerConfigPrivacidade } from "./settings.js";
import { confirmarCodigo } from "./verify.js";

/** Per address: a titular sends a request or two; a script that floods the form or guesses codes is stopped. */
const LIMITE_PEDIDOS = { max: 5, timeWindow: "1 hour" };
const LIMITE_CODIGO = { max: 20, timeWindow: "15 minutes" };
const ZEmpresa = z.object({ empresaId: z.guid({ error: MSG_PRIVACIDADE.paginaNaoEncontrada }) });
/** The package link's token: 32 random bytes, base64url (decision 1866); anything else is an invalid link. */
const ZLinkPacote = ZEmpresa.extend({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: MSG_PACOTE.linkInvalido }) });
/** Per address: a titular opens the link a few times; a script guessing tokens is stopped. */
const LIMITE_PACOTE = { max: 30, timeWindow: "15 minutes" };

/** The company of the page, in its own tenant context (no crossing): an unknown one is 404. */
function naEmpresa<T>(deps: Pick<TDeps, "db">, empresaId: string, motivo: string, fn: (tx: TTx, nome: string) => Promise<T>) {
  return withCompanyJob(deps.db.app, empresaId, motivo, async (tx) => {
    const { rows } = await tx.query("SELECT nome_empresa FROM empresas WHERE id = $1", [empresaId]);
    if (!rows[0]) throw notFound(MSG_PRIVACIDADE.paginaNaoEncontrada);
    return fn(tx, rows[0].nome_empresa);
  });
}

/**
 * The company's public privacy page /privacidade/{empresa} (decision 1824), no sign-in: the encarregado and the
 * channel (Res. CD/ANPD 18/2024), the rights and their deadlines, the request form and the code's confirmation, each
 * limited per address.
 */
export const publicPrivacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    "/publico/privacidade/:empresaId",
    { config: { publica: true }, schema: { params: ZEmpresa, response: { 200: ZPaginaPublicaPrivacidade } } },
    (req) =>
      naEmpresa(deps, req.params.empresaId, "privacidade-pagina-publica", async (tx, empresa) => {
        const c = await lerConfigPrivacidade(tx, req.params.empresaId);
        return {
          empresa,
          encarregado_nome: c.encarregado_nome,
          encarregado_email: c.encarregado_email,
          encarregado_telefone: c.encarregado_telefone,
          prazos: DIREITOS_TITULAR.map((direito) => ({ direito, dias: prazoDoDireito(direito, c.prazos_dias) })),
        };
      }),
  );

  app.post(
    "/publico/privacidade/:empresaId/pedidos",
    {
      config: { publica: true, rateLimit: LIMITE_PEDIDOS },
      schema: { params: ZEmpresa, body: ZNovoPedidoPrivacidade, response: { 201: ZProtocoloCriado } },
    },
    async (req, reply) => {
      const r = await naEmpresa(deps, req.params.empresaId, "privacidade-pagina-publica", (tx) =>
        abrirPedidoRecebido(deps, tx, req.params.empresaId, req.body, "pagina_publica", { origem: "sistema" }),
      );
      deps.jobs.acordar(FILA_ENVIO);
      return reply.status(201).send(r);
    },
  );

  app.post(
    "/publico/privacidade/:empresaId/confirmar",
    {
      config: { publica: true, rateLimit: LIMITE_CODIGO },
      schema: { params: ZEmpresa, body: ZConfirmarCodigo, response: { 200: z.object({ mensagem: z.string() }) } },
    },
    async (req) => {
      await naEmpresa(deps, req.params.empresaId, "privacidade-pagina-publica", async () => undefined);
      await confirmarCodigo(deps, req.params.empresaId, req.body);
      return { mensagem: MSG_PRIVACIDADE.publicoConfirmado };
    },
  );

  // the titular's package link (decision 1866): the page reads it, the file downloads; 410 in pt-BR once expired
  app.get(
    "/publico/privacidade/:empresaId/pacote/:token",
    {
      config: { publica: true, rateLimit: LIMITE_PACOTE },
      schema: { params: ZLinkPacote, response: { 200: ZPacotePublico } },
    },
    (req) => lerPacotePublico(deps, req.params.empresaId, req.params.token),
  );

  app.get(
    "/publico/privacidade/:empresaId/pacote/:token/arquivo",
    { config: { publica: true, rateLimit: LIMITE_PACOTE }, schema: { params: ZLinkPacote } },
    (req, reply) => baixarPacotePublico(deps, req.params.empresaId, req.params.token, reply),
  );
};

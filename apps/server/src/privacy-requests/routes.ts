import { MSG_PRIVACIDADE } from "@crm/domain/privacy-requests";
import {
  ZConfigPrivacidade,
  ZEliminarDados,
  ZEncerrarPedido,
  ZNovoPedidoPrivacidade,
  ZPainelPrivacidade,
  ZProtocoloCriado,
  ZResultadoEliminacao,
} from "@crm/domain/schemas/privacy-requests";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { registrarMudancas } from "../change-log/record.js";
import { withTenant } from "../db/tenant.js";
import { registrarUploadDocumento } from "../documents/receive-upload.js";
import { contextoEmpresa } from "../http/tenant.js";
import { FILA_ENVIO } from "../jobs/queues.js";
import { anexarDocumentoDoRepresentante, aprovarRepresentante, encerrarPedido } from "./actions.js";
import { eliminarDadosDoTitular } from "./erase-lead.js";
import { painelPrivacidade } from "./list.js";
import { baixarPacoteDaEmpresa, iniciarPacote } from "./package-actions.js";
import { abrirPedidoRecebido } from "./receive-request.js";
import { gravarConfigPrivacidade, lerConfigPrivacidade } from "./settings.js";

const config = { permissao: "privacidade.gerenciar", negado: MSG_PRIVACIDADE.acessoNegado, alvo: "empresa" } as const;
const ZId = z.object({ id: z.guid() });
const ZOk = z.object({ ok: z.literal(true) });
const ok = { ok: true as const };

/**
 * /privacidade (decisions 1824–1826): the company admin's requests and their clock, registering one received by email
 * or phone, a representative's document and approval, closing, the access package (decisions 1865–1866); the
 * platform admin names the company (`?empresaId=`).
 */
export const privacyRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  await registrarUploadDocumento(app);

  app.get("/privacidade/pedidos", { config, schema: { response: { 200: ZPainelPrivacidade } } }, (req) =>
    painelPrivacidade(deps, contextoEmpresa(req)),
  );

  app.post(
    "/privacidade/pedidos",
    { config, schema: { body: ZNovoPedidoPrivacidade, response: { 201: ZProtocoloCriado } } },
    async (req, reply) => {
      const ctx = contextoEmpresa(req);
      const r = await withTenant(deps.db.app, ctx, (tx) =>
        abrirPedidoRecebido(deps, tx, ctx.empresaId, req.body, "registrada_pela_empresa", {
          origem: "usuario",
          usuarioId: ctx.usuarioId,
        }),
      );
      deps.jobs.acordar(FILA_ENVIO);
      return reply.status(201).send(r);
    },
  );

  app.post("/privacidade/pedidos/:id/documento", { config, schema: { params: ZId, response: { 200: ZOk } } }, async (req) => {
    await anexarDocumentoDoRepresentante(deps, contextoEmpresa(req), req.params.id, req);
    return ok;
  });

  app.post("/privacidade/pedidos/:id/aprovar", { config, schema: { params: ZId, response: { 200: ZOk } } }, async (req) => {
    await aprovarRepresentante(deps, contextoEmpresa(req), req.params.id);
    return ok;
  });

  app.post(
    "/privacidade/pedidos/:id/encerrar",
    { config, schema: { params: ZId, body: ZEncerrarPedido, response: { 200: ZOk } } },
    async (req) => {
      await encerrarPedido(deps, contextoEmpresa(req), req.params.id, req.body);
      return ok;
    },
  );

  // the access and portability package (decisions 1865–1866): started by the admin, downloaded by the admin
  app.post("/privacidade/pedidos/:id/pacote", { config, schema: { params: ZId, response: { 202: ZOk } } }, async (req, reply) => {
    await iniciarPacote(deps, contextoEmpresa(req), req.params.id);
    return reply.status(202).send(ok);
  });

  app.get("/privacidade/pedidos/:id/pacote/arquivo", { config, schema: { params: ZId } }, (req, reply) =>
    baixarPacoteDaEmpresa(deps, contextoEmpresa(req), req.params.id, reply),
  );

  // an erasure request answered by one action (decisions 1861–1864): erased, held with reasons, suppressed
  app.post(
    "/privacidade/pedidos/:id/eliminar",
    { config, schema: { params: ZId, body: ZEliminarDados, response: { 200: ZResultadoEliminacao } } },
    (req) => eliminarDadosDoTitular(deps, contextoEmpresa(req), req.params.id, req.body, req.log),
  );

  app.get("/privacidade/configuracao", { config, schema: { response: { 200: ZConfigPrivacidade } } }, (req) => {
    const ctx = contextoEmpresa(req);
    return withTenant(deps.db.app, ctx, (tx) => lerConfigPrivacidade(tx, ctx.empresaId));
  });

  app.put(
    "/privacidade/configuracao",
    { config, schema: { body: ZConfigPrivacidade, response: { 200: ZConfigPrivacidade } } },
    (req) => {
      const ctx = contextoEmpresa(req);
      return withTenant(deps.db.app, ctx, async (tx) => {
        await gravarConfigPrivacidade(tx, ctx.empresaId, req.body);
        // the settings change is an audited event (decision 1821): the company's id, the setting's name, no values
        await registrarMudancas(tx, {
          empresaId: ctx.empresaId,
          autor: { origem: "usuario", usuarioId: ctx.usuarioId },
          mudancas: [
            { entidade: "configuracao", id: ctx.empresaId, tipo: "configuracao.alterada", depois: { secao: "privacidade" } },
          ],
        });
        return lerConfigPrivacidade(tx, ctx.empresaId);
      });
    },
  );
};

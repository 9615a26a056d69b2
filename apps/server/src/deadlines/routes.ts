import { MSG_PRAZOS } from "@crm/domain/deadlines";
import {
  ZAvisoClienteBody,
  ZEstadoPrazoBody,
  ZFiltroPrazos,
  ZMeusPrazos,
  ZModeloPrazo,
  ZPrazo,
  ZPrazosDoProcesso,
  ZResponsavel,
  ZSalvarModeloPrazo,
  ZSalvarPrazo,
} from "@crm/domain/schemas/deadlines";
import { zId } from "@crm/domain/schemas/id";
import { ZEmpresaAlvo } from "@crm/domain/schemas/team";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { contextoEmpresa } from "../http/tenant.js";
import { criarModelo, editarModelo, excluirModelo, listarModelos } from "./chains.js";
import {
  criarPrazo,
  definirAvisoCliente,
  editarPrazo,
  excluirPrazo,
  listarPrazosDoProcesso,
  mudarEstadoPrazo,
} from "./deadlines.js";
import { listarMeusPrazos, listarResponsaveis } from "./my-deadlines.js";

/** Reading: Jurídico and Admin Empresa their company's, the platform admin any company's (?empresaId=). */
const ler = { permissao: "prazos.ver", alvo: "empresa", negado: MSG_PRAZOS.acessoNegadoPrazos } as const;
/** Changing deadlines and the client's opt-in: the company's Jurídico and Admin Empresa. */
const gerenciar = { permissao: "prazos.gerenciar", alvo: "empresa", negado: MSG_PRAZOS.acessoNegadoPrazos } as const;
/** The task chains per legal status: the Admin Empresa. */
const modelos = { permissao: "prazos.modelos", alvo: "empresa", negado: MSG_PRAZOS.apenasAdminModelos } as const;
const ZId = z.object({ id: zId() });

/** Deadlines (prazos) of legal processes, 'Meus prazos' and the task chains (decision 1106). */
export const deadlineRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get("/prazos", { config: ler, schema: { querystring: ZFiltroPrazos, response: { 200: ZMeusPrazos } } }, async (req) =>
    listarMeusPrazos(deps, contextoEmpresa(req), req.query),
  );

  app.get(
    "/prazos/responsaveis",
    { config: ler, schema: { querystring: ZEmpresaAlvo, response: { 200: z.array(ZResponsavel) } } },
    async (req) => listarResponsaveis(deps, contextoEmpresa(req)),
  );

  app.get(
    "/processos/:id/prazos",
    { config: ler, schema: { params: ZId, querystring: ZEmpresaAlvo, response: { 200: ZPrazosDoProcesso } } },
    async (req) => listarPrazosDoProcesso(deps, contextoEmpresa(req), req.params.id),
  );

  app.post(
    "/processos/:id/prazos",
    { config: gerenciar, schema: { params: ZId, body: ZSalvarPrazo, response: { 201: ZPrazo } } },
    async (req, reply) => reply.status(201).send(await criarPrazo(deps, contextoEmpresa(req), req.params.id, req.body)),
  );

  app.put(
    "/processos/:id/aviso-cliente",
    { config: gerenciar, schema: { params: ZId, body: ZAvisoClienteBody, response: { 200: ZAvisoClienteBody } } },
    async (req) => definirAvisoCliente(deps, contextoEmpresa(req), req.params.id, req.body.ativo),
  );

  app.put(
    "/prazos/:id",
    { config: gerenciar, schema: { params: ZId, body: ZSalvarPrazo, response: { 200: ZPrazo } } },
    async (req) => editarPrazo(deps, contextoEmpresa(req), req.params.id, req.body),
  );

  app.put(
    "/prazos/:id/estado",
    { config: gerenciar, schema: { params: ZId, body: ZEstadoPrazoBody, response: { 200: ZPrazo } } },
    async (req) => mudarEstadoPrazo(deps, contextoEmpresa(req), req.params.id, req.body.estado),
  );

  app.delete("/prazos/:id", { config: gerenciar, schema: { params: ZId } }, async (req, reply) => {
    await excluirPrazo(deps, contextoEmpresa(req), req.params.id);
    return reply.status(204).send();
  });

  app.get("/prazos-modelos", { config: modelos, schema: { response: { 200: z.array(ZModeloPrazo) } } }, async (req) =>
    listarModelos(deps, contextoEmpresa(req)),
  );

  app.post(
    "/prazos-modelos",
    { config: modelos, schema: { body: ZSalvarModeloPrazo, response: { 201: ZModeloPrazo } } },
    async (req, reply) => reply.status(201).send(await criarModelo(deps, contextoEmpresa(req), req.body)),
  );

  app.put(
    "/prazos-modelos/:id",
    { config: modelos, schema: { params: ZId, body: ZSalvarModeloPrazo, response: { 200: ZModeloPrazo } } },
    async (req) => editarModelo(deps, contextoEmpresa(req), req.params.id, req.body),
  );

  app.delete("/prazos-modelos/:id", { config: modelos, schema: { params: ZId } }, async (req, reply) => {
    await excluirModelo(deps, contextoEmpresa(req), req.params.id);
    return reply.status(204).send();
  });
};

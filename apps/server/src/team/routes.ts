import { zId } from "@crm/domain/schemas/id";
import {
  PAPEIS_CONVITE_EQUIPE,
  ZConvite,
  ZEdicaoConsultor,
  ZEmpresaAlvo,
  ZListaConvites,
  ZNovoConvite,
  ZPainelConsultores,
} from "@crm/domain/schemas/team";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { metaDaRequisicao } from "../auth/request-meta.js";
import { contextoEmpresa } from "../http/tenant.js";
import { criarConvite } from "../invitations/create-invite.js";
import { excluirConvite } from "../invitations/delete-invite.js";
import { listarConvites } from "../invitations/list-invites.js";
import { reenviarConvite } from "../invitations/resend-invite.js";
import { excluirConsultor } from "./delete-consultant.js";
import { listarConsultores } from "./list-consultants.js";
import { atualizarConsultor } from "./update-consultant.js";

const config = { permissao: "consultores.gerenciar", alvo: "empresa" } as const;
const ZId = z.object({ id: zId() });

/** /consultores (001 §2 'Consultant management', §6: Admin Empresa, Admin Plataforma with ?empresaId=). */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get("/consultores", { config, schema: { querystring: ZEmpresaAlvo, response: { 200: ZPainelConsultores } } }, async (req) =>
    listarConsultores(deps, contextoEmpresa(req)),
  );

  app.patch(
    "/consultores/:id",
    { config, schema: { params: ZId, querystring: ZEmpresaAlvo, body: ZEdicaoConsultor } },
    async (req, reply) => {
      await atualizarConsultor(deps, contextoEmpresa(req), req.params.id, req.body, metaDaRequisicao(req));
      return reply.status(204).send();
    },
  );

  app.delete(
    "/consultores/:id",
    {
      config,
      schema: { params: ZId, querystring: ZEmpresaAlvo, response: { 200: z.object({ leadsDesatribuidos: z.number() }) } },
    },
    async (req) => ({
      leadsDesatribuidos: await excluirConsultor(deps, contextoEmpresa(req), req.params.id, metaDaRequisicao(req)),
    }),
  );

  app.get(
    "/consultores/convites",
    { config, schema: { querystring: ZEmpresaAlvo, response: { 200: ZListaConvites } } },
    async (req) => ({
      convites: await listarConvites(deps, contextoEmpresa(req), PAPEIS_CONVITE_EQUIPE),
    }),
  );

  app.post(
    "/consultores/convites",
    { config, schema: { querystring: ZEmpresaAlvo, body: ZNovoConvite, response: { 201: ZConvite } } },
    async (req, reply) => {
      const convite = await criarConvite(deps, contextoEmpresa(req), req.body, metaDaRequisicao(req));
      return reply.status(201).send(convite);
    },
  );

  app.post(
    "/consultores/convites/:id/reenviar",
    { config, schema: { params: ZId, querystring: ZEmpresaAlvo, response: { 200: ZConvite } } },
    async (req) => reenviarConvite(deps, contextoEmpresa(req), req.params.id, metaDaRequisicao(req)),
  );

  app.delete("/consultores/convites/:id", { config, schema: { params: ZId, querystring: ZEmpresaAlvo } }, async (req, reply) => {
    await excluirConvite(deps, contextoEmpresa(req), req.params.id, metaDaRequisicao(req));
    return reply.status(204).send();
  });
};

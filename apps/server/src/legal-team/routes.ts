import { MSG } from "@crm/domain/messages";
import { zId } from "@crm/domain/schemas/id";
import {
  ZConvite,
  ZEmpresaAlvo,
  ZEquipeJuridica,
  ZMembroJuridico,
  ZMembroJuridicoForm,
  ZNovoMembroJuridico,
} from "@crm/domain/schemas/team";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { metaDaRequisicao } from "../auth/request-meta.js";
import { contextoEmpresa } from "../http/tenant.js";
import { criarMembro } from "./create-member.js";
import { excluirMembro } from "./delete-member.js";
import { convidarMembro } from "./invite-member.js";
import { listarMembros } from "./list-members.js";
import { atualizarMembro } from "./update-member.js";

/** 001 §6: Admin Empresa and Admin Plataforma; anyone else gets the spec's refusal. */
const config = { permissao: "juridico.equipe", alvo: "empresa", negado: MSG.apenasAdminsEquipeJuridica } as const;
const ZId = z.object({ id: zId() });

/** /juridico-equipe (001 §2 'Legal team'): the legal team, persisted. */
export const legalTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    "/juridico-equipe",
    { config, schema: { querystring: ZEmpresaAlvo, response: { 200: ZEquipeJuridica } } },
    async (req) => listarMembros(deps, contextoEmpresa(req)),
  );

  app.post(
    "/juridico-equipe",
    { config, schema: { querystring: ZEmpresaAlvo, body: ZNovoMembroJuridico, response: { 201: ZMembroJuridico } } },
    async (req, reply) => {
      const membro = await criarMembro(deps, contextoEmpresa(req), req.body, metaDaRequisicao(req));
      return reply.status(201).send(membro);
    },
  );

  app.put(
    "/juridico-equipe/:id",
    { config, schema: { params: ZId, querystring: ZEmpresaAlvo, body: ZMembroJuridicoForm } },
    async (req, reply) => {
      await atualizarMembro(deps, contextoEmpresa(req), req.params.id, req.body, metaDaRequisicao(req));
      return reply.status(204).send();
    },
  );

  app.delete("/juridico-equipe/:id", { config, schema: { params: ZId, querystring: ZEmpresaAlvo } }, async (req, reply) => {
    await excluirMembro(deps, contextoEmpresa(req), req.params.id, metaDaRequisicao(req));
    return reply.status(204).send();
  });

  app.post(
    "/juridico-equipe/:id/convite",
    { config, schema: { params: ZId, querystring: ZEmpresaAlvo, response: { 200: ZConvite } } },
    async (req) => convidarMembro(deps, contextoEmpresa(req), req.params.id, metaDaRequisicao(req)),
  );
};

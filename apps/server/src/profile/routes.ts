import {
  ZConfirmarTrocaEmail,
  ZListaSessoes,
  ZPerfil,
  ZPerfilBasico,
  ZTrocaEmail,
  ZTrocaSenha,
} from "@crm/domain/schemas/profile";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { metaDaRequisicao } from "../auth/request-meta.js";
import { unauthorized } from "../http/errors.js";
import { contexto } from "../http/tenant.js";
import { trocarSenha } from "./change-password.js";
import { confirmarTrocaEmail } from "./confirm-email-change.js";
import { lerPerfil } from "./get-profile.js";
import { solicitarTrocaEmail } from "./request-email-change.js";
import { encerrarOutrasSessoes, encerrarSessao, listarSessoes } from "./sessions.js";
import { atualizarPerfil } from "./update-profile.js";

const config = { permissao: "perfil.usar" } as const;
const ZOk = z.object({ ok: z.literal(true) });
const ok = { ok: true as const };
/** The session this request came with: the one that stays when the others end. */
const sessaoAtual = (req: FastifyRequest): string => {
  if (!req.auth) throw unauthorized();
  return req.auth.sessaoId;
};

/** /perfil and /profile (001 §2 'Profile'): any signed-in user, always about themselves. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get("/perfil", { config, schema: { response: { 200: ZPerfil } } }, (req) => lerPerfil(deps, contexto(req)));

  app.patch("/perfil", { config, schema: { body: ZPerfilBasico, response: { 200: ZPerfil } } }, async (req) => {
    await atualizarPerfil(deps, contexto(req), req.body, metaDaRequisicao(req));
    return lerPerfil(deps, contexto(req));
  });

  app.post("/perfil/email", { config, schema: { body: ZTrocaEmail, response: { 200: ZOk } } }, async (req) => {
    await solicitarTrocaEmail(deps, contexto(req), req.body, metaDaRequisicao(req));
    return ok;
  });

  app.post(
    "/perfil/confirmar-email",
    {
      config: { publica: true, rateLimit: { max: 60, timeWindow: "15 minutes" } },
      schema: { body: ZConfirmarTrocaEmail, response: { 200: ZOk } },
    },
    async (req) => {
      await confirmarTrocaEmail(deps, req.body.token, metaDaRequisicao(req));
      return ok;
    },
  );

  app.post(
    "/perfil/senha",
    {
      config,
      schema: { body: ZTrocaSenha, response: { 200: z.object({ mensagem: z.string(), sessoesEncerradas: z.number() }) } },
    },
    (req) => trocarSenha(deps, contexto(req), sessaoAtual(req), req.body, metaDaRequisicao(req)),
  );

  app.get("/perfil/sessoes", { config, schema: { response: { 200: ZListaSessoes } } }, async (req) => ({
    sessoes: await listarSessoes(deps, contexto(req), sessaoAtual(req)),
  }));

  app.delete(
    "/perfil/sessoes/:id",
    { config, schema: { params: z.object({ id: z.string().regex(/^[0-9a-f]{64}$/) }) } },
    async (req, reply) => {
      await encerrarSessao(deps, contexto(req), req.params.id, metaDaRequisicao(req));
      return reply.status(204).send();
    },
  );

  app.post(
    "/perfil/sessoes/encerrar-outras",
    { config, schema: { response: { 200: z.object({ sessoesEncerradas: z.number() }) } } },
    async (req) => ({
      sessoesEncerradas: await encerrarOutrasSessoes(deps, contexto(req), sessaoAtual(req), metaDaRequisicao(req)),
    }),
  );
};

import {
  ZConfirmarTrocaEmail,
  ZListaSessoes,
  ZPerfil,
  ZPerfilBasico,
  ZTrocaEmail,
  ZTrocaSenha,
} from "@crm/domain/schemas/profile";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { metaDaRequisicao } from "../auth/request-meta.js";
import { requireAuth } from "../http/auth-context.js";
import { trocarSenha } from "./change-password.js";
import { confirmarTrocaEmail } from "./confirm-email-change.js";
import { lerPerfil } from "./get-profile.js";
import { solicitarTrocaEmail } from "./request-email-change.js";
import { encerrarOutrasSessoes, encerrarSessao, listarSessoes } from "./sessions.js";
import { atualizarPerfil } from "./update-profile.js";

const config = { permissao: "perfil.usar" } as const;
const ZOk = z.object({ ok: z.literal(true) });
const ok = { ok: true as const };

/** /perfil and /profile (001 §2 'Profile'): any signed-in user, always about themselves. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get("/perfil", { config, schema: { response: { 200: ZPerfil } } }, (req) => lerPerfil(deps, requireAuth(req)));

  app.patch("/perfil", { config, schema: { body: ZPerfilBasico, response: { 200: ZPerfil } } }, async (req) => {
    await atualizarPerfil(deps, requireAuth(req), req.body, metaDaRequisicao(req));
    return lerPerfil(deps, requireAuth(req));
  });

  app.post("/perfil/email", { config, schema: { body: ZTrocaEmail, response: { 200: ZOk } } }, async (req) => {
    await solicitarTrocaEmail(deps, requireAuth(req), req.body, metaDaRequisicao(req));
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
    (req) => trocarSenha(deps, requireAuth(req), req.body, metaDaRequisicao(req)),
  );

  app.get("/perfil/sessoes", { config, schema: { response: { 200: ZListaSessoes } } }, async (req) => ({
    sessoes: await listarSessoes(deps, requireAuth(req)),
  }));

  app.delete(
    "/perfil/sessoes/:id",
    { config, schema: { params: z.object({ id: z.string().regex(/^[0-9a-f]{64}$/) }) } },
    async (req, reply) => {
      await encerrarSessao(deps, requireAuth(req), req.params.id, metaDaRequisicao(req));
      return reply.status(204).send();
    },
  );

  app.post(
    "/perfil/sessoes/encerrar-outras",
    { config, schema: { response: { 200: z.object({ sessoesEncerradas: z.number() }) } } },
    async (req) => ({ sessoesEncerradas: await encerrarOutrasSessoes(deps, requireAuth(req), metaDaRequisicao(req)) }),
  );
};

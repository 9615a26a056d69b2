import { ZAceitarConvite, ZAceitarConviteExistente, ZLinkConvite, ZVerificacaoConvite } from "@crm/domain/schemas/invitations";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { metaDaRequisicao } from "../auth/request-meta.js";
import { aceitarConviteExistente } from "./accept-existing.js";
import { aceitarConvite } from "./accept-invite.js";
import { verificarConvite } from "./verify-invite.js";

const ZOk = z.object({ ok: z.literal(true) });
const ok = { ok: true as const };
/** Per-IP limit on the public invitation calls (in memory, per instance); password guesses also count in auth_tentativas. */
const LIMITE = { max: 60, timeWindow: "15 minutes" };
const config = { publica: true, rateLimit: LIMITE } as const;

/**
 * The public invitation pages' calls (/convite-consultor, /convite-juridico; 001 §2, §7), reachable signed in or
 * out. The token sent in the body is what is trusted; POST keeps it out of access logs.
 */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post("/convites/verificar", { config, schema: { body: ZLinkConvite, response: { 200: ZVerificacaoConvite } } }, (req) =>
    verificarConvite(app.deps, req.body),
  );

  app.post("/convites/aceitar", { config, schema: { body: ZAceitarConvite, response: { 201: ZOk } } }, async (req, reply) => {
    await aceitarConvite(app.deps, req.body, metaDaRequisicao(req));
    return reply.status(201).send(ok);
  });

  app.post(
    "/convites/aceitar-existente",
    { config, schema: { body: ZAceitarConviteExistente, response: { 200: ZOk } } },
    async (req) => {
      await aceitarConviteExistente(app.deps, req.body, metaDaRequisicao(req));
      return ok;
    },
  );
};

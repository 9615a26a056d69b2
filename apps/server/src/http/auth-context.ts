import { MSG } from "@crm/domain/messages";
import { pode, type TPermissao } from "@crm/domain/permissions";
import type { TPapel } from "@crm/domain/roles";
import type { FastifyReply, FastifyRequest } from "fastify";
import { forbidden, unauthorized } from "./errors.js";

/** The signed-in person, read from the session store and the database only (never from the browser). */
export type TAuth = {
  sessaoId: string;
  usuarioId: string;
  email: string;
  nome: string;
  papel: TPapel;
  empresaId: string | null;
  empresaNome: string | null;
};

declare module "fastify" {
  interface FastifyRequest {
    auth: TAuth | null;
  }
  interface FastifyContextConfig {
    /** Route open to signed-out visitors (login, register, webhooks...). */
    publica?: boolean;
    /** Key of the permission table that decides who may call this route. */
    permissao?: TPermissao;
    /** Skip the CSRF header check (webhooks authenticated by signature instead). */
    semCsrf?: boolean;
    /** No browser security headers (routes only machines call: provider webhooks). */
    semCabecalhosNavegador?: boolean;
    /** The pt-BR message of the 403 when the role may not use the route (the spec names some, e.g. 001 §6). */
    negado?: string;
    /** The pt-BR message of the 401 without a session, where the spec names one (001 §8 chat, My Leads). */
    naoAutenticado?: string;
  }
}

/** Guard run before every /api handler: authentication, then the permission table. */
export async function guardRoute(req: FastifyRequest, _reply: FastifyReply) {
  const cfg = req.routeOptions.config;
  if (cfg.publica) return;
  if (!req.auth) throw unauthorized(cfg.naoAutenticado ?? MSG.sessaoInvalida);
  if (!cfg.permissao) throw forbidden(); // a route that forgot to name its permission is closed
  if (!pode(req.auth.papel, cfg.permissao)) throw forbidden(cfg.negado);
}

export function requireAuth(req: FastifyRequest): TAuth {
  if (!req.auth) throw unauthorized();
  return req.auth;
}

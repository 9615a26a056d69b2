import { MSG } from "@crm/domain/messages";
import { pode, type TPermissao } from "@crm/domain/permissions";
import type { TPlano } from "@crm/domain/plans";
import { PAPEL, type TPapel } from "@crm/domain/roles";
import type { TStatusAssinatura } from "@crm/domain/subscription";
import type { FastifyReply, FastifyRequest } from "fastify";
import ipaddr from "ipaddr.js";
import type { TTenantCtx } from "../db/tenant.js";
import { forbidden, notFound, unauthorized } from "./errors.js";

/** The signed-in person, read from the session store and the database only (never from the browser). */
export type TAuth = {
  sessaoId: string;
  usuarioId: string;
  email: string;
  nome: string;
  papel: TPapel;
  empresaId: string | null;
  empresaNome: string | null;
  /** the company's plan, remembered with the session (forgotten when it changes, migration 0036) */
  empresaPlano?: TPlano | null;
  /** the company's status_assinatura, remembered with the session (forgotten when it changes, migration 0046) */
  empresaStatus?: TStatusAssinatura | null;
};

declare module "fastify" {
  interface FastifyRequest {
    auth: TAuth | null;
    /** The request's tenant context, built once by the tenant hook (http/tenant.ts); null signed out. */
    tenant: TTenantCtx | null;
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

/** A loopback host or address: localhost, 127.0.0.0/8, ::1 (IPv4-mapped included, brackets allowed). */
export function ehLoopback(host: string | undefined): boolean {
  if (!host) return false;
  const h = host.replace(/^\[|\]$/g, "");
  if (h === "localhost") return true;
  return ipaddr.isValid(h) && ipaddr.process(h).range() === "loopback";
}

/**
 * The Host the browser sent names this installation (APP_URL's host) or a loopback literal. A page on an attacker's
 * domain that re-resolves to 127.0.0.1 (DNS rebinding) reaches this server from loopback, but its requests carry the
 * attacker's host name: they are not local calls.
 */
function hostDaInstalacao(req: FastifyRequest): boolean {
  const host = req.hostname;
  if (!host) return false;
  return host === new URL(req.server.deps.config.appUrl).hostname || ehLoopback(host);
}

/**
 * The caller is on this machine: every address of the request is loopback. Behind TRUST_PROXY that is the
 * whole forwarded chain (a client cannot make itself local by sending X-Forwarded-For: 127.0.0.1, the proxy
 * appends its real address); without it, a forwarding header means a proxy on this machine relays someone else.
 */
export function chamadaLocal(req: FastifyRequest): boolean {
  if (!hostDaInstalacao(req)) return false;
  const trustProxy = req.server.deps.config.trustProxy;
  if (!trustProxy && (req.headers["x-forwarded-for"] !== undefined || req.headers.forwarded !== undefined)) return false;
  const enderecos = trustProxy ? (req.ips ?? [req.ip]) : [req.socket.remoteAddress];
  return enderecos.length > 0 && enderecos.every((e) => ehLoopback(e));
}

/** Demo data seeded, emails kept in the outbox (no SMTP), not production: where the dev tools exist at all. */
export function instalacaoDemo(deps: FastifyRequest["server"]["deps"]): boolean {
  return deps.config.seedDemo && deps.mailer.caixaDev && deps.config.env !== "production";
}

/**
 * The dev mailbox (every company's emailed links) and the sign-in diagnostics (decision 0015): only on a demo
 * installation, and there only for a caller on this machine or the signed-in platform admin.
 */
export function podeVerFerramentasDev(req: FastifyRequest): boolean {
  if (!instalacaoDemo(req.server.deps)) return false;
  return req.auth?.papel === PAPEL.plataforma || chamadaLocal(req);
}

/** onRequest of a dev tool's route: anyone else gets the 404 of a route that does not exist. */
export async function somenteFerramentasDev(req: FastifyRequest) {
  if (!podeVerFerramentasDev(req)) throw notFound();
}

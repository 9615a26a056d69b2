import { isoDiaSP } from "@crm/domain/period";
import { PAPEL } from "@crm/domain/roles";
import { faseAssinatura, oQueFazer, rotaLiberada } from "@crm/domain/subscription-machine";
import { MSG_ASSINATURA as M } from "@crm/domain/subscription-messages";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { relogio } from "../core/clock.js";
import { lerComTenant } from "../db/tenant.js";
import { HttpError } from "../http/errors.js";
import { consultaEstado, estadoDaLinha } from "./state.js";

const LEITURA = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The subscription's one guard (decision 1621): every /api route of a company's person is checked against what the
 * subscription's state allows (subscription-machine.ts), by the route's permission key — so a new route is covered
 * the day it is added. Reads cost nothing (the status rides on the session; only a suspended admin is limited);
 * each write costs one indexed read of the company's subscription columns. The refusal is a 403 with the state's
 * 'what to do' and a code the web turns into a link to /assinatura.
 */
async function exigirAssinaturaQuePermite(req: FastifyRequest) {
  const a = req.auth;
  const permissao = req.routeOptions.config?.permissao;
  if (!a?.empresaId || a.papel === PAPEL.plataforma || !permissao) return;
  const escrita = !LEITURA.has(req.method);
  if (!escrita && a.empresaStatus !== "Suspenso") return;
  const ctx = req.tenant;
  if (!ctx) return;
  // the pipelined pool: BEGIN, the read and COMMIT in one round trip (decision 1793)
  const { rows } = await lerComTenant(req.server.deps.db.leitura, ctx, async () => consultaEstado(a.empresaId as string));
  const e = estadoDaLinha(rows[0]);
  const fase = faseAssinatura(e, isoDiaSP(relogio.agora()));
  if (rotaLiberada(fase, a.papel, permissao, escrita)) return;
  if (fase === "somente_leitura" && e.faturaEmAberto)
    throw new HttpError(403, M.somenteLeitura(e.faturaEmAberto.valor, e.faturaEmAberto.vencimento), undefined, "somente_leitura");
  const texto = oQueFazer(fase, a.papel, e.faturaEmAberto !== null) ?? M.dadosInvalidos;
  throw new HttpError(403, texto, undefined, `assinatura_${fase}`);
}

/** Registered first under /api (after the auth, permission, CSRF and tenant hook); skip-override puts the hook on /api itself, so it runs for every route there. */
export const accessGuard: FastifyPluginAsync = async (api) => {
  api.addHook("onRequest", exigirAssinaturaQuePermite);
};
(accessGuard as unknown as Record<symbol, boolean>)[Symbol.for("skip-override")] = true;

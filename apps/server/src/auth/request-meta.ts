import type { FastifyRequest } from "fastify";

/** Who is calling, as far as the network tells: kept with sessions, attempts and audit rows. */
export type TMetaRequisicao = { ip: string; userAgent?: string };

export function metaDaRequisicao(req: FastifyRequest): TMetaRequisicao {
  // req.ip honours TRUST_PROXY: behind a load balancer it is the client's address, not the balancer's
  return { ip: req.ip, userAgent: req.headers["user-agent"] };
}

import type { FastifyBaseLogger } from "fastify";
import type { TDeps } from "../deps.js";

/** Placeholder replaced by the seed module (factories + deterministic demo data). */
export async function seedDemoIfEmpty(_deps: TDeps, _log: FastifyBaseLogger): Promise<void> {}

import type { FastifyInstance } from "fastify";
import { healthRoutes } from "./health/routes.js";

/** Every feature's routes under /api, one line each. */
export async function apiRoutes(api: FastifyInstance) {
  await api.register(healthRoutes);
}

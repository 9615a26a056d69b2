import type { FastifyInstance } from "fastify";
import { authRoutes } from "./auth/routes.js";
import { publicConfigRoutes } from "./config/public-routes.js";
import { devRoutes } from "./dev/routes.js";
import { healthRoutes } from "./health/routes.js";
import { notificationRoutes } from "./notifications/routes.js";
import { searchRoutes } from "./search/routes.js";
import { testingRoutes } from "./testing/routes.js";

/** Every feature's routes under /api, one line each. */
export async function apiRoutes(api: FastifyInstance) {
  await api.register(healthRoutes);
  await api.register(notificationRoutes);
  await api.register(searchRoutes);
  await api.register(authRoutes, { prefix: "/auth" });
  await api.register(publicConfigRoutes);
  await api.register(devRoutes);
  await api.register(testingRoutes);
}

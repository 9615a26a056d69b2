import type { FastifyInstance } from "fastify";
import { publicConfigRoutes } from "./auth/public-config-routes.js";
import { authRoutes } from "./auth/routes.js";
import { devRoutes } from "./dev/routes.js";
import { healthRoutes } from "./health/routes.js";
import { invitationRoutes } from "./invitations/routes.js";
import { leadRoutes } from "./leads/routes.js";
import { legalTeamRoutes } from "./legal-team/routes.js";
import { notificationRoutes } from "./notifications/routes.js";
import { performanceRoutes } from "./performance/routes.js";
import { profileRoutes } from "./profile/routes.js";
import { screeningRoutes } from "./screening/routes.js";
import { searchRoutes } from "./search/routes.js";
import { teamRoutes } from "./team/routes.js";
import { testingRoutes } from "./testing/routes.js";
import { whatsappRoutes } from "./whatsapp/routes.js";

/** Every feature's routes under /api, one line each. */
export async function apiRoutes(api: FastifyInstance) {
  await api.register(healthRoutes);
  await api.register(notificationRoutes);
  await api.register(searchRoutes);
  await api.register(authRoutes, { prefix: "/auth" });
  await api.register(publicConfigRoutes);
  await api.register(devRoutes);
  await api.register(testingRoutes);
  await api.register(whatsappRoutes);
  await api.register(teamRoutes);
  await api.register(invitationRoutes);
  await api.register(legalTeamRoutes);
  await api.register(profileRoutes);
  await api.register(performanceRoutes);
  await api.register(leadRoutes);
  await api.register(screeningRoutes);
}

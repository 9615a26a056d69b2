import type { FastifyPluginAsync } from "fastify";
import { chatRoutes } from "../chat/routes.js";
import { companySettingsRoutes } from "../company-settings/routes.js";
import { conversationRoutes } from "../conversations/routes.js";
import { connectionRoutes } from "./connection-routes.js";
import { simulateRoutes } from "./simulate-routes.js";
import { webhookRoutes } from "./webhook-routes.js";

/**
 * Messaging (issue 4), registered with one line in routes.ts: provider webhooks, the connection screen, the
 * sandbox simulator, the lead chat, Conversas and the company settings that configure them.
 */
export const whatsappRoutes: FastifyPluginAsync = async (app) => {
  await app.register(webhookRoutes);
  await app.register(connectionRoutes);
  await app.register(simulateRoutes);
  await app.register(chatRoutes);
  await app.register(conversationRoutes);
  await app.register(companySettingsRoutes);
};

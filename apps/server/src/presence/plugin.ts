import type { FastifyPluginAsync } from "fastify";
import { presencaDe } from "./presence.js";

/**
 * Starts this instance's presence sweep when the app is ready and stops it (and pending grace timers) when it
 * closes. The connections themselves are tracked by realtime/ws-route.ts through presencaDe(deps).
 */
export const presencePlugin: FastifyPluginAsync = async (app) => {
  const presenca = presencaDe(app.deps);
  app.addHook("onReady", async () => presenca.iniciar());
  app.addHook("onClose", async () => presenca.parar());
};

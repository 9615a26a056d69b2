import { ZDiagnostico } from "@crm/domain/doctor";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { diagnosticar } from "./diagnose.js";

/** The platform admin's diagnosis card on /configuracoes: the same checks as `npm run doctor` (decision 1858). */
export const doctorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/plataforma/diagnostico",
    { config: { permissao: "plataforma.gerenciar" }, schema: { response: { 200: ZDiagnostico } } },
    async () => diagnosticar(app.deps),
  );
};

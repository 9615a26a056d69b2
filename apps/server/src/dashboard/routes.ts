import { ZAtividadesEmpresa, ZDashboardEmpresa, ZFiltroDashboardEmpresa } from "@crm/domain/schemas/dashboard";
import { ZEmpresaAlvo } from "@crm/domain/schemas/team";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { contextoEmpresa } from "../http/tenant.js";
import { lerDashboardEmpresa } from "./company-dashboard.js";
import { listarAtividadesDaEmpresa } from "./recent-activities.js";

const config = { permissao: "dashboard.empresa", alvo: "empresa" } as const;

/**
 * The Admin Empresa dashboard (000 §2.10). The platform admin, who has no company, names one with ?empresaId=
 * (the permission table gives them the company dashboard's figures, as it does /ia-triagem's).
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/dashboard/empresa",
    { config, schema: { querystring: ZFiltroDashboardEmpresa, response: { 200: ZDashboardEmpresa } } },
    async (req) => lerDashboardEmpresa(app.deps, contextoEmpresa(req), req.query),
  );

  app.get(
    "/dashboard/empresa/atividades",
    { config, schema: { querystring: ZEmpresaAlvo, response: { 200: ZAtividadesEmpresa } } },
    async (req) => ({ atividades: await listarAtividadesDaEmpresa(app.deps, contextoEmpresa(req)) }),
  );
};

import { MSG } from "@crm/domain/messages";
import { ZFiltroLeadsJuridicos, ZPaginaLeadsJuridicos, ZPainelJuridico } from "@crm/domain/schemas/legal-dashboard";
import { ZEmpresaAlvo } from "@crm/domain/schemas/team";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { contextoEmpresa } from "../http/tenant.js";
import { listarLeadsJuridicos } from "./list-handoff.js";
import { lerPainelJuridico } from "./read-dashboard.js";

/**
 * The legal dashboard (/juridico and the Jurídico's /dashboard, 000 §2.14) and the admin's hand-off view
 * (/juridico-leads). The platform admin names the company with ?empresaId= (decision 1104).
 */
export const legalDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/juridico/painel",
    {
      config: { permissao: "juridico.painel", alvo: "empresa" },
      schema: { querystring: ZEmpresaAlvo, response: { 200: ZPainelJuridico } },
    },
    async (req) => lerPainelJuridico(app.deps, contextoEmpresa(req)),
  );

  app.get(
    "/juridico/leads",
    {
      config: { permissao: "juridico.leads", alvo: "empresa", negado: MSG.acessoNegadoLeadsJuridicos },
      schema: { querystring: ZFiltroLeadsJuridicos, response: { 200: ZPaginaLeadsJuridicos } },
    },
    async (req) => listarLeadsJuridicos(app.deps, contextoEmpresa(req), req.query),
  );
};

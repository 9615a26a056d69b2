import { nomeArquivoAuditoria, TEXTO_AUDITORIA } from "@crm/domain/audit-trail";
import { horaLocalSP } from "@crm/domain/period";
import { PAPEL } from "@crm/domain/roles";
import { ZFiltroAuditoria, ZPaginaAuditoria, ZPessoasAuditoria } from "@crm/domain/schemas/audit-trail";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { withTenant } from "../db/tenant.js";
import { exportarAuditoria } from "./export.js";
import { condicaoAuditoria, consultaPaginaAuditoria, paraEvento, type TLinhaEvento, trilhaDoPedido } from "./list.js";

const config = { permissao: "auditoria.ver", negado: TEXTO_AUDITORIA.acessoNegado, alvo: "empresaOpcional" } as const;

/** /auditoria (decision 1822): the trail's events newest first by cursor, the people to filter by, and the CSV export. */
export const auditTrailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    "/auditoria",
    { config, schema: { querystring: ZFiltroAuditoria, response: { 200: ZPaginaAuditoria } } },
    async (req) => {
      const { ctx, cadeia } = trilhaDoPedido(req);
      const { text, values } = consultaPaginaAuditoria(cadeia, req.query);
      const { rows } = await withTenant(deps.db.app, ctx, (tx) => tx.query<TLinhaEvento>(text, values));
      const pagina = rows.slice(0, req.query.limite);
      return { eventos: pagina.map(paraEvento), proximo: rows.length > req.query.limite ? (pagina.at(-1)?.seq ?? null) : null };
    },
  );

  app.get(
    "/auditoria/pessoas",
    { config, schema: { querystring: ZFiltroAuditoria, response: { 200: ZPessoasAuditoria } } },
    async (req) => {
      const { ctx, cadeia } = trilhaDoPedido(req);
      const plataforma = ctx.papel === PAPEL.plataforma && !req.query.empresaId;
      const { rows } = await withTenant(deps.db.app, ctx, (tx) =>
        tx.query<{ id: string; nome: string }>(
          plataforma
            ? "SELECT id, nome FROM usuarios_plataforma WHERE papel = $1 ORDER BY nome"
            : "SELECT id, nome FROM usuarios_plataforma WHERE id_empresa_fk = $1 ORDER BY nome",
          [plataforma ? PAPEL.plataforma : cadeia],
        ),
      );
      return { pessoas: rows };
    },
  );

  const exportar = { ...config, auditar: { acao: "auditoria.exportada", entidade: "exportacao" } } as const;
  app.get("/auditoria/exportacao", { config: exportar, schema: { querystring: ZFiltroAuditoria } }, async (req, reply) => {
    const { ctx, cadeia } = trilhaDoPedido(req);
    const stream = await exportarAuditoria(deps, ctx, condicaoAuditoria(cadeia, req.query), req.log);
    return reply
      .header("Content-Type", "text/csv; charset=utf-8")
      .header(
        "Content-Disposition",
        `attachment; filename="${nomeArquivoAuditoria(horaLocalSP(new Date()).toISOString().slice(0, 10))}"`,
      )
      .header("Cache-Control", "no-store")
      .send(stream);
  });
};

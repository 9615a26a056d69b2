import { planosComRecurso } from "@crm/domain/plan-limits";
import { MSG_REGISTRO } from "@crm/domain/privacy-records";
import {
  ZControlador,
  ZControladorLido,
  ZPainelRegistro,
  ZRegrasRetencao,
  ZVersaoRopa,
} from "@crm/domain/schemas/privacy-records";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { withTenant } from "../db/tenant.js";
import { contextoEmpresa } from "../http/tenant.js";
import { gravarRegrasRetencao, lerRegrasRetencao, listarExecucoes } from "./retention.js";
import { gerarVersaoRopa, gravarControlador, lerControlador, lerVersaoRopa, listarVersoesRopa } from "./ropa.js";
import { ropaEmPdf, ropaEmXlsx } from "./ropa-files.js";

const config = { permissao: "privacidade.gerenciar", negado: MSG_REGISTRO.acessoNegado, alvo: "empresa" } as const;
const ZArquivo = z.object({ id: z.guid(), formato: z.enum(["pdf", "xlsx"]) });
const TIPOS = {
  pdf: "application/pdf",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;

/**
 * /privacidade/registro (decisions 1872–1874): the ROPA's dated versions (generate one, download it as PDF or XLSX),
 * the controller's data it heads with, the retention rules and the last runs' reports. The Admin Empresa of the
 * company; the platform admin names it (`?empresaId=`, decision 1791).
 */
export const privacyRecordsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get("/privacidade/registro", { config, schema: { response: { 200: ZPainelRegistro } } }, (req) => {
    const ctx = contextoEmpresa(req);
    return withTenant(deps.db.app, ctx, async (tx) => ({
      versoes: await listarVersoesRopa(tx, ctx.empresaId),
      controlador: await lerControlador(tx, ctx.empresaId),
      regras: await lerRegrasRetencao(tx, ctx.empresaId),
      execucoes: await listarExecucoes(tx, ctx.empresaId),
      plano: {
        geradorRopa: planosComRecurso("geradorRopa").includes(ctx.plano),
        regrasRetencao: planosComRecurso("regrasRetencao").includes(ctx.plano),
      },
    }));
  });

  app.post("/privacidade/registro/ropa", { config, schema: { response: { 201: ZVersaoRopa } } }, async (req, reply) => {
    const ctx = contextoEmpresa(req);
    return reply.status(201).send(await withTenant(deps.db.app, ctx, (tx) => gerarVersaoRopa(tx, ctx)));
  });

  app.get(
    "/privacidade/registro/ropa/:id/:formato",
    {
      config: { ...config, auditar: { acao: "privacidade.ropa_baixado", entidade: "privacidade", id: "id" } },
      schema: { params: ZArquivo },
    },
    async (req, reply) => {
      const ctx = contextoEmpresa(req);
      const r = await withTenant(deps.db.app, ctx, (tx) => lerVersaoRopa(tx, ctx.empresaId, req.params.id));
      const arquivo = req.params.formato === "pdf" ? await ropaEmPdf(r) : await ropaEmXlsx(r);
      const dia = r.geradaEm.slice(0, 10);
      return reply
        .header("Content-Type", TIPOS[req.params.formato])
        .header("Content-Disposition", `attachment; filename="registro-de-operacoes-v${r.versao}-${dia}.${req.params.formato}"`)
        .header("Cache-Control", "no-store")
        .send(arquivo);
    },
  );

  app.put(
    "/privacidade/registro/controlador",
    { config, schema: { body: ZControlador, response: { 200: ZControladorLido } } },
    (req) => {
      const ctx = contextoEmpresa(req);
      return withTenant(deps.db.app, ctx, async (tx) => {
        await gravarControlador(tx, ctx, req.body);
        return lerControlador(tx, ctx.empresaId);
      });
    },
  );

  app.put(
    "/privacidade/registro/retencao",
    { config, schema: { body: ZRegrasRetencao, response: { 200: ZRegrasRetencao } } },
    (req) => {
      const ctx = contextoEmpresa(req);
      return withTenant(deps.db.app, ctx, async (tx) => {
        await gravarRegrasRetencao(tx, ctx, req.body.regras);
        return { regras: await lerRegrasRetencao(tx, ctx.empresaId) };
      });
    },
  );
};

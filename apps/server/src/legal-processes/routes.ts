import { isDeepStrictEqual } from "node:util";
import { MSG } from "@crm/domain/messages";
import { zId } from "@crm/domain/schemas/id";
import {
  ZEditarProcesso,
  ZFiltroProcessos,
  ZOpcaoConsultorProcesso,
  ZOpcaoProfissional,
  ZPaginaProcessos,
  ZProcesso,
  ZProcessoDetalhe,
  ZResumoProcessos,
} from "@crm/domain/schemas/processes";
import { ZEmpresaAlvo } from "@crm/domain/schemas/team";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { contextoEmpresa } from "../http/tenant.js";
import { listarConsultoresProcessos, listarProfissionais } from "./list-options.js";
import { listarProcessos, resumirProcessos } from "./list-processes.js";
import { lerProcessoDetalhe } from "./read-process.js";
import { atualizarProcesso } from "./update-process.js";

/** Reading: Jurídico and Admin Empresa their company's, the platform admin any company's (?empresaId=). */
const ler = { permissao: "juridico.processos", alvo: "empresa" } as const;
/** Changing: the company's Jurídico and Admin Empresa only. */
const gerenciar = {
  permissao: "juridico.processos.gerenciar",
  alvo: "empresa",
  negado: MSG.apenasJuridicoGerenciaProcessos,
} as const;
const ZId = z.object({ id: zId() });

/** A JSON text written elsewhere than the serializer must say exactly what the schema says: its keys, its types. */
function conferirJson(texto: string, schema: z.ZodType, rota: string): void {
  const dados: unknown = JSON.parse(texto);
  const esperado = schema.parse(dados);
  if (!isDeepStrictEqual(dados, esperado)) throw new Error(`${rota}: o JSON difere do schema\n${texto}`);
}

/** /processos ('Processos Jurídicos', 000 §4, 001 'Legal processes', decision 1101). */
export const legalProcessRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  // the page comes as the JSON text PostgreSQL wrote (list-processes.ts) and goes out as it is; the schema still
  // documents it, and outside production each answer is held to it as the response serializer holds the others
  const conferir = deps.config.env !== "production";
  app.get(
    "/processos",
    { config: ler, schema: { querystring: ZFiltroProcessos, response: { 200: ZPaginaProcessos } } },
    async (req, reply) => {
      const texto = await listarProcessos(deps, contextoEmpresa(req), req.query);
      if (conferir) conferirJson(texto, ZPaginaProcessos, "GET /api/processos");
      return reply.type("application/json; charset=utf-8").send(texto as never);
    },
  );

  app.get(
    "/processos/resumo",
    { config: ler, schema: { querystring: ZFiltroProcessos, response: { 200: ZResumoProcessos } } },
    async (req) => resumirProcessos(deps, contextoEmpresa(req), req.query),
  );

  app.get(
    "/processos/profissionais",
    { config: ler, schema: { querystring: ZEmpresaAlvo, response: { 200: z.array(ZOpcaoProfissional) } } },
    async (req) => listarProfissionais(deps, contextoEmpresa(req)),
  );

  app.get(
    "/processos/consultores",
    { config: ler, schema: { querystring: ZEmpresaAlvo, response: { 200: z.array(ZOpcaoConsultorProcesso) } } },
    async (req) => listarConsultoresProcessos(deps, contextoEmpresa(req)),
  );

  app.get(
    "/processos/:id",
    { config: ler, schema: { params: ZId, querystring: ZEmpresaAlvo, response: { 200: ZProcessoDetalhe } } },
    async (req) => lerProcessoDetalhe(deps, contextoEmpresa(req), req.params.id),
  );

  app.put(
    "/processos/:id",
    { config: gerenciar, schema: { params: ZId, body: ZEditarProcesso, response: { 200: ZProcesso } } },
    async (req) => atualizarProcesso(deps, contextoEmpresa(req), req.params.id, req.body),
  );
};

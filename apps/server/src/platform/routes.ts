import {
  ZConfiguracoesPlataforma,
  ZConfiguracoesPlataformaEntrada,
  ZFiltroUsuariosPlataforma,
  ZIdUsuario,
  ZIndicadoresPlataforma,
  ZListaUsuariosPlataforma,
  ZMudarPapelUsuario,
  ZPeriodoPlataforma,
  ZResultadoAcaoUsuario,
} from "@crm/domain/schemas/platform";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { metaDaRequisicao } from "../auth/request-meta.js";
import { contexto } from "../http/tenant.js";
import { listarUsuariosPlataforma } from "./list-users.js";
import { lerIndicadoresPlataforma } from "./platform-figures.js";
import { lerConfiguracoesPlataforma, salvarConfiguracoesPlataforma } from "./platform-settings.js";
import {
  desativarUsuarioDaPlataforma,
  encerrarSessoesDaPlataforma,
  mudarPapelDoUsuario,
  reativarUsuarioDaPlataforma,
} from "./user-actions.js";

const usuarios = { permissao: "usuarios.gerenciar" } as const;
const plataforma = { permissao: "plataforma.gerenciar" } as const;

/** The platform admin's screens (decisions 1307–1309): /usuarios, the platform /dashboard and /analytics, /configuracoes. */
export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/plataforma/usuarios",
    { config: usuarios, schema: { querystring: ZFiltroUsuariosPlataforma, response: { 200: ZListaUsuariosPlataforma } } },
    async (req) => listarUsuariosPlataforma(app.deps, contexto(req), req.query),
  );
  const acao = { config: usuarios, schema: { params: ZIdUsuario, response: { 200: ZResultadoAcaoUsuario } } };
  app.post("/plataforma/usuarios/:id/desativar", acao, async (req) =>
    desativarUsuarioDaPlataforma(app.deps, contexto(req), req.params.id, metaDaRequisicao(req)),
  );
  app.post("/plataforma/usuarios/:id/reativar", acao, async (req) =>
    reativarUsuarioDaPlataforma(app.deps, contexto(req), req.params.id, metaDaRequisicao(req)),
  );
  app.post("/plataforma/usuarios/:id/encerrar-sessoes", acao, async (req) =>
    encerrarSessoesDaPlataforma(app.deps, contexto(req), req.params.id, metaDaRequisicao(req)),
  );
  app.put(
    "/plataforma/usuarios/:id/papel",
    { config: usuarios, schema: { params: ZIdUsuario, body: ZMudarPapelUsuario, response: { 200: ZResultadoAcaoUsuario } } },
    async (req) => mudarPapelDoUsuario(app.deps, contexto(req), req.params.id, req.body.papel, metaDaRequisicao(req)),
  );

  app.get(
    "/plataforma/indicadores",
    { config: plataforma, schema: { querystring: ZPeriodoPlataforma, response: { 200: ZIndicadoresPlataforma } } },
    async (req) => lerIndicadoresPlataforma(app.deps, contexto(req), req.query),
  );

  app.get(
    "/plataforma/configuracoes",
    { config: plataforma, schema: { response: { 200: ZConfiguracoesPlataforma } } },
    async (req) => lerConfiguracoesPlataforma(app.deps, contexto(req)),
  );
  app.put(
    "/plataforma/configuracoes",
    { config: plataforma, schema: { body: ZConfiguracoesPlataformaEntrada, response: { 200: ZConfiguracoesPlataforma } } },
    async (req) => salvarConfiguracoesPlataforma(app.deps, contexto(req), req.body, metaDaRequisicao(req)),
  );
};

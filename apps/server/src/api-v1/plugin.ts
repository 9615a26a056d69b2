import { type TEscopoApi, TEXTO_CHAVES_API } from "@crm/domain/api-keys";
import { TEXTO_API_V1 } from "@crm/domain/api-v1";
import { PLANO_INFO, type TPlano } from "@crm/domain/plans";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { comprimirNaHora, semCompressaoDoPlugin } from "../http/compression.js";
import { registrarUpload } from "../http/upload.js";
import { autenticarChave, type TChaveAutenticada } from "./authenticate.js";
import { guardarIdempotencia, reservarIdempotencia } from "./idempotency.js";
import { assinadorDeChaves, hashDaChave } from "./key-format.js";
import { criarRegistroDeUsos, type TRegistroDeUsos } from "./key-uses.js";
import { chavesLegadas } from "./legacy-keys.js";
import { documentoOpenApi } from "./openapi.js";
import type { TOperacaoApi } from "./operation.js";
import { ProblemaApi, problemHandler } from "./problem.js";
import { limitadorPorJanela, type TJanela } from "./rate-limiter.js";
import { paginaDeReferencia } from "./reference-page.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The scope an /api/v1 route needs (decision 1811). */
    escopo?: TEscopoApi;
  }
}

const registrosDeUsos = new WeakMap<object, TRegistroDeUsos>();
/** Writes the key uses counted so far by the app built on these deps (tests, and anyone who cannot wait 10 s). */
export const descarregarUsosDeChaves = (deps: object) => registrosDeUsos.get(deps)?.descarregar() ?? Promise.resolve();

/** Before the company's plan is known (its first request on this instance): the most generous plan's limits. */
const LIMITES_PADRAO = Object.values(PLANO_INFO).reduce(
  (m, p) => (p.limitesApi && p.limitesApi.porEmpresa > m.porEmpresa ? p.limitesApi : m),
  { porChave: 0, porEmpresa: 0 },
);
const chaveDoPedido = (autorizacao: string | undefined) => /^Bearer\s+(\S+)$/i.exec(autorizacao ?? "")?.[1] ?? null;

function cabecalhosDeLimite(reply: FastifyReply, porChave: TJanela, porEmpresa: TJanela | null) {
  const politica = [`"chave";q=${porChave.limite};w=60`];
  if (porEmpresa) politica.push(`"empresa";q=${porEmpresa.limite};w=60`);
  // RateLimit names the policy nearest its end (draft-ietf-httpapi-ratelimit-headers)
  const [nome, j] = porEmpresa && porEmpresa.restantes < porChave.restantes ? ["empresa", porEmpresa] : ["chave", porChave];
  reply.header("ratelimit-policy", politica.join(", ")).header("ratelimit", `"${nome}";r=${j.restantes};t=${j.reiniciaEmS}`);
  if (porChave.excedeu || porEmpresa?.excedeu) {
    reply.header("retry-after", String(porChave.excedeu ? porChave.reiniciaEmS : (porEmpresa as TJanela).reiniciaEmS));
    throw new ProblemaApi("limite_requisicoes", porChave.excedeu ? TEXTO_API_V1.limiteChave : TEXTO_API_V1.limiteEmpresa);
  }
}

/**
 * The conventions of /api/v1, one plugin for all of it (decisions 1811–1813), in the order a request meets them:
 * 1. onRequest, before the body is read: the presented key is counted (its hash), its shape and tag checked in memory,
 *    its company counted, and only then looked up; then the route's scope. Forged keys never reach the database.
 * 2. preHandler, the body validated: `Idempotency-Key` claimed or replayed (POST, PATCH).
 * 3. errors as RFC 9457 problems; an unknown /api/v1 path is a problem too.
 * 4. onResponse: every use of a key that was found, answered or refused, counted for the audit trail (decision 1819).
 */
export function apiV1Plugin(operacoes: TOperacaoApi[]): FastifyPluginAsync {
  return async (app) => {
    const { deps } = app;
    const assinador = assinadorDeChaves(deps.config.appSecret);
    const legadas = chavesLegadas(deps.db.app);
    const limitador = limitadorPorJanela();
    const usos = criarRegistroDeUsos(deps.db, app.log);
    registrosDeUsos.set(deps, usos);
    const usadas = new WeakMap<FastifyRequest, TChaveAutenticada>();
    const planoDaEmpresa = new Map<string, TPlano>();
    const chaves = new WeakMap<FastifyRequest, TChaveAutenticada>();

    app.setErrorHandler(problemHandler);
    // uploads (a message's file): the chat's multipart reader, its limits and its content checks (decision 1816)
    await registrarUpload(app);
    // a path of no operation: a route of its own (the /api guard closes unknown routes with a 401 otherwise)
    app.route({
      method: ["GET", "POST", "PUT", "PATCH", "DELETE"],
      url: "/*",
      config: { publica: true, semCsrf: true, semCabecalhosNavegador: true },
      schema: { hide: true },
      handler: () => {
        throw new ProblemaApi("nao_encontrado", TEXTO_API_V1.rotaInexistente);
      },
    });

    // the API's answers are compressed at once, cheaply, by its own onSend below (decision 1952)
    app.addHook("onRequest", async (req) => semCompressaoDoPlugin(req));
    app.addHook("onRequest", async (req, reply) => {
      const escopo = req.routeOptions.config.escopo;
      if (!escopo) return; // the document and the reference page are open
      const apresentada = chaveDoPedido(req.headers.authorization);
      const hash = apresentada ? hashDaChave(apresentada) : `ip:${req.ip}`;
      const lida = apresentada ? assinador.ler(apresentada) : null;
      const plano = lida && planoDaEmpresa.get(lida.empresaId);
      const limites = (plano && PLANO_INFO[plano].limitesApi) || LIMITES_PADRAO;
      const porChave = limitador.contar(`k:${hash}`, limites.porChave);
      if (!apresentada || !lida) {
        cabecalhosDeLimite(reply, porChave, null);
        throw apresentada
          ? new ProblemaApi("chave_invalida", TEXTO_CHAVES_API.chaveInvalida)
          : new ProblemaApi("chave_ausente", TEXTO_CHAVES_API.semChave);
      }
      cabecalhosDeLimite(reply, porChave, null);
      if (!lida.assinada && !(await legadas.conhece(lida.hash)))
        throw new ProblemaApi("chave_invalida", TEXTO_CHAVES_API.chaveInvalida);
      cabecalhosDeLimite(reply, porChave, limitador.contar(`e:${lida.empresaId}`, limites.porEmpresa));
      const chave = await autenticarChave(deps.db, lida, req.ip);
      usadas.set(req, chave);
      planoDaEmpresa.set(chave.empresaId, chave.plano);
      if (!chave.escopos.includes(escopo)) throw new ProblemaApi("escopo_insuficiente", TEXTO_API_V1.escopoInsuficiente(escopo));
      chaves.set(req, chave);
    });
    app.addHook("preHandler", async (req, reply) => {
      const chave = chaves.get(req);
      if (chave && (req.method === "POST" || req.method === "PATCH"))
        await reservarIdempotencia(deps.db.app, deps.config.appSecret, req, reply, chave);
    });
    app.addHook("onSend", async (req, reply, payload) => {
      await guardarIdempotencia(deps.db.app, deps.config.appSecret, req, reply, payload);
      // what is kept for a replay is the answer as written; each reply is compressed for its own client
      return comprimirNaHora(req, reply, payload);
    });
    app.addHook("onResponse", async (req, reply) => {
      const chave = usadas.get(req);
      if (!chave) return;
      usos.registrar({
        empresaId: chave.empresaId,
        chaveId: chave.chaveId,
        metodo: req.method,
        rota: req.routeOptions.url ?? req.url,
        status: reply.statusCode,
        ip: req.ip,
        em: new Date(),
      });
    });
    // a deploy's drain (decision 1853) closes the app before the pools: what was counted is written first
    app.addHook("onClose", () => usos.descarregar());

    const documento = JSON.stringify(documentoOpenApi(operacoes));
    const referencia = paginaDeReferencia(operacoes);
    const aberta = { publica: true, semCsrf: true } as const;
    app.get("/openapi.json", { config: aberta, schema: { hide: true } }, (_req, reply) =>
      reply.type("application/json; charset=utf-8").send(documento),
    );
    app.get("/referencia", { config: aberta, schema: { hide: true } }, (_req, reply) =>
      reply.type("text/html; charset=utf-8").send(referencia),
    );

    for (const o of operacoes) {
      app.route({
        method: o.method,
        url: o.url,
        config: { publica: true, semCsrf: true, semCabecalhosNavegador: true, escopo: o.escopo },
        schema: {
          hide: true,
          ...(o.schema.params ? { params: o.schema.params } : {}),
          ...(o.schema.querystring ? { querystring: o.schema.querystring } : {}),
          ...(o.schema.body ? { body: o.schema.body } : {}),
          ...(o.schema.resposta ? { response: { [o.status]: o.schema.resposta } } : {}),
        },
        handler: async (req, reply) => {
          const chave = chaves.get(req) as TChaveAutenticada;
          const corpo = await o.handler({
            deps,
            chave,
            params: req.params as never,
            query: req.query as never,
            body: req.body as never,
            req,
            reply,
          });
          // a file the handler sent itself (a document's content): its reply, streaming
          if (reply.sent || corpo === reply) return reply;
          return o.status === 204 ? reply.status(204).send() : reply.status(o.status).send(corpo);
        },
      });
    }
  };
}

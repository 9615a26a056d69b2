import type { TEscopoApi } from "@crm/domain/api-keys";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { TDeps } from "../core/deps.js";
import type { TChaveAutenticada } from "./authenticate.js";

type TSchemaOperacao = {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** the success answer (the error answers are the API's problems, added by the OpenAPI document) */
  resposta?: z.ZodType;
};
type TSaida<T> = T extends z.ZodType ? z.output<T> : undefined;

/** What a handler of the API is given: the validated input, the key (company, id, scopes) and the services. */
type TPedidoApi<S extends TSchemaOperacao> = {
  deps: TDeps;
  chave: TChaveAutenticada;
  params: TSaida<S["params"]>;
  query: TSaida<S["querystring"]>;
  body: TSaida<S["body"]>;
  req: FastifyRequest;
  reply: FastifyReply;
};

/**
 * One operation of /api/v1, declared once (decision 1812): the route is registered from it, the OpenAPI document
 * (`openapi.ts`) and the coverage test read it. `internas` names the browser's routes it is the public equivalent of.
 */
export type TOperacaoApi<S extends TSchemaOperacao = TSchemaOperacao> = {
  id: string;
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** below /api/v1, Fastify's syntax (`/leads/:id`) */
  url: string;
  escopo: TEscopoApi;
  tag: string;
  resumo: string;
  descricao?: string;
  status: 200 | 201 | 204;
  schema: S;
  /**
   * a multipart form (an upload), described for the document only: the handler reads it with the chat's upload reader,
   * so the route has no body schema and the `Idempotency-Key` compares method and path, not the file (decision 1816)
   */
  formulario?: z.ZodType;
  /**
   * the answer is a file, not JSON (a document's content): the document describes it as binary with this text, and
   * the handler sends it itself (decision 1895)
   */
  arquivo?: string;
  exemplo: { pedido?: unknown; resposta?: unknown };
  internas: string[];
  handler: (p: TPedidoApi<S>) => Promise<unknown>;
};

/** Declares an operation with its handler typed by its schemas. */
export const operacao = <S extends TSchemaOperacao>(o: TOperacaoApi<S>): TOperacaoApi => o as unknown as TOperacaoApi;

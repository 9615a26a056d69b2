import { MSG } from "@crm/domain/messages";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { z } from "zod";
import { bancoIndisponivel } from "../db/unavailable.js";
import type { ZErroApi } from "./error-responses.js";
import { HttpError } from "./errors.js";

/** Body of every error answer: one pt-BR message for a banner/toast, and per-field messages for forms. */
type TErroApi = z.infer<typeof ZErroApi>;

/** An error answer: its status, its body and the headers it needs. */
export type TRespostaDeErro = { status: number; corpo: TErroApi; cabecalhos?: Record<string, string> };

/**
 * Maps every failure to a clear pt-BR answer. Validation and user errors are 4xx;
 * database constraint violations caused by input are 4xx too; only real faults are 500 (and logged).
 * The internal API sends it as it is; /api/v1 as an RFC 9457 problem (api-v1/problem.ts, decision 1812).
 */
export function respostaDeErro(err: FastifyError, req: FastifyRequest): TRespostaDeErro {
  if (err instanceof HttpError) {
    return { status: err.statusCode, corpo: { erro: err.message, campos: err.campos, codigo: err.codigo } };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const campos: Record<string, string> = {};
    for (const v of err.validation) {
      const campo = v.instancePath.replace(/^\//, "").replace(/\//g, ".") || "_";
      campos[campo] ??= v.message ?? MSG.dadosInvalidos;
    }
    const first = err.validation[0]?.message ?? MSG.dadosInvalidos;
    return { status: 400, corpo: { erro: first, campos } };
  }
  if (bancoIndisponivel(err)) {
    // the database is away: the client may retry (the web app shows it is reconnecting; a webhook sender retries)
    req.log.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, "banco indisponível");
    return { status: 503, corpo: { erro: MSG.servicoIndisponivel }, cabecalhos: { "retry-after": "2" } };
  }
  const pgCode = (err as unknown as { code?: string }).code;
  // 22xxx: data exceptions (bad number/date/uuid...), 23xxx: integrity violations caused by input, 54xxx: input
  // beyond a limit (a value too large for an index row, a statement too complex)
  if (typeof pgCode === "string" && /^(2[23]|54)[0-9A-Z]{3}$/.test(pgCode)) {
    req.log.info({ err }, "entrada recusada pelo banco");
    const campo = campoDoErroDoBanco(err as { column?: unknown; constraint?: unknown; table?: unknown });
    return {
      status: pgCode === "23505" ? 409 : 400,
      corpo: { erro: MSG.dadosInvalidos, campos: campo ? { [campo]: MSG.dadosInvalidos } : undefined },
    };
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    const erro =
      err.statusCode === 413
        ? "O arquivo é muito grande."
        : err.statusCode === 429
          ? MSG.muitasTentativas
          : MSG.requisicaoInvalida;
    return { status: err.statusCode, corpo: { erro } };
  }
  req.log.error({ err }, "erro interno");
  return { status: 500, corpo: { erro: MSG.erroInterno } };
}

export function errorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const r = respostaDeErro(err, req);
  return reply
    .status(r.status)
    .headers(r.cabecalhos ?? {})
    .send(r.corpo);
}

/**
 * The column a database refusal names, so a form can show it under its field (decision 1601): PostgreSQL gives it
 * for a NOT NULL violation, and a CHECK constraint named by default (`<table>_<column>_check`) carries it in its name.
 * Data exceptions (22xxx: a value of the wrong type) name none.
 */
export function campoDoErroDoBanco(e: { column?: unknown; constraint?: unknown; table?: unknown }): string | null {
  if (typeof e.column === "string" && e.column) return e.column;
  if (typeof e.constraint !== "string" || typeof e.table !== "string") return null;
  const m = e.constraint.match(new RegExp(`^${e.table}_([a-z0-9_]+)_check$`));
  return m ? m[1] : null;
}

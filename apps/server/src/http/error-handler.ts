import { MSG } from "@crm/domain/messages";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { z } from "zod";
import { bancoIndisponivel } from "../db/unavailable.js";
import type { ZErroApi } from "./error-responses.js";
import { HttpError } from "./errors.js";

/** Body of every error answer: one pt-BR message for a banner/toast, and per-field messages for forms. */
type TErroApi = z.infer<typeof ZErroApi>;

/**
 * Maps every failure to a clear pt-BR answer. Validation and user errors are 4xx;
 * database constraint violations caused by input are 4xx too; only real faults are 500 (and logged).
 */
export function errorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof HttpError) {
    return reply.status(err.statusCode).send({ erro: err.message, campos: err.campos, codigo: err.codigo } satisfies TErroApi);
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const campos: Record<string, string> = {};
    for (const v of err.validation) {
      const campo = v.instancePath.replace(/^\//, "").replace(/\//g, ".") || "_";
      campos[campo] ??= v.message ?? MSG.dadosInvalidos;
    }
    const first = err.validation[0]?.message ?? MSG.dadosInvalidos;
    return reply.status(400).send({ erro: first, campos } satisfies TErroApi);
  }
  if (bancoIndisponivel(err)) {
    // the database is away: the client may retry (the web app shows it is reconnecting; a webhook sender retries)
    req.log.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, "banco indisponível");
    return reply
      .status(503)
      .header("retry-after", "2")
      .send({ erro: MSG.servicoIndisponivel } satisfies TErroApi);
  }
  const pgCode = (err as unknown as { code?: string }).code;
  // 22xxx: data exceptions (bad number/date/uuid...), 23xxx: integrity violations caused by input, 54xxx: input
  // beyond a limit (a value too large for an index row, a statement too complex)
  if (typeof pgCode === "string" && /^(2[23]|54)[0-9A-Z]{3}$/.test(pgCode)) {
    req.log.info({ err }, "entrada recusada pelo banco");
    const campo = campoDoErroDoBanco(err as { column?: unknown; constraint?: unknown; table?: unknown });
    return reply
      .status(pgCode === "23505" ? 409 : 400)
      .send({ erro: MSG.dadosInvalidos, campos: campo ? { [campo]: MSG.dadosInvalidos } : undefined } satisfies TErroApi);
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    const erro =
      err.statusCode === 413
        ? "O arquivo é muito grande."
        : err.statusCode === 429
          ? MSG.muitasTentativas
          : MSG.requisicaoInvalida;
    return reply.status(err.statusCode).send({ erro } satisfies TErroApi);
  }
  req.log.error({ err }, "erro interno");
  return reply.status(500).send({ erro: MSG.erroInterno } satisfies TErroApi);
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

import { createHash } from "node:crypto";
import { TEXTO_API_V1 } from "@crm/domain/api-v1";
import type { FastifyReply, FastifyRequest } from "fastify";
import type pg from "pg";
import { cofreDe } from "../crypto/secrets.js";
import { withTenant } from "../db/tenant.js";
import { contextoDaChave, type TChaveAutenticada } from "./authenticate.js";
import { ProblemaApi } from "./problem.js";

/** Printable ASCII, 1–255 characters (a UUID is what clients usually send). */
const CHAVE_VALIDA = /^[\x21-\x7e]{1,255}$/;

type TReserva = { chave: string; chaveApi: TChaveAutenticada };
const reservas = new WeakMap<FastifyRequest, TReserva>();

/**
 * `Idempotency-Key` on every POST and PATCH of /api/v1 (decision 1812), per API key. preHandler (the body validated):
 * the key is claimed in its own committed statement, so a concurrent twin sees it; a claim older than 24 h is taken
 * over. The same key with another method, path or body → 422; a claim still without an answer → 409; a stored answer
 * is sent again as it was, with `Idempotent-Replayed: true`. A request without the header runs normally.
 */
export async function reservarIdempotencia(
  pool: pg.Pool,
  appSecret: string,
  req: FastifyRequest,
  reply: FastifyReply,
  chaveApi: TChaveAutenticada,
) {
  const cab = req.headers["idempotency-key"];
  if (cab === undefined) return;
  const chave = Array.isArray(cab) ? cab[0] : cab;
  if (!CHAVE_VALIDA.test(chave)) throw new ProblemaApi("dados_invalidos", TEXTO_API_V1.idempotenciaInvalida);
  const pedido = createHash("sha256")
    .update(`${req.method} ${req.url}\n${JSON.stringify(req.body ?? null)}`)
    .digest("hex");
  const existente = await withTenant(pool, contextoDaChave(chaveApi.empresaId), async (tx) => {
    const { rows } = await tx.query(
      `INSERT INTO api_idempotencia AS i (id_empresa_fk, id_chave_fk, chave, pedido) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id_empresa_fk, id_chave_fk, chave) DO UPDATE
         SET pedido = excluded.pedido, status_http = NULL, tipo_conteudo = NULL, corpo = NULL, criada_em = now()
         WHERE i.criada_em < now() - interval '24 hours'
       RETURNING NULL AS reservada`,
      [chaveApi.empresaId, chaveApi.chaveId, chave, pedido],
    );
    if (rows.length) return null;
    const { rows: r } = await tx.query(
      "SELECT pedido, status_http, tipo_conteudo, corpo FROM api_idempotencia WHERE id_empresa_fk = $1 AND id_chave_fk = $2 AND chave = $3",
      [chaveApi.empresaId, chaveApi.chaveId, chave],
    );
    return r[0] as { pedido: string; status_http: number | null; tipo_conteudo: string | null; corpo: string | null };
  });
  if (!existente) {
    // the answer is kept as the text sent: never compressed (a POST/PATCH answer is small)
    req.headers["x-no-compression"] = "1";
    reservas.set(req, { chave, chaveApi });
    return;
  }
  if (existente.pedido !== pedido) throw new ProblemaApi("idempotencia_corpo_diferente", TEXTO_API_V1.idempotenciaCorpoDiferente);
  if (existente.status_http === null) throw new ProblemaApi("idempotencia_em_andamento", TEXTO_API_V1.idempotenciaEmAndamento);
  reply.header("idempotent-replayed", "true").status(existente.status_http);
  if (existente.tipo_conteudo) reply.type(existente.tipo_conteudo);
  return reply.serializer((x: unknown) => x as string).send(abrirCorpo(appSecret, existente.corpo));
}

/**
 * onSend: keeps the answer of a claimed request — any answer but a 5xx, whose claim is released so the client may
 * retry (the failure changed nothing: the handler's transaction rolled back).
 */
export async function guardarIdempotencia(
  pool: pg.Pool,
  appSecret: string,
  req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
) {
  const r = reservas.get(req);
  if (!r) return;
  reservas.delete(req);
  const onde = [r.chaveApi.empresaId, r.chaveApi.chaveId, r.chave];
  await withTenant(pool, contextoDaChave(r.chaveApi.empresaId), (tx) =>
    reply.statusCode >= 500
      ? tx.query("DELETE FROM api_idempotencia WHERE id_empresa_fk = $1 AND id_chave_fk = $2 AND chave = $3", onde)
      : tx.query(
          "UPDATE api_idempotencia SET status_http = $4, tipo_conteudo = $5, corpo = $6 WHERE id_empresa_fk = $1 AND id_chave_fk = $2 AND chave = $3",
          [
            ...onde,
            reply.statusCode,
            String(reply.getHeader("content-type") ?? ""),
            cofreDe(appSecret).cifrar(typeof payload === "string" ? payload : ""),
          ],
        ),
  );
}

/**
 * A kept answer is encrypted like the company's secrets (decision 1928): it may hold a webhook's `whsec_` secret,
 * shown once, or a lead's personal data, for 24 h. One kept before the encryption is its own text.
 */
function abrirCorpo(appSecret: string, corpo: string | null): string {
  if (!corpo) return "";
  return cofreDe(appSecret).decifrar(corpo) ?? (corpo.startsWith("v1.") ? "" : corpo);
}

import { createHash, randomBytes } from "node:crypto";
import { MAX_CHAVES_API, type TChaveApi, type TChaveApiCriada, TEXTO_CHAVES_API } from "@crm/domain/api-keys";
import { MSG } from "@crm/domain/messages";
import { PAPEL } from "@crm/domain/roles";
import { registrarMudancas } from "../change-log/record.js";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, type TTx, withTenant } from "../db/tenant.js";
import { conflict, forbidden, HttpError, notFound, unauthorized } from "../http/errors.js";
import { exigirRecursoDoPlano } from "../membership/plan-limits.js";

/**
 * Company API keys ('API personalizada', Enterprise; decision 1310). A key is `crm_<company id, 32 hex>_<secret>`:
 * the company part scopes the lookup to that company's tenant context (no cross-tenant search), and only the
 * SHA-256 of the whole key is stored. Creating and using a key need the plan's feature; revoking never does.
 */
const FORMATO = /^crm_([0-9a-f]{32})_([A-Za-z0-9_-]{43})$/;
const hashDe = (chave: string) => createHash("sha256").update(chave).digest("hex");
const uuidDe = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

const COLUNAS = `id, nome, prefixo, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS criada_em,
  to_char(ultimo_uso_em AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS ultimo_uso_em,
  to_char(revogada_em AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS revogada_em`;

/** A new key of the company: the key itself (shown once), the prefix the list shows and the hash that is stored. */
export function gerarChave(empresaId: string): { chave: string; prefixo: string; hash: string } {
  const segredo = randomBytes(32).toString("base64url");
  const chave = `crm_${empresaId.replaceAll("-", "")}_${segredo}`;
  return { chave, prefixo: `${segredo.slice(0, 6)}…`, hash: hashDe(chave) };
}

export function listarChaves(deps: Pick<TDeps, "db">, ctx: TTenantCtx & { empresaId: string }): Promise<TChaveApi[]> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `SELECT ${COLUNAS} FROM chaves_api WHERE id_empresa_fk = $1 ORDER BY revogada_em IS NOT NULL, created_at DESC`,
      [ctx.empresaId],
    );
    return rows as TChaveApi[];
  });
}

export function criarChave(
  deps: Pick<TDeps, "db">,
  ctx: TTenantCtx & { empresaId: string },
  nome: string,
): Promise<TChaveApiCriada> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    await exigirRecursoDoPlano(tx, ctx.empresaId, "apiPersonalizada");
    await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('chaves_api:' || $1, 0))", [ctx.empresaId]);
    const { rows: n } = await tx.query(
      "SELECT count(*)::int AS n FROM chaves_api WHERE id_empresa_fk = $1 AND revogada_em IS NULL",
      [ctx.empresaId],
    );
    if (n[0].n >= MAX_CHAVES_API) throw conflict(`Limite de ${MAX_CHAVES_API} chaves ativas: revogue uma antes de criar outra.`);
    const { chave, prefixo, hash } = gerarChave(ctx.empresaId);
    const { rows } = await tx.query(
      `INSERT INTO chaves_api (id_empresa_fk, nome, prefixo, hash, criada_por_fk)
       VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUNAS}`,
      [ctx.empresaId, nome, prefixo, hash, ctx.papel === PAPEL.plataforma ? null : ctx.usuarioId],
    );
    await registrarChaveNoLog(tx, ctx, rows[0].id, "criada");
    return { ...(rows[0] as TChaveApi), chave };
  });
}

export function revogarChave(deps: Pick<TDeps, "db">, ctx: TTenantCtx & { empresaId: string }, id: string): Promise<TChaveApi> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `UPDATE chaves_api SET revogada_em = coalesce(revogada_em, now()) WHERE id_empresa_fk = $1 AND id = $2 RETURNING ${COLUNAS}`,
      [ctx.empresaId, id],
    );
    if (!rows.length) throw notFound(TEXTO_CHAVES_API.chaveInvalida);
    await registrarChaveNoLog(tx, ctx, id, "revogada");
    return rows[0] as TChaveApi;
  });
}

/** A key created or revoked is a permission change of the company (decision 1821): one change-log row, no secret. */
function registrarChaveNoLog(tx: TTx, ctx: TTenantCtx & { empresaId: string }, chaveId: string, acao: "criada" | "revogada") {
  return registrarMudancas(tx, {
    empresaId: ctx.empresaId,
    autor: { origem: "usuario", usuarioId: ctx.usuarioId },
    mudancas: [{ entidade: "configuracao", id: ctx.empresaId, tipo: "configuracao.chave_api", depois: { chaveId, acao } }],
  });
}

/** The company and key id a request's `Authorization: Bearer` key belongs to, or 401; the plan must still include the API. */
export function empresaDaChave(chave: string): string {
  const m = FORMATO.exec(chave);
  if (!m) throw unauthorized(TEXTO_CHAVES_API.chaveInvalida);
  return uuidDe(m[1]);
}

/** Checks the key inside its company's tenant context: known, not revoked, the company active and on a plan with the API. */
export async function autenticarChave(tx: TTx, chave: string): Promise<{ empresaId: string; chaveId: string }> {
  const empresaId = empresaDaChave(chave);
  const { rows } = await tx.query(
    `UPDATE chaves_api SET ultimo_uso_em = now() WHERE id_empresa_fk = $1 AND hash = $2 AND revogada_em IS NULL RETURNING id`,
    [empresaId, hashDe(chave)],
  );
  if (!rows.length) throw unauthorized(TEXTO_CHAVES_API.chaveInvalida);
  const { rows: e } = await tx.query("SELECT status_assinatura FROM empresas WHERE id = $1", [empresaId]);
  if (e[0]?.status_assinatura !== "Ativo") throw forbidden(MSG.empresaSuspensa);
  await exigirRecursoDoPlano(tx, empresaId, "apiPersonalizada");
  return { empresaId, chaveId: rows[0].id };
}

/** The key of a request (Authorization: Bearer …), or a 401 naming the header. */
export function chaveDoPedido(autorizacao: string | undefined): string {
  const m = /^Bearer\s+(\S+)$/i.exec(autorizacao ?? "");
  if (!m) throw new HttpError(401, TEXTO_CHAVES_API.semChave);
  return m[1];
}

/** The tenant context a key acts in: its company, no person, the company-admin role (it creates leads). */
export const contextoDaChave = (empresaId: string): TTenantCtx & { empresaId: string } => ({
  empresaId,
  usuarioId: "",
  papel: PAPEL.admin,
});

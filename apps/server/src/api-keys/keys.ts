import { MAX_CHAVES_API, type TChaveApi, type TChaveApiCriada, TEXTO_CHAVES_API, type TNovaChaveApi } from "@crm/domain/api-keys";
import { PAPEL } from "@crm/domain/roles";
import ipaddr from "ipaddr.js";
import { assinadorDeChaves } from "../api-v1/key-format.js";
import { registrarMudancas } from "../change-log/record.js";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, type TTx, withTenant } from "../db/tenant.js";
import { badRequest, conflict, notFound } from "../http/errors.js";
import { exigirRecursoDoPlano } from "../membership/plan-limits.js";

/**
 * Company API keys ('API personalizada', Enterprise; decisions 1310, 1811). A key is shown once and only its SHA-256
 * is stored; its shape and signature are `api-v1/key-format.ts`. Each key has its scopes, an optional last day and
 * IP allow-list. Creating a key needs the plan's feature; revoking never does.
 */
const quando = (c: string) => `to_char(${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const COLUNAS = `id, nome, prefixo, ${quando("created_at")} AS criada_em, ${quando("ultimo_uso_em")} AS ultimo_uso_em,
  ${quando("revogada_em")} AS revogada_em, escopos, to_char(expira_em, 'YYYY-MM-DD') AS expira_em,
  ips_permitidos::text[] AS ips_permitidos`;

export function listarChaves(deps: Pick<TDeps, "db">, ctx: TTenantCtx & { empresaId: string }): Promise<TChaveApi[]> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `SELECT ${COLUNAS} FROM chaves_api WHERE id_empresa_fk = $1 ORDER BY revogada_em IS NOT NULL, created_at DESC`,
      [ctx.empresaId],
    );
    return rows as TChaveApi[];
  });
}

/** The allow-list as PostgreSQL's cidr text, each entry parsed exactly (a host is its /32 or /128). */
function faixasDe(ips: string[]): string[] {
  return ips.map((ip) => {
    try {
      const [end, bits] = ip.includes("/") ? ipaddr.parseCIDR(ip) : [ipaddr.parse(ip), null];
      const maximo = end.kind() === "ipv4" ? 32 : 128;
      const b = bits ?? maximo;
      // the network address of the range (cidr refuses host bits set): 203.0.113.7/24 → 203.0.113.0/24
      const rede = end.kind() === "ipv4" ? ipaddr.IPv4.networkAddressFromCIDR(`${end}/${b}`) : end;
      return `${rede.toString()}/${b}`;
    } catch {
      throw badRequest(TEXTO_CHAVES_API.ipInvalido(ip), { ips_permitidos: TEXTO_CHAVES_API.ipInvalido(ip) });
    }
  });
}

export function criarChave(
  deps: Pick<TDeps, "db" | "config">,
  ctx: TTenantCtx & { empresaId: string },
  nova: TNovaChaveApi,
): Promise<TChaveApiCriada> {
  const faixas = faixasDe(nova.ips_permitidos);
  return withTenant(deps.db.app, ctx, async (tx) => {
    await exigirRecursoDoPlano(tx, ctx.empresaId, "apiPersonalizada");
    await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('chaves_api:' || $1, 0))", [ctx.empresaId]);
    const { rows: n } = await tx.query(
      "SELECT count(*)::int AS n FROM chaves_api WHERE id_empresa_fk = $1 AND revogada_em IS NULL",
      [ctx.empresaId],
    );
    if (n[0].n >= MAX_CHAVES_API) throw conflict(`Limite de ${MAX_CHAVES_API} chaves ativas: revogue uma antes de criar outra.`);
    if (nova.expira_em) {
      const { rows: f } = await tx.query("SELECT $1::date >= (now() AT TIME ZONE 'America/Sao_Paulo')::date AS futura", [
        nova.expira_em,
      ]);
      if (!f[0].futura) throw badRequest(TEXTO_CHAVES_API.expiraEmInvalida, { expira_em: TEXTO_CHAVES_API.expiraEmInvalida });
    }
    const { chave, prefixo, hash } = assinadorDeChaves(deps.config.appSecret).gerar(ctx.empresaId);
    const { rows } = await tx.query(
      `INSERT INTO chaves_api (id_empresa_fk, nome, prefixo, hash, criada_por_fk, escopos, expira_em, ips_permitidos, assinada)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::cidr[], true) RETURNING ${COLUNAS}`,
      [
        ctx.empresaId,
        nova.nome,
        prefixo,
        hash,
        ctx.papel === PAPEL.plataforma ? null : ctx.usuarioId,
        nova.escopos,
        nova.expira_em,
        faixas,
      ],
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

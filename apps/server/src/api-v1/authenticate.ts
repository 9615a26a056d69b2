import { type TEscopoApi, TEXTO_CHAVES_API } from "@crm/domain/api-keys";
import { TEXTO_API_V1 } from "@crm/domain/api-v1";
import { MSG } from "@crm/domain/messages";
import { motivoSemRecurso } from "@crm/domain/plan-limits";
import type { TPlano } from "@crm/domain/plans";
import { PAPEL } from "@crm/domain/roles";
import type { TDb } from "../db/pool.js";
import { lerComTenant, type TTenantCtx, withTenant } from "../db/tenant.js";
import type { TChaveLida } from "./key-format.js";
import { ProblemaApi } from "./problem.js";

/** The key a request was authenticated with: its id (the change log's author), company, scopes and plan. */
export type TChaveAutenticada = { chaveId: string; empresaId: string; escopos: TEscopoApi[]; plano: TPlano };

/** The tenant context a key acts in: its company, no person, the company-admin role (decision 1310). */
export const contextoDaChave = (empresaId: string): TTenantCtx & { empresaId: string } => ({
  empresaId,
  usuarioId: "",
  papel: PAPEL.admin,
});

/**
 * Looks a key up inside its company's tenant context (the company is in the key: no cross-tenant search) and checks,
 * in one statement, everything that may refuse it: unknown or revoked (401), past its last day in São Paulo (401),
 * the caller's address outside its allow-list (403), the company suspended or off a plan with the API (403). Last
 * use is written at most once a minute, so a busy key does not turn every read into a write: the check is one read
 * in one round trip (`lerComTenant` on db.leitura), the write a transaction of its own when due.
 */
export async function autenticarChave(db: TDb, lida: TChaveLida, ip: string): Promise<TChaveAutenticada> {
  const ctx = contextoDaChave(lida.empresaId);
  const { rows } = await lerComTenant(
    db.leitura,
    ctx,
    async () => ({
      name: "api-v1-autenticar-chave",
      text: `SELECT k.id, k.escopos, e.plano_assinatura, e.status_assinatura,
                    k.expira_em IS NOT NULL AND k.expira_em < (now() AT TIME ZONE 'America/Sao_Paulo')::date AS expirada,
                    cardinality(k.ips_permitidos) = 0 OR $3::inet <<= ANY (k.ips_permitidos) AS ip_permitido,
                    k.ultimo_uso_em IS NULL OR k.ultimo_uso_em < now() - interval '1 minute' AS tocar
               FROM chaves_api k JOIN empresas e ON e.id = k.id_empresa_fk
              WHERE k.id_empresa_fk = $1 AND k.hash = $2 AND k.revogada_em IS NULL`,
      values: [lida.empresaId, lida.hash, ip],
    }),
    { planoGenerico: true },
  );
  const k = rows[0];
  if (!k) throw new ProblemaApi("chave_invalida", TEXTO_CHAVES_API.chaveInvalida);
  if (k.expirada) throw new ProblemaApi("chave_expirada", TEXTO_API_V1.chaveExpirada);
  if (!k.ip_permitido) throw new ProblemaApi("ip_nao_permitido", TEXTO_API_V1.ipNaoPermitido(ip));
  if (k.status_assinatura !== "Ativo") throw new ProblemaApi("empresa_suspensa", MSG.empresaSuspensa);
  const semApi = motivoSemRecurso(k.plano_assinatura, "apiPersonalizada");
  if (semApi) throw new ProblemaApi("limite_plano", semApi);
  if (k.tocar)
    await withTenant(db.app, ctx, (tx) =>
      tx.query({
        name: "api-v1-tocar-chave",
        text: "UPDATE chaves_api SET ultimo_uso_em = now() WHERE id_empresa_fk = $1 AND id = $2",
        values: [lida.empresaId, k.id],
      }),
    );
  return { chaveId: k.id, empresaId: lida.empresaId, escopos: k.escopos, plano: k.plano_assinatura };
}

/** The change log's author of a write through the API: the key, no person (decisions 1702, 1895). */
export const autorDaChave = (c: TChaveAutenticada) => ({
  origem: "api" as const,
  usuarioId: null,
  chaveApiId: c.chaveId,
  motivo: null,
});

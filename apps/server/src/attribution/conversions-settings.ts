import { MSG } from "@crm/domain/messages";
import type { TConversoesMeta, TConversoesMetaForm } from "@crm/domain/schemas/attribution";
import type { TDeps } from "../core/deps.js";
import { cofreDe, mascarar } from "../crypto/secrets.js";
import { type TTenantCtx, type TTx, withTenant } from "../db/tenant.js";
import { badRequest } from "../http/errors.js";

/** A company's Conversions API settings with the token decrypted: server memory only. */
export type TConfigConversoes = { ativo: boolean; datasetId: string; versao: string; token: string | null };

export async function lerConfigConversoes(tx: TTx, appSecret: string, empresaId: string): Promise<TConfigConversoes> {
  const { rows } = await tx.query(
    "SELECT ativo, dataset_id, versao_api, access_token FROM conversoes_meta_config WHERE id_empresa_fk = $1",
    [empresaId],
  );
  const r = rows[0];
  if (!r) return { ativo: false, datasetId: "", versao: "v25.0", token: null };
  return { ativo: r.ativo, datasetId: r.dataset_id, versao: r.versao_api, token: cofreDe(appSecret).decifrar(r.access_token) };
}

async function paraTela(tx: TTx, appSecret: string, empresaId: string): Promise<TConversoesMeta> {
  const c = await lerConfigConversoes(tx, appSecret, empresaId);
  const { rows } = await tx.query(
    `SELECT e.evento, e.status, l.nome, e.erro, e.tentativas, coalesce(e.enviado_em, e.created_at) AS quando
       FROM conversoes_meta_eventos e
       JOIN leads_juros_check l ON l.id_empresa_fk = e.id_empresa_fk AND l.id = e.id_lead_fk
      WHERE e.id_empresa_fk = $1 ORDER BY e.created_at DESC LIMIT 10`,
    [empresaId],
  );
  return {
    ativo: c.ativo,
    id_dataset: c.datasetId,
    versao_api: c.versao,
    access_token: mascarar(c.token),
    eventos: rows.map((r) => ({
      evento: r.evento,
      status: r.status,
      lead: r.nome,
      erro: r.erro,
      tentativas: r.tentativas,
      quando: new Date(r.quando).toISOString(),
    })),
  };
}

/** The settings card of /configuracoes: on/off, dataset id, Graph version, the token masked, the newest outcomes. */
export function carregarConversoes(deps: Pick<TDeps, "db" | "config">, ctx: TTenantCtx & { empresaId: string }) {
  return withTenant(deps.db.app, ctx, (tx) => paraTela(tx, deps.config.appSecret, ctx.empresaId));
}

/** Saves them; an empty token keeps the saved one; turning the sending on needs a dataset id and a token. */
export function salvarConversoes(
  deps: Pick<TDeps, "db" | "config">,
  ctx: TTenantCtx & { empresaId: string },
  f: TConversoesMetaForm,
): Promise<TConversoesMeta> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const atual = await lerConfigConversoes(tx, deps.config.appSecret, ctx.empresaId);
    const token = f.access_token || atual.token;
    if (f.ativo && !f.id_dataset) throw badRequest(MSG.datasetObrigatorio, { id_dataset: MSG.datasetObrigatorio });
    if (f.ativo && !token) throw badRequest(MSG.tokenConversoesObrigatorio, { access_token: MSG.tokenConversoesObrigatorio });
    await tx.query(
      `INSERT INTO conversoes_meta_config (id_empresa_fk, ativo, dataset_id, versao_api, access_token, updated_at)
       VALUES ($1, $2, $3, $4, $5, now())
       ON CONFLICT (id_empresa_fk) DO UPDATE SET ativo = $2, dataset_id = $3, versao_api = $4, access_token = $5, updated_at = now()`,
      [ctx.empresaId, f.ativo, f.id_dataset, f.versao_api, token ? cofreDe(deps.config.appSecret).cifrar(token) : null],
    );
    return paraTela(tx, deps.config.appSecret, ctx.empresaId);
  });
}

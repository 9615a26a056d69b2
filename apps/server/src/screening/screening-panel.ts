import type { TIntervalo } from "@crm/domain/period";
import type { TPainelTriagem } from "@crm/domain/schemas/screening";
import {
  STATUS_ANALISE_MANUAL,
  STATUS_APROVADOS_IA,
  STATUS_PENDENTES_IA,
  STATUS_REJEITADOS_IA,
  taxasIa,
} from "@crm/domain/screening";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { calcularEficienciaIa } from "./ai-efficiency.js";
import { lerEmpresaTriagem } from "./read-ai-config.js";

/**
 * /ia-triagem's header (001 'AI screening', §9 'AI rates'): the switch, which screener runs, the counters of the
 * leads created in the period and the rates. Processed = has data_processamento_ia; approved and rejected are
 * counted among the processed, so the rates are shares of what the screener decided.
 */
export async function lerPainelTriagem(
  deps: Pick<TDeps, "db" | "config">,
  ctx: TTenantCtx & { empresaId: string },
  intervalo: TIntervalo,
): Promise<TPainelTriagem> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const empresa = await lerEmpresaTriagem(tx, deps.config.appSecret, ctx.empresaId);
    const { rows } = await tx.query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE data_processamento_ia IS NOT NULL)::int AS processados,
              count(*) FILTER (WHERE data_processamento_ia IS NOT NULL AND status_lead = ANY ($4::text[]))::int AS aprovados,
              count(*) FILTER (WHERE data_processamento_ia IS NOT NULL AND status_lead = ANY ($5::text[]))::int AS rejeitados,
              count(*) FILTER (WHERE status_lead = ANY ($6::text[]))::int AS pendentes,
              count(*) FILTER (WHERE status_lead = $7)::int AS "analiseManual"
         FROM leads_juros_check
        WHERE id_empresa_fk = $1 AND created_at >= $2 AND created_at < $3`,
      [
        ctx.empresaId,
        intervalo.inicio,
        intervalo.fim,
        STATUS_APROVADOS_IA,
        STATUS_REJEITADOS_IA,
        STATUS_PENDENTES_IA,
        STATUS_ANALISE_MANUAL,
      ],
    );
    const contagens = rows[0];
    const chave = !!empresa?.ia.apiKey;
    return {
      ativa: !!empresa?.ativa,
      motor: chave ? "openai" : "regras",
      modelo: chave ? (empresa?.ia.model ?? null) : null,
      chaveConfigurada: chave,
      contagens,
      taxas: taxasIa(contagens),
      eficiencia: await calcularEficienciaIa(tx, ctx.empresaId, intervalo),
      intervalo: { inicio: intervalo.inicio.toISOString(), fim: intervalo.fim.toISOString() },
    };
  });
}

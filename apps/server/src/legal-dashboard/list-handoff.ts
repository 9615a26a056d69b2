import { diasEntre } from "@crm/domain/legal-dashboard";
import {
  ETAPAS_ENCAMINHAMENTO,
  type TEtapaEncaminhamento,
  type TFiltroLeadsJuridicos,
  type TPaginaLeadsJuridicos,
} from "@crm/domain/schemas/legal-dashboard";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { nomeDoUsuarioSql } from "../db/person-name.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { condicoesDaBusca } from "../leads/list/filter-sql.js";

type TCtx = TTenantCtx & { empresaId: string };

/** Where a converted lead is on its way to the legal team (decision 1105), as SQL over `leads_juros_check l`. */
const ETAPA = `CASE WHEN l.status_lead = 'Convertido' THEN 'nao_enviado'
  WHEN l.profissional_juridico_atribuido_id IS NULL THEN 'sem_profissional' ELSE 'com_profissional' END`;
/** Since when: the process's opening, else (converted in the chat, not sent) its last change. */
const DESDE = "coalesce(l.convertido_em, l.updated_at)";

/**
 * /juridico-leads: the company's converted leads ('Convertido' and 'Convertido (Ganho)') with where each is on its
 * way to the legal team, the ones still waiting first and the longest waiting first; counts per step over the other
 * filters.
 */
export function listarLeadsJuridicos(
  deps: Pick<TDeps, "db">,
  ctx: TCtx,
  f: TFiltroLeadsJuridicos,
  agora = relogio.agora(),
): Promise<TPaginaLeadsJuridicos> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const params: unknown[] = [ctx.empresaId];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    const where = ["l.id_empresa_fk = $1", "l.status_lead IN ('Convertido', 'Convertido (Ganho)')"];
    if (f.consultor) where.push(`l.consultor_atribuido_id = ${p(f.consultor)}`);
    if (f.statusJuridico) where.push(`l.status_juridico_lead = ${p(f.statusJuridico)}`);
    const busca = f.busca?.trim();
    if (busca) where.push(...(await condicoesDaBusca(tx, busca, p)));

    const contagem = await tx.query<{ etapa: TEtapaEncaminhamento; n: number }>(
      `SELECT ${ETAPA} AS etapa, count(*)::int AS n FROM leads_juros_check l WHERE ${where.join(" AND ")} GROUP BY 1`,
      params,
    );
    const porEtapa = Object.fromEntries(ETAPAS_ENCAMINHAMENTO.map((e) => [e, 0])) as Record<TEtapaEncaminhamento, number>;
    for (const c of contagem.rows) porEtapa[c.etapa] = c.n;

    const daPagina = [...where];
    if (f.etapa) daPagina.push(`${ETAPA} = ${p(f.etapa)}`);
    const n = params.length;
    const { rows } = await tx.query(
      `SELECT l.id, l.nome, l.telefone, l.status_lead, ${ETAPA} AS etapa, c.nome AS consultor_nome,
              ${nomeDoUsuarioSql("u")} AS profissional_nome, u.email AS profissional_email, l.status_juridico_lead,
              l.valor_contrato_fechado::text AS valor_contrato_fechado, ${DESDE} AS desde
         FROM leads_juros_check l
         LEFT JOIN consultores c ON c.id_empresa_fk = l.id_empresa_fk AND c.id = l.consultor_atribuido_id
         LEFT JOIN usuarios_plataforma u ON u.id_empresa_fk = l.id_empresa_fk AND u.id = l.profissional_juridico_atribuido_id
        WHERE ${daPagina.join(" AND ")}
        ORDER BY array_position(ARRAY['nao_enviado', 'sem_profissional', 'com_profissional'], ${ETAPA}),
                 ${DESDE}, l.id
        LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, f.tamanho + 1, (f.pagina - 1) * f.tamanho],
    );
    return {
      itens: rows.slice(0, f.tamanho).map(({ desde, ...r }) => ({
        ...r,
        status_juridico_lead: r.status_lead === "Convertido" ? null : (r.status_juridico_lead ?? "Aguardando Contato Jurídico"),
        convertido_em: new Date(desde).toISOString(),
        dias: diasEntre(desde, agora),
      })),
      pagina: f.pagina,
      tamanho: f.tamanho,
      temMais: rows.length > f.tamanho,
      porEtapa,
    };
  });
}

import { metricasCusto } from "@crm/domain/marketing";
import { MSG } from "@crm/domain/messages";
import type { TCustoMarketing, TCustoMarketingForm } from "@crm/domain/schemas/marketing";
import { registrarAuditoria } from "../auth/audit.js";
import { autorDoRegistro, CUSTO_NO_REGISTRO, registrarCriados, sqlRegistro } from "../change-log/in-statement.js";
import type { TAutorMudanca } from "../change-log/record.js";
import type { TDeps } from "../core/deps.js";
import { type TCtxEmpresa, withTenant } from "../db/tenant.js";
import { notFound } from "../http/errors.js";
import { COLUNAS_CUSTO, paraCusto } from "./cost-row.js";

/** The row's values with ctr, cpc and cpm computed here (001 §7); gasto_total is the column generated from valor_gasto. */
const valores = (c: TCustoMarketingForm) => {
  const m = metricasCusto(c.valor_gasto, c.impressoes, c.cliques);
  return [
    c.data_custo,
    c.plataforma,
    c.valor_gasto,
    c.campanhas_ativas,
    c.impressoes,
    c.cliques,
    m.ctr,
    m.cpc,
    m.cpm,
    c.id_conta_anuncio,
    c.campanha,
    c.id_anuncio,
  ];
};

/** Costs are a person's entries on /marketing: their change-log rows name them (decision 1702). */
const autor = (ctx: TCtxEmpresa): TAutorMudanca => ({ origem: "usuario", usuarioId: ctx.usuarioId });

/** Adds a cost to the company (001 §7 custos_marketing insert). */
export function criarCusto(
  deps: Pick<TDeps, "db">,
  ctx: TCtxEmpresa,
  c: TCustoMarketingForm,
  meta: { ip: string },
  /** /api/v1 passes its key, with no person (decision 1895) */
  quem = autor(ctx),
): Promise<TCustoMarketing> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `INSERT INTO custos_marketing (id_empresa_fk, data_custo, plataforma, valor_gasto, campanhas_ativas, impressoes, cliques,
              ctr, cpc, cpm, id_conta_anuncio, campanha, anuncio_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING ${COLUNAS_CUSTO}`,
      [ctx.empresaId, ...valores(c)],
    );
    const custo = paraCusto(rows[0]);
    await registrarCriados(tx, {
      ...CUSTO_NO_REGISTRO,
      empresaId: ctx.empresaId,
      ids: [custo.id],
      tipo: "custo.criado",
      autor: quem,
    });
    await registrarAuditoria(tx, {
      empresaId: ctx.empresaId,
      usuarioId: quem.usuarioId ?? null,
      acao: "marketing.custo_criado",
      entidade: "custo_marketing",
      entidadeId: custo.id,
      dados: c,
      ip: meta.ip,
    });
    return custo;
  });
}

/** Edits a cost of the company by id (001 §7 custos_marketing update); another company's id is 404. */
export function atualizarCusto(
  deps: Pick<TDeps, "db">,
  ctx: TCtxEmpresa,
  id: string,
  c: TCustoMarketingForm,
  meta: { ip: string },
  /** /api/v1 passes its key, with no person (decision 1926) */
  quem = autor(ctx),
): Promise<TCustoMarketing> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `WITH antes AS (SELECT c AS linha FROM custos_marketing c WHERE c.id_empresa_fk = $1 AND c.id = $2 FOR UPDATE),
       feitos AS (
         UPDATE custos_marketing c SET data_custo = $3, plataforma = $4, valor_gasto = $5, campanhas_ativas = $6,
                impressoes = $7, cliques = $8, ctr = $9, cpc = $10, cpm = $11, id_conta_anuncio = $12, campanha = $13,
                anuncio_id = $14, updated_at = now()
           FROM antes a WHERE c.id_empresa_fk = $1 AND c.id = (a.linha).id
          RETURNING a.linha AS antes, c AS depois, ${COLUNAS_CUSTO}),
       registro AS (${sqlRegistro(15, CUSTO_NO_REGISTRO)})
       SELECT * FROM feitos`,
      [ctx.empresaId, id, ...valores(c), autorDoRegistro("custo.alterado", quem)],
    );
    if (!rows[0]) throw notFound(MSG.custoNaoEncontrado);
    await registrarAuditoria(tx, {
      empresaId: ctx.empresaId,
      usuarioId: quem.usuarioId ?? null,
      acao: "marketing.custo_atualizado",
      entidade: "custo_marketing",
      entidadeId: id,
      dados: c,
      ip: meta.ip,
    });
    return paraCusto(rows[0]);
  });
}

/** Deletes a cost of the company by id (001 §7), after 'Tem certeza que deseja excluir este custo?' on screen. */
export function excluirCusto(
  deps: Pick<TDeps, "db">,
  ctx: TCtxEmpresa,
  id: string,
  meta: { ip: string },
  /** /api/v1 passes its key, with no person (decision 1926) */
  quem = autor(ctx),
): Promise<void> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `WITH feitos AS (
         DELETE FROM custos_marketing c WHERE c.id_empresa_fk = $1 AND c.id = $2
         RETURNING c AS antes, NULL::custos_marketing AS depois),
       registro AS (${sqlRegistro(3, CUSTO_NO_REGISTRO)})
       SELECT (f.antes).data_custo, (f.antes).plataforma, (f.antes).valor_gasto::text, (f.antes).id_conta_anuncio FROM feitos f`,
      [ctx.empresaId, id, autorDoRegistro("custo.excluido", quem)],
    );
    if (!rows[0]) throw notFound(MSG.custoNaoEncontrado);
    await registrarAuditoria(tx, {
      empresaId: ctx.empresaId,
      usuarioId: quem.usuarioId ?? null,
      acao: "marketing.custo_excluido",
      entidade: "custo_marketing",
      entidadeId: id,
      dados: rows[0],
      ip: meta.ip,
    });
  });
}

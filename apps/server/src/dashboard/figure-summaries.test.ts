import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarAleatorio, criarEmpresaComUsuarios, linhaLead } from "../../test/factories.js";
import { withCompanyJob } from "../db/tenant.js";
import { inserirVarios } from "../seed/bulk.js";

const t = useTestApp();
const FUSO = "America/Sao_Paulo";
const SEMENTE = Number(process.env.RESUMOS_SEED ?? Math.floor(Math.random() * 2 ** 31));

/**
 * Migration 0034's day summaries (screenings for 'Eficiência IA', costs per platform) must equal a recount of their
 * rows after any mix of inserts, updates and deletes, made under each company's row-level security as the app does.
 */
describe(`figure summaries of migration 0034 (RESUMOS_SEED=${SEMENTE})`, () => {
  it("screenings' and costs' day summaries equal a recount after random batches of writes in two companies", async () => {
    const r = criarAleatorio(SEMENTE);
    const empresas = [await criarEmpresaComUsuarios(t), await criarEmpresaComUsuarios(t)].map((e) => e.empresa.id);
    // instants around São Paulo midnight (03:00Z) so that a move of an hour may change the day
    const instante = () => new Date(Date.UTC(2025, 2, r.int(1, 20), 3, 0, 0) + r.int(-7200, 7200) * 1000);
    const decisoes = ["qualificado", "rejeitado", "duvidas", "erro"];
    const plataformas = ["Facebook", "Google", "Instagram", "LinkedIn", "TikTok", "Outro"];
    for (let lote = 0; lote < 24; lote++) {
      const e = r.escolher(empresas);
      await withCompanyJob(t.deps.db.app, e, "teste", async (tx) => {
        const leads = Array.from({ length: r.int(1, 6) }, () => linhaLead({ id: r.uuid(), id_empresa_fk: e }));
        await inserirVarios(tx, "leads_juros_check", leads);
        await inserirVarios(
          tx,
          "triagens_ia",
          leads.map((l) => ({
            id: r.uuid(),
            id_empresa_fk: e,
            id_lead_fk: l.id,
            decisao: r.escolher(decisoes),
            revisao_decisao: r.chance(0.3) ? r.escolher(["qualificado", "rejeitado"]) : null,
            motor: "regras",
            created_at: instante(),
          })),
        );
        await inserirVarios(
          tx,
          "custos_marketing",
          Array.from({ length: r.int(0, 5) }, () => ({
            id: r.uuid(),
            id_empresa_fk: e,
            data_custo: instante().toISOString().slice(0, 10),
            plataforma: r.escolher(plataformas),
            valor_gasto: (r.int(0, 90_000) / 100).toFixed(2),
            impressoes: r.int(0, 5000),
            cliques: r.int(0, 300),
          })),
        );
        // a person's review, a decision rewritten, a screening moved across midnight, some deleted
        await tx.query(
          "UPDATE triagens_ia SET revisao_decisao = $1 WHERE id IN (SELECT id FROM triagens_ia ORDER BY id LIMIT 2)",
          [r.escolher(["qualificado", "rejeitado"])],
        );
        await tx.query(
          `UPDATE triagens_ia SET decisao = $1, created_at = created_at + interval '90 minutes'
            WHERE id IN (SELECT id FROM triagens_ia ORDER BY created_at DESC LIMIT 1)`,
          [r.escolher(decisoes)],
        );
        await tx.query("DELETE FROM triagens_ia WHERE id IN (SELECT id FROM triagens_ia ORDER BY id DESC LIMIT $1)", [
          r.int(0, 1),
        ]);
        // a cost edited (value, platform and day) and one deleted
        await tx.query(
          `UPDATE custos_marketing SET valor_gasto = valor_gasto + 1.5, plataforma = $1, data_custo = data_custo + 1, cliques = cliques + 1
            WHERE id IN (SELECT id FROM custos_marketing ORDER BY id LIMIT 1)`,
          [r.escolher(plataformas)],
        );
        await tx.query("DELETE FROM custos_marketing WHERE id IN (SELECT id FROM custos_marketing ORDER BY id DESC LIMIT $1)", [
          r.int(0, 1),
        ]);
        // deleting a lead cascades to its screenings
        if (r.chance(0.3)) await tx.query("DELETE FROM leads_juros_check WHERE id = $1", [leads[0].id]);
      });
    }
    const { rows: triagens } = await t.dono.query(
      `WITH contagem AS (
         SELECT id_empresa_fk, (created_at AT TIME ZONE '${FUSO}')::date AS dia,
                count(*) FILTER (WHERE decisao IN ('qualificado', 'rejeitado', 'erro'))::int AS concluidas,
                count(*) FILTER (WHERE decisao IN ('qualificado', 'rejeitado')
                                   AND (revisao_decisao IS NULL OR revisao_decisao = decisao))::int AS mantidas
           FROM triagens_ia WHERE id_empresa_fk = ANY ($1::uuid[]) GROUP BY 1, 2),
       resumo AS (SELECT id_empresa_fk, dia, concluidas, mantidas FROM triagens_resumo_diaria
                   WHERE id_empresa_fk = ANY ($1::uuid[]) AND (concluidas <> 0 OR mantidas <> 0))
       (SELECT * FROM contagem WHERE concluidas <> 0 EXCEPT SELECT * FROM resumo)
       UNION ALL (SELECT * FROM resumo EXCEPT SELECT * FROM contagem)`,
      [empresas],
    );
    expect(triagens).toEqual([]);
    const { rows: custos } = await t.dono.query(
      `WITH contagem AS (
         SELECT id_empresa_fk, data_custo AS dia, plataforma, count(*)::int AS n, sum(valor_gasto) AS v,
                sum(impressoes)::bigint AS i, sum(cliques)::bigint AS c
           FROM custos_marketing WHERE id_empresa_fk = ANY ($1::uuid[]) GROUP BY 1, 2, 3),
       resumo AS (SELECT id_empresa_fk, dia, plataforma, lancamentos, valor_gasto, impressoes, cliques FROM custos_marketing_diaria
                   WHERE id_empresa_fk = ANY ($1::uuid[])
                     AND NOT (lancamentos = 0 AND valor_gasto = 0 AND impressoes = 0 AND cliques = 0))
       (SELECT * FROM contagem EXCEPT SELECT * FROM resumo) UNION ALL (SELECT * FROM resumo EXCEPT SELECT * FROM contagem)`,
      [empresas],
    );
    expect(custos).toEqual([]);
    // and the test wrote something to compare
    const { rows: n } = await t.dono.query(
      "SELECT (SELECT count(*) FROM triagens_ia WHERE id_empresa_fk = ANY ($1::uuid[]))::int AS t, (SELECT count(*) FROM custos_marketing WHERE id_empresa_fk = ANY ($1::uuid[]))::int AS c",
      [empresas],
    );
    expect(n[0].t).toBeGreaterThan(20);
    expect(n[0].c).toBeGreaterThan(10);
  });
});

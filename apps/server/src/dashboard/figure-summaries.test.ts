import { STATUS_QUALIFICADOS_IA } from "@crm/domain/attribution";
import { STATUS_FORA_DO_PIPELINE } from "@crm/domain/revisional/recoverable";
import { STATUS_CONVERTIDOS } from "@crm/domain/status";
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
    // 0041's per-day totals and per-month × platform sums of the same costs
    const { rows: custosDiaMes } = await t.dono.query(
      `WITH contagem AS (
         SELECT id_empresa_fk, data_custo AS t, '' AS plataforma, count(*)::int AS n, sum(valor_gasto) AS v
           FROM custos_marketing WHERE id_empresa_fk = ANY ($1::uuid[]) GROUP BY 1, 2
         UNION ALL
         SELECT id_empresa_fk, date_trunc('month', data_custo)::date, plataforma, count(*)::int, sum(valor_gasto)
           FROM custos_marketing WHERE id_empresa_fk = ANY ($1::uuid[]) GROUP BY 1, 2, 3),
       resumo AS (
         SELECT id_empresa_fk, dia, '', lancamentos, valor_gasto FROM custos_marketing_dia
          WHERE id_empresa_fk = ANY ($1::uuid[]) AND (lancamentos, valor_gasto) <> (0, 0)
         UNION ALL
         SELECT id_empresa_fk, mes, plataforma, lancamentos, valor_gasto FROM custos_marketing_mensal
          WHERE id_empresa_fk = ANY ($1::uuid[]) AND (lancamentos, valor_gasto) <> (0, 0))
       (SELECT * FROM contagem EXCEPT SELECT * FROM resumo) UNION ALL (SELECT * FROM resumo EXCEPT SELECT * FROM contagem)`,
      [empresas],
    );
    expect(custosDiaMes).toEqual([]);
    // and the test wrote something to compare
    const { rows: n } = await t.dono.query(
      "SELECT (SELECT count(*) FROM triagens_ia WHERE id_empresa_fk = ANY ($1::uuid[]))::int AS t, (SELECT count(*) FROM custos_marketing WHERE id_empresa_fk = ANY ($1::uuid[]))::int AS c",
      [empresas],
    );
    expect(n[0].t).toBeGreaterThan(20);
    expect(n[0].c).toBeGreaterThan(10);
  });
});

/**
 * Migrations 0039's, 0040's and 0041's summaries — per month and campaign/ad (leads and costs), per day and origin, per day and consultant
 * (leads and the recoverable value), per campaign for /financeiro — and the day summaries their triggers now share (0019, 0030, 0035) must equal a
 * recount after random batches of inserts, updates (status, closed value, AI processing, consultant, origin, campaign,
 * ad, platform, pre-analysis, moves across São Paulo midnights and month ends) and deletes, under each company's RLS.
 */
describe(`figure summaries of migrations 0039 and 0040 (RESUMOS_SEED=${SEMENTE})`, () => {
  it("monthly campaign and per-filter summaries equal a recount after random batches of writes in two companies", async () => {
    const r = criarAleatorio(SEMENTE + 39);
    const ee = [await criarEmpresaComUsuarios(t), await criarEmpresaComUsuarios(t)];
    const empresas = ee.map((e) => e.empresa.id);
    const consultores = new Map(ee.map((e) => [e.empresa.id, [e.consultor.id, null]]));
    // São Paulo midnights of month ends and mid-month days (03:00Z), give or take two hours
    const bordas = ["2025-01-31", "2025-02-01", "2025-02-28", "2025-03-01", "2025-03-15", "2025-04-01"];
    const instante = () => new Date(Date.parse(`${r.escolher(bordas)}T03:00:00Z`) + r.int(-7200, 7200) * 1000);
    const status = [
      "Novo Lead",
      "Qualificado para Atendente",
      "Em Negociação",
      "Convertido (Ganho)",
      "Perdido",
      "Aguardando Retorno",
    ];
    const origens = ["Manual", "Facebook Ads", "Google Ads", "WhatsApp"];
    const campanhas = ["Camp A", "Camp B", null];
    const anuncios = ["ad-1", "ad-2", null];
    const plataformas = ["Facebook", "Instagram", null];
    const faixas = ["abaixo", "de_1_5_a_2", "de_2_a_3", null];
    const lead = (e: string) => {
      const prazo = r.chance(0.7) ? r.int(12, 48) : null;
      return linhaLead({
        id: r.uuid(),
        id_empresa_fk: e,
        created_at: instante(),
        status_lead: r.escolher(status),
        origem_lead: r.escolher(origens),
        consultor_atribuido_id: r.escolher(consultores.get(e) ?? [null]),
        campanha_origem: r.escolher(campanhas),
        anuncio_id: r.escolher(anuncios),
        plataforma_anuncio: r.escolher(plataformas),
        valor_contrato_fechado: r.chance(0.4) ? (r.int(0, 900_000) / 100).toFixed(2) : null,
        data_processamento_ia: r.chance(0.6) ? instante() : null,
        quantidade_parcelas: prazo,
        quantidade_parcelas_pagas: prazo === null ? null : r.int(0, prazo),
        revisional_faixa: prazo === null ? null : r.escolher(faixas),
        revisional_sobrepago_centavos: prazo === null ? null : r.int(0, 9000) * prazo,
      });
    };
    const um = "(SELECT id FROM leads_juros_check ORDER BY random() LIMIT 1)";
    for (let lote = 0; lote < 20; lote++) {
      const e = r.escolher(empresas);
      await withCompanyJob(t.deps.db.app, e, "teste", async (tx) => {
        await tx.query("SELECT setseed($1)", [r.num()]);
        await inserirVarios(
          tx,
          "leads_juros_check",
          Array.from({ length: r.int(1, 8) }, () => lead(e)),
        );
        await inserirVarios(
          tx,
          "custos_marketing",
          Array.from({ length: r.int(0, 4) }, () => ({
            id: r.uuid(),
            id_empresa_fk: e,
            data_custo: instante().toISOString().slice(0, 10),
            plataforma: r.escolher(["Facebook", "Google", "Instagram"]),
            valor_gasto: (r.int(0, 90_000) / 100).toFixed(2),
            campanha: r.escolher(campanhas),
            anuncio_id: r.escolher(anuncios),
          })),
        );
        // one update per kind of change, on a random lead of the company
        const mudancas: [string, unknown[]][] = [
          ["status_lead = $1", [r.escolher(status)]],
          ["valor_contrato_fechado = $1", [r.chance(0.3) ? null : (r.int(0, 500_000) / 100).toFixed(2)]],
          ["data_processamento_ia = $1", [r.chance(0.5) ? null : instante()]],
          ["consultor_atribuido_id = $1", [r.escolher(consultores.get(e) ?? [null])]],
          ["origem_lead = $1", [r.escolher(origens)]],
          ["campanha_origem = $1, anuncio_id = $2", [r.escolher(campanhas), r.escolher(anuncios)]],
          ["plataforma_anuncio = $1", [r.escolher(plataformas)]],
          [
            "revisional_faixa = $1, revisional_sobrepago_centavos = $2",
            [r.escolher(faixas), r.chance(0.3) ? null : r.int(0, 90_000)],
          ],
          ["created_at = created_at + $1::interval", [`${r.int(-180, 180)} minutes`]],
          ["created_at = created_at + $1::interval", [`${r.escolher([-29, -1, 1, 29])} days`]],
        ];
        for (const [set, valores] of mudancas)
          if (r.chance(0.6)) await tx.query(`UPDATE leads_juros_check SET ${set} WHERE id = ${um}`, valores);
        // a batch update of several leads in one statement, and a delete
        await tx.query(
          "UPDATE leads_juros_check SET status_lead = $1, valor_contrato_fechado = 1000 WHERE id IN (SELECT id FROM leads_juros_check ORDER BY random() LIMIT 3)",
          [r.escolher(status)],
        );
        if (r.chance(0.5)) await tx.query(`DELETE FROM leads_juros_check WHERE id = ${um}`);
        // costs: value, day (across a month end) and campaign/ad edited; one deleted
        await tx.query(
          `UPDATE custos_marketing SET valor_gasto = valor_gasto + 1.5, data_custo = data_custo + $1::int, campanha = $2, anuncio_id = $3
            WHERE id IN (SELECT id FROM custos_marketing ORDER BY random() LIMIT 2)`,
          [r.escolher([-1, 0, 1, 28]), r.escolher(campanhas), r.escolher(anuncios)],
        );
        await tx.query(
          "UPDATE custos_marketing SET cliques = coalesce(cliques, 0) + 1 WHERE id IN (SELECT id FROM custos_marketing LIMIT 1)",
        );
        if (r.chance(0.4))
          await tx.query("DELETE FROM custos_marketing WHERE id IN (SELECT id FROM custos_marketing ORDER BY random() LIMIT 1)");
      });
    }
    const leads = `(SELECT *, (created_at AT TIME ZONE '${FUSO}')::date AS dia,
                           coalesce(consultor_atribuido_id, '00000000-0000-0000-0000-000000000000') AS cons
                      FROM leads_juros_check WHERE id_empresa_fk = ANY ($1::uuid[])) l`;
    const q = async (nome: string, recontagem: string, resumo: string, extra: unknown[]) => {
      const { rows } = await t.dono.query(
        `WITH contagem AS (${recontagem}), resumo AS (${resumo})
         (SELECT 'falta no resumo' AS lado, * FROM contagem EXCEPT SELECT 'falta no resumo', * FROM resumo)
         UNION ALL (SELECT 'sobra no resumo', * FROM resumo EXCEPT SELECT 'sobra no resumo', * FROM contagem)`,
        [empresas, ...extra],
      );
      expect(rows, nome).toEqual([]);
      const { rows: n } = await t.dono.query(`SELECT count(*)::int AS n FROM (${resumo}) x`, [empresas]);
      expect(n[0].n, nome).toBeGreaterThan(3);
    };
    // per month, campaign, ad and platform (0039) and per day (0035)
    await q(
      "campanhas_leads_mensal",
      `SELECT id_empresa_fk, date_trunc('month', dia)::date AS mes, coalesce(campanha_origem, '') AS c, coalesce(anuncio_id, '') AS a,
              coalesce(plataforma_anuncio, '') AS p, count(*)::int AS n,
              count(*) FILTER (WHERE data_processamento_ia IS NOT NULL AND status_lead = ANY ($3))::int AS q,
              count(*) FILTER (WHERE status_lead = ANY ($2))::int AS cv,
              coalesce(sum(valor_contrato_fechado) FILTER (WHERE status_lead = ANY ($2)), 0)::numeric(16,2) AS rc
         FROM ${leads} GROUP BY 1, 2, 3, 4, 5`,
      `SELECT id_empresa_fk, mes, campanha, anuncio_id, plataforma, leads, qualificados, conversoes, receita
         FROM campanhas_leads_mensal WHERE id_empresa_fk = ANY ($1::uuid[]) AND (leads, qualificados, conversoes, receita) <> (0, 0, 0, 0)`,
      [STATUS_CONVERTIDOS, STATUS_QUALIFICADOS_IA],
    );
    await q(
      "campanhas_leads_diaria",
      `SELECT id_empresa_fk, dia, coalesce(campanha_origem, '') AS c, coalesce(anuncio_id, '') AS a, coalesce(plataforma_anuncio, '') AS p,
              count(*)::int AS n, count(*) FILTER (WHERE data_processamento_ia IS NOT NULL AND status_lead = ANY ($3))::int AS q,
              count(*) FILTER (WHERE status_lead = ANY ($2))::int AS cv,
              coalesce(sum(valor_contrato_fechado) FILTER (WHERE status_lead = ANY ($2)), 0)::numeric(16,2) AS rc
         FROM ${leads} GROUP BY 1, 2, 3, 4, 5`,
      `SELECT id_empresa_fk, dia, campanha, anuncio_id, plataforma, leads, qualificados, conversoes, receita
         FROM campanhas_leads_diaria WHERE id_empresa_fk = ANY ($1::uuid[]) AND (leads, qualificados, conversoes, receita) <> (0, 0, 0, 0)`,
      [STATUS_CONVERTIDOS, STATUS_QUALIFICADOS_IA],
    );
    await q(
      "custos_campanhas_mensal",
      `SELECT id_empresa_fk, date_trunc('month', data_custo)::date AS mes, coalesce(campanha, '') AS c, coalesce(anuncio_id, '') AS a,
              count(*)::int AS n, sum(valor_gasto)::numeric(16,2) AS v
         FROM custos_marketing WHERE id_empresa_fk = ANY ($1::uuid[]) GROUP BY 1, 2, 3, 4`,
      `SELECT id_empresa_fk, mes, campanha, anuncio_id, lancamentos, valor_gasto FROM custos_campanhas_mensal
        WHERE id_empresa_fk = ANY ($1::uuid[]) AND (lancamentos, valor_gasto) <> (0, 0)`,
      [],
    );
    await q(
      "custos_marketing_mensal",
      `SELECT id_empresa_fk, date_trunc('month', data_custo)::date AS mes, plataforma, count(*)::int AS n, sum(valor_gasto)::numeric(16,2) AS v
         FROM custos_marketing WHERE id_empresa_fk = ANY ($1::uuid[]) GROUP BY 1, 2, 3`,
      `SELECT id_empresa_fk, mes, plataforma, lancamentos, valor_gasto FROM custos_marketing_mensal
        WHERE id_empresa_fk = ANY ($1::uuid[]) AND (lancamentos, valor_gasto) <> (0, 0)`,
      [],
    );
    // /financeiro's per day and origin, per day and consultant (0039) and per day × origin × consultant (0019)
    for (const [tabela, chave, recontada] of [
      ["financas_leads_dia_origem", "origem_lead", "origem_lead"],
      ["financas_leads_dia_consultor", "consultor_id", "cons"],
      ["financas_leads_diaria", "origem_lead, consultor_id", "origem_lead, cons"],
    ] as const)
      await q(
        tabela,
        `SELECT id_empresa_fk, dia, ${recontada}, count(*)::int AS n, count(*) FILTER (WHERE valor_contrato_fechado > 0)::int AS cv,
                coalesce(sum(valor_contrato_fechado), 0)::numeric(16,2) AS r
           FROM ${leads} GROUP BY 1, 2, ${recontada}`,
        `SELECT id_empresa_fk, dia, ${chave}, leads, convertidos, receita FROM ${tabela}
          WHERE id_empresa_fk = ANY ($1::uuid[]) AND (leads, convertidos, receita) <> (0, 0, 0)`,
        [],
      );
    // /financeiro's campaign summaries (0040): per day, per day × origin × consultant, per month × origin × consultant
    for (const [tabela, tempo, chave, recontada] of [
      ["financas_campanha_dia", "dia", "", ""],
      ["financas_campanha_diaria", "dia", ", origem_lead, consultor_id", ", origem_lead, cons"],
      ["financas_campanha_mensal", "mes", ", origem_lead, consultor_id", ", origem_lead, cons"],
    ] as const)
      await q(
        tabela,
        `SELECT id_empresa_fk, campanha_origem, ${tempo === "mes" ? "date_trunc('month', dia)::date" : "dia"} AS t ${recontada},
                count(*)::int AS n, count(*) FILTER (WHERE valor_contrato_fechado > 0)::int AS cv,
                coalesce(sum(valor_contrato_fechado), 0)::numeric(16,2) AS r
           FROM ${leads} WHERE campanha_origem IS NOT NULL GROUP BY 1, 2, 3 ${recontada}`,
        `SELECT id_empresa_fk, campanha, ${tempo} ${chave}, leads, convertidos, receita FROM ${tabela}
          WHERE id_empresa_fk = ANY ($1::uuid[]) AND (leads, convertidos, receita) <> (0, 0, 0)`,
        [],
      );
    await q(
      "financas_recuperavel_campanha_dia",
      `SELECT id_empresa_fk, campanha_origem, dia, coalesce(revisional_faixa, 'sem_faixa') AS fx, count(*)::int AS n,
              sum(revisional_sobrepago_centavos)::bigint AS total,
              sum(CASE WHEN quantidade_parcelas > 0 AND quantidade_parcelas_pagas IS NOT NULL
                       THEN revisional_sobrepago_centavos / quantidade_parcelas * least(quantidade_parcelas_pagas, quantidade_parcelas)
                       ELSE 0 END)::bigint AS ate
         FROM ${leads}
        WHERE campanha_origem IS NOT NULL AND revisional_sobrepago_centavos IS NOT NULL AND NOT status_lead = ANY ($2)
        GROUP BY 1, 2, 3, 4`,
      `SELECT id_empresa_fk, campanha, dia, faixa, leads, sobrepago_total_centavos, sobrepago_ate_agora_centavos
         FROM financas_recuperavel_campanha_dia
        WHERE id_empresa_fk = ANY ($1::uuid[]) AND (leads, sobrepago_total_centavos, sobrepago_ate_agora_centavos) <> (0, 0, 0)`,
      [STATUS_FORA_DO_PIPELINE],
    );
    await q(
      "financas_recuperavel_mensal",
      `SELECT id_empresa_fk, date_trunc('month', dia)::date AS mes, coalesce(revisional_faixa, 'sem_faixa') AS fx, count(*)::int AS n,
              sum(revisional_sobrepago_centavos)::bigint AS total,
              sum(CASE WHEN quantidade_parcelas > 0 AND quantidade_parcelas_pagas IS NOT NULL
                       THEN revisional_sobrepago_centavos / quantidade_parcelas * least(quantidade_parcelas_pagas, quantidade_parcelas)
                       ELSE 0 END)::bigint AS ate
         FROM ${leads} WHERE revisional_sobrepago_centavos IS NOT NULL AND NOT status_lead = ANY ($2) GROUP BY 1, 2, 3`,
      `SELECT id_empresa_fk, mes, faixa, leads, sobrepago_total_centavos, sobrepago_ate_agora_centavos FROM financas_recuperavel_mensal
        WHERE id_empresa_fk = ANY ($1::uuid[]) AND (leads, sobrepago_total_centavos, sobrepago_ate_agora_centavos) <> (0, 0, 0)`,
      [STATUS_FORA_DO_PIPELINE],
    );
    // the recoverable value per day, band and origin / consultant (0039) and the detailed one (0030)
    for (const [tabela, chave, recontada] of [
      ["financas_recuperavel_dia_origem", "origem_lead", "origem_lead"],
      ["financas_recuperavel_dia_consultor", "consultor_id", "cons"],
      ["financas_recuperavel_diaria", "origem_lead, consultor_id", "origem_lead, cons"],
    ] as const)
      await q(
        tabela,
        `SELECT id_empresa_fk, dia, ${recontada}, coalesce(revisional_faixa, 'sem_faixa') AS fx, count(*)::int AS n,
                sum(revisional_sobrepago_centavos)::bigint AS total,
                sum(CASE WHEN quantidade_parcelas > 0 AND quantidade_parcelas_pagas IS NOT NULL
                         THEN revisional_sobrepago_centavos / quantidade_parcelas * least(quantidade_parcelas_pagas, quantidade_parcelas)
                         ELSE 0 END)::bigint AS ate
           FROM ${leads}
          WHERE revisional_sobrepago_centavos IS NOT NULL AND NOT status_lead = ANY ($2)
          GROUP BY 1, 2, ${recontada}, coalesce(revisional_faixa, 'sem_faixa')`,
        `SELECT id_empresa_fk, dia, ${chave}, faixa, leads, sobrepago_total_centavos, sobrepago_ate_agora_centavos FROM ${tabela}
          WHERE id_empresa_fk = ANY ($1::uuid[]) AND (leads, sobrepago_total_centavos, sobrepago_ate_agora_centavos) <> (0, 0, 0)`,
        [STATUS_FORA_DO_PIPELINE],
      );
  });
});

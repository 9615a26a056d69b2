// Decision 1403's goals: recomputing the pre-analysis of 200k leads after a rates update ≤ 10 s in a job; one lead ≤ 1 ms.
// REVISIONAL_BENCH_LEADS (default 200000) leads with contracts in one company, the demo's rate snapshot; the job's
// own function (revisional/recompute.ts) is timed on the application's pool, and one lead's analysis both as the
// pure calculation and as the API handler's work (read + calculate) under RLS.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { preAnalisar } from "@crm/domain/revisional/analysis";
import { escolherReferencia } from "@crm/domain/revisional/reference";
import { PAPEL } from "@crm/domain/roles";
import Pg from "pg";
import { startEmbeddedPostgres } from "../apps/server/src/db/embedded.js";
import { migrate } from "../apps/server/src/db/migrate.js";
import { createDb } from "../apps/server/src/db/pool.js";
import { prepararLoginDaAplicacao } from "../apps/server/src/db/roles.js";
import { lerPreAnalise } from "../apps/server/src/revisional/analyze-lead.js";
import { dadosDoContrato, lerTodosOsMeses } from "../apps/server/src/revisional/contract-row.js";
import { recalcularPendentes, recalcularTodos } from "../apps/server/src/revisional/recompute.js";
import { gerarTaxasDemo } from "../apps/server/src/seed/demo-rates.js";
import { fmt, numeroEnv, percentis } from "./leads-harness.js";

export async function revisionalBench(): Promise<string[]> {
  const total = numeroEnv("REVISIONAL_BENCH_LEADS", 200_000);
  const dir = mkdtempSync(path.join(tmpdir(), "crm-bench-revisional-"));
  const pg = await startEmbeddedPostgres({ dir: path.join(dir, "pg"), password: "bench", persistent: false });
  const dono = new Pg.Pool({ connectionString: pg.url, max: 4 });
  try {
    await migrate(dono);
    const db = createDb(await prepararLoginDaAplicacao({ owner: dono, ownerUrl: pg.url, appSecret: "bench-".repeat(6) }), {
      max: 8,
    });
    const { rows } = await dono.query(
      "INSERT INTO empresas (nome_empresa, email_contato, plano_assinatura) VALUES ('Bench Revisional', 'bench@rev.local', 'Enterprise') RETURNING id",
    );
    const empresaId = rows[0].id as string;
    const u = await dono.query(
      `INSERT INTO usuarios_plataforma (id_empresa_fk, email, nome, papel, senha_hash, email_confirmado_em)
       VALUES ($1, 'admin@rev.local', 'Admin', $2, 'x', now()) RETURNING id`,
      [empresaId, PAPEL.admin],
    );
    const taxas = gerarTaxasDemo(new Date());
    await dono.query(
      `INSERT INTO taxas_bacen (codigo_serie, competencia, taxa, origem, ilustrativa)
       SELECT c, m, t, 'demo', true FROM unnest($1::int[], $2::date[], $3::numeric[]) AS v(c, m, t)`,
      [taxas.map((v) => v.codigo), taxas.map((v) => v.competencia), taxas.map((v) => v.taxa)],
    );
    // contracts of every modality and band: amount 5k–150k, 12–72 installments of a rate 1–7% a.m., signed 2019–2026
    const t0 = performance.now();
    await dono.query(
      `INSERT INTO leads_juros_check (id_empresa_fk, nome, telefone, modalidade_credito, valor_contrato, valor_parcela,
              quantidade_parcelas, quantidade_parcelas_pagas, data_contrato)
       SELECT $1, 'Lead ' || g, '5511' || lpad(g::text, 9, '0'),
              (ARRAY['financiamento_veiculo','credito_pessoal','consignado_inss','consignado_publico','consignado_privado','imobiliario'])[1 + g % 6],
              v, round((v * i / (1 - power(1 + i, -n)))::numeric, 2), n, g % n, DATE '2019-01-05' + (g % 2800)
         FROM (SELECT g, 5000 + (g * 7919) % 145000 AS v, 12 + (g * 31) % 61 AS n, 0.01 + ((g * 13) % 600) / 10000.0 AS i
                 FROM generate_series(1, $2) g) s`,
      [empresaId, total],
    );
    const semear = performance.now() - t0;

    const t1 = performance.now();
    const primeiros = await recalcularPendentes(db.app);
    const primeira = performance.now() - t1;

    // a rates update: every month of every series 1% higher, then the job that follows it
    await dono.query("UPDATE taxas_bacen SET taxa = round(taxa * 1.01, 4)");
    const t2 = performance.now();
    const refeitos = await recalcularTodos(db.app);
    const depoisDasTaxas = performance.now() - t2;
    // and the next update (the leads' pages as the first recompute left them)
    await dono.query("UPDATE taxas_bacen SET taxa = round(taxa * 0.99, 4)");
    const t3 = performance.now();
    const refeitos2 = await recalcularTodos(db.app);
    const segunda = performance.now() - t3;

    // one lead: the pure calculation, and the API handler's work (RLS read + calculation) end to end
    const { rows: amostra } = await dono.query(
      `SELECT l.id, l.modalidade_credito, l.valor_contrato::float8 AS valor_contrato, NULL::float8 AS valor_liberado,
              l.valor_parcela::float8 AS valor_parcela, l.quantidade_parcelas, l.quantidade_parcelas_pagas,
              to_char(l.data_contrato, 'YYYY-MM-DD') AS data_contrato, NULL AS banco, NULL::float8 AS taxa_informada_mensal
         FROM leads_juros_check l WHERE id_empresa_fk = $1 LIMIT 2000`,
      [empresaId],
    );
    const lerMes = await lerTodosOsMeses(dono);
    const puros: number[] = [];
    for (const l of amostra) {
      const a = performance.now();
      const d = dadosDoContrato(l);
      preAnalisar(d, escolherReferencia(d.modalidade, d.dataContrato, lerMes).referencia);
      puros.push(performance.now() - a);
    }
    const ctx = { empresaId, usuarioId: u.rows[0].id as string, papel: PAPEL.admin };
    const api: number[] = [];
    for (const l of amostra.slice(0, 500)) {
      const a = performance.now();
      await lerPreAnalise(db.leitura, ctx, l.id);
      api.push(performance.now() - a);
    }
    await db.close();
    const p = percentis(puros);
    const q = percentis(api);
    return [
      `revisional: ${total} leads com contrato (semeados em ${fmt(semear / 1000)} s)`,
      `  primeira pré-análise de todos (varredura): ${fmt(primeira / 1000)} s, ${primeiros} gravados`,
      `  recálculo após atualização das taxas: ${fmt(depoisDasTaxas / 1000)} s, ${refeitos} alterados (meta ≤ 10 s)`,
      `  recálculo após a atualização seguinte: ${fmt(segunda / 1000)} s, ${refeitos2} alterados (meta ≤ 10 s)`,
      `  um lead, cálculo puro: p50 ${(p.p50 * 1000).toFixed(1)} µs, p95 ${(p.p95 * 1000).toFixed(1)} µs (meta ≤ 1 ms)`,
      `  um lead, leitura (uma ida e volta) + cálculo sob RLS (handler da API): p50 ${fmt(q.p50)} ms, p95 ${fmt(q.p95)} ms`,
    ];
  } finally {
    await dono.end();
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

// The company figures (decision 1204): /dashboard, /financeiro, /marketing and the per-campaign endpoints with many leads and
// cost rows in one company: p95 at 20 concurrent requests through the API, and the same work called directly (its SQL
// in a tenant transaction, no HTTP) at the same concurrency — the API's overhead is the ratio (goal: API p95 ≤ 100 ms
// and ≤ 1.5× the direct p95).
//
//   npx tsx bench/company-figures.ts                   (after `npm run build`; 200k leads in the database, 40k in the company)
//   FIGURAS_BENCH_TOTAL=1000000 FIGURAS_BENCH_EMPRESA=200000 FIGURAS_BENCH_CUSTOS=20000 npx tsx bench/company-figures.ts
// Other settings: FIGURAS_BENCH_CONCORRENCIA (20), FIGURAS_BENCH_SEGUNDOS (4), FIGURAS_BENCH_CASOS=1,3 (only those);
// LEADS_BENCH_DATABASE_URL=… LEADS_BENCH_REUSAR=1 measures the data an earlier run generated in that database;
// FIGURAS_BENCH_EXPLAIN=n prints each case's statement plan n times (EXPLAIN (ANALYZE, BUFFERS) under the tenant's RLS)
// before measuring it.
//
// The leads are written as a company would have them (closed values on the converted, campaigns and ads on the ads'
// leads, contracts on most) in one INSERT per 50k rows, with every trigger on and their change-log rows, as an import
// writes them: the synchronous summaries are the triggers' work, the others the roll-up's (drained before measuring).
// Earlier versions set the closed values and campaigns with UPDATEs after the server had started, and deadlocked with
// the server's revisional sweep, which writes every new lead's pre-analysis; now the bench drains that sweep itself
// before measuring, so no background job competes with the measurements.

import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { PAPEL } from "@crm/domain/roles";
import { ZFiltroAtribuicao } from "@crm/domain/schemas/attribution";
import { ZFiltroDashboardEmpresa } from "@crm/domain/schemas/dashboard";
import { ZFiltroFinanceiro } from "@crm/domain/schemas/finance";
import { ZFiltroCustos } from "@crm/domain/schemas/marketing";
import { resultadosPorCampanha } from "../apps/server/src/attribution/campaign-figures.js";
import {
  autorDoRegistro,
  CUSTO_NO_REGISTRO,
  sqlRegistro,
  sqlRegistroDeLeads,
} from "../apps/server/src/change-log/in-statement.js";
import { lerDashboardEmpresa } from "../apps/server/src/dashboard/company-dashboard.js";
import { listarAtividadesDaEmpresa } from "../apps/server/src/dashboard/recent-activities.js";
import type { TCtxEmpresa } from "../apps/server/src/db/tenant.js";
import { alcancarRollup } from "../apps/server/src/derived/test-helpers.js";
import { lerFinanceiro } from "../apps/server/src/finance/finance-figures.js";
import { listarCustos } from "../apps/server/src/marketing/list-costs.js";
import { recalcularPendentes } from "../apps/server/src/revisional/recompute.js";
import { gerarTaxasDemo } from "../apps/server/src/seed/demo-rates.js";
import { carga, explicando, fmt, iniciarBancada, numeroEnv, percentis, type TBancada } from "./leads-harness.js";

/** the generated leads are logged as an import's (decision 1701): the summaries roll up from those rows */
const CRIADO = autorDoRegistro("lead.criado", { origem: "importacao" });
const PLATAFORMAS = ["Facebook", "Google", "Instagram", "LinkedIn", "TikTok", "Outro"];
const CAMPANHAS = ["Revisão Já", "Juros Abusivos", "Carro Quitado", "Consignado INSS", "Black Friday"];

const STATUS = [
  "Novo Lead",
  "Em Triagem IA",
  "Qualificado para Atendente",
  "Em Atendimento",
  "Em Negociação",
  "Convertido (Ganho)",
  "Perdido",
  "Sem Resposta",
];
const ORIGENS = ["Manual", "Facebook Ads", "Google Ads", "WhatsApp", "Indicação", "Site"];
const MODALIDADES = ["financiamento_veiculo", "credito_pessoal", "consignado_privado", "imobiliario", "outros"];
const LOTE = 50_000;
// consultants' ids derived from (company, n), shaped as version-4 UUIDs (the API's filters check the version)

/**
 * `total` leads over the last 365 days, `naEmpresa` of them in the bench's company and the rest in 4 others,
 * interleaved in the heap as a shared database would have them; 20 consultants per company; the converted ones with
 * a closed value, the ads' leads with a campaign and an ad, 70% with a contract (the demo's rate snapshot gives the
 * reference); then `custos` cost rows over two years naming campaigns, and the revisional sweep drained.
 */
async function gerar(b: TBancada, total: number, naEmpresa: number, custos: number): Promise<number> {
  const k = Math.max(1, Math.round(total / naEmpresa));
  const outras = k > 1 ? 4 : 0;
  const taxas = gerarTaxasDemo(new Date());
  await b.dono.query(
    `INSERT INTO taxas_bacen (codigo_serie, competencia, taxa, origem, ilustrativa)
     SELECT c, m, t, 'demo', true FROM unnest($1::int[], $2::date[], $3::numeric[]) AS v(c, m, t) ON CONFLICT DO NOTHING`,
    [taxas.map((v) => v.codigo), taxas.map((v) => v.competencia), taxas.map((v) => v.taxa)],
  );
  const { rows } = await b.dono.query(
    `INSERT INTO empresas (nome_empresa, email_contato, plano_assinatura)
     SELECT 'Outra ' || g, 'outra' || g || '.' || $1 || '@bench.local', 'Enterprise' FROM generate_series(1, $2::int) g RETURNING id`,
    [Date.now(), outras],
  );
  const empresas = [b.empresaId, ...rows.map((r) => r.id as string)];
  await b.dono.query(
    `INSERT INTO consultores (id, id_empresa_fk, nome, email)
     SELECT overlay(overlay(md5(e::text || n) placing '4' from 13) placing '8' from 17)::uuid, e, 'Consultor ' || n, 'c' || n || '.' || e || '@bench.local'
       FROM unnest($1::uuid[]) e, generate_series(0, 19) n`,
    [empresas],
  );
  const t0 = performance.now();
  for (let de = 1; de <= total; de += LOTE) {
    const ate = Math.min(total, de + LOTE - 1);
    await b.dono.query(
      `WITH feitos AS (INSERT INTO leads_juros_check AS l (id_empresa_fk, nome, email, telefone, telefone_normalizado, valor_contrato, status_lead,
         origem_lead, consultor_atribuido_id, created_at, updated_at, valor_contrato_fechado, campanha_origem, anuncio_id,
         modalidade_credito, valor_parcela, quantidade_parcelas, quantidade_parcelas_pagas, data_contrato)
       SELECT e, 'Lead ' || g, 'lead' || g || '@mail.com', '(11) 9' || lpad(g::text, 8, '0'), '55119' || lpad(g::text, 8, '0'),
              v, st, o, CASE WHEN g % 3 = 0 THEN NULL ELSE overlay(overlay(md5(e::text || (g % 20)) placing '4' from 13) placing '8' from 17)::uuid END,
              criado, now(),
              CASE WHEN st = 'Convertido (Ganho)' THEN round(v * 0.9, 2) + 100 END,
              CASE WHEN o LIKE '%Ads' THEN ($6::text[])[1 + g % 5] END,
              CASE WHEN o LIKE '%Ads' THEN 'ad-' || (g % 40) END,
              CASE WHEN c THEN ($9::text[])[1 + g % 5] END,
              CASE WHEN c THEN round((v * i / (1 - power(1 + i, -n)))::numeric, 2) END,
              CASE WHEN c THEN n END, CASE WHEN c THEN (g::bigint * 7) % n END,
              CASE WHEN c THEN (criado AT TIME ZONE 'America/Sao_Paulo')::date - 30 * ((g::bigint * 7) % n)::int END
         FROM generate_series($1::int, $2::int) g
        CROSS JOIN LATERAL (SELECT CASE WHEN g % $7 = 0 OR $8::int = 0 THEN ($5::uuid[])[1] ELSE ($5::uuid[])[2 + (g / $7) % $8] END AS e,
                                   ($3::text[])[1 + g % 8] AS st, ($4::text[])[1 + (g / 8) % 6] AS o,
                                   now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second' AS criado,
                                   (g::bigint * 13) % 10 < 7 AS c, 5000 + (g::bigint * 7919) % 145000 AS v, 12 + (g::bigint * 31) % 61 AS n,
                                   0.012 + ((g::bigint * 13) % 500) / 10000.0 AS i) x
       RETURNING NULL::leads_juros_check AS antes, l AS depois)
       ${sqlRegistroDeLeads(10)}`,
      [de, ate, STATUS, ORIGENS, empresas, CAMPANHAS, k, outras, MODALIDADES, CRIADO],
    );
    process.stdout.write(`\r  gerando leads: ${ate.toLocaleString("pt-BR")} / ${total.toLocaleString("pt-BR")}`);
  }
  process.stdout.write(`  (${((performance.now() - t0) / 1000).toFixed(0)} s)\n`);
  const t1 = performance.now();
  await b.dono.query(
    `WITH feitos AS (
       INSERT INTO custos_marketing AS c (id_empresa_fk, data_custo, plataforma, valor_gasto, impressoes, cliques, id_conta_anuncio, campanha, anuncio_id)
       SELECT $1, current_date - (g % 730), ($2::text[])[1 + g % 6], 20 + (g % 500), 1000 + g % 9000, g % 900, 'conta-' || (g % 4),
              CASE WHEN g % 2 = 0 THEN ($3::text[])[1 + g % 5] END, CASE WHEN g % 4 = 1 THEN 'ad-' || (g % 40) END
         FROM generate_series(1, $4::int) g
       RETURNING NULL::custos_marketing AS antes, c AS depois)
     ${sqlRegistro(5, CUSTO_NO_REGISTRO)}`,
    [b.empresaId, PLATAFORMAS, CAMPANHAS, custos, autorDoRegistro("custo.criado", { origem: "importacao" })],
  );
  // the server's revisional job takes new leads every minute; the bench drains the queue too, then waits for it empty
  for (;;) {
    await recalcularPendentes(b.db.app);
    const { rows: f } = await b.dono.query("SELECT count(*)::int AS n FROM leads_revisional_pendentes");
    if (f[0].n === 0) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  // and the summaries' roll-up (decision 1772): measured caught up, as a server that is not behind serves them
  await alcancarRollup(b.db.app, b.dono);
  for (const t of [
    "leads_juros_check",
    "custos_marketing",
    "financas_leads_diaria",
    "leads_contagem_diaria",
    "financas_recuperavel_diaria",
    "mudancas",
  ])
    await b.dono.query(`VACUUM ANALYZE ${t}`);
  await b.dono.query("CHECKPOINT");
  console.log(
    `  ${custos.toLocaleString("pt-BR")} custos e pré-análises de todos os leads: ${((performance.now() - t1) / 1000).toFixed(0)} s`,
  );
  const n = await b.dono.query("SELECT count(*)::int AS n FROM leads_juros_check WHERE id_empresa_fk = $1", [b.empresaId]);
  return n.rows[0].n;
}

type TCaso = { nome: string; url: (c: string) => string; direto: (ctx: TCtxEmpresa, b: TBancada, c: string) => Promise<unknown> };

const qs = (s: string) => Object.fromEntries(new URLSearchParams(s));
const dashboard = (nome: string, s: string): TCaso => ({
  nome,
  url: () => `/api/dashboard/empresa?${s}`,
  direto: (ctx, b) => lerDashboardEmpresa({ db: b.db }, ctx, ZFiltroDashboardEmpresa.parse(qs(s))),
});
const financeiro = (nome: string, s: (c: string) => string): TCaso => ({
  nome,
  url: (c) => `/api/financeiro?${s(c)}`,
  direto: (ctx, b, c) => lerFinanceiro({ db: b.db }, ctx, ZFiltroFinanceiro.parse(qs(s(c)))),
});
const marketing = (nome: string, s: string): TCaso => ({
  nome,
  url: () => `/api/custos-marketing?${s}`,
  direto: (ctx, b) => listarCustos({ db: b.db }, ctx, ZFiltroCustos.parse(qs(s))),
});

const campanhas = (nome: string, s: string): TCaso => ({
  nome,
  url: () => `/api/atribuicao/campanhas?${s}`,
  direto: (ctx, b) => resultadosPorCampanha({ db: b.db }, ctx, ZFiltroAtribuicao.parse(qs(s))),
});

let campanhaDoBench = CAMPANHAS[1];
const CASOS: TCaso[] = [
  dashboard("dashboard (últimos 30 dias)", "periodo=last30days"),
  dashboard("dashboard (Este Ano)", "periodo=thisYear"),
  dashboard("dashboard (Total)", "periodo=all"),
  {
    nome: "dashboard: atividades recentes",
    url: () => "/api/dashboard/empresa/atividades",
    direto: (ctx, b) => listarAtividadesDaEmpresa({ db: b.db }, ctx),
  },
  financeiro("financeiro (últimos 30 dias)", () => "periodo=last30days"),
  financeiro("financeiro (Este Ano)", () => "periodo=thisYear"),
  financeiro("financeiro (Total)", () => "periodo=all"),
  financeiro("financeiro (Total, por consultor)", (c) => `periodo=all&consultorId=${c}`),
  financeiro("financeiro (Total, por campanha)", () => `periodo=all&campanha=${encodeURIComponent(campanhaDoBench)}`),
  financeiro("financeiro (Total, plataforma + origem)", () => "periodo=all&plataforma=Google&origem=Google%20Ads"),
  marketing("marketing (últimos 30 dias)", "periodo=last30days"),
  marketing("marketing (Total)", "periodo=all"),
  marketing("marketing (Total, Google, pág. 50)", "periodo=all&plataforma=Google&pagina=50"),
  campanhas("campanhas e anúncios (últimos 30 dias)", "periodo=last30days"),
  campanhas("campanhas e anúncios (Total)", "periodo=all"),
];

export async function companyFiguresBench(): Promise<string> {
  const total = numeroEnv("FIGURAS_BENCH_TOTAL", 200_000);
  const naEmpresa = Math.min(total, numeroEnv("FIGURAS_BENCH_EMPRESA", 40_000));
  const custos = numeroEnv("FIGURAS_BENCH_CUSTOS", 4_000);
  const concorrencia = numeroEnv("FIGURAS_BENCH_CONCORRENCIA", 20);
  const segundos = numeroEnv("FIGURAS_BENCH_SEGUNDOS", 4);
  const b = await iniciarBancada("figuras");
  try {
    const n = b.reutilizada
      ? (await b.dono.query("SELECT count(*)::int AS n FROM leads_juros_check WHERE id_empresa_fk = $1", [b.empresaId])).rows[0].n
      : await gerar(b, total, naEmpresa, custos);
    const ctx: TCtxEmpresa = {
      empresaId: b.empresaId,
      usuarioId: b.usuarioId,
      papel: PAPEL.admin,
      empresaNome: "Bench",
      plano: "Enterprise",
    };
    // the consultant and the campaign with the most leads of the company (the generator's modulos leave some without any)
    const { rows } = await b.dono.query(
      `SELECT (SELECT consultor_atribuido_id FROM leads_juros_check WHERE id_empresa_fk = $1 AND consultor_atribuido_id IS NOT NULL
                GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1) AS consultor,
              (SELECT campanha_origem FROM leads_juros_check WHERE id_empresa_fk = $1 AND campanha_origem IS NOT NULL
                GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1) AS campanha`,
      [b.empresaId],
    );
    const consultor = rows[0].consultor as string;
    campanhaDoBench = (rows[0].campanha as string | null) ?? CAMPANHAS[1];
    const linhas = [
      `company figures API: ${n.toLocaleString("pt-BR")} leads and ${custos.toLocaleString("pt-BR")} cost rows in the company, ${total.toLocaleString("pt-BR")} leads in the database, ${concorrencia} concurrent, ${segundos} s per case`,
      `  load average before the cases (2 cores, shared): ${loadavg()
        .map((x) => x.toFixed(1))
        .join(" / ")}`,
      "  case                                          API p50 / p95 (ms)   direct p50 / p95 (ms)   p95 ratio   API req/s   goal",
    ];
    const escolhidos = process.env.FIGURAS_BENCH_CASOS?.split(",").map(Number);
    for (const [k, c] of CASOS.entries()) {
      if (escolhidos && !escolhidos.includes(k + 1)) continue;
      if (process.env.FIGURAS_BENCH_EXPLAIN) {
        console.log(`\n=== ${c.nome}`);
        // several times: the machine is shared, the least execution time is the statement's own
        for (let i = 0; i < numeroEnv("FIGURAS_BENCH_EXPLAIN", 1); i++)
          await c.direto(ctx, { ...b, db: explicando(b.db, /json_build_object/) }, consultor);
      }
      const api = await carga(concorrencia, segundos, async () => {
        const { status, corpo } = await b.obter(c.url(consultor));
        if (status !== 200) throw new Error(`${c.nome}: ${status} ${corpo}`);
      });
      const direto = await carga(concorrencia, segundos, async () => {
        await c.direto(ctx, b, consultor);
      });
      const a = percentis(api);
      const s = percentis(direto);
      linhas.push(
        `  ${c.nome.padEnd(44)}  ${fmt(a.p50).padStart(6)} / ${fmt(a.p95).padStart(6)}      ${fmt(s.p50).padStart(6)} / ${fmt(s.p95).padStart(6)}        ${(a.p95 / s.p95).toFixed(2).padStart(5)}x     ${(a.n / segundos).toFixed(0).padStart(6)}      ${a.p95 <= 100 && a.p95 / s.p95 <= 1.5 ? "ok" : "NOT MET"}`,
      );
      console.log(linhas.at(-1));
    }
    linhas.push(
      `  load average after: ${loadavg()
        .map((x) => x.toFixed(1))
        .join(" / ")}`,
    );
    return linhas.join("\n");
  } finally {
    await b.fechar();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(await companyFiguresBench());
}

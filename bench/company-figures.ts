// The company figures (issue 12): /dashboard, /financeiro and /marketing endpoints with many leads and cost rows in
// one company: p95 at 20 concurrent requests through the API, and the same work called directly (its SQL in a
// tenant transaction, no HTTP) at the same concurrency — the API's overhead is the ratio.
//
//   npx tsx bench/company-figures.ts                   (after `npm run build`; 200k leads in the database, 40k in the company)
//   FIGURAS_BENCH_TOTAL=1000000 FIGURAS_BENCH_EMPRESA=200000 FIGURAS_BENCH_CUSTOS=20000 npx tsx bench/company-figures.ts
// Other settings: FIGURAS_BENCH_CONCORRENCIA (20), FIGURAS_BENCH_SEGUNDOS (4), FIGURAS_BENCH_CASOS=1,3 (only those).

import { fileURLToPath } from "node:url";
import { PAPEL } from "@crm/domain/roles";
import { ZFiltroDashboardEmpresa } from "@crm/domain/schemas/dashboard";
import { ZFiltroFinanceiro } from "@crm/domain/schemas/finance";
import { ZFiltroCustos } from "@crm/domain/schemas/marketing";
import { lerDashboardEmpresa } from "../apps/server/src/dashboard/company-dashboard.js";
import { listarAtividadesDaEmpresa } from "../apps/server/src/dashboard/recent-activities.js";
import { lerFinanceiro } from "../apps/server/src/finance/finance-figures.js";
import { listarCustos } from "../apps/server/src/marketing/list-costs.js";
import type { TCtxEmpresa } from "../apps/server/src/membership/target-company.js";
import { carga, fmt, iniciarBancada, numeroEnv, percentis, type TBancada } from "./leads-harness.js";
import { gerar } from "./leads-list.js";

const PLATAFORMAS = ["Facebook", "Google", "Instagram", "LinkedIn", "TikTok", "Outro"];
const CAMPANHAS = ["Revisão Já", "Juros Abusivos", "Carro Quitado", "Consignado INSS", "Black Friday"];

/** Closed values for the converted leads, campaigns for the ads' leads, and `custos` cost rows over two years. */
async function completar(b: TBancada, custos: number) {
  const t0 = performance.now();
  await b.dono.query(
    `UPDATE leads_juros_check SET valor_contrato_fechado = round(valor_contrato * 0.9, 2) + 100
      WHERE status_lead = 'Convertido (Ganho)'`,
  );
  await b.dono.query(
    `UPDATE leads_juros_check SET campanha_origem = ($1::text[])[1 + abs(hashtext(id::text)) % 5]
      WHERE origem_lead IN ('Facebook Ads', 'Google Ads')`,
    [CAMPANHAS],
  );
  await b.dono.query(
    `INSERT INTO custos_marketing (id_empresa_fk, data_custo, plataforma, valor_gasto, impressoes, cliques, id_conta_anuncio)
     SELECT $1, current_date - (g % 730), ($2::text[])[1 + g % 6], 20 + (g % 500), 1000 + g % 9000, g % 900, 'conta-' || (g % 4)
       FROM generate_series(1, $3::int) g`,
    [b.empresaId, PLATAFORMAS, custos],
  );
  await b.dono.query("VACUUM ANALYZE leads_juros_check");
  await b.dono.query("VACUUM ANALYZE custos_marketing");
  await b.dono.query("VACUUM ANALYZE financas_leads_diaria");
  await b.dono.query("VACUUM ANALYZE leads_contagem_diaria");
  await b.dono.query("CHECKPOINT");
  console.log(
    `  valores fechados, campanhas e ${custos.toLocaleString("pt-BR")} custos: ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
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
  financeiro("financeiro (Total, por campanha)", () => `periodo=all&campanha=${encodeURIComponent(CAMPANHAS[1])}`),
  financeiro("financeiro (Total, plataforma + origem)", () => "periodo=all&plataforma=Google&origem=Google%20Ads"),
  marketing("marketing (últimos 30 dias)", "periodo=last30days"),
  marketing("marketing (Total)", "periodo=all"),
  marketing("marketing (Total, Google, pág. 50)", "periodo=all&plataforma=Google&pagina=50"),
];

export async function companyFiguresBench(): Promise<string> {
  const total = numeroEnv("FIGURAS_BENCH_TOTAL", 200_000);
  const naEmpresa = Math.min(total, numeroEnv("FIGURAS_BENCH_EMPRESA", 40_000));
  const custos = numeroEnv("FIGURAS_BENCH_CUSTOS", 4_000);
  const concorrencia = numeroEnv("FIGURAS_BENCH_CONCORRENCIA", 20);
  const segundos = numeroEnv("FIGURAS_BENCH_SEGUNDOS", 4);
  const b = await iniciarBancada("figuras");
  try {
    const n = await gerar(b, total, naEmpresa);
    await completar(b, custos);
    const ctx: TCtxEmpresa = {
      empresaId: b.empresaId,
      usuarioId: b.usuarioId,
      papel: PAPEL.admin,
      empresaNome: "Bench",
      plano: "Enterprise",
    };
    const { rows } = await b.dono.query("SELECT id FROM consultores WHERE id_empresa_fk = $1 ORDER BY id LIMIT 1", [b.empresaId]);
    const consultor = rows[0].id as string;
    const linhas = [
      `company figures API: ${n.toLocaleString("pt-BR")} leads and ${custos.toLocaleString("pt-BR")} cost rows in the company, ${total.toLocaleString("pt-BR")} leads in the database, ${concorrencia} concurrent, ${segundos} s per case`,
      "  case                                          API p50 / p95 (ms)   direct p50 / p95 (ms)   p95 ratio   API req/s",
    ];
    const escolhidos = process.env.FIGURAS_BENCH_CASOS?.split(",").map(Number);
    for (const [k, c] of CASOS.entries()) {
      if (escolhidos && !escolhidos.includes(k + 1)) continue;
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
        `  ${c.nome.padEnd(44)}  ${fmt(a.p50).padStart(6)} / ${fmt(a.p95).padStart(6)}      ${fmt(s.p50).padStart(6)} / ${fmt(s.p95).padStart(6)}        ${(a.p95 / s.p95).toFixed(2).padStart(5)}x     ${(a.n / segundos).toFixed(0).padStart(6)}`,
      );
      console.log(linhas.at(-1));
    }
    return linhas.join("\n");
  } finally {
    await b.fechar();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(await companyFiguresBench());
}

// Lead list API with many leads in one company: p95 at 20 concurrent requests, and the same SQL run directly
// against PostgreSQL at the same concurrency (the API's overhead is the ratio).
//
//   npx tsx bench/leads-list.ts                       (after `npm run build`)
//   LEADS_BENCH_TOTAL=1000000 LEADS_BENCH_EMPRESA=200000 npx tsx bench/leads-list.ts    (the issue's full size)
// Other settings: LEADS_BENCH_CONCORRENCIA (20), LEADS_BENCH_SEGUNDOS (4), LEADS_BENCH_DATABASE_URL.

import { fileURLToPath } from "node:url";
import { PAPEL } from "@crm/domain/roles";
import { type TFiltroLeads, ZFiltroLeads } from "@crm/domain/schemas/leads";
import type { TTenantCtx } from "../apps/server/src/db/tenant.js";
import { listarLeads } from "../apps/server/src/leads/list/list-leads.js";
import { resumirLeads } from "../apps/server/src/leads/list/summarize-leads.js";
import {
  carga,
  esperarRecalculo,
  fmt,
  iniciarBancada,
  mediana,
  numeroEnv,
  percentis,
  RODADAS,
  type TBancada,
} from "./leads-harness.js";

const NOMES = ["Maria", "João", "Ana", "José", "Paula", "Carlos", "Fernanda", "Ricardo"];
const SOBRENOMES = ["Silva", "Souza", "Oliveira", "Santos", "Pereira", "Lima", "Costa", "Rocha", "Alves"];
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
const LOTE = 50_000;

/** Leads of `empresas` spread over the last 365 days, interleaved in the heap as a shared database would have them. */
export async function gerar(b: TBancada, total: number, naEmpresa: number): Promise<number> {
  const k = Math.max(1, Math.round(total / naEmpresa));
  const outras = k > 1 ? 4 : 0;
  const { rows } = await b.dono.query(
    `INSERT INTO empresas (nome_empresa, email_contato, plano_assinatura)
     SELECT 'Outra ' || g, 'outra' || g || '.' || $1 || '@bench.local', 'Enterprise' FROM generate_series(1, $2::int) g RETURNING id`,
    [Date.now(), outras],
  );
  const empresas = [b.empresaId, ...rows.map((r) => r.id as string)];
  // consultants with ids derived from (company, n): leads reference them without a look-up
  await b.dono.query(
    `INSERT INTO consultores (id, id_empresa_fk, nome, email)
     SELECT md5(e::text || n)::uuid, e, 'Consultor ' || n, 'c' || n || '.' || e || '@bench.local'
       FROM unnest($1::uuid[]) e, generate_series(0, 19) n`,
    [empresas],
  );
  const t0 = performance.now();
  // status and origin follow g / k, not g: the company's leads are every k-th g, and with g % 8 a company at k = 2 had
  // only even statuses (no 'Convertido (Ganho)', so the legal bench had no process at its issue's size)
  for (let de = 1; de <= total; de += LOTE) {
    const ate = Math.min(total, de + LOTE - 1);
    await b.dono.query(
      `INSERT INTO leads_juros_check (id_empresa_fk, nome, email, telefone, telefone_normalizado, valor_contrato, status_lead,
         origem_lead, consultor_atribuido_id, created_at, updated_at)
       SELECT e, n.nome, 'lead' || g || '@mail.com', '55119' || lpad(g::text, 8, '0'), '55119' || lpad(g::text, 8, '0'),
              (g % 9000) * 10.5, ($4::text[])[1 + (g / $6) % 8], ($5::text[])[1 + (g / $6) % 6],
              CASE WHEN g % 3 = 0 THEN NULL ELSE md5(e::text || (g % 20))::uuid END,
              now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second', now()
         FROM generate_series($1::int, $2::int) g
        CROSS JOIN LATERAL (SELECT CASE WHEN g % $6 = 0 OR $7::int = 0 THEN ($8::uuid[])[1] ELSE ($8::uuid[])[2 + (g / $6) % $7] END AS e) x
        CROSS JOIN LATERAL (SELECT ($3::text[])[1 + g % 8] || ' ' || ($9::text[])[1 + (g / 8) % 9] || ' ' || g AS nome) n`,
      [de, ate, NOMES, STATUS, ORIGENS, k, outras, empresas, SOBRENOMES],
    );
    process.stdout.write(`\r  gerando leads: ${ate.toLocaleString("pt-BR")} / ${total.toLocaleString("pt-BR")}`);
  }
  process.stdout.write(`  (${((performance.now() - t0) / 1000).toFixed(0)} s)\n`);
  await b.dono.query("VACUUM ANALYZE leads_juros_check");
  await b.dono.query("VACUUM ANALYZE leads_busca");
  await b.dono.query("VACUUM ANALYZE leads_telefone_busca");
  // the load's WAL is flushed now, not by a checkpoint in the middle of the first case
  await b.dono.query("CHECKPOINT");
  const n = await b.dono.query("SELECT count(*)::int AS n FROM leads_juros_check WHERE id_empresa_fk = $1", [b.empresaId]);
  return n.rows[0].n;
}

/**
 * Two tags of the company (decision 1833): 'comum' on every 5th of its leads, 'rara' on every 1,000th, made once per
 * database (a reused one keeps them). The filter by tag must stay an index probe at either end.
 */
const etiquetas = { comum: "", rara: "" };
async function etiquetar(b: TBancada): Promise<void> {
  for (const [nome, cada] of [
    ["comum", 5],
    ["rara", 1000],
  ] as const) {
    const { rows } = await b.dono.query(
      `INSERT INTO etiquetas (id_empresa_fk, nome, cor) VALUES ($1, $2, '#2563eb')
       ON CONFLICT DO NOTHING RETURNING id`,
      [b.empresaId, `bench ${nome}`],
    );
    if (!rows[0]) {
      const r = await b.dono.query("SELECT id FROM etiquetas WHERE id_empresa_fk = $1 AND nome = $2", [
        b.empresaId,
        `bench ${nome}`,
      ]);
      etiquetas[nome] = r.rows[0].id;
      continue;
    }
    etiquetas[nome] = rows[0].id;
    await b.dono.query(
      `INSERT INTO leads_etiquetas (id_empresa_fk, id_lead_fk, id_etiqueta_fk)
       SELECT $1, l.id, $2 FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM leads_juros_check WHERE id_empresa_fk = $1) l
        WHERE l.n % $3 = 0`,
      [b.empresaId, rows[0].id, cada],
    );
  }
  await b.dono.query("VACUUM ANALYZE leads_etiquetas");
}

type TCenario = { nome: string; rota: "" | "/resumo"; qs: (i: number) => string };

const CENARIOS: TCenario[] = [
  { nome: "lista padrão (últimos 30 dias, pág. 1)", rota: "", qs: () => "" },
  { nome: "lista Total ordenada por nome", rota: "", qs: () => "periodo=all&ordem=nome&direcao=asc" },
  {
    nome: "lista Total, status + maior valor",
    rota: "",
    qs: () => "periodo=all&status=Em%20Negocia%C3%A7%C3%A3o&ordem=valor_contrato&direcao=desc",
  },
  { nome: "lista Total, página 40", rota: "", qs: () => "periodo=all&pagina=40" },
  {
    nome: "busca por nome (palavra comum + número)",
    rota: "",
    qs: (i) => `periodo=all&busca=${encodeURIComponent(`${SOBRENOMES[i % 9]} ${(i * 7919) % 100000}`)}`,
  },
  { nome: "busca por nome (uma palavra comum)", rota: "", qs: (i) => `periodo=all&busca=${SOBRENOMES[i % 9]}` },
  {
    nome: "busca por telefone",
    rota: "",
    qs: (i) => `periodo=all&busca=${encodeURIComponent(`(11) 9${String((i * 7919) % 100000).padStart(8, "0")}`)}`,
  },
  // any run of 4+ digits of a phone (decision 1501): prefix ranges over the phones' suffixes (0027)
  {
    nome: "telefone: últimos 4 dígitos",
    rota: "",
    qs: (i) => `periodo=all&busca=${String((i * 7919) % 10000).padStart(4, "0")}`,
  },
  {
    nome: "telefone: '97000-1111' (9 dígitos)",
    rota: "",
    qs: (i) => {
      const d = String((i * 7919) % 200000).padStart(8, "0");
      return `periodo=all&busca=${encodeURIComponent(`9${d.slice(0, 4)}-${d.slice(4)}`)}`;
    },
  },
  {
    nome: "telefone: 6 dígitos do meio",
    rota: "",
    qs: (i) =>
      `periodo=all&busca=${String((i * 7919) % 200000)
        .padStart(8, "0")
        .slice(1, 7)}`,
  },
  {
    nome: "telefone: trecho comum a muitos ('9000')",
    rota: "",
    qs: () => "periodo=all&busca=9000",
  },
  { nome: "etiqueta comum (1 em 5), Total", rota: "", qs: () => `periodo=all&etiqueta=${etiquetas.comum}` },
  { nome: "etiqueta rara (1 em 1.000), Total", rota: "", qs: () => `periodo=all&etiqueta=${etiquetas.rara}` },
  { nome: "etiqueta rara, 30 dias", rota: "", qs: () => `etiqueta=${etiquetas.rara}` },
  { nome: "contadores, etiqueta comum (Total)", rota: "/resumo", qs: () => `periodo=all&etiqueta=${etiquetas.comum}` },
  { nome: "contadores (últimos 30 dias)", rota: "/resumo", qs: () => "" },
  { nome: "contadores (Total)", rota: "/resumo", qs: () => "periodo=all" },
];

export async function leadsListBench(): Promise<string> {
  const total = numeroEnv("LEADS_BENCH_TOTAL", 200_000);
  const naEmpresa = Math.min(total, numeroEnv("LEADS_BENCH_EMPRESA", 40_000));
  const concorrencia = numeroEnv("LEADS_BENCH_CONCORRENCIA", 20);
  const segundos = numeroEnv("LEADS_BENCH_SEGUNDOS", 4);
  const b = await iniciarBancada("lista");
  try {
    // LEADS_BENCH_REUSAR=1 measures the leads an earlier run generated in LEADS_BENCH_DATABASE_URL again
    const n = b.reutilizada
      ? (await b.dono.query("SELECT count(*)::int AS n FROM leads_juros_check WHERE id_empresa_fk = $1", [b.empresaId])).rows[0].n
      : await gerar(b, total, naEmpresa);
    await esperarRecalculo(b);
    await etiquetar(b);
    const ctx: TTenantCtx & { empresaId: string } = { empresaId: b.empresaId, usuarioId: b.usuarioId, papel: PAPEL.admin };
    const deps = { db: b.db };
    const linhas = [
      `leads list API: ${n.toLocaleString("pt-BR")} leads in the company, ${total.toLocaleString("pt-BR")} in the database, ${concorrencia} concurrent, ${segundos} s per case`,
      `  case (median of ${RODADAS} rounds)                 API p50 / p95 (ms)   SQL p50 / p95 (ms)   p95 ratio   API req/s   API p95 per round`,
    ];
    // LEADS_BENCH_CASOS=1,3 runs only those cases (1-based), to iterate on one of them
    const escolhidos = process.env.LEADS_BENCH_CASOS?.split(",").map(Number);
    for (const [k, c] of CENARIOS.entries()) {
      if (escolhidos && !escolhidos.includes(k + 1)) continue;
      const rodadas: { api: number[]; sql: number[] }[] = [];
      for (let r = 0; r < RODADAS; r++) {
        const api = await carga(concorrencia, segundos, async (i) => {
          const { status, corpo } = await b.obter(`/api/leads${c.rota}?${c.qs(i)}`);
          if (status !== 200) throw new Error(`${c.nome}: ${status} ${corpo}`);
        });
        const sql = await carga(concorrencia, segundos, async (i) => {
          const f: TFiltroLeads = ZFiltroLeads.parse(Object.fromEntries(new URLSearchParams(c.qs(i))));
          if (c.rota === "/resumo") await resumirLeads(deps, ctx, f);
          else await listarLeads(deps, ctx, f);
        });
        rodadas.push({ api, sql });
      }
      const med = (f: (r: { api: number[]; sql: number[] }) => number) => mediana(rodadas.map(f));
      const a = { p50: med((r) => percentis(r.api).p50), p95: med((r) => percentis(r.api).p95) };
      const s = { p50: med((r) => percentis(r.sql).p50), p95: med((r) => percentis(r.sql).p95) };
      const faixa = rodadas.map((r) => fmt(percentis(r.api).p95)).join(", ");
      linhas.push(
        `  ${c.nome.padEnd(44)}  ${fmt(a.p50).padStart(6)} / ${fmt(a.p95).padStart(6)}      ${fmt(s.p50).padStart(6)} / ${fmt(s.p95).padStart(6)}     ${(a.p95 / s.p95).toFixed(2).padStart(5)}x     ${med(
          (r) => r.api.length / segundos,
        )
          .toFixed(0)
          .padStart(6)}      ${faixa}`,
      );
      console.log(linhas.at(-1));
    }
    return linhas.join("\n");
  } finally {
    await b.fechar();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(await leadsListBench());
}

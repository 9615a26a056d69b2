// The platform admin's screens (decision 1307): /api/plataforma/indicadores (the platform /dashboard and /analytics),
// /api/empresas search and /api/plataforma/usuarios with 1,000 companies and 1M leads: p95 through the API at a
// few concurrent requests (one operator and a few tabs), then the same work called directly (no HTTP); printed as
// each case ends.
//
//   npx tsx bench/platform.ts                                  (after `npm run build`; 1,000 companies, 200k leads)
//   PLATAFORMA_BENCH_LEADS=1000000 npx tsx bench/platform.ts   (the full size)
// Other settings: PLATAFORMA_BENCH_EMPRESAS (1000), PLATAFORMA_BENCH_CONCORRENCIA (4), PLATAFORMA_BENCH_SEGUNDOS (4).

import { fileURLToPath } from "node:url";
import { isoDiaSP } from "@crm/domain/period";
import { PAPEL } from "@crm/domain/roles";
import { ZFiltroEmpresas } from "@crm/domain/schemas/companies";
import { ZPeriodoPlataforma } from "@crm/domain/schemas/platform";
import { crossTenantListarEmpresas } from "../apps/server/src/companies/list-companies.js";
import type { TTenantCtx } from "../apps/server/src/db/tenant.js";
import { listarUsuariosPlataforma } from "../apps/server/src/platform/list-users.js";
import { lerIndicadoresPlataforma } from "../apps/server/src/platform/platform-figures.js";
import { carga, fmt, iniciarBancada, numeroEnv, percentis, type TBancada } from "./leads-harness.js";

const STATUS = [
  "Novo Lead",
  "Em Triagem IA",
  "Qualificado para Atendente",
  "Em Atendimento",
  "Em Negociação",
  "Convertido",
  "Convertido (Ganho)",
  "Perdido",
  "Sem Resposta",
];
const LOTE = 100_000;

/** `empresas` companies joined over three years (every plan, status and cycle), 5 users each, `leads` over two years. */
async function gerar(b: TBancada, empresas: number, leads: number): Promise<string[]> {
  const t0 = performance.now();
  const { rows } = await b.dono.query(
    `INSERT INTO empresas (nome_empresa, email_contato, plano_assinatura, status_assinatura, ciclo_cobranca, data_adesao, teste_ate)
     SELECT 'Empresa ' || ($2::text[])[1 + g % 8] || ' ' || g, 'contato' || g || '@empresa' || g || '.com.br',
            ($3::text[])[1 + g % 3], CASE WHEN g % 17 = 0 THEN 'Suspenso' WHEN g % 23 = 0 THEN 'Inativo' ELSE 'Ativo' END,
            CASE WHEN g % 4 = 0 THEN 'anual' ELSE 'mensal' END, current_date - (g * 1096 / $1::int),
            CASE WHEN g * 1096 / $1::int < 14 THEN current_date - (g * 1096 / $1::int) + 14 END
       FROM generate_series(1, $1::int) g RETURNING id`,
    [
      empresas,
      ["Revisão", "Crédito", "Justa", "Taxa", "Amparo", "Direito", "Balança", "Consciente"],
      ["Básico", "Premium", "Enterprise"],
    ],
  );
  const ids = rows.map((r) => r.id as string);
  await b.dono.query(
    `INSERT INTO usuarios_plataforma (id_empresa_fk, email, nome, papel, senha_hash, ativo, email_confirmado_em)
     SELECT e, 'u' || n || '.' || i || '@bench.local', ($2::text[])[1 + (i + n) % 6] || ' ' || i || '-' || n,
            ($3::text[])[1 + n % 3], 'x', (i + n) % 11 <> 0, now()
       FROM unnest($1::uuid[]) WITH ORDINALITY AS t(e, i), generate_series(0, 4) n`,
    [ids, ["Ana", "Bruno", "Carla", "Diego", "Elisa", "Fábio"], [PAPEL.admin, PAPEL.consultor, PAPEL.juridico]],
  );
  // the bench measures the platform's counters and summaries (0010, 0024, 0031) only: other features' per-lead triggers (search index, finance and
  // conversation summaries, revisional) are switched off while generating, so a million leads take minutes, not half an hour
  const { rows: outros } = await b.dono.query(
    `SELECT tgname FROM pg_trigger WHERE tgrelid = 'leads_juros_check'::regclass AND NOT tgisinternal
        AND tgname NOT LIKE 'leads_contagem%' AND tgname NOT LIKE 'empresas_resumo%'`,
  );
  for (const t of outros) await b.dono.query(`ALTER TABLE leads_juros_check DISABLE TRIGGER ${t.tgname}`);
  for (let de = 1; de <= leads; de += LOTE) {
    const ate = Math.min(leads, de + LOTE - 1);
    await b.dono.query(
      `INSERT INTO leads_juros_check (id_empresa_fk, nome, status_lead, created_at, updated_at)
       SELECT ($3::uuid[])[1 + ((g::bigint * 7919) % $4::int)::int], 'Lead ' || g, ($5::text[])[1 + (g / 3) % 9],
              now() - ((g::bigint * 104729) % 730) * interval '1 day' - (g % 86400) * interval '1 second', now()
         FROM generate_series($1::int, $2::int) g`,
      [de, ate, ids, ids.length, STATUS],
    );
  }
  for (const t of outros) await b.dono.query(`ALTER TABLE leads_juros_check ENABLE TRIGGER ${t.tgname}`);
  await b.dono.query("VACUUM ANALYZE");
  console.log(
    `  geração: ${empresas} empresas, ${empresas * 5} usuários, ${leads} leads em ${fmt((performance.now() - t0) / 1000)} s`,
  );
  return ids;
}

export async function platformBench(): Promise<string[]> {
  const empresas = numeroEnv("PLATAFORMA_BENCH_EMPRESAS", 1000);
  const leads = numeroEnv("PLATAFORMA_BENCH_LEADS", 200_000);
  const conc = numeroEnv("PLATAFORMA_BENCH_CONCORRENCIA", 4);
  const segundos = numeroEnv("PLATAFORMA_BENCH_SEGUNDOS", 4);
  const b = await iniciarBancada("plataforma");
  const linhas: string[] = [`platform (decision 1307): ${empresas} empresas, ${leads} leads, ${conc} pedidos simultâneos`];
  try {
    await gerar(b, empresas, leads);
    // the bench's user becomes the platform admin (the session store forgets the old role by trigger)
    await b.dono.query("UPDATE usuarios_plataforma SET papel = $2, id_empresa_fk = NULL WHERE id = $1", [
      b.usuarioId,
      PAPEL.plataforma,
    ]);
    await new Promise((r) => setTimeout(r, 300));
    const hoje = isoDiaSP(new Date());
    const dias = (n: number) => isoDiaSP(new Date(Date.now() - n * 86_400_000));
    // /dashboard asks without the per-company rows, /analytics with them (porEmpresa, decision 1307)
    const ctx: TTenantCtx = { empresaId: null, usuarioId: b.usuarioId, papel: PAPEL.plataforma };
    const deps = { db: b.db };
    const indicadores = (qs: string) => (): Promise<unknown> =>
      lerIndicadoresPlataforma(deps, ctx, ZPeriodoPlataforma.parse(Object.fromEntries(new URLSearchParams(qs))));
    const listaEmpresas = (qs: string) => (): Promise<unknown> =>
      crossTenantListarEmpresas(deps, ctx, ZFiltroEmpresas.parse(Object.fromEntries(new URLSearchParams(qs))));
    const casos: [string, string, () => Promise<unknown>][] = [
      ["/dashboard (últimos 12 meses)", "/api/plataforma/indicadores", indicadores("")],
      ["/analytics (últimos 12 meses)", "/api/plataforma/indicadores?porEmpresa=1", indicadores("porEmpresa=1")],
      ...[
        ["/analytics 2 anos", `de=${dias(729)}&ate=${hoje}&porEmpresa=1`],
        ["/analytics 45 dias (meses e dias soltos)", `de=${dias(44)}&ate=${hoje}&porEmpresa=1`],
      ].map(([nome, qs]): [string, string, () => Promise<unknown>] => [
        nome,
        `/api/plataforma/indicadores?${qs}`,
        indicadores(qs),
      ]),
      ["/empresas busca 'justa'", "/api/empresas?busca=justa", listaEmpresas("busca=justa")],
      ["/empresas busca por email", "/api/empresas?busca=contato77%40", listaEmpresas("busca=contato77@")],
      ["/empresas sem filtro", "/api/empresas", listaEmpresas("")],
      [
        "/usuarios busca 'ana'",
        "/api/plataforma/usuarios?busca=ana",
        () => listarUsuariosPlataforma(deps, ctx, { busca: "ana", pagina: 1 }),
      ],
    ];
    for (const [nome, caminho, direto] of casos) {
      const r = await b.obter(caminho);
      if (r.status !== 200) throw new Error(`${caminho}: ${r.status} ${r.corpo.slice(0, 300)}`);
      // the concurrency, then one request at a time (on a shared machine, what the server itself costs)
      for (const c of conc === 1 ? [1] : [conc, 1]) {
        const tempos = await carga(c, segundos, async () => {
          const x = await b.obter(caminho);
          if (x.status !== 200) throw new Error(`${caminho}: ${x.status}`);
        });
        const p = percentis(tempos);
        linhas.push(
          `  ${nome} [${c} simultâneo(s)]: p50 ${fmt(p.p50)} ms, p95 ${fmt(p.p95)} ms, p99 ${fmt(p.p99)} ms (${p.n} pedidos, ${Math.round(r.corpo.length / 1024)} KB)`,
        );
        console.log(linhas.at(-1));
      }
      // the same work called directly (no HTTP, no serialization): what the API adds is the difference
      const d = percentis(await carga(conc, segundos, async () => void (await direto())));
      linhas.push(
        `  ${nome} direto, sem HTTP [${conc} simultâneo(s)]: p50 ${fmt(d.p50)} ms, p95 ${fmt(d.p95)} ms (${d.n} chamadas)`,
      );
      console.log(linhas.at(-1));
    }
  } finally {
    await b.fechar();
  }
  return linhas;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log((await platformBench()).join("\n"));

// Legal processes at scale (issue 11, Performance): 50k processes in one company, 1M leads in the database.
// /processos list p95 at 20 concurrent requests against the same SQL called directly (the API's overhead is the
// ratio; goal ≤ 30 ms and ≤ 1.5x), its counters, and the legal dashboard (goal ≤ 100 ms p95).
//
//   npx tsx bench/legal.ts                                         (after `npm run build`; 200k leads, 25k processes)
//   LEGAL_BENCH_TOTAL=1000000 LEGAL_BENCH_EMPRESA=500000 npx tsx bench/legal.ts    (the size: 50k processes)
// Other settings: LEGAL_BENCH_CONCORRENCIA (20), LEGAL_BENCH_SEGUNDOS (4), LEGAL_BENCH_CASOS=1,3 (only those),
// LEADS_BENCH_DATABASE_URL=… LEADS_BENCH_REUSAR=1 (measures the data an earlier run generated there),
// LEGAL_BENCH_EXPLAIN=1 (prints each case's plans, measured under the tenant's row-level security), and
// LEADS_BENCH_DATABASE_URL (the harness's external database).

import { fileURLToPath } from "node:url";
import { PAPEL } from "@crm/domain/roles";
import { type TFiltroProcessos, ZFiltroProcessos } from "@crm/domain/schemas/processes";
import type Pg from "pg";
import type { TDb } from "../apps/server/src/db/pool.js";
import type { TTenantCtx } from "../apps/server/src/db/tenant.js";
import { lerPainelJuridico } from "../apps/server/src/legal-dashboard/read-dashboard.js";
import { listarProcessos, resumirProcessos } from "../apps/server/src/legal-processes/list-processes.js";
import { carga, fmt, iniciarBancada, numeroEnv, percentis, type TBancada } from "./leads-harness.js";
import { gerar } from "./leads-list.js";

const JURIDICOS = [
  "Aguardando Contato Jurídico",
  "Em Contato Jurídico",
  "Documentação Solicitada",
  "Laudo em Andamento",
  "Finalizado Jurídico",
  "Jurídico Pendente",
];

/** Turns the generated 'Convertido (Ganho)' leads into processes: legal status, dates, professional, history, documents. */
async function processos(b: TBancada): Promise<number> {
  const t0 = performance.now();
  const juridicos = await b.dono.query(
    `INSERT INTO usuarios_plataforma (id_empresa_fk, email, nome, papel, senha_hash, email_confirmado_em)
     SELECT $1, 'juridico' || n || '.' || $2 || '@bench.local', 'Jurídico ' || n, 'Jurídico', 'x', now()
       FROM generate_series(1, 5) n RETURNING id`,
    [b.empresaId, Date.now()],
  );
  // in slices, each retried on a deadlock: the bench server's background jobs (the revisional recalculation after
  // the generation) update the same leads meanwhile
  for (let fatia = 0; fatia < 20; fatia++) {
    for (let tentativa = 1; ; tentativa++) {
      try {
        await b.dono.query(
          `UPDATE leads_juros_check l
        SET status_juridico_lead = ($1::text[])[1 + abs(hashtext(l.id::text)) % 6],
            convertido_em = l.created_at + interval '3 days',
            valor_contrato_fechado = CASE WHEN abs(hashtext(l.id::text)) % 3 = 0 THEN NULL ELSE l.valor_contrato * 0.9 END,
            profissional_juridico_atribuido_id = CASE WHEN abs(hashtext(l.id::text)) % 6 = 0 OR l.id_empresa_fk <> $4 THEN NULL
              ELSE ($2::uuid[])[1 + abs(hashtext(l.id::text)) % 5] END
      WHERE l.status_lead = 'Convertido (Ganho)' AND abs(hashtext(l.id::text || 'f')) % 20 = $3`,
          [JURIDICOS, juridicos.rows.map((r) => r.id), fatia, b.empresaId],
        );
        break;
      } catch (e) {
        if ((e as { code?: string }).code !== "40P01" || tentativa >= 5) throw e;
      }
    }
  }
  await b.dono.query(
    `INSERT INTO lead_status_historico (id_empresa_fk, id_lead_fk, campo, valor_anterior, valor_novo, origem, created_at)
     SELECT l.id_empresa_fk, l.id, 'status_juridico_lead', 'Aguardando Contato Jurídico', l.status_juridico_lead, 'usuario',
            l.convertido_em + interval '2 days'
       FROM leads_juros_check l WHERE l.status_lead = 'Convertido (Ganho)'`,
  );
  // half the processes have a document, whatever their legal status (a hash of its own: with the status's, every
  // 'Documentação Solicitada' had one and the documentation alert was always empty)
  await b.dono.query(
    `INSERT INTO documentos (id_empresa_fk, id_lead_fk, id_usuario_upload_fk, nome_arquivo, tipo_arquivo, tamanho_arquivo,
                             url_storage, data_upload)
     SELECT l.id_empresa_fk, l.id, $2, 'contrato.pdf', 'application/pdf', 1000, 'bench/' || l.id, l.convertido_em + interval '4 days'
       FROM leads_juros_check l WHERE l.status_lead = 'Convertido (Ganho)' AND l.id_empresa_fk = $1
        AND abs(hashtext(l.id::text || 'd')) % 2 = 0`,
    [b.empresaId, juridicos.rows[0].id],
  );
  for (const t of [
    "leads_juros_check",
    "lead_status_historico",
    "documentos",
    "usuarios_plataforma",
    "processos_resumo",
    "processos_resumo_mensal",
    "processos_sinais",
    "processos_contagens",
  ]) {
    await b.dono.query(`VACUUM ANALYZE ${t}`);
  }
  await b.dono.query("CHECKPOINT");
  const n = await b.dono.query(
    "SELECT count(*)::int AS n FROM leads_juros_check WHERE id_empresa_fk = $1 AND status_lead = 'Convertido (Ganho)'",
    [b.empresaId],
  );
  console.log(`  processos preparados em ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return n.rows[0].n;
}

/** The app's pools, with every SELECT explained first (LEGAL_BENCH_EXPLAIN): plans under the tenant's RLS. */
function explicando(db: TDb): TDb {
  const pool = (base: Pg.Pool): Pg.Pool => {
    const connect = base.connect.bind(base);
    const proxy = Object.create(base) as Pg.Pool;
    (proxy as unknown as { connect: () => Promise<Pg.PoolClient> }).connect = async () => {
      const c = await connect();
      const original = c.query;
      const release = c.release;
      const query = c.query.bind(c) as (...a: unknown[]) => Promise<Pg.QueryResult>;
      // the client goes back to the pool as it came: only this call's queries are explained
      c.release = (...a: Parameters<typeof release>) => {
        c.query = original;
        c.release = release;
        return release.apply(c, a);
      };
      (c as unknown as { query: unknown }).query = async (...a: unknown[]) => {
        // text, or a prepared statement's config (the list's): explained as text with its values
        const cfg = typeof a[0] === "object" && a[0] ? (a[0] as { text?: string; values?: unknown[] }) : null;
        const texto = typeof a[0] === "string" ? a[0] : (cfg?.text ?? "");
        const valores = cfg ? cfg.values : a[1];
        if (
          /^\s*(SELECT|WITH)/i.test(texto) &&
          /FROM (leads_juros_check|documentos|lead_status_historico|processos_)/.test(texto)
        ) {
          // a prepared statement (lerComTenant's) is explained as one, with the transaction's plan mode (a generic plan
          // when the caller forced it): PREPARE, EXPLAIN EXECUTE and DEALLOCATE in one text, so that it runs before the
          // COMMIT lerComTenant has already queued behind it
          const literal = (v: unknown) =>
            v === null || v === undefined ? "NULL" : c.escapeLiteral(v instanceof Date ? v.toISOString() : String(v));
          const r =
            cfg && (cfg as { name?: string }).name
              ? (
                  (await query(
                    `PREPARE bench_explicar AS ${texto}; EXPLAIN (ANALYZE, BUFFERS) EXECUTE bench_explicar(${(valores as unknown[]).map(literal).join(", ")}); DEALLOCATE bench_explicar`,
                  )) as unknown as Pg.QueryResult[]
                )[1]
              : await query(`EXPLAIN (ANALYZE, BUFFERS) ${texto}`, valores);
          console.log(`\n${texto.replace(/\s+/g, " ").slice(0, 160)}\n${r.rows.map((x) => x["QUERY PLAN"]).join("\n")}`);
        }
        return query(...a);
      };
      return c;
    };
    return proxy;
  };
  return { ...db, app: pool(db.app), leitura: pool(db.leitura) };
}

type TCaso = { nome: string; rota: string; qs: (i: number) => string };

const CASOS: TCaso[] = [
  { nome: "lista padrão (última atualização, pág. 1)", rota: "/api/processos", qs: () => "" },
  {
    nome: "lista por status jurídico",
    rota: "/api/processos",
    qs: (i) => `statusJuridico=${encodeURIComponent(JURIDICOS[i % 6])}`,
  },
  { nome: "lista ordenada por nome", rota: "/api/processos", qs: () => "ordem=nome&direcao=asc" },
  { nome: "lista por valor fechado", rota: "/api/processos", qs: () => "ordem=valor_contrato_fechado&direcao=desc" },
  { nome: "lista últimos 30 dias (conversão)", rota: "/api/processos", qs: () => "periodo=last30days&ordem=convertido_em" },
  { nome: "lista sem profissional", rota: "/api/processos", qs: () => "profissional=nenhum" },
  { nome: "lista página 40", rota: "/api/processos", qs: () => "pagina=40" },
  { nome: "busca por nome", rota: "/api/processos", qs: (i) => `busca=${["Silva", "Souza", "Costa"][i % 3]}` },
  { nome: "contadores (todos)", rota: "/api/processos/resumo", qs: () => "" },
  { nome: "painel jurídico", rota: "/api/juridico/painel", qs: () => "" },
];

export async function legalBench(): Promise<string> {
  const total = numeroEnv("LEGAL_BENCH_TOTAL", 200_000);
  const naEmpresa = Math.min(total, numeroEnv("LEGAL_BENCH_EMPRESA", 200_000));
  const concorrencia = numeroEnv("LEGAL_BENCH_CONCORRENCIA", 20);
  const segundos = numeroEnv("LEGAL_BENCH_SEGUNDOS", 4);
  const b = await iniciarBancada("juridico");
  try {
    const contar = async (sql: string) => (await b.dono.query(sql, [b.empresaId])).rows[0].n as number;
    const leads = b.reutilizada
      ? await contar("SELECT count(*)::int AS n FROM leads_juros_check WHERE id_empresa_fk = $1")
      : await gerar(b, total, naEmpresa);
    const n = b.reutilizada
      ? await contar(
          "SELECT count(*)::int AS n FROM leads_juros_check WHERE id_empresa_fk = $1 AND status_juridico_lead IS NOT NULL",
        )
      : await processos(b);
    const ctx: TTenantCtx & { empresaId: string } = { empresaId: b.empresaId, usuarioId: b.usuarioId, papel: PAPEL.admin };
    const deps = { db: b.db };
    const linhas = [
      `legal processes: ${n.toLocaleString("pt-BR")} processes and ${leads.toLocaleString("pt-BR")} leads in the company, ${total.toLocaleString("pt-BR")} leads in the database, ${concorrencia} concurrent, ${segundos} s per case`,
      "  case                                          API p50 / p95 (ms)   SQL p50 / p95 (ms)   p95 ratio   API req/s",
    ];
    const escolhidos = process.env.LEGAL_BENCH_CASOS?.split(",").map(Number);
    for (const [k, c] of CASOS.entries()) {
      if (escolhidos && !escolhidos.includes(k + 1)) continue;
      const direto = (i: number, d = deps) => {
        if (c.rota === "/api/juridico/painel") return lerPainelJuridico(d, ctx);
        const f: TFiltroProcessos = ZFiltroProcessos.parse(Object.fromEntries(new URLSearchParams(c.qs(i))));
        return c.rota === "/api/processos/resumo" ? resumirProcessos(d, ctx, f) : listarProcessos(d, ctx, f);
      };
      if (process.env.LEGAL_BENCH_EXPLAIN) await direto(0, { db: explicando(b.db) });
      const api = await carga(concorrencia, segundos, async (i) => {
        const { status, corpo } = await b.obter(`${c.rota}?${c.qs(i)}`);
        if (status !== 200) throw new Error(`${c.nome}: ${status} ${corpo}`);
      });
      const sql = await carga(concorrencia, segundos, async (i) => {
        await direto(i);
      });
      const a = percentis(api);
      const s = percentis(sql);
      linhas.push(
        `  ${c.nome.padEnd(44)}  ${fmt(a.p50).padStart(6)} / ${fmt(a.p95).padStart(6)}      ${fmt(s.p50).padStart(6)} / ${fmt(s.p95).padStart(6)}     ${(a.p95 / s.p95).toFixed(2).padStart(5)}x     ${(a.n / segundos).toFixed(0).padStart(6)}`,
      );
      console.log(linhas.at(-1));
    }
    return linhas.join("\n");
  } finally {
    await b.fechar();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(await legalBench());
}

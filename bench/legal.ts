// Legal processes at scale (decision 1104): 50k processes in one company, 1M leads in the database.
// /processos list p95 at 20 concurrent requests against the same SQL called directly (the API's overhead is the
// ratio; goal ≤ 30 ms and ≤ 1.5x), its counters, and the legal dashboard (goal ≤ 100 ms p95).
//
//   npx tsx bench/legal.ts                                         (after `npm run build`; 200k leads, 25k processes)
//   LEGAL_BENCH_TOTAL=1000000 LEGAL_BENCH_EMPRESA=500000 LEGAL_BENCH_PROCESSOS=50000 npx tsx bench/legal.ts
//                                                     (the size: 1M leads, 500k in the company, 50k processes)
// The generator makes an eighth of the company's leads 'Convertido (Ganho)' (62,500 of 500k); LEGAL_BENCH_PROCESSOS
// moves the surplus to 'Convertido' (a converted lead that is not a process) so the company has that many processes.
// Other settings: LEGAL_BENCH_CONCORRENCIA (20), LEGAL_BENCH_SEGUNDOS (4), LEGAL_BENCH_CASOS=1,3 (only those),
// LEADS_BENCH_DATABASE_URL=… LEADS_BENCH_REUSAR=1 (measures the data an earlier run generated there),
// LEGAL_BENCH_EXPLAIN=1 (prints each case's plans, measured under the tenant's row-level security), and
// LEADS_BENCH_DATABASE_URL (the harness's external database).

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PAPEL } from "@crm/domain/roles";
import { type TFiltroProcessos, ZFiltroProcessos } from "@crm/domain/schemas/processes";
import pRetry from "p-retry";
import type { TTenantCtx } from "../apps/server/src/db/tenant.js";
import { lerPainelJuridico } from "../apps/server/src/legal-dashboard/read-dashboard.js";
import { listarProcessos, resumirProcessos } from "../apps/server/src/legal-processes/list-processes.js";
import {
  carga,
  esperarRecalculo,
  explicando,
  fmt,
  iniciarBancada,
  mediana,
  numeroEnv,
  percentis,
  RODADAS,
  type TBancada,
} from "./leads-harness.js";
import { gerar } from "./leads-list.js";

const JURIDICOS = [
  "Aguardando Contato Jurídico",
  "Em Contato Jurídico",
  "Documentação Solicitada",
  "Laudo em Andamento",
  "Finalizado Jurídico",
  "Jurídico Pendente",
];

/**
 * Turns the generated 'Convertido (Ganho)' leads into processes: legal status, dates, professional, history,
 * documents. With `limite`, the company's surplus converted leads (by a hash of their id) become 'Convertido' first.
 */
async function processos(b: TBancada, limite: number | null): Promise<number> {
  const t0 = performance.now();
  if (limite !== null) {
    const r = await b.dono.query(
      `UPDATE leads_juros_check l SET status_lead = 'Convertido'
        WHERE l.id_empresa_fk = $1 AND l.id IN (
          SELECT id FROM leads_juros_check WHERE id_empresa_fk = $1 AND status_lead = 'Convertido (Ganho)'
           ORDER BY hashtext(id::text), id OFFSET $2)`,
      [b.empresaId, limite],
    );
    console.log(`  ${r.rowCount?.toLocaleString("pt-BR")} leads 'Convertido (Ganho)' a mais passados a 'Convertido'`);
  }
  const juridicos = await b.dono.query(
    `INSERT INTO usuarios_plataforma (id_empresa_fk, email, nome, papel, senha_hash, email_confirmado_em)
     SELECT $1, 'juridico' || n || '.' || $2 || '@bench.local', 'Jurídico ' || n, 'Jurídico', 'x', now()
       FROM generate_series(1, 5) n RETURNING id`,
    [b.empresaId, Date.now()],
  );
  // in slices, each retried on a deadlock: the bench server's background jobs (the revisional recalculation after
  // the generation) update the same leads meanwhile
  const passarAoJuridico = (fatia: number) =>
    b.dono.query(
      `UPDATE leads_juros_check l
          SET status_juridico_lead = ($1::text[])[1 + abs(hashtext(l.id::text)) % 6],
              convertido_em = l.created_at + interval '3 days',
              valor_contrato_fechado = CASE WHEN abs(hashtext(l.id::text)) % 3 = 0 THEN NULL ELSE l.valor_contrato * 0.9 END,
              profissional_juridico_atribuido_id = CASE WHEN abs(hashtext(l.id::text)) % 6 = 0 OR l.id_empresa_fk <> $4 THEN NULL
                ELSE ($2::uuid[])[1 + abs(hashtext(l.id::text)) % 5] END
        WHERE l.status_lead = 'Convertido (Ganho)' AND abs(hashtext(l.id::text || 'f')) % 20 = $3`,
      [JURIDICOS, juridicos.rows.map((r) => r.id), fatia, b.empresaId],
    );
  for (let fatia = 0; fatia < 20; fatia++)
    await pRetry(() => passarAoJuridico(fatia), {
      retries: 4,
      minTimeout: 0,
      shouldRetry: ({ error }) => (error as { code?: string }).code === "40P01",
    });
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

/** CPU time (ms, user + system) these processes have used so far, from /proc (Linux); 0 for a pid that is gone. */
function cpuMs(pids: Iterable<number>): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const campos = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(campos[11]) + Number(campos[12]); // utime, stime (fields 14 and 15), in 1/100 s
    } catch {}
  }
  return ticks * 10;
}

/**
 * Runs `carregar` and says how much CPU each call cost: the server (the API side), the bench process itself (its HTTP
 * client, or the direct calls' pg client) and PostgreSQL's backends. Unlike the percentiles these hardly depend on
 * what else the machine runs. PostgreSQL's share is 0 when its processes are not on this machine.
 */
type TComCpu = { tempos: number[]; servidor: number; bancada: number; banco: number };

async function comCpu(b: TBancada, carregar: (contar: () => void) => Promise<number[]>): Promise<TComCpu> {
  const backends = async () =>
    (await b.dono.query("SELECT pid FROM pg_stat_activity WHERE backend_type = 'client backend'")).rows.map(
      (r) => r.pid as number,
    );
  const bancoAntes = new Map((await backends()).map((pid) => [pid, cpuMs([pid])]));
  const servidorAntes = cpuMs([b.servidorPid]);
  const bancadaAntes = process.cpuUsage();
  let n = 0;
  const tempos = await carregar(() => n++);
  const bancada = process.cpuUsage(bancadaAntes);
  const servidor = cpuMs([b.servidorPid]) - servidorAntes;
  let banco = 0;
  for (const pid of await backends()) banco += cpuMs([pid]) - (bancoAntes.get(pid) ?? 0);
  const porChamada = (ms: number) => (n ? ms / n : Number.NaN);
  return {
    tempos,
    servidor: porChamada(servidor),
    bancada: porChamada((bancada.user + bancada.system) / 1000),
    banco: porChamada(banco),
  };
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
  const limite = process.env.LEGAL_BENCH_PROCESSOS ? numeroEnv("LEGAL_BENCH_PROCESSOS", 50_000) : null;
  const b = await iniciarBancada("juridico");
  try {
    const contar = async (sql: string) => (await b.dono.query(sql, [b.empresaId])).rows[0].n as number;
    const leads = b.reutilizada
      ? await contar("SELECT count(*)::int AS n FROM leads_juros_check WHERE id_empresa_fk = $1")
      : await gerar(b, total, naEmpresa);
    await esperarRecalculo(b);
    const n = b.reutilizada
      ? await contar(
          "SELECT count(*)::int AS n FROM leads_juros_check WHERE id_empresa_fk = $1 AND status_juridico_lead IS NOT NULL",
        )
      : await processos(b, limite);
    await esperarRecalculo(b);
    const ctx: TTenantCtx & { empresaId: string } = { empresaId: b.empresaId, usuarioId: b.usuarioId, papel: PAPEL.admin };
    const deps = { db: b.db };
    const linhas = [
      `legal processes: ${n.toLocaleString("pt-BR")} processes and ${leads.toLocaleString("pt-BR")} leads in the company, ${total.toLocaleString("pt-BR")} leads in the database, ${concorrencia} concurrent, ${segundos} s per case`,
      `  case (median of ${RODADAS} rounds)                 API p50 / p95 (ms)   SQL p50 / p95 (ms)   p95 ratio   API req/s   CPU ms/req: API (server + PG) | direct (bench + PG)   API p95 per round`,
    ];
    const escolhidos = process.env.LEGAL_BENCH_CASOS?.split(",").map(Number);
    const casos = CASOS.filter((_, k) => !escolhidos || escolhidos.includes(k + 1));
    // the direct side is the very function the route calls (same statement, same round trips, same pool settings);
    // only Fastify, the HTTP hop and the session are left out of it
    const direto = (c: TCaso, i: number, d = deps) => {
      if (c.rota === "/api/juridico/painel") return lerPainelJuridico(d, ctx);
      const f: TFiltroProcessos = ZFiltroProcessos.parse(Object.fromEntries(new URLSearchParams(c.qs(i))));
      return c.rota === "/api/processos/resumo" ? resumirProcessos(d, ctx, f) : listarProcessos(d, ctx, f);
    };
    const pelaApi = (c: TCaso) => async (i: number) => {
      const { status, corpo } = await b.obter(`${c.rota}?${c.qs(i)}`);
      if (status !== 200) throw new Error(`${c.nome}: ${status} ${corpo}`);
    };
    // a fresh server's first requests are slow (JIT, the read pool's connections opened, each statement prepared and
    // its first plan made on each of them): every case runs a moment both ways before the first one is measured
    for (const c of casos) {
      await carga(concorrencia, 0, pelaApi(c));
      await carga(concorrencia, 0, async (i) => void (await direto(c, i)));
    }
    for (const c of casos) {
      if (process.env.LEGAL_BENCH_EXPLAIN)
        await direto(c, 0, { db: explicando(b.db, /FROM (leads_juros_check|documentos|lead_status_historico|processos_)/) });
      const rodadas: { api: TComCpu; sql: TComCpu }[] = [];
      for (let r = 0; r < RODADAS; r++) {
        const api = await comCpu(b, (contar) =>
          carga(concorrencia, segundos, async (i) => {
            await pelaApi(c)(i);
            contar();
          }),
        );
        const sql = await comCpu(b, (contar) =>
          carga(concorrencia, segundos, async (i) => {
            await direto(c, i);
            contar();
          }),
        );
        rodadas.push({ api, sql });
      }
      const med = (f: (r: { api: TComCpu; sql: TComCpu }) => number) => mediana(rodadas.map(f));
      const a = { p50: med((r) => percentis(r.api.tempos).p50), p95: med((r) => percentis(r.api.tempos).p95) };
      const s = { p50: med((r) => percentis(r.sql.tempos).p50), p95: med((r) => percentis(r.sql.tempos).p95) };
      const porSegundo = med((r) => r.api.tempos.length / segundos);
      const faixa = rodadas.map((r) => fmt(percentis(r.api.tempos).p95)).join(", ");
      const cpu = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : "—");
      linhas.push(
        `  ${c.nome.padEnd(44)}  ${fmt(a.p50).padStart(6)} / ${fmt(a.p95).padStart(6)}      ${fmt(s.p50).padStart(6)} / ${fmt(s.p95).padStart(6)}     ${(a.p95 / s.p95).toFixed(2).padStart(5)}x     ${porSegundo.toFixed(0).padStart(6)}      ${cpu(med((r) => r.api.servidor))} + ${cpu(med((r) => r.api.banco))} | ${cpu(med((r) => r.sql.bancada))} + ${cpu(med((r) => r.sql.banco))}      ${faixa}`,
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

// Public API v1 (decisions 1812, 1813): GET /api/v1/leads?limit=100 p95 at 20 concurrent keys (goal ≤ 30 ms), and the
// answer to a forged key, which the limiter and the key's signature refuse before any database query (goal ≤ 1 ms).
//
//   npm run build && npm run bench -- api
// Settings: API_BENCH_LEADS (leads per company, 1000), API_BENCH_SEGUNDOS (4).

import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { ESCOPOS_API } from "@crm/domain/api-keys";
import { assinadorDeChaves } from "../apps/server/src/api-v1/key-format.js";
import { limitadorPorJanela } from "../apps/server/src/api-v1/rate-limiter.js";
import { carga, fmt, iniciarBancada, numeroEnv, percentis } from "./leads-harness.js";

const CHAVES = 20;

export async function apiV1Bench(): Promise<string[]> {
  const porEmpresa = numeroEnv("API_BENCH_LEADS", 1000);
  const segundos = numeroEnv("API_BENCH_SEGUNDOS", 4);
  const b = await iniciarBancada("api-v1");
  try {
    // one key per company (each company has its own per-minute limit), each company with its leads
    const assinador = assinadorDeChaves(process.env.APP_SECRET as string);
    const chaves: string[] = [];
    for (let i = 0; i < CHAVES; i++) {
      const { rows } = await b.dono.query(
        `INSERT INTO empresas (nome_empresa, email_contato, plano_assinatura) VALUES ($1, $2, 'Enterprise') RETURNING id`,
        [`API ${i} ${Date.now()}`, `api${i}.${Date.now()}@bench.local`],
      );
      const empresaId = rows[0].id as string;
      await b.dono.query(
        `INSERT INTO leads_juros_check (id_empresa_fk, nome, email, telefone, telefone_normalizado, valor_contrato, status_lead, origem_lead)
         SELECT $1, 'Lead ' || g, 'lead' || g || '@mail.com', '55119' || lpad(g::text, 8, '0'), '55119' || lpad(g::text, 8, '0'),
                g * 10.5, 'Novo Lead', 'Manual' FROM generate_series(1, $2::int) g`,
        [empresaId, porEmpresa],
      );
      const k = assinador.gerar(empresaId);
      await b.dono.query(
        "INSERT INTO chaves_api (id_empresa_fk, nome, prefixo, hash, escopos, assinada) VALUES ($1, 'bench', $2, $3, $4, true)",
        [empresaId, k.prefixo, k.hash, ESCOPOS_API],
      );
      chaves.push(k.chave);
    }
    await b.dono.query("VACUUM ANALYZE leads_juros_check");
    const url = `${b.base}/api/v1/leads?limit=100`;
    const pedir = async (chave: string) => {
      const r = await fetch(url, { headers: { authorization: `Bearer ${chave}` } });
      const corpo = await r.text();
      return { status: r.status, corpo };
    };
    const primeira = await pedir(chaves[0]);
    if (primeira.status !== 200 || (JSON.parse(primeira.corpo) as { itens: unknown[] }).itens.length !== 100)
      throw new Error(`GET /api/v1/leads: ${primeira.status} ${primeira.corpo.slice(0, 200)}`);

    const status = new Map<number, number>();
    const lista = percentis(
      await carga(CHAVES, segundos, async (i) => {
        const r = await pedir(chaves[i % CHAVES]);
        status.set(r.status, (status.get(r.status) ?? 0) + 1);
      }),
    );

    // a forged key over HTTP (a valid shape and company, a wrong tag): one at a time, end to end
    const forjada = () =>
      `crm_live_${"0".repeat(32)}_${randomBytes(24).toString("base64url")}${randomBytes(16).toString("base64url")}`;
    const http: number[] = [];
    for (let i = 0; i < 500; i++) {
      const t0 = performance.now();
      const r = await fetch(url, { headers: { authorization: `Bearer ${forjada()}` } });
      await r.arrayBuffer();
      if (r.status !== 401) throw new Error(`chave forjada: ${r.status}`);
      http.push(performance.now() - t0);
    }
    const fHttp = percentis(http);
    // the refusal itself, in process: count the presented key and check its tag
    const limitador = limitadorPorJanela();
    const chavesForjadas = Array.from({ length: 10_000 }, forjada);
    const t0 = performance.now();
    for (const k of chavesForjadas) {
      limitador.contar(k, 600);
      if (assinador.ler(k)) throw new Error("tag aceita");
    }
    const porChaveUs = ((performance.now() - t0) * 1000) / chavesForjadas.length;
    return [
      `API v1 — ${CHAVES} chaves (uma por empresa, ${porEmpresa} leads cada), ${segundos} s, máquina compartilhada (números ruidosos)`,
      `  GET /api/v1/leads?limit=100 a ${CHAVES} concorrentes: p50 ${fmt(lista.p50)} ms, p95 ${fmt(lista.p95)} ms, p99 ${fmt(lista.p99)} ms (${lista.n} pedidos; status ${[...status].map(([s, n]) => `${s}×${n}`).join(", ")}) — meta p95 ≤ 30 ms`,
      `  chave forjada por HTTP, um pedido por vez: p50 ${fmt(fHttp.p50)} ms, p95 ${fmt(fHttp.p95)} ms (${fHttp.n} pedidos, todos 401)`,
      `  recusa no processo (contar + conferir a assinatura): ${porChaveUs.toFixed(1)} µs por chave — meta ≤ 1 ms`,
    ];
  } finally {
    await b.fechar();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log((await apiV1Bench()).join("\n"));

// Webhook ingest benchmark (issue 4): signed Cloud API deliveries at full speed against the real server,
// every message delivered twice. Prints deliveries/s, acknowledgement latency and checks that every message
// is stored exactly once. Sizes: BENCH_MENSAGENS (default 15000), BENCH_TELEFONES (500), BENCH_CONCORRENCIA (64).
// Run: npx tsx bench/webhook-ingest.ts
import http from "node:http";
import os from "node:os";
import { iniciarServidorBench, percentil, webhookTextoAssinado } from "./webhook-support.js";

const N = Number(process.env.BENCH_MENSAGENS ?? 15_000);
const TELEFONES = Number(process.env.BENCH_TELEFONES ?? 500);
const CONCORRENCIA = Number(process.env.BENCH_CONCORRENCIA ?? 64);

export async function webhookIngestBench(): Promise<string> {
  const s = await iniciarServidorBench(Number(process.env.BENCH_PORT ?? 3490));
  try {
    // each message twice: the second delivery a little later in the stream, as a provider retry would be
    const unicas = Array.from({ length: N }, (_, i) =>
      webhookTextoAssinado(s, `55119${String(10_000_000 + (i % TELEFONES)).slice(-8)}`, `wamid.BENCH${i}`, `mensagem ${i}`),
    );
    const entregas = unicas.flatMap((m, i) => (i % 2 ? [m] : [m, m]));
    for (let i = 1; i < N; i += 2) entregas.splice(Math.min(entregas.length, i * 2 + 37), 0, unicas[i]);

    const agente = new http.Agent({ keepAlive: true, maxSockets: CONCORRENCIA });
    const url = new URL(s.caminho, s.url);
    const postar = (e: { corpo: string; assinatura: string }) =>
      new Promise<number>((ok, falha) => {
        const req = http.request(
          url,
          {
            method: "POST",
            agent: agente,
            headers: {
              "content-type": "application/json",
              "content-length": Buffer.byteLength(e.corpo),
              "x-hub-signature-256": e.assinatura,
            },
          },
          (res) => {
            res.resume();
            res.on("end", () => ok(res.statusCode ?? 0));
          },
        );
        req.on("error", falha);
        req.end(e.corpo);
      });

    // warm-up (JIT, connections, first lead inserts) is not measured
    await Promise.all(
      Array.from({ length: 200 }, (_, i) => postar(webhookTextoAssinado(s, "5511900000000", `wamid.AQUECE${i}`, "aquece"))),
    );

    const cpu0 = await s.cpu();
    const latencias: number[] = [];
    let proximo = 0;
    let falhas = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCORRENCIA }, async () => {
        while (proximo < entregas.length) {
          const e = entregas[proximo++];
          const ini = performance.now();
          const status = await postar(e);
          latencias.push(performance.now() - ini);
          if (status !== 200) falhas++;
        }
      }),
    );
    const duracao = (performance.now() - t0) / 1000;

    // every message stored exactly once, once the jobs caught up
    let c = await s.contar();
    const tEspera = performance.now();
    while ((c.eventos.pendentes > 0 || c.mensagens.total < N + 200) && performance.now() - tEspera < 120_000) {
      await new Promise((r) => setTimeout(r, 200));
      c = await s.contar();
    }
    const processamento = (performance.now() - t0) / 1000;
    const cpu1 = await s.cpu();
    // CPU per delivery, ingest and processing included: what two dedicated cores would sustain
    const porEntrega = (cpu1.node - cpu0.node + (cpu1.postgres - cpu0.postgres)) / entregas.length;
    agente.destroy();
    latencias.sort((a, b) => a - b);
    const f = (n: number) => n.toFixed(1);
    return [
      `webhook ingest: ${entregas.length} deliveries (${N} messages × ~2) in ${duracao.toFixed(1)} s = ${Math.round(entregas.length / duracao)} deliveries/s (${Math.round(N / duracao)} unique messages/s), concurrency ${CONCORRENCIA}, ${falhas} non-200`,
      `  ack latency: p50 ${f(percentil(latencias, 50))} ms, p99 ${f(percentil(latencias, 99))} ms, max ${f(latencias.at(-1) ?? 0)} ms`,
      `  CPU per delivery (webhook + job): server ${(((cpu1.node - cpu0.node) / entregas.length) * 1000).toFixed(0)} µs, PostgreSQL ${(((cpu1.postgres - cpu0.postgres) / entregas.length) * 1000).toFixed(0)} µs → about ${Math.round(2000 / porEntrega)} deliveries/s on 2 dedicated cores (load average now ${os.loadavg()[0].toFixed(1)})`,
      `  stored: ${c.mensagens.total - 200} messages, ${c.mensagens.distintas - 200} distinct provider ids (expected ${N}), ${c.eventos.pendentes} inbox events pending; all processed ${processamento.toFixed(1)} s after the first delivery`,
    ].join("\n");
  } finally {
    await s.parar();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await webhookIngestBench());

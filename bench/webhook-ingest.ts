// Webhook ingest benchmark (decision 0401): signed Cloud API deliveries at full speed against the real server,
// every message delivered twice. Prints deliveries/s, acknowledgement latency and checks that every message
// is stored exactly once. Sizes: BENCH_MENSAGENS (default 15000), BENCH_TELEFONES (500), BENCH_CONCORRENCIA (64).
// BENCH_TAXA=2000: instead of full speed on BENCH_CONCORRENCIA connections, deliveries start at that fixed rate
// (open loop, as a provider sends: latency counts from each delivery's scheduled start, queueing included).
// BENCH_AQUECIMENTO (2000): unmeasured deliveries first.
// Run: npx tsx bench/webhook-ingest.ts (profiling: BENCH_PGSS=1 prints PostgreSQL's statements by time and the
// tables' HOT update counts; BENCH_PROF=1 writes a CPU profile of the server to /tmp/crm-bench-prof)
import http from "node:http";
import os from "node:os";
import { iniciarServidorBench, percentil, webhookTextoAssinado } from "./webhook-support.js";

const N = Number(process.env.BENCH_MENSAGENS ?? 15_000);
const TELEFONES = Number(process.env.BENCH_TELEFONES ?? 500);
const CONCORRENCIA = Number(process.env.BENCH_CONCORRENCIA ?? 64);
const TAXA = Number(process.env.BENCH_TAXA ?? 0);
const AQUECIMENTO = Number(process.env.BENCH_AQUECIMENTO ?? 2_000);

export async function webhookIngestBench(): Promise<string> {
  const s = await iniciarServidorBench(Number(process.env.BENCH_PORT ?? 3490));
  try {
    // each message twice: the second delivery a little later in the stream, as a provider retry would be. Signed
    // before the clock starts; message times advance a second per 1,000 messages (the Cloud API's rate per
    // number), as a live stream's do, so the leads' last-message times move as they would in production.
    const inicio = Math.floor(Date.now() / 1000);
    const unicas = Array.from({ length: N }, (_, i) =>
      webhookTextoAssinado(
        s,
        `55119${String(10_000_000 + (i % TELEFONES)).slice(-8)}`,
        `wamid.BENCH${i}`,
        `mensagem ${i}`,
        inicio + Math.floor(i / 1000),
      ),
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

    // Warm-up, not measured: connections, and enough requests for V8 to optimize the server's hot paths (with
    // 200, the first second of an open-loop run still ran unoptimized code and made most of its p99). Measuring
    // starts once the warm-up's events are applied. One phone: the measured messages still create their leads.
    await Promise.all(
      Array.from({ length: AQUECIMENTO }, (_, i) =>
        postar(webhookTextoAssinado(s, "5511900000000", `wamid.AQUECE${i}`, "aquece")),
      ),
    );
    for (let c = await s.contar(); c.eventos.pendentes > 0 || c.mensagens.total < AQUECIMENTO; c = await s.contar())
      await new Promise((r) => setTimeout(r, 100));

    if (process.env.BENCH_PGSS) await s.zerarEstatisticas();
    const cpu0 = await s.cpu();
    const latencias: number[] = [];
    let proximo = 0;
    let falhas = 0;
    const t0 = performance.now();
    if (TAXA > 0) {
      // one timer at a time, sending what is due (30,000 timers made up front would stall the first ~100 ms)
      const emVoo: Promise<void>[] = [];
      await new Promise<void>((fim) => {
        const disparar = () => {
          for (let ini = t0 + (proximo * 1000) / TAXA; proximo < entregas.length && ini <= performance.now(); ) {
            const e = entregas[proximo++];
            const inicio = ini;
            emVoo.push(
              postar(e).then((status) => {
                latencias.push(performance.now() - inicio);
                if (status !== 200) falhas++;
              }),
            );
            ini = t0 + (proximo * 1000) / TAXA;
          }
          if (proximo < entregas.length) setTimeout(disparar, Math.max(0, t0 + (proximo * 1000) / TAXA - performance.now()));
          else fim();
        };
        disparar();
      });
      await Promise.all(emVoo);
    } else {
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
    }
    const duracao = (performance.now() - t0) / 1000;

    // every message stored exactly once, once the jobs caught up
    let c = await s.contar();
    const tEspera = performance.now();
    while ((c.eventos.pendentes > 0 || c.mensagens.total < N + AQUECIMENTO) && performance.now() - tEspera < 120_000) {
      await new Promise((r) => setTimeout(r, 200));
      c = await s.contar();
    }
    const processamento = (performance.now() - t0) / 1000;
    const cpu1 = await s.cpu();
    // CPU per delivery, ingest and processing included: what two dedicated cores would sustain
    const porEntrega = (cpu1.node - cpu0.node + (cpu1.postgres - cpu0.postgres)) / entregas.length;
    agente.destroy();
    if (process.env.BENCH_PGSS) {
      const e = await s.estatisticas();
      console.table(e.consultas);
      console.table(e.tabelas);
    }
    latencias.sort((a, b) => a - b);
    const f = (n: number) => n.toFixed(1);
    return [
      `webhook ingest: ${entregas.length} deliveries (${N} messages × ~2) in ${duracao.toFixed(1)} s = ${Math.round(entregas.length / duracao)} deliveries/s (${Math.round(N / duracao)} unique messages/s), ${TAXA > 0 ? `offered ${TAXA}/s on up to ${CONCORRENCIA} connections` : `concurrency ${CONCORRENCIA}`}, ${falhas} non-200`,
      `  ack latency: p50 ${f(percentil(latencias, 50))} ms, p99 ${f(percentil(latencias, 99))} ms, max ${f(latencias.at(-1) ?? 0)} ms`,
      `  CPU per delivery (webhook + job): server ${(((cpu1.node - cpu0.node) / entregas.length) * 1000).toFixed(0)} µs, PostgreSQL ${(((cpu1.postgres - cpu0.postgres) / entregas.length) * 1000).toFixed(0)} µs → about ${Math.round(2000 / porEntrega)} deliveries/s on 2 dedicated cores (load average now ${os.loadavg()[0].toFixed(1)})`,
      `  stored: ${c.mensagens.total - AQUECIMENTO} messages, ${c.mensagens.distintas - AQUECIMENTO} distinct provider ids (expected ${N}), ${c.eventos.pendentes} inbox events pending; all processed ${processamento.toFixed(1)} s after the first delivery`,
    ].join("\n");
  } finally {
    await s.parar();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await webhookIngestBench());

// The titular's access package (decisions 1865–1867): the job's build — dados.json streamed from the database, every
// stored file streamed into the ZIP, the PDF declaration, the file into storage — for a titular with 5,000 messages,
// PACOTE_BENCH_MIDIAS of them images kept in storage. Goal: p95 ≤ 10 minutes. Prints the p95 of a few runs, the
// ZIP's size and the process's peak memory (the build streams: it must not grow with the messages).
//
//   npm run bench -- privacy
// Settings: PACOTE_BENCH_MENSAGENS (5000), PACOTE_BENCH_MIDIAS (500), PACOTE_BENCH_RODADAS (5).

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TDeps } from "../apps/server/src/core/deps.js";
import { unsafeWithSystem } from "../apps/server/src/db/tenant.js";
import { gerarPacote } from "../apps/server/src/privacy-requests/package-job.js";
import { criarTitularComPedido } from "../apps/server/src/seed/demo-privacy-package.js";
import { criarArmazenamentoLocal } from "../apps/server/src/storage/storage.js";
import { fmt, numeroEnv, percentis } from "./leads-harness.js";
import { bancoDeBancada } from "./scratch-db.js";

export async function privacyPackageBench(): Promise<string[]> {
  const mensagens = numeroEnv("PACOTE_BENCH_MENSAGENS", 5000);
  const midias = numeroEnv("PACOTE_BENCH_MIDIAS", 500);
  const rodadas = numeroEnv("PACOTE_BENCH_RODADAS", 5);
  const { dono, db, fechar } = await bancoDeBancada("pacote");
  const pasta = mkdtempSync(path.join(tmpdir(), "crm-bench-pacote-dados-"));
  try {
    const storage = criarArmazenamentoLocal(path.join(pasta, "storage"));
    // the queue and the sockets are not what is measured: the link's message is written, its send job is not queued
    const deps = {
      db,
      storage,
      config: { dataDir: pasta, appUrl: "http://localhost:3000", appSecret: process.env.APP_SECRET as string },
      realtime: { publicar: async () => {} },
      jobs: { enviar: async () => null, acordar: () => {} },
    } as unknown as Pick<TDeps, "db" | "storage" | "config" | "realtime" | "jobs">;
    const { rows: empresa } = await dono.query(
      "INSERT INTO empresas (nome_empresa, email_contato, plano_assinatura) VALUES ('Bancada Pacote', 'pacote@bench.local', 'Premium') RETURNING id",
    );
    const empresaId = empresa[0].id as string;
    const titular = await unsafeWithSystem(db.app, "bancada", (tx) =>
      criarTitularComPedido(tx, storage, { empresaId, mensagens, midias, agora: new Date(), direito: "portabilidade" }),
    );
    await dono.query("VACUUM ANALYZE mensagens_whatsapp");
    const tempos: number[] = [];
    let tamanho = 0;
    let picoMb = 0;
    const medirMemoria = setInterval(() => {
      picoMb = Math.max(picoMb, process.memoryUsage().rss / 1_048_576);
    }, 50);
    for (let i = 0; i < rodadas; i++) {
      await dono.query("DELETE FROM privacidade_pacotes WHERE id_empresa_fk = $1", [empresaId]);
      const { rows } = await dono.query(
        `INSERT INTO privacidade_pacotes (id_empresa_fk, id_pedido_fk, status, solicitado_em) VALUES ($1, $2, 'na_fila', now())
         RETURNING id`,
        [empresaId, titular.pedidoId],
      );
      const t0 = performance.now();
      await gerarPacote(deps, { empresaId, pacoteId: rows[0].id });
      tempos.push(performance.now() - t0);
      const { rows: k } = await dono.query("SELECT status, tamanho FROM privacidade_pacotes WHERE id = $1", [rows[0].id]);
      if (k[0].status !== "pronto") throw new Error(`pacote não ficou pronto: ${k[0].status}`);
      tamanho = Number(k[0].tamanho);
    }
    clearInterval(medirMemoria);
    const p = percentis(tempos);
    return [
      `privacidade: pacote do titular com ${mensagens} mensagens e ${midias} arquivos, ${rodadas} rodadas: ` +
        `p50 ${fmt(p.p50 / 1000)} s, p95 ${fmt(p.p95 / 1000)} s (meta ≤ 600 s); ZIP ${fmt(tamanho / 1_048_576)} MB; ` +
        `memória do processo no pico ${fmt(picoMb)} MB`,
    ];
  } finally {
    await fechar();
    rmSync(pasta, { recursive: true, force: true });
  }
}

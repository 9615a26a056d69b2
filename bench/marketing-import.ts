// Marketing costs CSV import (decision 1211): a file of 10,000 lines, the most one import takes, over HTTP — upload,
// parse, checks, insert, change log — until the 200. Goal: ≤ 5 s. The goal was an assertion of
// apps/server/src/marketing/marketing.test.ts; a loaded 2-core machine cannot keep a time bound, so it is measured
// here (decision 1931).
//
//   npm run build && npm run bench -- marketing
// Settings: CUSTOS_BENCH_LINHAS (10000), BENCH_RODADAS (3: each round a new file of other days).
import { fileURLToPath } from "node:url";
import { isoDiaSP } from "@crm/domain/period";
import { fmt, iniciarBancada, mediana, numeroEnv, RODADAS } from "./leads-harness.js";

const PLATAFORMAS = ["Facebook", "Google", "Instagram", "LinkedIn"];

/** `linhas` cost lines, one per day and platform going back from `deslocamento` days ago, pt-BR as Excel saves them. */
function gerarCsv(linhas: number, deslocamento: number): string {
  const dia = (n: number) => isoDiaSP(new Date(Date.now() - n * 86_400_000));
  const corpo = Array.from(
    { length: linhas },
    (_, i) => `${dia(deslocamento + Math.floor(i / 4))};${PLATAFORMAS[i % 4]};"1.234,56";1000;10;c${i}`,
  );
  return ["data;plataforma;valor;impressoes;cliques;conta", ...corpo].join("\n");
}

export async function marketingImportBench(): Promise<string> {
  const linhas = numeroEnv("CUSTOS_BENCH_LINHAS", 10_000);
  const b = await iniciarBancada("custos-importacao");
  try {
    const tempos: number[] = [];
    for (let r = 0; r < RODADAS; r++) {
      const form = new FormData();
      form.append("file", new Blob([gerarCsv(linhas, r * 3000)], { type: "text/csv" }), "custos.csv");
      const t0 = performance.now();
      const res = await fetch(`${b.base}/api/custos-marketing/importacao`, {
        method: "POST",
        headers: { cookie: b.cookie, "x-csrf-token": b.csrf },
        body: form,
      });
      const ms = performance.now() - t0;
      const corpo = await res.text();
      if (res.status !== 200) throw new Error(`POST /api/custos-marketing/importacao: ${res.status} ${corpo.slice(0, 200)}`);
      tempos.push(ms);
    }
    return [
      `marketing costs CSV import: ${linhas.toLocaleString("pt-BR")} lines over HTTP until the 200 (goal ≤ 5 s)`,
      `  median of ${RODADAS}: ${fmt(mediana(tempos))} ms (rounds: ${tempos.map(fmt).join(", ")} ms)`,
    ].join("\n");
  } finally {
    await b.fechar();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(await marketingImportBench());
}

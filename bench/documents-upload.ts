// Decision 1103: "a 10MB upload streamed (server memory growth ≤ 30 MB with 5 uploads at once)".
// Starts the built server (apps/server/dist/main.js) on a fresh DATA_DIR (embedded PostgreSQL, demo seed), signs in as
// the demo's Jurídico and sends DOCS_UPLOAD_PARALLEL (default 5) uploads of DOCS_UPLOAD_MB (default 10) MB to one
// process at once, DOCS_UPLOAD_ROUNDS (default 3) times. The server's resident memory is sampled from
// /proc/{pid}/status every 5 ms (and its peak, VmHWM, after clear_refs resets it): growth = peak − RSS just before.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { clienteHttp } from "../apps/server/test/server-process.js";

const numeroEnv = (nome: string, padrao: number) => Number(process.env[nome] ?? padrao) || padrao;
const MB = 1024 * 1024;

function portaLivre(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

const kb = (campo: string, pid: number) => {
  const m = readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`^${campo}:\\s+(\\d+) kB`, "m"));
  return m ? Number(m[1]) * 1024 : 0;
};

/** A valid-looking PDF of exactly `bytes`: the header and trailer of gerarPdf around a comment padding. */
function pdfDe(bytes: number): Buffer {
  const cabeca = Buffer.from("%PDF-1.4\n%");
  const cauda = Buffer.from("\n%%EOF\n");
  const corpo = Buffer.alloc(bytes - cabeca.length - cauda.length, 0x20);
  return Buffer.concat([cabeca, corpo, cauda]);
}

async function ate(cond: () => Promise<boolean>, ms: number) {
  const fim = Date.now() + ms;
  while (!(await cond().catch(() => false))) {
    if (Date.now() > fim) throw new Error("o servidor não ficou pronto a tempo");
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function documentsUploadBench(): Promise<string[]> {
  const paralelos = numeroEnv("DOCS_UPLOAD_PARALLEL", 5);
  const tamanhoMb = numeroEnv("DOCS_UPLOAD_MB", 10);
  const rodadas = numeroEnv("DOCS_UPLOAD_ROUNDS", 3);
  const dir = mkdtempSync(path.join(tmpdir(), "crm-bench-documentos-"));
  const porta = await portaLivre();
  const base = `http://127.0.0.1:${porta}`;
  const servidor: ChildProcess = spawn(process.execPath, ["apps/server/dist/main.js"], {
    env: { ...process.env, PORT: String(porta), DATA_DIR: dir, LOG_LEVEL: "warn", DATABASE_URL: "", HOST: "127.0.0.1" },
    stdio: "ignore",
  });
  const pid = servidor.pid as number;
  try {
    await ate(async () => (await fetch(`${base}/api/ready`)).ok, 180_000);
    const c = clienteHttp(base);
    const login = await c.req("POST", "/api/auth/login", { email: "juridico@demo.com.br", password: "demo1234" });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
    const lista = (await (await c.req("GET", "/api/processos?tamanho=1")).json()) as { itens: { id: string }[] };
    const processo = lista.itens[0]?.id;
    if (!processo) throw new Error("a demonstração não tem processos");
    const arquivo = pdfDe(tamanhoMb * MB - 1);
    const enviar = async () => {
      const form = new FormData();
      form.set("descricao", "bancada");
      form.set("arquivo", new Blob([new Uint8Array(arquivo)], { type: "application/pdf" }), "bancada.pdf");
      const r = await c.req("POST", `/api/processos/${processo}/documentos`, form);
      if (r.status !== 201) throw new Error(`upload: ${r.status} ${await r.text()}`);
      await r.arrayBuffer();
    };
    // warm-up: the first upload loads the multipart parser and file-type; its memory is not the uploads' cost
    await enviar();
    await new Promise((r) => setTimeout(r, 1000));

    const crescimentos: number[] = [];
    const tempos: number[] = [];
    for (let k = 0; k < rodadas; k++) {
      const antes = kb("VmRSS", pid);
      let pico = antes;
      try {
        writeFileSync(`/proc/${pid}/clear_refs`, "5"); // resets VmHWM to the current RSS
      } catch {}
      const amostrar = setInterval(() => {
        pico = Math.max(pico, kb("VmRSS", pid));
      }, 5);
      const t0 = performance.now();
      await Promise.all(Array.from({ length: paralelos }, enviar));
      tempos.push(performance.now() - t0);
      clearInterval(amostrar);
      pico = Math.max(pico, kb("VmRSS", pid), kb("VmHWM", pid));
      crescimentos.push(pico - antes);
      await new Promise((r) => setTimeout(r, 1000));
    }
    const mb = (b: number) => (b / MB).toFixed(1);
    const max = Math.max(...crescimentos);
    return [
      `document upload (${paralelos} × ${tamanhoMb} MB at once, ${rodadas} rounds, streamed to disk then storage):`,
      `  server RSS growth per round: ${crescimentos.map(mb).join(", ")} MB (max ${mb(max)} MB; goal ≤ 30 MB) ${max <= 30 * MB ? "OK" : "ABOVE GOAL"}`,
      `  time per round: ${tempos.map((t) => `${Math.round(t)} ms`).join(", ")}`,
    ];
  } finally {
    await new Promise<void>((resolve) => {
      if (servidor.exitCode !== null) return resolve();
      servidor.on("exit", () => resolve());
      servidor.kill("SIGTERM");
    });
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log((await documentsUploadBench()).join("\n"));

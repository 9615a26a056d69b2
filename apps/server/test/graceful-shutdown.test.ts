import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freePort } from "../src/db/embedded.js";
import { withDatabase } from "../src/db/pool.js";
import { criarEmpresa, criarUsuario, SENHA_FACTORY } from "../src/seed/factories.js";
import { SEGREDO_TESTES, TEMPLATE_DB } from "./global-setup.js";
import { clienteHttp, esperar, iniciarProcessoServidor, type TProcessoServidor } from "./server-process.js";

/**
 * A deploy drops nothing (decision 1853): on SIGTERM readiness goes false at once, the listener stops accepting, and
 * a download in flight finishes whole before the process exits; past SHUTDOWN_TIMEOUT_S its connection is cut and the
 * process exits anyway. The server runs as its own process (src/main.ts) on a database cloned from the test template.
 */
const LEADS = 25_000;
const nome = `crm_encerrar_${randomBytes(4).toString("hex")}`;
let dir: string;
let url: string;
let dono: pg.Pool;
let email: string;

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: inject("pgAdminUrl") });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${nome} TEMPLATE ${TEMPLATE_DB}`);
  await admin.end();
  url = withDatabase(inject("pgAdminUrl"), nome);
  dono = new pg.Pool({ connectionString: url, max: 2 });
  const c = await dono.connect();
  try {
    const empresa = await criarEmpresa(c as never, { plano_assinatura: "Enterprise" } as never);
    email = (await criarUsuario(c as never, { id_empresa_fk: empresa.id, papel: "Admin Empresa" } as never)).email;
    // long enough that the export is still being written when the signal comes, whatever the socket buffers hold:
    // about 22 MB, where loopback's send and receive buffers took 4.1 MB of a 4.7 MB export (and CI once all of it)
    await c.query(
      `INSERT INTO leads_juros_check (id_empresa_fk, nome, telefone, telefone_normalizado, status_lead, origem_lead, valor_contrato)
       SELECT $1, 'Lead de encerramento ' || g || repeat(' x', 400), f, f, 'Novo Lead', 'Manual', g % 997
         FROM generate_series(1, $2::int) g, LATERAL (SELECT ('5511930000000'::numeric + g)::text AS f) x`,
      [empresa.id, LEADS],
    );
  } finally {
    c.release();
  }
  dir = mkdtempSync(path.join(tmpdir(), "crm-encerrar-"));
}, 180_000);

afterAll(async () => {
  await dono?.end();
  const admin = new pg.Client({ connectionString: inject("pgAdminUrl") });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`);
  await admin.end();
  rmSync(dir, { recursive: true, force: true });
});

async function iniciar(extra: Record<string, string> = {}): Promise<TProcessoServidor> {
  return iniciarProcessoServidor({
    PORT: String(await freePort()),
    DATABASE_URL: url,
    APP_SECRET: SEGREDO_TESTES,
    DATA_DIR: path.join(dir, randomBytes(3).toString("hex")),
    ...extra,
  });
}

/** Signs in, starts the CSV export of every lead and returns its body reader once the first bytes arrived. */
async function iniciarDownload(servidor: TProcessoServidor) {
  const nav = clienteHttp(servidor.url);
  expect((await nav.req("POST", "/api/auth/login", { email, password: SENHA_FACTORY })).status).toBe(200);
  const res = await nav.req("GET", "/api/leads/exportar?formato=csv&periodo=all");
  expect(res.status).toBe(200);
  const leitor = (res.body as ReadableStream<Uint8Array>).getReader();
  const primeiro = await leitor.read();
  return { leitor, recebido: [primeiro.value as Uint8Array] };
}

/**
 * The same export on a bare socket that stops reading after the first bytes: nothing read, the kernel's receive buffer
 * does not grow, so the server's writes back up and the response is still in flight when the signal comes (fetch's
 * client reads ahead into its own buffers, and on a quiet machine the whole export could land there).
 */
async function iniciarDownloadParado(servidor: TProcessoServidor): Promise<{ socket: net.Socket; primeiro: string }> {
  const nav = clienteHttp(servidor.url);
  expect((await nav.req("POST", "/api/auth/login", { email, password: SENHA_FACTORY })).status).toBe(200);
  const { hostname, port, host } = new URL(servidor.url);
  const socket = net.connect(Number(port), hostname);
  await once(socket, "connect");
  const cookie = [...nav.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  socket.write(
    `GET /api/leads/exportar?formato=csv&periodo=all HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\n` +
      "Accept-Encoding: identity\r\nConnection: close\r\n\r\n",
  );
  const [primeiro] = (await once(socket, "data")) as [Buffer];
  expect(primeiro.toString("latin1")).toMatch(/^HTTP\/1\.1 200/);
  socket.pause();
  socket.on("error", () => {}); // a reset is one way the cut shows
  return { socket, primeiro: primeiro.toString("utf8") };
}

/** Everything the paused socket still gets, up to its end: what was in the buffers when the server cut it. */
async function restoDoSocket(socket: net.Socket): Promise<string> {
  const partes: Buffer[] = [];
  socket.on("data", (p: Buffer) => partes.push(p));
  const fim = once(socket, "close");
  socket.resume();
  await fim;
  return Buffer.concat(partes).toString("utf8");
}

const saida = (s: TProcessoServidor) =>
  new Promise<number | null>((ok) => (s.vivo() ? s.filho.once("exit", (c) => ok(c)) : ok(s.filho.exitCode)));
const pronto = async (s: TProcessoServidor) => (await fetch(`${s.url}/api/ready`).catch(() => null))?.ok === true;

describe("SIGTERM", () => {
  it("turns readiness off at once, lets the download in flight finish whole, then exits 0", async () => {
    const servidor = await iniciar();
    try {
      const { leitor, recebido } = await iniciarDownload(servidor);
      const fim = saida(servidor);
      servidor.filho.kill("SIGTERM");
      await esperar(async () => !(await pronto(servidor)), 10_000);
      // the download is still ours to read: the process waits for it
      expect(servidor.vivo()).toBe(true);
      // nothing was read meanwhile: the server is held by backpressure, its response not yet written out
      for (;;) {
        const { done, value } = await leitor.read();
        if (done) break;
        recebido.push(value);
      }
      const csv = Buffer.concat(recebido).toString("utf8");
      const linhas = csv.split(/\r?\n/).filter((l) => l.length > 0);
      expect(linhas.length).toBe(LEADS + 1);
      expect(await fim).toBe(0);
    } finally {
      await servidor.matar();
    }
  }, 180_000);

  it("cuts a request still in flight at SHUTDOWN_TIMEOUT_S and exits", async () => {
    const servidor = await iniciar({ SHUTDOWN_TIMEOUT_S: "1" });
    try {
      const { socket, primeiro } = await iniciarDownloadParado(servidor);
      const fim = saida(servidor);
      servidor.filho.kill("SIGTERM");
      // the client stopped reading: the export can never finish by itself
      expect(await fim).toBe(0);
      // the connection was cut: fewer leads arrived than the export holds
      const recebido = primeiro + (await restoDoSocket(socket));
      expect(recebido.split("Lead de encerramento").length - 1).toBeLessThan(LEADS);
    } finally {
      await servidor.matar();
    }
  }, 180_000);
});

import { zId } from "@crm/domain/schemas/id";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestDatabase } from "../../test/db.js";
import { SEGREDO_TESTES } from "../../test/global-setup.js";
import { senhaDoPapelDaAplicacao, urlDoPapelDaAplicacao } from "../db/roles.js";
import { criarJobs, FILA_INVALIDOS, type TFila, type TJobs } from "./jobs.js";

/** The job runner itself (decision 1751): payloads read through their queue's schema, and a stop that waits. */

let url: string;
let drop: () => Promise<void>;
let dono: pg.Pool;
beforeAll(async () => {
  const db = await createTestDatabase();
  drop = db.drop;
  url = urlDoPapelDaAplicacao(db.url, senhaDoPapelDaAplicacao(SEGREDO_TESTES));
  dono = new pg.Pool({ connectionString: db.url, max: 1 });
});
afterAll(async () => {
  await dono?.end();
  await drop?.();
});

type TAviso = { obj: Record<string, unknown>; msg: string };
function registro() {
  const avisos: TAviso[] = [];
  const log = { warn: (obj: Record<string, unknown>, msg: string) => avisos.push({ obj, msg }) };
  return { avisos, log: log as unknown as Parameters<typeof criarJobs>[0]["log"] };
}

async function estado(id: string): Promise<string | undefined> {
  const { rows } = await dono.query("SELECT state FROM pgboss.job WHERE id = $1", [id]);
  return rows[0]?.state;
}

/** A promise and the function that resolves it (Promise.withResolvers, which Node 20 lacks). */
function sinal(): { aberto: Promise<void>; abrir: () => void } {
  let abrir!: () => void;
  const aberto = new Promise<void>((r) => {
    abrir = r;
  });
  return { aberto, abrir };
}

async function ate<T>(ler: () => Promise<T>, pronto: (v: T) => boolean): Promise<T> {
  for (;;) {
    const v = await ler();
    if (pronto(v)) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("a payload that does not match its queue's schema", () => {
  const FILA: TFila<{ empresaId: string; quantos: number }> = {
    nome: "teste.schema",
    dados: z.object({ empresaId: zId(), quantos: z.number().int() }),
    tentativas: 3,
  };
  let jobs: TJobs;
  const vistos: unknown[] = [];
  const { avisos, log } = registro();
  beforeAll(async () => {
    jobs = criarJobs({ databaseUrl: url, log });
    await jobs.iniciar();
    await jobs.trabalhar(FILA, async (t) => void vistos.push(t.dados));
  });
  afterAll(() => jobs?.parar());

  it("is not run, not retried, but moved to trabalhos.invalidos with the queue and zod's issues, and logged", async () => {
    // as an older (or newer) version of the code might have queued it
    const id = await jobs.enviar(FILA, { empresaId: "nao-e-um-id", quantos: "3" } as never);
    expect(
      await ate(
        () => estado(id as string),
        (s) => s === "completed",
      ),
    ).toBe("completed");
    expect(vistos).toEqual([]);
    const { rows } = await dono.query("SELECT data, state FROM pgboss.job WHERE name = $1", [FILA_INVALIDOS.nome]);
    expect(rows).toHaveLength(1);
    expect(rows[0].state).toBe("created");
    expect(rows[0].data).toMatchObject({ fila: "teste.schema", jobId: id, dados: { empresaId: "nao-e-um-id", quantos: "3" } });
    expect(rows[0].data.problemas.map((p: { path: string[] }) => p.path.join("."))).toEqual(["empresaId", "quantos"]);
    const aviso = avisos.find((a) => a.msg.includes("dados inválidos"));
    expect(aviso?.obj).toMatchObject({ fila: "teste.schema", job: id });
    expect(aviso?.obj.problemas).toHaveLength(2);
  });

  it("while a matching one reaches its handler as parsed", async () => {
    const empresaId = "0b8f1a52-4c5e-4f7a-9d1e-2b3c4d5e6f70";
    const id = await jobs.enviar(FILA, { empresaId, quantos: 2, extra: "descartado" } as never);
    await ate(
      () => estado(id as string),
      (s) => s === "completed",
    );
    expect(vistos).toEqual([{ empresaId, quantos: 2 }]);
  });
});

describe("parar()", () => {
  const FILA: TFila<{ n: number }> = { nome: "teste.parada", dados: z.object({ n: z.number() }), tentativas: 0 };

  it("waits for the running handler, records its end, and only then ends the pool", async () => {
    const jobs = criarJobs({ databaseUrl: url });
    await jobs.iniciar();
    const { aberto: comecado, abrir: comecou } = sinal();
    const { aberto: solto, abrir: soltar } = sinal();
    let terminou = false;
    await jobs.trabalhar(FILA, async () => {
      comecou();
      await solto;
      terminou = true;
    });
    const id = await jobs.enviar(FILA, { n: 1 });
    await comecado;
    let parou = false;
    const parada = jobs.parar().then(() => {
      parou = true;
    });
    // a few turns of the event loop with the handler still running: the stop must not have ended
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 10));
    expect(parou).toBe(false);
    soltar();
    await parada;
    expect(terminou).toBe(true);
    // the end was recorded on the database before the pool closed (before: the job stayed 'active' and pg-boss's
    // completion read rows of an ended pool, rejecting unhandled)
    expect(await estado(id as string)).toBe("completed");
  });
});

describe("a handler that outlives parar()'s wait", () => {
  const FILA: TFila<{ n: number }> = { nome: "teste.demorado", dados: z.object({ n: z.number() }), tentativas: 0 };

  it("is failed back to its queue, and its end touches no ended pool (nothing rejects unhandled)", async () => {
    const rejeicoes: unknown[] = [];
    const anotar = (e: unknown) => rejeicoes.push(e);
    process.on("unhandledRejection", anotar);
    try {
      const jobs = criarJobs({ databaseUrl: url, esperaParadaMs: 1_000 });
      await jobs.iniciar();
      const { aberto: comecado, abrir: comecou } = sinal();
      const { aberto: solto, abrir: soltar } = sinal();
      const { aberto: terminado, abrir: terminou } = sinal();
      await jobs.trabalhar(FILA, async () => {
        comecou();
        await solto;
        terminou();
      });
      const id = await jobs.enviar(FILA, { n: 1 });
      await comecado;
      await jobs.parar();
      expect(await estado(id as string)).toBe("failed");
      // the handler ends after the pool did: pg-boss then records its end, on a pool that is gone
      soltar();
      await terminado;
      for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
      await new Promise((r) => setTimeout(r, 100));
      expect(rejeicoes).toEqual([]);
      expect(await estado(id as string)).toBe("failed");
    } finally {
      process.off("unhandledRejection", anotar);
    }
  });
});

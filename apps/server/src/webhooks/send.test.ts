import http from "node:http";
import type { AddressInfo } from "node:net";
import { esperaAntesDaTentativa, MAX_TENTATIVAS_WEBHOOK } from "@crm/domain/webhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lerPoliticaSaida } from "../net/outbound-policy.js";
import { enviarTentativa, lerRetryAfter } from "./send.js";

/** One attempt (decision 1803): no redirect followed, the answer's first 4 kB kept, Retry-After read; the schedule. */
let servidor: http.Server;
let base = "";
const vistos: string[] = [];
beforeAll(async () => {
  servidor = http.createServer((req, res) => {
    vistos.push(req.url ?? "");
    if (req.url === "/redireciona") {
      res.writeHead(307, { location: "/destino" });
      res.end();
    } else if (req.url === "/grande") {
      res.writeHead(200);
      res.end("x".repeat(100_000));
    } else {
      res.writeHead(429, { "retry-after": "120" });
      res.end("devagar");
    }
  });
  await new Promise<void>((ok) => servidor.listen(0, "127.0.0.1", ok));
  base = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((ok) => servidor.close(() => ok())));

const politica = lerPoliticaSaida("127.0.0.1");
const tentar = (caminho: string) =>
  enviarTentativa({ url: `${base}${caminho}`, idMensagem: "msg_1", corpo: "{}", segredos: ["whsec_AAAA"] }, politica);

describe("one webhook attempt", () => {
  it("does not follow a redirect: the 3xx is its answer", async () => {
    const r = await tentar("/redireciona");
    expect(r.status).toBe(307);
    expect(vistos).not.toContain("/destino");
  });

  it("keeps the first 4 kB of a big answer, whatever its size", async () => {
    const r = await tentar("/grande");
    expect(r).toMatchObject({ status: 200, erro: null });
    expect(r.corpo).toHaveLength(4_096);
  });

  it("reads Retry-After as seconds or an HTTP date", async () => {
    expect((await tentar("/lento")).retryAfterS).toBe(120);
    expect(lerRetryAfter(new Date(Date.UTC(2030, 0, 1, 0, 1)).toUTCString(), Date.UTC(2030, 0, 1))).toBe(60);
    expect(lerRetryAfter("amanhã", 0)).toBeNull();
  });
});

describe("the retry schedule (Standard Webhooks 1.0)", () => {
  it("waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h (±10 %), about 3 days in all, then gives up", () => {
    const bases = [5, 300, 1_800, 7_200, 18_000, 36_000, 50_400, 72_000, 86_400];
    for (const [i, b] of bases.entries()) {
      expect(esperaAntesDaTentativa(i + 2, 0)).toBeCloseTo(b * 0.9);
      expect(esperaAntesDaTentativa(i + 2, 0.5)).toBeCloseTo(b);
      expect(esperaAntesDaTentativa(i + 2, 0.9999999)).toBeCloseTo(b * 1.1);
    }
    expect(bases.reduce((a, b) => a + b, 0) / 3600).toBeCloseTo(75.58, 1);
    expect(esperaAntesDaTentativa(MAX_TENTATIVAS_WEBHOOK + 1, 0.5)).toBeNull();
  });

  it("honours a longer Retry-After, capped at a day", () => {
    expect(esperaAntesDaTentativa(2, 0.5, 120)).toBe(120);
    expect(esperaAntesDaTentativa(2, 0.5, 1)).toBe(5);
    expect(esperaAntesDaTentativa(2, 0.5, 10 ** 9)).toBe(86_400);
  });
});

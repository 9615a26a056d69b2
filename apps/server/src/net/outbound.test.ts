import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { gzipSync } from "node:zlib";
import { MSG } from "@crm/domain/messages";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  definirPoliticaSaida,
  ErroSaida,
  erroDeSaida,
  fetchSaida,
  observarRecusas,
  pedirSaida,
  type TOpcoesSaida,
} from "./outbound.js";
import { lerPoliticaSaida, POLITICA_ESTRITA } from "./outbound-policy.js";

type TPedido = { metodo: string; caminho: string; headers: IncomingMessage["headers"]; corpo: string };
type TServidor = { porta: number; url: string; pedidos: TPedido[]; fechar: () => Promise<void> };

/** A local server that records every request it gets (the "hits") and answers with `responder`. */
async function servidor(responder: (req: IncomingMessage, res: ServerResponse, corpo: string) => void): Promise<TServidor> {
  const pedidos: TPedido[] = [];
  const s: Server = createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on("data", (p: Buffer) => partes.push(p));
    req.on("end", () => {
      const corpo = Buffer.concat(partes).toString("utf8");
      pedidos.push({ metodo: req.method ?? "", caminho: req.url ?? "", headers: req.headers, corpo });
      responder(req, res, corpo);
    });
  });
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const porta = (s.address() as AddressInfo).port;
  return {
    porta,
    url: `http://127.0.0.1:${porta}`,
    pedidos,
    fechar: () =>
      new Promise<void>((r) => {
        s.closeAllConnections();
        s.close(() => r());
      }),
  };
}

type TEco = { metodo: string; headers: Record<string, string> };
const eco = async (r: Response) => (await r.json()) as TEco;

async function recusa(p: Promise<unknown>): Promise<ErroSaida> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ErroSaida);
  return e as ErroSaida;
}

let alvo: TServidor; // stands for an internal service: must never be reached unless allowed
let redirecionador: TServidor; // stands for an allowed (e.g. public) host that redirects
let grande: TServidor;
let mudo: TServidor;
const MB = 1024 * 1024;
/** what the guard logged, one JSON object per line */
const registros: Record<string, unknown>[] = [];

beforeAll(async () => {
  const destino = new Writable({
    write(linha, _c, feito) {
      registros.push(JSON.parse(String(linha)));
      feito();
    },
  });
  definirPoliticaSaida(POLITICA_ESTRITA, { log: pino({ level: "warn" }, destino) });
  alvo = await servidor((req, res, corpo) => {
    if (req.url === "/json") {
      res.setHeader("content-type", "application/json");
      res.setHeader("set-cookie", ["a=1", "b=2"]);
      return res.end(JSON.stringify({ ok: true, metodo: req.method, corpo }));
    }
    res.end("alvo");
  });
  redirecionador = await servidor((req, res) => {
    const u = new URL(req.url ?? "/", "http://x");
    const para = u.searchParams.get("para");
    const status = Number(u.searchParams.get("status") ?? 302);
    if (u.pathname === "/laco") {
      res.writeHead(302, { location: `/laco?n=${Number(u.searchParams.get("n") ?? 0) + 1}` });
      return res.end();
    }
    if (para) {
      res.writeHead(status, { location: para });
      return res.end();
    }
    res.end(JSON.stringify({ metodo: req.method, headers: req.headers }));
  });
  grande = await servidor((req, res) => {
    const u = new URL(req.url ?? "/", "http://x");
    const n = Number(u.searchParams.get("bytes"));
    if (u.pathname === "/declarado") {
      res.writeHead(200, { "content-length": String(n) });
      return res.end(Buffer.alloc(n, 97));
    }
    if (u.pathname === "/gzip") {
      res.writeHead(200, { "content-encoding": "gzip" });
      return res.end(gzipSync(Buffer.alloc(n, 0)));
    }
    // chunked, no length announced
    res.writeHead(200, { "content-type": "text/plain" });
    const bloco = Buffer.alloc(64 * 1024, 98);
    let enviados = 0;
    const enviar = () => {
      while (enviados < n) {
        enviados += bloco.length;
        if (!res.write(bloco)) return res.once("drain", enviar);
      }
      res.end();
    };
    enviar();
  });
  mudo = await servidor(() => {
    // accepts the request and never answers
  });
});

afterAll(async () => {
  await Promise.all([alvo, redirecionador, grande, mudo].map((s) => s?.fechar()));
});

beforeEach(() => {
  for (const s of [alvo, redirecionador, grande, mudo]) s.pedidos.length = 0;
  registros.length = 0;
});

/** Only the redirecting host is allowed (by address and port), as an operator would allow one gateway. */
const soRedirecionador = (): TOpcoesSaida => ({ politica: lerPoliticaSaida(`127.0.0.1:${redirecionador.porta}`) });
const loopback = (o: TOpcoesSaida = {}): TOpcoesSaida => ({ politica: lerPoliticaSaida("127.0.0.1,localhost,::1"), ...o });

describe("fetchSaida refuses internal destinations before connecting", () => {
  it.each([
    ["a literal loopback address", () => `http://127.0.0.1:${alvo.porta}/json`],
    ["a name that resolves to loopback", () => `http://localhost:${alvo.porta}/json`],
    ["IPv4 written as a number", () => `http://2130706433:${alvo.porta}/json`],
    ["IPv4-mapped IPv6", () => `http://[::ffff:127.0.0.1]:${alvo.porta}/json`],
  ])("%s: refused with the pt-BR message, 0 hits, logged", async (_caso, url) => {
    const e = await recusa(fetchSaida(url(), undefined, { politica: POLITICA_ESTRITA }));
    expect(e.codigo).toBe("destino_recusado");
    expect(e.message).toBe(MSG.destinoNaoPermitido);
    expect(alvo.pedidos).toHaveLength(0);
    expect(registros).toMatchObject([
      {
        level: 40,
        msg: "requisição de saída recusada",
        saida: { codigo: "destino_recusado", motivo: "loopback", porta: alvo.porta },
      },
    ]);
  });

  it("without an explicit policy, the process's one applies (the product default refuses loopback)", async () => {
    await recusa(fetchSaida(`http://127.0.0.1:${alvo.porta}/json`));
    expect(alvo.pedidos).toHaveLength(0);
  });

  it("cloud metadata is refused at once, even with an allow-list that covers it", async () => {
    const e = await recusa(
      fetchSaida("http://169.254.169.254/latest/meta-data/", undefined, { politica: lerPoliticaSaida("169.254.0.0/16") }),
    );
    // refused by the policy before any connection: a connection attempt would end in a TimeoutError, not this reason
    // (no elapsed-time bound: a loaded machine cannot keep one, decision 1931)
    expect(e.detalhe).toMatchObject({ motivo: "metadata" });
  });

  it.each(["ftp://example.com/x", "file:///etc/passwd", "http://user:secret@example.com/"])(
    "%s: only http(s) without credentials",
    async (url) => {
      const e = await recusa(fetchSaida(url, undefined, loopback()));
      expect(e.message).toBe(MSG.urlSaidaInvalida);
    },
  );

  it("a port other than the allowed one is refused", async () => {
    await recusa(fetchSaida(`http://127.0.0.1:${alvo.porta}/json`, undefined, soRedirecionador()));
    expect(alvo.pedidos).toHaveLength(0);
  });
});

describe("fetchSaida behaves as fetch for an allowed host", () => {
  it("method, body, headers and JSON answer", async () => {
    const res = await fetchSaida(
      `http://127.0.0.1:${alvo.porta}/json`,
      { method: "post", headers: { "content-type": "application/json", apikey: "k" }, body: JSON.stringify({ a: 1 }) },
      loopback(),
    );
    expect(res.status).toBe(200);
    expect(res.ok).toBe(true);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(await res.json()).toEqual({ ok: true, metodo: "POST", corpo: '{"a":1}' });
    expect(alvo.pedidos[0].headers.apikey).toBe("k");
  });

  it("a FormData body goes as multipart, as fetch sends it", async () => {
    const form = new FormData();
    form.set("messaging_product", "whatsapp");
    form.set("file", new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" }), "a.png");
    await fetchSaida(`http://127.0.0.1:${alvo.porta}/json`, { method: "POST", body: form }, loopback());
    const p = alvo.pedidos[0];
    expect(p.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(p.corpo).toContain('name="messaging_product"');
    expect(p.corpo).toContain('filename="a.png"');
  });

  it("a name allowed by the operator may resolve to loopback", async () => {
    const res = await fetchSaida(`http://localhost:${alvo.porta}/`, undefined, {
      politica: lerPoliticaSaida(`localhost:${alvo.porta}`),
    });
    expect(await res.text()).toBe("alvo");
  });
});

describe("redirects: followed by hand, each hop checked", () => {
  it("an allowed host redirecting to loopback is refused, the internal server gets 0 hits", async () => {
    for (const para of [`http://127.0.0.1:${alvo.porta}/json`, `http://localhost:${alvo.porta}/json`]) {
      const url = `${redirecionador.url}/?para=${encodeURIComponent(para)}`;
      const e = await recusa(fetchSaida(url, undefined, soRedirecionador()));
      expect(e.codigo).toBe("destino_recusado");
    }
    expect(redirecionador.pedidos).toHaveLength(2);
    expect(alvo.pedidos).toHaveLength(0);
  });

  it("a redirect to metadata is refused", async () => {
    const url = `${redirecionador.url}/?para=${encodeURIComponent("http://169.254.169.254/latest/")}`;
    expect((await recusa(fetchSaida(url, undefined, loopback()))).detalhe).toMatchObject({ motivo: "metadata" });
  });

  it("303 turns a POST into a GET; 307 keeps method and body", async () => {
    const volta = encodeURIComponent(`${redirecionador.url}/eco`);
    const r303 = await fetchSaida(`${redirecionador.url}/?status=303&para=${volta}`, { method: "POST", body: "x" }, loopback());
    expect((await eco(r303)).metodo).toBe("GET");
    expect(r303.redirected).toBe(true);
    expect(r303.url).toBe(`${redirecionador.url}/eco`);
    const r307 = await fetchSaida(`${redirecionador.url}/?status=307&para=${volta}`, { method: "POST", body: "x" }, loopback());
    expect((await eco(r307)).metodo).toBe("POST");
    expect(redirecionador.pedidos.at(-1)?.corpo).toBe("x");
  });

  it("credentials follow a redirect on the same origin only", async () => {
    const headers = { apikey: "chave", authorization: "Bearer t", "x-outro": "1" };
    const mesma = encodeURIComponent(`${redirecionador.url}/eco`);
    const r1 = await fetchSaida(`${redirecionador.url}/?para=${mesma}`, { headers }, loopback());
    expect((await eco(r1)).headers).toMatchObject(headers);
    const outra = encodeURIComponent(`http://localhost:${redirecionador.porta}/eco`);
    const r2 = await fetchSaida(`${redirecionador.url}/?para=${outra}`, { headers }, loopback());
    const recebidos = (await eco(r2)).headers;
    expect(recebidos.apikey).toBeUndefined();
    expect(recebidos.authorization).toBeUndefined();
    expect(recebidos["x-outro"]).toBe("1");
  });

  it("at most 5 redirects", async () => {
    const e = await recusa(fetchSaida(`${redirecionador.url}/laco`, undefined, loopback()));
    expect(e.codigo).toBe("redirecionamentos");
    expect(e.message).toBe(MSG.redirecionamentosDemais(5));
    expect(redirecionador.pedidos).toHaveLength(6);
  });

  it("redirect: 'manual' returns the 3xx", async () => {
    const res = await fetchSaida(`${redirecionador.url}/?para=/eco`, { redirect: "manual" }, loopback());
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/eco");
  });
});

describe("limits", () => {
  it("an answer bigger than the limit is refused: announced, chunked or compressed", async () => {
    const o = loopback({ limiteBytes: MB });
    for (const caminho of ["/declarado", "/fluxo", "/gzip"]) {
      const e = await recusa(fetchSaida(`${grande.url}${caminho}?bytes=${8 * MB}`, undefined, o));
      expect(e.codigo).toBe("resposta_grande");
      expect(e.message).toBe(MSG.respostaGrandeDemais(MB));
    }
    expect(MSG.respostaGrandeDemais(MB)).toBe("A resposta do serviço passou do limite de 1 MB e foi recusada.");
  });

  it("an answer at the limit passes, decompressed", async () => {
    const o = loopback({ limiteBytes: MB });
    expect((await (await fetchSaida(`${grande.url}/declarado?bytes=${MB}`, undefined, o)).arrayBuffer()).byteLength).toBe(MB);
    expect((await (await fetchSaida(`${grande.url}/gzip?bytes=${MB}`, undefined, o)).arrayBuffer()).byteLength).toBe(MB);
  });

  it("the default limit is 5 MB", async () => {
    const e = await recusa(fetchSaida(`${grande.url}/fluxo?bytes=${6 * MB}`, undefined, loopback()));
    expect(e.message).toBe("A resposta do serviço passou do limite de 5 MB e foi recusada.");
  });

  it("a server that never answers: a TimeoutError after the total timeout", async () => {
    const t0 = performance.now();
    const e = await fetchSaida(`${mudo.url}/`, undefined, loopback({ timeoutMs: 300 })).catch((err: unknown) => err);
    const ms = performance.now() - t0;
    expect((e as Error).name).toBe("TimeoutError");
    expect(ms).toBeGreaterThanOrEqual(290);
    // no upper bound on the elapsed time (decision 1931): the 30 s default would outlast the test's own timeout
    expect(mudo.pedidos).toHaveLength(1);
  });

  it("the caller's signal ends the request too", async () => {
    const c = new AbortController();
    const p = fetchSaida(`${mudo.url}/`, { signal: c.signal }, loopback());
    setTimeout(() => c.abort(), 50);
    expect(((await p.catch((e: unknown) => e)) as Error).name).toBe("AbortError");
  });
});

describe("pedirSaida (the webhooks' attempts, decision 1951)", () => {
  it("answers a 3xx as it is, and reads the answer's headers and body", async () => {
    const antes = alvo.pedidos.length;
    const para = `http://127.0.0.1:${alvo.porta}/`;
    const r = await pedirSaida(
      `http://127.0.0.1:${redirecionador.porta}/?status=307&para=${encodeURIComponent(para)}`,
      { metodo: "POST", headers: { "content-type": "application/json" }, corpo: "{}" },
      { politica: lerPoliticaSaida(`127.0.0.1:${redirecionador.porta}`) },
    );
    expect(r.status).toBe(307);
    expect(r.headers.location).toBe(para);
    expect(alvo.pedidos).toHaveLength(antes);
  });

  it("checks a kept socket's address against the policy before reusing it", async () => {
    const s = await servidor((_req, res) => res.end("ok"));
    try {
      const url = `http://localhost:${s.porta}/gancho`;
      const pedido = { metodo: "POST", headers: { "content-type": "application/json" }, corpo: "{}" };
      const primeiro = await pedirSaida(url, pedido, { politica: lerPoliticaSaida(`localhost:${s.porta}`), manterConexao: true });
      expect(primeiro.corpo.toString()).toBe("ok");
      const segundo = await pedirSaida(url, pedido, { politica: lerPoliticaSaida(`localhost:${s.porta}`), manterConexao: true });
      expect(segundo.status).toBe(200);
      // the same socket (kept), the next request under a policy that refuses loopback: refused, nothing sent
      expect(new Set(s.pedidos.map((p) => p.headers.connection))).toEqual(new Set(["keep-alive"]));
      const e = await recusa(pedirSaida(url, pedido, { politica: POLITICA_ESTRITA, manterConexao: true }));
      expect(e.codigo).toBe("destino_recusado");
      expect(s.pedidos).toHaveLength(2);
    } finally {
      await s.fechar();
    }
  });
});

describe("observarRecusas", () => {
  it("sees a refusal even when the code inside turns it into a message", async () => {
    const { valor, recusas } = await observarRecusas(async () => {
      try {
        await fetchSaida(`http://127.0.0.1:${alvo.porta}/`, undefined, { politica: POLITICA_ESTRITA });
        return "ok";
      } catch {
        return "falhou";
      }
    });
    expect(valor).toBe("falhou");
    expect(recusas.map((r) => r.codigo)).toEqual(["destino_recusado"]);
    expect((await observarRecusas(async () => 1)).recusas).toEqual([]);
  });

  it("erroDeSaida finds the refusal an SDK wrapped as `cause`", () => {
    const interno = new ErroSaida("destino_recusado", "x");
    expect(erroDeSaida(new Error("conexão", { cause: new Error("fetch", { cause: interno }) }))).toBe(interno);
    expect(erroDeSaida(new Error("outro"))).toBeNull();
  });
});

import { createHash, randomBytes } from "node:crypto";
import { ESCOPOS_API, type TChaveApiCriada } from "@crm/domain/api-keys";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { encadearTudo } from "../audit-trail/chain.js";
import { apagarRespostasVencidas } from "./idempotency-purge.js";
import { descarregarUsosDeChaves } from "./plugin.js";
import { chamarApi, criarChaveApi, novoLeadApi } from "./test-helpers.js";

/** /api/v1's keys and conventions (decisions 1811–1813): scopes, limits before the lookup, problems, idempotency. */
const t = useTestApp();
let a: TEmpresaComUsuarios;
let chaveA: TChaveApiCriada;
beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  chaveA = await criarChaveApi(a);
});

const problema = (res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) => {
  expect(String(res.headers["content-type"])).toMatch(/^application\/problem\+json/);
  return res.json() as { code: string; status: number; detail: string; title: string; type: string; lead_id?: string };
};

describe("keys", () => {
  it("are shown once in the crm_live_ format, stored as a SHA-256, listed with scopes, last day and IPs", async () => {
    const c = await criarChaveApi(a, { escopos: ["leads:read"], ips_permitidos: ["203.0.113.7/24"], expira_em: "2099-01-31" });
    expect(c.chave).toMatch(/^crm_live_[0-9a-f]{32}_[A-Za-z0-9_-]{54}$/);
    expect(c).toMatchObject({ escopos: ["leads:read"], ips_permitidos: ["203.0.113.0/24"], expira_em: "2099-01-31" });
    const { rows } = await t.dono.query("SELECT hash FROM chaves_api WHERE id = $1", [c.id]);
    expect(rows[0].hash).toBe(createHash("sha256").update(c.chave).digest("hex"));
    const lista = (await a.navegadores.admin.req({ url: "/api/empresa/chaves-api" })).body;
    expect(lista).toContain(c.id);
    expect(lista).not.toContain(c.chave);
  });

  it("refuse an unknown scope, a bad IP and a past last day (400, nothing stored)", async () => {
    const antes = (await t.dono.query("SELECT count(*)::int AS n FROM chaves_api")).rows[0].n;
    for (const extra of [{ escopos: ["leads:everything"] }, { ips_permitidos: ["300.1.1.1"] }, { expira_em: "2020-01-01" }]) {
      const res = await a.navegadores.admin.req({
        method: "POST",
        url: "/api/empresa/chaves-api",
        payload: { nome: "x", ...extra },
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect((await t.dono.query("SELECT count(*)::int AS n FROM chaves_api")).rows[0].n).toBe(antes);
  });

  it("a key made before the scopes (legacy format) keeps working with every scope", async () => {
    const chave = `crm_${a.empresa.id.replaceAll("-", "")}_${randomBytes(32).toString("base64url")}`;
    const hash = createHash("sha256").update(chave).digest("hex");
    // as migration 0060 left it: every scope, not signed
    await t.dono.query(
      "INSERT INTO chaves_api (id_empresa_fk, nome, prefixo, hash, escopos) VALUES ($1, 'Antiga', 'abc…', $2, $3)",
      [a.empresa.id, hash, ESCOPOS_API],
    );
    const lista = await chamarApi(t, chave, { url: "/api/v1/leads" });
    expect(lista.statusCode, lista.body).toBe(200);
    const criado = await chamarApi(t, chave, { method: "POST", url: "/api/v1/leads", payload: novoLeadApi("11 98888-0001") });
    expect(criado.statusCode, criado.body).toBe(201);
  });

  it("a leads:read key reads but cannot write: 403 problem escopo_insuficiente, nothing changed", async () => {
    const leitura = await criarChaveApi(a, { escopos: ["leads:read"] });
    expect((await chamarApi(t, leitura.chave, { url: "/api/v1/leads" })).statusCode).toBe(200);
    const antes = (await t.dono.query("SELECT count(*)::int AS n FROM leads_juros_check")).rows[0].n;
    const res = await chamarApi(t, leitura.chave, {
      method: "POST",
      url: "/api/v1/leads",
      payload: novoLeadApi("11 98888-0002"),
    });
    expect(res.statusCode).toBe(403);
    expect(problema(res)).toMatchObject({ code: "escopo_insuficiente", status: 403 });
    expect(problema(res).detail).toContain("leads:write");
    expect((await t.dono.query("SELECT count(*)::int AS n FROM leads_juros_check")).rows[0].n).toBe(antes);
    const escrita = await criarChaveApi(a, { escopos: ["leads:write"] });
    expect(problema(await chamarApi(t, escrita.chave, { url: "/api/v1/leads" })).code).toBe("escopo_insuficiente");
  });

  it("an address outside the allow-list gets 403, a key past its last day 401, a revoked one 401", async () => {
    const restrita = await criarChaveApi(a, { ips_permitidos: ["10.0.0.0/8"] });
    expect(problema(await chamarApi(t, restrita.chave, { url: "/api/v1/leads" })).code).toBe("ip_nao_permitido");
    const local = await criarChaveApi(a, { ips_permitidos: ["127.0.0.1"] });
    expect((await chamarApi(t, local.chave, { url: "/api/v1/leads" })).statusCode).toBe(200);
    await t.dono.query("UPDATE chaves_api SET expira_em = current_date - 2 WHERE id = $1", [local.id]);
    expect(problema(await chamarApi(t, local.chave, { url: "/api/v1/leads" })).code).toBe("chave_expirada");
    const revogada = await criarChaveApi(a);
    await a.navegadores.admin.req({ method: "DELETE", url: `/api/empresa/chaves-api/${revogada.id}` });
    expect(problema(await chamarApi(t, revogada.chave, { url: "/api/v1/leads" })).code).toBe("chave_invalida");
  });

  it("stop when the company leaves Enterprise (403 limite_plano) and come back with it", async () => {
    const e = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
    const c = await criarChaveApi(e);
    await t.dono.query("UPDATE empresas SET plano_assinatura = 'Premium' WHERE id = $1", [e.empresa.id]);
    expect(problema(await chamarApi(t, c.chave, { url: "/api/v1/leads" })).code).toBe("limite_plano");
    await t.dono.query("UPDATE empresas SET plano_assinatura = 'Enterprise' WHERE id = $1", [e.empresa.id]);
    expect((await chamarApi(t, c.chave, { url: "/api/v1/leads" })).statusCode).toBe(200);
  });
});

describe("rate limits, counted before the key is looked up", () => {
  it("a burst of 300 forged keys, signed-shaped and legacy-shaped, runs no database query", async () => {
    // the legacy hashes are read once (warm-up), as the first legacy-shaped key of an instance does
    await chamarApi(t, `crm_${a.empresa.id.replaceAll("-", "")}_${"A".repeat(43)}`, { url: "/api/v1/leads" });
    const pools = [t.deps.db.app, t.deps.db.leitura];
    const espioes = pools.flatMap((p) => [vi.spyOn(p, "connect"), vi.spyOn(p, "query")]);
    const empresaHex = a.empresa.id.replaceAll("-", "");
    const status = new Set<number>();
    try {
      for (let i = 0; i < 300; i++) {
        const forjada =
          i % 2
            ? `crm_live_${empresaHex}_${randomBytes(24).toString("base64url")}${randomBytes(16).toString("base64url")}`
            : `crm_${empresaHex}_${randomBytes(32).toString("base64url")}`;
        const res = await chamarApi(t, forjada, { method: "POST", url: "/api/v1/leads", payload: novoLeadApi("11 97777-0000") });
        status.add(res.statusCode);
        expect(problema(res).code).toBe("chave_invalida");
      }
      for (const e of espioes) expect(e).not.toHaveBeenCalled();
    } finally {
      for (const e of espioes) e.mockRestore();
    }
    expect([...status]).toEqual([401]);
  });

  it("answers with RateLimit-Policy and RateLimit, and 429 with Retry-After once a key's minute is spent", async () => {
    const ok = await chamarApi(t, chaveA.chave, { url: "/api/v1/leads" });
    expect(ok.headers["ratelimit-policy"]).toMatch(/^"chave";q=600;w=60, "empresa";q=1200;w=60$/);
    expect(ok.headers.ratelimit).toMatch(/^"chave";r=\d+;t=\d+$/);
    // a forged key is counted under its own hash like any other: 600 pass to the 401, the 601st is refused
    const forjada = `crm_live_${"0".repeat(32)}_${"A".repeat(54)}`;
    let ultima = await chamarApi(t, forjada, { url: "/api/v1/leads" });
    for (let i = 1; i <= 600; i++) ultima = await chamarApi(t, forjada, { url: "/api/v1/leads" });
    expect(ultima.statusCode).toBe(429);
    expect(problema(ultima).code).toBe("limite_requisicoes");
    expect(Number(ultima.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("problems and idempotency", () => {
  it("no key, an unknown route, bad input: RFC 9457 problems with a stable code and a pt-BR detail", async () => {
    expect(problema(await chamarApi(t, null, { url: "/api/v1/leads" }))).toMatchObject({ code: "chave_ausente", status: 401 });
    expect(problema(await chamarApi(t, chaveA.chave, { url: "/api/v1/nada" }))).toMatchObject({ code: "nao_encontrado" });
    const invalido = problema(await chamarApi(t, chaveA.chave, { method: "POST", url: "/api/v1/leads", payload: { nome: "" } }));
    expect(invalido).toMatchObject({ code: "dados_invalidos", status: 400, type: "/api/v1/referencia#problema-dados_invalidos" });
    expect(problema(await chamarApi(t, chaveA.chave, { url: "/api/v1/leads?starting_after=xyz" })).code).toBe("dados_invalidos");
  });

  it("Idempotency-Key: the first answer is replayed, another body is 422, a request in flight is 409", async () => {
    const pedido = (payload: unknown, chave = "pedido-1") =>
      chamarApi(t, chaveA.chave, {
        method: "POST",
        url: "/api/v1/leads",
        headers: { "idempotency-key": chave },
        payload: payload as Record<string, unknown>,
      });
    const primeira = await pedido(novoLeadApi("11 96666-1001"));
    expect(primeira.statusCode, primeira.body).toBe(201);
    const repetida = await pedido(novoLeadApi("11 96666-1001"));
    expect(repetida.statusCode).toBe(201);
    expect(repetida.headers["idempotent-replayed"]).toBe("true");
    expect(repetida.json()).toEqual(primeira.json());
    const { rows } = await t.dono.query(
      "SELECT count(*)::int AS n FROM leads_juros_check WHERE id_empresa_fk = $1 AND telefone = $2",
      [a.empresa.id, "5511966661001"],
    );
    expect(rows[0].n).toBe(1);
    const outra = await pedido(novoLeadApi("11 96666-1002"));
    expect(outra.statusCode).toBe(422);
    expect(problema(outra).code).toBe("idempotencia_corpo_diferente");
    // the first of two twins held inside its handler (the company's lead-creation lock taken here): the second is 409
    const trava = await t.dono.connect();
    try {
      await trava.query("BEGIN");
      await trava.query("SELECT pg_advisory_xact_lock(hashtextextended('leads:' || $1::text, 0))", [a.empresa.id]);
      const primeiroGemeo = pedido(novoLeadApi("11 96666-1003"), "em-voo");
      await vi.waitFor(async () => {
        const { rows } = await t.dono.query("SELECT 1 FROM api_idempotencia WHERE chave = 'em-voo'");
        expect(rows.length).toBe(1);
      });
      const segundo = await pedido(novoLeadApi("11 96666-1003"), "em-voo");
      expect(segundo.statusCode).toBe(409);
      expect(problema(segundo).code).toBe("idempotencia_em_andamento");
      await trava.query("COMMIT");
      expect((await primeiroGemeo).statusCode).toBe(201);
    } finally {
      trava.release();
    }
    expect((await pedido(novoLeadApi("11 96666-1003"), "em-voo")).headers["idempotent-replayed"]).toBe("true");
    // a refusal is kept too (a duplicate phone): the same answer again, not a second attempt
    const dup1 = await pedido(novoLeadApi("11 96666-1001"), "dup");
    const dup2 = await pedido(novoLeadApi("11 96666-1001"), "dup");
    expect([dup1.statusCode, dup2.statusCode]).toEqual([409, 409]);
    expect(dup2.headers["idempotent-replayed"]).toBe("true");
  });
});

describe("kept idempotent answers (decision 1812)", () => {
  it("are removed once past 24 h, and the same key then creates again instead of replaying", async () => {
    const k = await criarChaveApi(a);
    const pedir = (chave: string, telefone: string) =>
      chamarApi(t, k.chave, {
        method: "POST",
        url: "/api/v1/leads",
        headers: { "idempotency-key": chave },
        payload: novoLeadApi(telefone),
      });
    expect((await pedir("velha", "11 94444-0101")).statusCode).toBe(201);
    expect((await pedir("nova", "11 94444-0102")).statusCode).toBe(201);
    await t.dono.query("UPDATE api_idempotencia SET criada_em = now() - interval '25 hours' WHERE chave = 'velha'");
    expect(await apagarRespostasVencidas(t.deps.db.app)).toBe(1);
    const chaves = await t.dono.query("SELECT chave FROM api_idempotencia WHERE id_chave_fk = $1 ORDER BY chave", [k.id]);
    expect(chaves.rows.map((r) => r.chave)).toEqual(["nova"]);
    expect((await pedir("nova", "11 94444-0102")).headers["idempotent-replayed"]).toBe("true");
    // past its window the key is new again: this body is a new lead, not the old answer
    const deNovo = await pedir("velha", "11 94444-0103");
    expect(deNovo.statusCode).toBe(201);
    expect(deNovo.headers["idempotent-replayed"]).toBeUndefined();
  });
});

describe("every use of a key (decision 1819)", () => {
  type TEv = { acao: string; entidade: string; entidadeId: string | null; dados: Record<string, unknown> };
  const usosNaTrilha = async () => {
    await descarregarUsosDeChaves(t.deps);
    await encadearTudo(t.deps.db.app);
    const res = await a.navegadores.admin.req({ url: "/api/auditoria?acao=api.chave_usada" });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { eventos: TEv[] }).eventos;
  };

  it("is on /auditoria, counted per route and answer, refusals included; a forged key leaves nothing", async () => {
    const k = await criarChaveApi(a, { escopos: ["leads:read"], nome: "BI" });
    for (let i = 0; i < 3; i++) expect((await chamarApi(t, k.chave, { url: "/api/v1/leads" })).statusCode).toBe(200);
    const recusa = await chamarApi(t, k.chave, { method: "POST", url: "/api/v1/leads", payload: novoLeadApi("11 95555-0101") });
    expect(recusa.statusCode).toBe(403);
    const daChave = (await usosNaTrilha()).filter((e) => e.entidadeId === k.id);
    expect(daChave.map((e) => [e.entidade, e.dados.metodo, e.dados.rota, e.dados.status, e.dados.vezes]).sort()).toEqual([
      ["chaves_api", "GET", "/api/v1/leads", 200, 3],
      ["chaves_api", "POST", "/api/v1/leads", 403, 1],
    ]);
    const antes = (await usosNaTrilha()).length;
    const forjada = `${k.chave.slice(0, -4)}AAAA`;
    expect((await chamarApi(t, forjada, { url: "/api/v1/leads" })).statusCode).toBe(401);
    expect((await usosNaTrilha()).length).toBe(antes);
  });
});

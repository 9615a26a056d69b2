import type { TChaveApiCriada } from "@crm/domain/api-keys";
import type { TLeadApi } from "@crm/domain/schemas/api-leads";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { multipart } from "../../test/cross-tenant-support.js";
import { criarEmpresaComUsuarios, criarMensagem, type TEmpresaComUsuarios } from "../../test/factories.js";
import { unsafeWithSystem } from "../db/tenant.js";
import type { TOperacaoApi } from "./operation.js";
import { OPERACOES_API } from "./operations.js";
import { chamarApi, criarChaveApi, novoLeadApi } from "./test-helpers.js";

/**
 * The cross-tenant probe and a small fuzz over every /api/v1 operation, read from the declarations (a new operation is
 * probed without touching this file): a key of B with every scope, given A's ids, neither reads nor changes A's rows;
 * malformed input is a 4xx problem, never a 5xx.
 */
const t = useTestApp();
let a: TEmpresaComUsuarios;
let chaveA: TChaveApiCriada;
let chaveB: TChaveApiCriada;
/** A's ids and distinctive texts: none may appear in an answer to B */
const segredosA: string[] = [];

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  const b = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  chaveA = await criarChaveApi(a);
  chaveB = await criarChaveApi(b);
  const res = await chamarApi(t, chaveA.chave, {
    method: "POST",
    url: "/api/v1/leads",
    payload: novoLeadApi("11 97654-0001", "Alfa Cliente Sigiloso"),
  });
  const lead = res.json() as TLeadApi;
  const m = await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
    criarMensagem(tx, {
      id_empresa_fk: a.empresa.id,
      id_lead_fk: lead.id,
      sender: "lead",
      message: "Mensagem sigilosa de Alfa",
    } as never),
  );
  segredosA.push(lead.id, m.id as string, "alfa cliente sigiloso", "mensagem sigilosa de alfa");
  // B has rows of its own, so its lists are not empty by accident
  await chamarApi(t, chaveB.chave, { method: "POST", url: "/api/v1/leads", payload: novoLeadApi("11 97654-0002", "Beta") });
});

const somaDeA = async () =>
  (
    await t.dono.query(
      `SELECT (SELECT md5(string_agg(l::text, '' ORDER BY id)) FROM leads_juros_check l WHERE id_empresa_fk = $1) AS leads,
              (SELECT md5(string_agg(m::text, '' ORDER BY id)) FROM mensagens_whatsapp m WHERE id_empresa_fk = $1) AS mensagens`,
      [a.empresa.id],
    )
  ).rows[0];

/** The request of an operation: its params filled with `id`, its example body (JSON or a multipart form). */
function pedido(o: TOperacaoApi, id: string, query = "") {
  const url = `/api/v1${o.url.replace(/:\w+/g, id)}${query}`;
  if (o.formulario)
    return {
      method: o.method,
      url,
      ...multipart({ tipo: "document" }, { nome: "a.txt", dados: Buffer.from("x"), mime: "text/plain" }),
    };
  return { method: o.method, url, ...(o.exemplo.pedido !== undefined ? { payload: o.exemplo.pedido as object } : {}) };
}

describe("/api/v1 across companies, every operation", () => {
  it("a key of B with every scope, given A's ids, gets no 2xx on A's rows, no A text, and changes nothing of A", async () => {
    const antes = await somaDeA();
    const vazamentos: string[] = [];
    for (const o of OPERACOES_API) {
      const idsA = o.url.includes(":") ? segredosA.slice(0, 2) : [""];
      for (const id of idsA) {
        const res = await chamarApi(t, chaveB.chave, pedido(o, id) as never);
        const rotulo = `${o.method} ${o.url} (${id})`;
        if (o.url.includes(":")) expect([400, 404], rotulo).toContain(res.statusCode);
        else expect(res.statusCode, `${rotulo}: ${res.body}`).toBeLessThan(500);
        const corpo = `${JSON.stringify(res.headers)}${res.body}`.toLowerCase();
        for (const s of segredosA) if (corpo.includes(s)) vazamentos.push(`${rotulo}: ${s}`);
      }
    }
    expect(vazamentos).toEqual([]);
    expect(await somaDeA()).toEqual(antes);
    // control: A's own key finds A's rows through the same requests
    const controle = await chamarApi(t, chaveA.chave, { url: `/api/v1/leads/${segredosA[0]}/mensagens` });
    expect(controle.body.toLowerCase()).toContain("mensagem sigilosa de alfa");
  });

  it("malformed ids, cursors, limits and bodies are 4xx problems in pt-BR, never 5xx", async () => {
    const falhas: string[] = [];
    const ruins = ["nao-e-id", "00000000-0000-0000-0000-000000000000", "%00", "a".repeat(300)];
    const consultas = ["?limit=0", "?limit=101", "?limit=abc", "?starting_after=%7B%7D", "?updated_since=ontem"];
    for (const o of OPERACOES_API) {
      const casos = [
        ...(o.url.includes(":") ? ruins.map((id) => pedido(o, id)) : []),
        ...(o.method === "GET" ? consultas.map((q) => pedido(o, segredosA[0], q)) : []),
        ...(o.method !== "GET" && o.method !== "DELETE"
          ? [
              { ...pedido(o, segredosA[0]), payload: { __proto__: 1, x: "\u0000" } },
              { ...pedido(o, segredosA[0]), payload: "não é json", headers: { "content-type": "application/json" } },
            ]
          : []),
      ];
      for (const c of casos) {
        const res = await chamarApi(t, chaveB.chave, c as never);
        const ok =
          res.statusCode >= 400 &&
          res.statusCode < 500 &&
          /^application\/problem\+json/.test(String(res.headers["content-type"]));
        if (!ok) falhas.push(`${c.method} ${c.url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(falhas).toEqual([]);
  });
});

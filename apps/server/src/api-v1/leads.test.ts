import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { TChaveApiCriada } from "@crm/domain/api-keys";
import type { TLeadApi } from "@crm/domain/schemas/api-leads";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { chamarApi, criarChaveApi, novoLeadApi } from "./test-helpers.js";

/** /api/v1/leads (decision 1814): every write through the lead's own writers, logged with origin 'api' and the key. */
const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
let chaveA: TChaveApiCriada;
let chaveB: TChaveApiCriada;
beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  b = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  chaveA = await criarChaveApi(a);
  chaveB = await criarChaveApi(b);
});

const criar = async (chave: string, telefone: string, nome?: string) => {
  const res = await chamarApi(t, chave, { method: "POST", url: "/api/v1/leads", payload: novoLeadApi(telefone, nome) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TLeadApi;
};
const registro = async (id: string) =>
  (await t.dono.query("SELECT tipo, origem, id_chave_api, id_usuario_fk FROM mudancas WHERE id_entidade = $1 ORDER BY id", [id]))
    .rows;

describe("leads through the API", () => {
  it("create normalizes the phone once; the same phone again is 409 lead_duplicado naming the lead", async () => {
    const lead = await criar(chaveA.chave, "+55 (11) 97777-1234");
    expect(lead).toMatchObject({ telefone: "5511977771234", status_lead: "Novo Lead", origem_lead: "Indicação" });
    const dup = await chamarApi(t, chaveA.chave, { method: "POST", url: "/api/v1/leads", payload: novoLeadApi("11 97777-1234") });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: "lead_duplicado", lead_id: lead.id });
    // another company has its own phones
    expect((await criar(chaveB.chave, "11 97777-1234")).id).not.toBe(lead.id);
    expect(await registro(lead.id)).toEqual([
      { tipo: "lead.criado", origem: "api", id_chave_api: chaveA.id, id_usuario_fk: null },
    ]);
  });

  it("read, update, status, assignment and delete, each logged with origin 'api' and the key", async () => {
    const lead = await criar(chaveA.chave, "11 97777-2000");
    const lido = await chamarApi(t, chaveA.chave, { url: `/api/v1/leads/${lead.id}` });
    expect(lido.json()).toEqual(lead);
    const alterado = await chamarApi(t, chaveA.chave, {
      method: "PATCH",
      url: `/api/v1/leads/${lead.id}`,
      payload: { nome: "Maria Souza", email: "MARIA@EXEMPLO.COM" },
    });
    expect(alterado.json()).toMatchObject({ nome: "Maria Souza", email: "maria@exemplo.com" });
    const status = await chamarApi(t, chaveA.chave, {
      method: "PATCH",
      url: `/api/v1/leads/${lead.id}/status`,
      payload: { status: "Em Atendimento" },
    });
    expect(status.json()).toMatchObject({ status_lead: "Em Atendimento" });
    const atribuido = await chamarApi(t, chaveA.chave, {
      method: "PATCH",
      url: `/api/v1/leads/${lead.id}/consultor`,
      payload: { consultorId: a.consultor.id },
    });
    expect(atribuido.json()).toMatchObject({ consultor_atribuido_id: a.consultor.id });
    const { rows: hist } = await t.dono.query(
      "SELECT campo, origem FROM lead_status_historico WHERE id_lead_fk = $1 ORDER BY campo",
      [lead.id],
    );
    expect(hist).toEqual([
      { campo: "consultor_atribuido_id", origem: "api" },
      { campo: "status_lead", origem: "api" },
    ]);
    expect((await chamarApi(t, chaveA.chave, { method: "DELETE", url: `/api/v1/leads/${lead.id}` })).statusCode).toBe(204);
    expect((await chamarApi(t, chaveA.chave, { url: `/api/v1/leads/${lead.id}` })).statusCode).toBe(404);
    const log = await registro(lead.id);
    expect(log.map((r) => r.tipo)).toEqual(["lead.criado", "lead.alterado", "lead.status", "lead.atribuido", "lead.excluido"]);
    expect(log.every((r) => r.origem === "api" && r.id_chave_api === chaveA.id && r.id_usuario_fk === null)).toBe(true);
  });

  it("a key of company B never reads nor changes a lead of A (404), nor lists it", async () => {
    const deA = await criar(chaveA.chave, "11 97777-3000");
    for (const [method, url, payload] of [
      ["GET", `/api/v1/leads/${deA.id}`, undefined],
      ["PATCH", `/api/v1/leads/${deA.id}`, { nome: "Invasor" }],
      ["PATCH", `/api/v1/leads/${deA.id}/status`, { status: "Perdido" }],
      ["DELETE", `/api/v1/leads/${deA.id}`, undefined],
    ] as const) {
      const res = await chamarApi(t, chaveB.chave, { method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const lista = await chamarApi(t, chaveB.chave, { url: "/api/v1/leads?limit=100" });
    expect(lista.body).not.toContain(deA.id);
    expect((await chamarApi(t, chaveA.chave, { url: `/api/v1/leads/${deA.id}` })).json()).toMatchObject({ nome: "Lead da API" });
  });

  it("cursor pages are stable under concurrent inserts: every lead that existed once, none twice", async () => {
    const e = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
    const k = await criarChaveApi(e);
    const existentes = new Set<string>();
    for (let i = 0; i < 23; i++) existentes.add((await criar(k.chave, `11 95555-${String(1000 + i)}`)).id);
    const vistos: string[] = [];
    let cursor: string | null = null;
    let n = 0;
    do {
      const url: string = `/api/v1/leads?limit=5${cursor ? `&starting_after=${cursor}` : ""}`;
      const res = await chamarApi(t, k.chave, { url });
      expect(res.statusCode, res.body).toBe(200);
      const p = res.json() as { itens: TLeadApi[]; tem_mais: boolean; proximo_cursor: string | null };
      vistos.push(...p.itens.map((l) => l.id));
      cursor = p.proximo_cursor;
      // between pages another system inserts leads
      await criar(k.chave, `11 94444-${String(1000 + n++)}`);
    } while (cursor);
    expect(new Set(vistos).size).toBe(vistos.length);
    for (const id of existentes) expect(vistos).toContain(id);
  });

  it("updated_since gives only what changed since then", async () => {
    const e = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
    const k = await criarChaveApi(e);
    await criar(k.chave, "11 93333-0001");
    const { rows } = await t.dono.query("SELECT now() AS agora");
    const depois = await criar(k.chave, "11 93333-0002");
    const res = await chamarApi(t, k.chave, {
      url: `/api/v1/leads?updated_since=${encodeURIComponent(rows[0].agora.toISOString())}`,
    });
    expect((res.json() as { itens: TLeadApi[] }).itens.map((l) => l.id)).toEqual([depois.id]);
  });

  it("a page is compressed as the client asks (brotli or gzip) and left as it is otherwise", async () => {
    const e = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
    const k = await criarChaveApi(e);
    for (let i = 0; i < 12; i++) await criar(k.chave, `11 92222-${String(1000 + i)}`, `Pessoa Comprimida ${i}`);
    const pedir = (aceitas?: string) =>
      chamarApi(t, k.chave, { url: "/api/v1/leads?limit=100", headers: aceitas ? { "accept-encoding": aceitas } : {} });
    const simples = await pedir();
    expect(simples.statusCode).toBe(200);
    expect(simples.headers["content-encoding"]).toBeUndefined();
    const texto = simples.body;
    expect(Buffer.byteLength(texto)).toBeGreaterThan(1024);
    const gzip = await pedir("gzip, deflate");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers.vary).toContain("accept-encoding");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(texto);
    const br = await pedir("gzip;q=0.5, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(texto);
    const nenhum = await pedir("br;q=0, gzip;q=0, identity");
    expect(nenhum.headers["content-encoding"]).toBeUndefined();
    expect(nenhum.body).toBe(texto);
  });
});

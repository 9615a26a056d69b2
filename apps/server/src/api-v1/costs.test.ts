import type { TChaveApiCriada } from "@crm/domain/api-keys";
import { MSG } from "@crm/domain/messages";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { chamarApi, criarChaveApi } from "./test-helpers.js";

/** PATCH and DELETE /api/v1/custos/{id} (decision 1926): /marketing's writers, the key as author. */
const t = useTestApp();
let a: TEmpresaComUsuarios;
let chave: TChaveApiCriada;
let chaveB: TChaveApiCriada;
beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  chave = await criarChaveApi(a);
  chaveB = await criarChaveApi(await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" }));
});

const api = (method: "POST" | "PATCH" | "DELETE", url: string, payload?: object, headers?: Record<string, string>, k?: string) =>
  chamarApi(t, k ?? chave.chave, {
    method,
    url: `/api/v1${url}`,
    ...(payload ? { payload } : {}),
    ...(headers ? { headers } : {}),
  });
const custo = (o: object = {}) => ({
  data_custo: "2026-12-01",
  plataforma: "Facebook",
  valor_gasto: "350,00",
  campanhas_ativas: 2,
  impressoes: 10000,
  cliques: 250,
  ...o,
});
const novoCusto = async (k?: string) => {
  const res = await api("POST", "/custos", custo(), undefined, k);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};
const registro = async (id: string) =>
  (await t.dono.query("SELECT tipo, origem, id_chave_api, id_usuario_fk FROM mudancas WHERE id_entidade = $1 ORDER BY id", [id]))
    .rows;

describe("costs changed through the API", () => {
  it("edits a cost (the metrics recomputed) and deletes it; each logged with the key", async () => {
    const id = await novoCusto();
    const res = await api("PATCH", `/custos/${id}`, custo({ valor_gasto: "500,00", cliques: 500 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, valor_gasto: "500.00", ctr: "5.0000", cpc: "1.0000", cpm: "50.0000" });
    expect((await api("DELETE", `/custos/${id}`)).statusCode).toBe(204);
    const outraVez = await api("DELETE", `/custos/${id}`);
    expect(outraVez.statusCode).toBe(404);
    expect(outraVez.json()).toMatchObject({ code: "nao_encontrado", detail: MSG.custoNaoEncontrado });
    const log = await registro(id);
    expect(log.map((r) => r.tipo)).toEqual(["custo.criado", "custo.alterado", "custo.excluido"]);
    expect(log.every((r) => r.origem === "api" && r.id_chave_api === chave.id && r.id_usuario_fk === null)).toBe(true);
  });

  it("a bad value is a 400 in pt-BR that changes nothing", async () => {
    const id = await novoCusto();
    const res = await api("PATCH", `/custos/${id}`, custo({ valor_gasto: "muito", data_custo: "2026-13-40" }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("dados_invalidos");
    expect(Object.keys(res.json().campos ?? {})).not.toEqual([]);
    const { rows } = await t.dono.query("SELECT valor_gasto::text FROM custos_marketing WHERE id = $1", [id]);
    expect(rows[0].valor_gasto).toBe("350.00");
  });

  it("another company's cost is 404 to this key and stays", async () => {
    const deB = await novoCusto(chaveB.chave);
    expect((await api("PATCH", `/custos/${deB}`, custo({ valor_gasto: "1,00" }))).statusCode).toBe(404);
    expect((await api("DELETE", `/custos/${deB}`)).statusCode).toBe(404);
    const { rows } = await t.dono.query("SELECT valor_gasto::text FROM custos_marketing WHERE id = $1", [deB]);
    expect(rows[0].valor_gasto).toBe("350.00");
  });

  it("a key with costs:read only is refused with 403; a repeated PATCH replays its first answer", async () => {
    const id = await novoCusto();
    const soLer = await criarChaveApi(a, { escopos: ["costs:read"] });
    const res = await api("DELETE", `/custos/${id}`, undefined, undefined, soLer.chave);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "escopo_insuficiente" });
    const cab = { "idempotency-key": "custo-1" };
    const um = await api("PATCH", `/custos/${id}`, custo({ valor_gasto: "400,00" }), cab);
    const dois = await api("PATCH", `/custos/${id}`, custo({ valor_gasto: "400,00" }), cab);
    expect(dois.headers["idempotent-replayed"]).toBe("true");
    expect(dois.body).toBe(um.body);
    expect((await registro(id)).filter((r) => r.tipo === "custo.alterado")).toHaveLength(1);
  });
});

import type { TChaveApiCriada } from "@crm/domain/api-keys";
import { MSG_PRAZOS } from "@crm/domain/deadlines";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { chamarApi, criarChaveApi, novoLeadApi } from "./test-helpers.js";

/** PATCH/DELETE /api/v1/prazos/{id} and the client notice (decision 1925): the /processos writers, the key as author. */
const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
let chave: TChaveApiCriada;
let chaveB: TChaveApiCriada;
beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  b = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  chave = await criarChaveApi(a);
  chaveB = await criarChaveApi(b);
});

const api = (
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
  headers?: Record<string, string>,
  k?: string,
) =>
  chamarApi(t, k ?? chave.chave, {
    method,
    url: `/api/v1${url}`,
    ...(payload ? { payload } : {}),
    ...(headers ? { headers } : {}),
  });
const ok = async (r: ReturnType<typeof api>, status = 200) => {
  const res = await r;
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
/** A process (a converted lead) with one deadline, of the key's company. */
const processoComPrazo = async (telefone: string, k = chave.chave) => {
  const lead = await ok(api("POST", "/leads", novoLeadApi(telefone), undefined, k), 201);
  await ok(api("PATCH", `/leads/${lead.id}/status`, { status: "Convertido (Ganho)" }, undefined, k));
  const prazo = await ok(
    api("POST", `/processos/${lead.id}/prazos`, { titulo: "Protocolar", data_fatal: "2027-03-10" }, undefined, k),
    201,
  );
  return { processo: lead.id as string, prazo: prazo.id as string };
};
const registro = async (id: string) =>
  (await t.dono.query("SELECT tipo, origem, id_chave_api, id_usuario_fk FROM mudancas WHERE id_entidade = $1 ORDER BY id", [id]))
    .rows;

describe("deadlines and the client notice through the API", () => {
  it("edits a deadline (safety date recomputed, a new owner), deletes it; each logged with the key", async () => {
    const { prazo } = await processoComPrazo("11 91111-0001");
    const mudado = await ok(
      api("PATCH", `/prazos/${prazo}`, {
        titulo: "Protocolar a inicial",
        data_fatal: "2027-03-16",
        responsavel_id: a.usuarios.juridico.id,
      }),
    );
    expect(mudado).toMatchObject({ titulo: "Protocolar a inicial", data_fatal: "2027-03-16", data_seguranca: "2027-03-15" });
    expect(mudado.responsavel_id).toBe(a.usuarios.juridico.id);
    expect((await api("DELETE", `/prazos/${prazo}`)).statusCode).toBe(204);
    expect((await api("DELETE", `/prazos/${prazo}`)).statusCode).toBe(404);
    const log = await registro(prazo);
    expect(log.map((r) => r.tipo)).toEqual(["prazo.criado", "prazo.alterado", "prazo.excluido"]);
    expect(log.every((r) => r.origem === "api" && r.id_chave_api === chave.id && r.id_usuario_fk === null)).toBe(true);
  });

  it("turns the client notice on and off, as a lead.alterado row of the key", async () => {
    const { processo } = await processoComPrazo("11 91111-0002");
    expect(await ok(api("PATCH", `/processos/${processo}/aviso-cliente`, { ativo: true }))).toEqual({ ativo: true });
    const { rows } = await t.dono.query("SELECT aviso_status_cliente FROM leads_juros_check WHERE id = $1", [processo]);
    expect(rows[0].aviso_status_cliente).toBe(true);
    expect(await ok(api("PATCH", `/processos/${processo}/aviso-cliente`, { ativo: false }))).toEqual({ ativo: false });
    const log = (await registro(processo)).filter((r) => r.tipo === "lead.alterado");
    expect(log.length).toBeGreaterThan(0);
    expect(log.every((r) => r.origem === "api" && r.id_chave_api === chave.id)).toBe(true);
  });

  it("bad input is a 400 in pt-BR that changes nothing", async () => {
    const { prazo, processo } = await processoComPrazo("11 91111-0003");
    const semTitulo = await api("PATCH", `/prazos/${prazo}`, { titulo: "", data_fatal: "2027-03-10" });
    expect(semTitulo.statusCode).toBe(400);
    expect(semTitulo.json().code).toBe("dados_invalidos");
    const deB = await api("PATCH", `/prazos/${prazo}`, {
      titulo: "X",
      data_fatal: "2027-03-10",
      responsavel_id: b.usuarios.juridico.id,
    });
    expect(deB.statusCode).toBe(400);
    expect(deB.json()).toMatchObject({ detail: MSG_PRAZOS.responsavelInvalido });
    expect((await api("PATCH", `/processos/${processo}/aviso-cliente`, { ativo: "sim" })).statusCode).toBe(400);
    const { rows } = await t.dono.query("SELECT titulo FROM prazos_processo WHERE id = $1", [prazo]);
    expect(rows[0].titulo).toBe("Protocolar");
  });

  it("another company's deadline and process are 404 to this key and stay as they were", async () => {
    const deB = await processoComPrazo("11 91111-0004", chaveB.chave);
    const editar = await api("PATCH", `/prazos/${deB.prazo}`, { titulo: "Invadido", data_fatal: "2027-03-10" });
    expect(editar.statusCode).toBe(404);
    expect(editar.json()).toMatchObject({ code: "nao_encontrado", detail: MSG_PRAZOS.prazoNaoEncontrado });
    expect((await api("DELETE", `/prazos/${deB.prazo}`)).statusCode).toBe(404);
    expect((await api("PATCH", `/processos/${deB.processo}/aviso-cliente`, { ativo: true })).statusCode).toBe(404);
    const { rows } = await t.dono.query("SELECT titulo FROM prazos_processo WHERE id = $1", [deB.prazo]);
    expect(rows[0].titulo).toBe("Protocolar");
  });

  it("a key with processes:read only is refused with 403 escopo_insuficiente; a repeated PATCH replays", async () => {
    const { prazo } = await processoComPrazo("11 91111-0005");
    const soLer = await criarChaveApi(a, { escopos: ["processes:read"] });
    const res = await api("DELETE", `/prazos/${prazo}`, undefined, undefined, soLer.chave);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "escopo_insuficiente" });
    const cab = { "idempotency-key": "prazo-1" };
    const corpo = { titulo: "Reenvio", data_fatal: "2027-03-10" };
    const um = await api("PATCH", `/prazos/${prazo}`, corpo, cab);
    const dois = await api("PATCH", `/prazos/${prazo}`, corpo, cab);
    expect(dois.headers["idempotent-replayed"]).toBe("true");
    expect(dois.body).toBe(um.body);
    expect((await registro(prazo)).filter((r) => r.tipo === "prazo.alterado")).toHaveLength(1);
  });
});

import type { TChaveApiCriada } from "@crm/domain/api-keys";
import { MSG_TAREFAS } from "@crm/domain/follow-ups";
import type { TLeadApi } from "@crm/domain/schemas/api-leads";
import type { TTarefaApi } from "@crm/domain/schemas/api-tasks";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { chamarApi, criarChaveApi, novoLeadApi } from "./test-helpers.js";

/** /api/v1/tarefas (decision 1921): the chat's and 'Meus retornos'' writers, with the key as the log's author. */
const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
let chave: TChaveApiCriada;
let lead: TLeadApi;
beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  b = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  chave = await criarChaveApi(a);
  lead = (await api("POST", "/leads", novoLeadApi("11 95555-0001"))).json();
});

const api = (method: "GET" | "POST" | "PATCH", url: string, payload?: object, headers?: Record<string, string>, k?: string) =>
  chamarApi(t, k ?? chave.chave, {
    method,
    url: `/api/v1${url}`,
    ...(payload ? { payload } : {}),
    ...(headers ? { headers } : {}),
  });
const amanha = () => new Date(Date.now() + 86_400_000).toISOString();
const nova = (o: object = {}) => ({
  lead_id: lead.id,
  responsavel_id: a.usuarios.consultor.id,
  titulo: "Ligar para o cliente",
  vence_em: amanha(),
  ...o,
});
const registro = async (id: string) =>
  (await t.dono.query("SELECT tipo, origem, id_chave_api, id_usuario_fk FROM mudancas WHERE id_entidade = $1 ORDER BY id", [id]))
    .rows;

describe("tasks through the API", () => {
  it("creates a task owned by a named person, lists it, closes it; each write logged with the key", async () => {
    const res = await api("POST", "/tarefas", nova({ nota: "Depois das 18h" }));
    expect(res.statusCode, res.body).toBe(201);
    const tarefa = res.json() as TTarefaApi;
    expect(tarefa).toMatchObject({
      lead_id: lead.id,
      responsavel_id: a.usuarios.consultor.id,
      titulo: "Ligar para o cliente",
      nota: "Depois das 18h",
      estado: "pendente",
      concluida_em: null,
    });
    // the owner sees it in 'Meus retornos', as a task made in the chat
    const meus = await a.navegadores.consultor.req({ url: "/api/tarefas" });
    expect(meus.json().itens.map((x: { id: string }) => x.id)).toContain(tarefa.id);
    const { rows } = await t.dono.query("SELECT criado_por_fk FROM tarefas_lead WHERE id = $1", [tarefa.id]);
    expect(rows[0].criado_por_fk).toBeNull();

    const doLead = (await api("GET", `/tarefas?lead_id=${lead.id}&estado=pendente`)).json();
    expect(doLead.itens.map((x: { id: string }) => x.id)).toEqual([tarefa.id]);
    const fechada = await api("PATCH", `/tarefas/${tarefa.id}`, { estado: "concluida" });
    expect(fechada.statusCode, fechada.body).toBe(200);
    expect(fechada.json()).toMatchObject({ estado: "concluida" });
    expect(fechada.json().concluida_em).not.toBeNull();
    const outraVez = await api("PATCH", `/tarefas/${tarefa.id}`, { estado: "cancelada" });
    expect(outraVez.statusCode).toBe(409);
    expect(outraVez.json()).toMatchObject({ code: "conflito", detail: MSG_TAREFAS.jaFechada });
    expect((await api("GET", `/tarefas?lead_id=${lead.id}&estado=pendente`)).json().itens).toEqual([]);
    expect(await registro(tarefa.id)).toEqual([
      { tipo: "tarefa.criada", origem: "api", id_chave_api: chave.id, id_usuario_fk: null },
      { tipo: "tarefa.concluida", origem: "api", id_chave_api: chave.id, id_usuario_fk: null },
    ]);
  });

  it("pages every task of the company by cursor", async () => {
    for (const titulo of ["Primeira", "Segunda"]) expect((await api("POST", "/tarefas", nova({ titulo }))).statusCode).toBe(201);
    const p1 = (await api("GET", "/tarefas?limit=1")).json();
    expect(p1.itens).toHaveLength(1);
    expect(p1.tem_mais).toBe(true);
    const p2 = (await api("GET", `/tarefas?limit=100&starting_after=${p1.proximo_cursor}`)).json();
    expect(p2.itens.map((x: { id: string }) => x.id)).not.toContain(p1.itens[0].id);
    expect(p2.itens.length).toBeGreaterThanOrEqual(1);
  });

  it("bad input is a 400 in pt-BR that writes nothing: an owner who cannot have tasks, a past time, no title", async () => {
    const antes = (await t.dono.query("SELECT count(*)::int AS n FROM tarefas_lead WHERE id_empresa_fk = $1", [a.empresa.id]))
      .rows[0].n;
    const juridico = await api("POST", "/tarefas", nova({ responsavel_id: a.usuarios.juridico.id }));
    expect(juridico.statusCode).toBe(400);
    expect(juridico.json()).toMatchObject({
      code: "dados_invalidos",
      detail: MSG_TAREFAS.responsavelInvalido,
      campos: { responsavel_id: MSG_TAREFAS.responsavelInvalido },
    });
    // a person of another company is not an owner here, whatever the key's scopes
    expect((await api("POST", "/tarefas", nova({ responsavel_id: b.usuarios.consultor.id }))).statusCode).toBe(400);
    const passada = await api("POST", "/tarefas", nova({ vence_em: "2020-01-01T12:00:00Z" }));
    expect(passada.statusCode).toBe(400);
    expect(passada.json().detail).toBe(MSG_TAREFAS.dataNoPassado);
    const semTitulo = await api("POST", "/tarefas", nova({ titulo: "" }));
    expect(semTitulo.statusCode).toBe(400);
    expect(JSON.stringify(semTitulo.json())).toContain(MSG_TAREFAS.tituloObrigatorio);
    expect((await api("PATCH", "/tarefas/nao-e-id", { estado: "concluida" })).statusCode).toBe(400);
    const depois = (await t.dono.query("SELECT count(*)::int AS n FROM tarefas_lead WHERE id_empresa_fk = $1", [a.empresa.id]))
      .rows[0].n;
    expect(depois).toBe(antes);
  });

  it("another company's lead and task are 404 to this key, and its tasks never listed", async () => {
    const chaveB = await criarChaveApi(b);
    const leadB = (await api("POST", "/leads", novoLeadApi("11 95555-0002"), undefined, chaveB.chave)).json();
    const tarefaB = await api(
      "POST",
      "/tarefas",
      nova({ lead_id: leadB.id, responsavel_id: b.usuarios.consultor.id }),
      undefined,
      chaveB.chave,
    );
    expect(tarefaB.statusCode).toBe(201);
    const idB = tarefaB.json().id;
    expect((await api("POST", "/tarefas", nova({ lead_id: leadB.id }))).statusCode).toBe(404);
    const fechar = await api("PATCH", `/tarefas/${idB}`, { estado: "concluida" });
    expect(fechar.statusCode).toBe(404);
    expect(fechar.json()).toMatchObject({ code: "nao_encontrado", detail: MSG_TAREFAS.tarefaNaoEncontrada });
    const todas = (await api("GET", "/tarefas?limit=100")).json().itens.map((x: { id: string }) => x.id);
    expect(todas).not.toContain(idB);
    expect((await api("GET", `/tarefas?lead_id=${leadB.id}`)).json().itens).toEqual([]);
    const { rows } = await t.dono.query("SELECT estado FROM tarefas_lead WHERE id = $1", [idB]);
    expect(rows[0].estado).toBe("pendente");
  });

  it("a key without the leads scopes is refused with 403 escopo_insuficiente", async () => {
    const soMensagens = await criarChaveApi(a, { escopos: ["messages:read"] });
    const lista = await api("GET", "/tarefas", undefined, undefined, soMensagens.chave);
    expect(lista.statusCode).toBe(403);
    expect(lista.json()).toMatchObject({ code: "escopo_insuficiente" });
    const soLer = await criarChaveApi(a, { escopos: ["leads:read"] });
    const criar = await api("POST", "/tarefas", nova(), undefined, soLer.chave);
    expect(criar.statusCode).toBe(403);
    expect(criar.json().detail).toContain("leads:write");
  });

  it("a repeated POST with the same Idempotency-Key creates one task and replays the first answer", async () => {
    const corpo = nova({ titulo: "Reenvio idempotente" });
    const cab = { "idempotency-key": "tarefa-reenvio-1" };
    const um = await api("POST", "/tarefas", corpo, cab);
    const dois = await api("POST", "/tarefas", corpo, cab);
    expect(um.statusCode).toBe(201);
    expect(dois.statusCode).toBe(201);
    expect(dois.headers["idempotent-replayed"]).toBe("true");
    expect(dois.body).toBe(um.body);
    const { rows } = await t.dono.query(
      "SELECT count(*)::int AS n FROM tarefas_lead WHERE id_empresa_fk = $1 AND titulo = 'Reenvio idempotente'",
      [a.empresa.id],
    );
    expect(rows[0].n).toBe(1);
    expect((await api("POST", "/tarefas", { ...corpo, titulo: "Outro" }, cab)).statusCode).toBe(422);
  });
});

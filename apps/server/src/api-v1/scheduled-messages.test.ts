import type { TChaveApiCriada } from "@crm/domain/api-keys";
import { MSG_AGENDADAS } from "@crm/domain/scheduled-messages";
import type { TLeadApi } from "@crm/domain/schemas/api-leads";
import type { TMensagemAgendadaApi } from "@crm/domain/schemas/api-scheduled-messages";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { multipart } from "../../test/cross-tenant-support.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { chamarApi, criarChaveApi, novoLeadApi } from "./test-helpers.js";

/** /api/v1 scheduled messages (decision 1924): the chat's writers, the key as the log's author, no person as author. */
const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
let chave: TChaveApiCriada;
beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  b = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  chave = await criarChaveApi(a);
});

const api = (method: "GET" | "POST" | "PATCH", url: string, payload?: object, headers?: Record<string, string>, k?: string) =>
  chamarApi(t, k ?? chave.chave, {
    method,
    url: `/api/v1${url}`,
    ...(payload ? { payload } : {}),
    ...(headers ? { headers } : {}),
  });
const novoLead = async (telefone: string, k?: string) => {
  const res = await api("POST", "/leads", novoLeadApi(telefone), undefined, k);
  expect(res.statusCode, res.body).toBe(201);
  // the lead wrote just now: the official API's 24-hour window is open for the times these tests choose
  await t.dono.query("UPDATE leads_juros_check SET ultima_mensagem_lead_em = now() WHERE id = $1", [res.json().id]);
  return res.json() as TLeadApi;
};
const daqui = (horas: number) => new Date(Date.now() + horas * 3_600_000).toISOString();
const agendar = (leadId: string, o: object = {}, headers?: Record<string, string>, k?: string) =>
  api("POST", `/leads/${leadId}/mensagens-agendadas`, { texto: "Bom dia!", agendada_para: daqui(2), ...o }, headers, k);
const registro = async (id: string) =>
  (await t.dono.query("SELECT tipo, origem, id_chave_api, id_usuario_fk FROM mudancas WHERE id_entidade = $1 ORDER BY id", [id]))
    .rows;

describe("scheduled messages through the API", () => {
  it("schedules a text, lists it, changes it and cancels it; each write logged with the key", async () => {
    const lead = await novoLead("11 92222-0001");
    const res = await agendar(lead.id);
    expect(res.statusCode, res.body).toBe(201);
    const ag = res.json() as TMensagemAgendadaApi;
    expect(ag).toMatchObject({ lead_id: lead.id, autor_id: null, tipo: "text", texto: "Bom dia!", status: "agendada" });
    const doLead = (await api("GET", `/mensagens-agendadas?lead_id=${lead.id}&status=agendada`)).json();
    expect(doLead.itens.map((x: { id: string }) => x.id)).toEqual([ag.id]);
    // the admin's 'Mensagens agendadas' shows it, as any schedule of the company
    const tela = await a.navegadores.admin.req({ url: "/api/agendamentos?escopo=todas" });
    expect(tela.json().itens.map((x: { id: string }) => x.id)).toContain(ag.id);

    const nova = daqui(5);
    const mudada = await api("PATCH", `/mensagens-agendadas/${ag.id}`, {
      texto: "Boa tarde!",
      agendada_para: nova,
      cancelar_se_lead_escrever: false,
    });
    expect(mudada.statusCode, mudada.body).toBe(200);
    expect(mudada.json()).toMatchObject({ texto: "Boa tarde!", agendada_para: nova, cancelar_se_lead_escrever: false });
    const cancelada = await api("POST", `/mensagens-agendadas/${ag.id}/cancelamento`);
    expect(cancelada.statusCode, cancelada.body).toBe(200);
    expect(cancelada.json()).toMatchObject({ status: "cancelada", motivo: MSG_AGENDADAS.canceladaPor("Integração (API)") });
    const outraVez = await api("POST", `/mensagens-agendadas/${ag.id}/cancelamento`);
    expect(outraVez.statusCode).toBe(409);
    expect(outraVez.json()).toMatchObject({ code: "conflito", detail: MSG_AGENDADAS.naoPendente });
    const log = await registro(ag.id);
    expect(log.map((r) => r.tipo)).toEqual(["agendamento.criado", "agendamento.alterado", "agendamento.cancelado"]);
    expect(log.every((r) => r.origem === "api" && r.id_chave_api === chave.id && r.id_usuario_fk === null)).toBe(true);
  });

  it("pages every schedule of the company by cursor", async () => {
    const lead = await novoLead("11 92222-0002");
    for (const texto of ["Um", "Dois"]) expect((await agendar(lead.id, { texto })).statusCode).toBe(201);
    const p1 = (await api("GET", "/mensagens-agendadas?limit=1")).json();
    expect(p1.tem_mais).toBe(true);
    const p2 = (await api("GET", `/mensagens-agendadas?limit=100&starting_after=${p1.proximo_cursor}`)).json();
    expect(p2.itens.map((x: { id: string }) => x.id)).not.toContain(p1.itens[0].id);
  });

  it("bad input is a 400 in pt-BR that schedules nothing", async () => {
    const lead = await novoLead("11 92222-0003");
    const passada = await agendar(lead.id, { agendada_para: "2020-01-01T12:00:00Z" });
    expect(passada.statusCode).toBe(400);
    expect(passada.json()).toMatchObject({ code: "dados_invalidos", detail: MSG_AGENDADAS.dataNoPassado });
    const semTexto = await agendar(lead.id, { texto: "" });
    expect(semTexto.statusCode).toBe(400);
    expect(JSON.stringify(semTexto.json())).toContain(MSG_AGENDADAS.textoObrigatorio);
    // beyond the 24-hour window of the official API, only an approved template may go
    const fechada = await agendar(lead.id, { agendada_para: daqui(30) });
    expect(fechada.statusCode).toBe(400);
    expect(fechada.json()).toMatchObject({ detail: MSG_AGENDADAS.janelaFechadaNoHorario });
    expect((await api("GET", `/mensagens-agendadas?lead_id=${lead.id}`)).json().itens).toEqual([]);
  });

  it("another company's lead and schedule are 404 to this key and stay as they were", async () => {
    const chaveB = await criarChaveApi(b);
    const leadB = await novoLead("11 92222-0004", chaveB.chave);
    const deB = await agendar(leadB.id, {}, undefined, chaveB.chave);
    expect(deB.statusCode).toBe(201);
    expect((await agendar(leadB.id)).statusCode).toBe(404);
    const id = deB.json().id;
    const mudar = await api("PATCH", `/mensagens-agendadas/${id}`, {
      texto: "x",
      agendada_para: daqui(3),
      cancelar_se_lead_escrever: true,
    });
    expect(mudar.statusCode).toBe(404);
    expect(mudar.json()).toMatchObject({ code: "nao_encontrado", detail: MSG_AGENDADAS.naoEncontrada });
    expect((await api("POST", `/mensagens-agendadas/${id}/cancelamento`)).statusCode).toBe(404);
    expect((await api("GET", "/mensagens-agendadas?limit=100")).json().itens.map((x: { id: string }) => x.id)).not.toContain(id);
    const { rows } = await t.dono.query("SELECT status, texto FROM mensagens_agendadas WHERE id = $1", [id]);
    expect(rows[0]).toEqual({ status: "agendada", texto: "Bom dia!" });
  });

  it("each operation needs its scope: 403 escopo_insuficiente", async () => {
    const lead = await novoLead("11 92222-0005");
    const soLer = await criarChaveApi(a, { escopos: ["messages:read"] });
    const soLeads = await criarChaveApi(a, { escopos: ["leads:read"] });
    const res = await agendar(lead.id, {}, undefined, soLer.chave);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "escopo_insuficiente" });
    expect((await api("GET", "/mensagens-agendadas", undefined, undefined, soLeads.chave)).statusCode).toBe(403);
    expect((await api("GET", "/mensagens-agendadas", undefined, undefined, soLer.chave)).statusCode).toBe(200);
  });

  it("a repeated POST with the same Idempotency-Key schedules once and replays the first answer", async () => {
    const lead = await novoLead("11 92222-0006");
    const cab = { "idempotency-key": "agendada-1" };
    const quando = daqui(4);
    const um = await agendar(lead.id, { agendada_para: quando }, cab);
    const dois = await agendar(lead.id, { agendada_para: quando }, cab);
    expect(um.statusCode).toBe(201);
    expect(dois.headers["idempotent-replayed"]).toBe("true");
    expect(dois.body).toBe(um.body);
    const { rows } = await t.dono.query("SELECT count(*)::int AS n FROM mensagens_agendadas WHERE id_lead_fk = $1", [lead.id]);
    expect(rows[0].n).toBe(1);
  });

  it("schedules a document from a multipart form: checked by content, stored, logged with the key", async () => {
    const lead = await novoLead("11 92222-0091");
    const url = `/api/v1/leads/${lead.id}/mensagens-agendadas/midia`;
    const form = (nome: string, dados: Buffer, mime: string) =>
      multipart({ tipo: "document", legenda: "Segue a simulação", agendada_para: daqui(3) }, { nome, dados, mime });
    const res = await chamarApi(t, chave.chave, {
      method: "POST",
      url,
      ...form("simulacao.txt", Buffer.from("1;2;3\n"), "text/plain"),
    });
    expect(res.statusCode, res.body).toBe(201);
    const ag = res.json() as TMensagemAgendadaApi;
    expect(ag).toMatchObject({ lead_id: lead.id, tipo: "document", texto: "Segue a simulação", status: "agendada" });
    const { rows } = await t.dono.query("SELECT midia_chave FROM mensagens_agendadas WHERE id = $1", [ag.id]);
    expect(await t.deps.storage.abrir(rows[0].midia_chave)).toBeTruthy();
    expect((await registro(ag.id)).map((r) => [r.tipo, r.origem, r.id_chave_api])).toEqual([
      ["agendamento.criado", "api", chave.id],
    ]);
    // a file that is not what its name says is refused, and nothing is scheduled
    const falso = await chamarApi(t, chave.chave, {
      method: "POST",
      url,
      ...form("contrato.pdf", Buffer.from("não sou um PDF"), "application/pdf"),
    });
    expect(falso.statusCode).toBe(400);
    expect(falso.json()).toMatchObject({ code: "dados_invalidos" });
    const { rows: n } = await t.dono.query("SELECT count(*)::int AS n FROM mensagens_agendadas WHERE id_lead_fk = $1", [lead.id]);
    expect(n[0].n).toBe(1);
    // another company's key cannot schedule for the lead
    const chaveB = await criarChaveApi(b);
    const deB = await chamarApi(t, chaveB.chave, { method: "POST", url, ...form("x.txt", Buffer.from("x"), "text/plain") });
    expect(deB.statusCode).toBe(404);
  });
});

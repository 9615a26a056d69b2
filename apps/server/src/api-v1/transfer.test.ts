import type { TChaveApiCriada } from "@crm/domain/api-keys";
import type { TLeadApi } from "@crm/domain/schemas/api-leads";
import { MSG_TRANSFERENCIA, STATUS_APOS_TRANSFERENCIA } from "@crm/domain/transfer";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { chamarApi, criarChaveApi, novoLeadApi } from "./test-helpers.js";

/** POST /api/v1/leads/{id}/transferencia (decision 1922): the chat's transfer, the key as the author. */
const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
let chave: TChaveApiCriada;
beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  b = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  chave = await criarChaveApi(a);
});

const api = (method: "GET" | "POST", url: string, payload?: object, headers?: Record<string, string>, k?: string) =>
  chamarApi(t, k ?? chave.chave, {
    method,
    url: `/api/v1${url}`,
    ...(payload ? { payload } : {}),
    ...(headers ? { headers } : {}),
  });
const novoLead = async (telefone: string, k?: string) => {
  const res = await api("POST", "/leads", novoLeadApi(telefone), undefined, k);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TLeadApi;
};
const transferir = (leadId: string, consultorId: string | null, headers?: Record<string, string>, k?: string) =>
  api("POST", `/leads/${leadId}/transferencia`, { consultorId, nota: "Cliente prefere a noite" }, headers, k);

describe("transfer through the API", () => {
  it("transfers to a consultant with a note (history, bell, waiting status), then back to the queue", async () => {
    const lead = await novoLead("11 94444-0001");
    const res = await transferir(lead.id, a.consultor.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: lead.id,
      consultor_atribuido_id: a.consultor.id,
      status_lead: STATUS_APOS_TRANSFERENCIA,
    });
    const { rows: log } = await t.dono.query(
      "SELECT tipo, origem, id_chave_api, id_usuario_fk FROM mudancas WHERE id_entidade = $1 AND tipo = 'lead.transferido'",
      [lead.id],
    );
    expect(log).toEqual([{ tipo: "lead.transferido", origem: "api", id_chave_api: chave.id, id_usuario_fk: null }]);
    const { rows: hist } = await t.dono.query(
      "SELECT origem, motivo FROM lead_status_historico WHERE id_lead_fk = $1 AND campo = 'consultor_atribuido_id'",
      [lead.id],
    );
    expect(hist).toEqual([{ origem: "api", motivo: "Cliente prefere a noite" }]);
    const { rows: sino } = await t.dono.query("SELECT conteudo FROM notificacoes WHERE id_usuario_fk = $1 AND titulo = $2", [
      a.usuarios.consultor.id,
      MSG_TRANSFERENCIA.notificacaoTitulo,
    ]);
    expect(sino.map((n) => n.conteudo).join("\n")).toContain("Integração (API)");

    const mesmo = await transferir(lead.id, a.consultor.id);
    expect(mesmo.statusCode).toBe(400);
    expect(mesmo.json()).toMatchObject({ code: "dados_invalidos", detail: MSG_TRANSFERENCIA.mesmoConsultor });
    const fila = await transferir(lead.id, null);
    expect(fila.statusCode, fila.body).toBe(200);
    expect(fila.json().consultor_atribuido_id).toBeNull();
  });

  it("bad input is a 400 in pt-BR that changes nothing: no note, another company's consultant", async () => {
    const lead = await novoLead("11 94444-0002");
    const semNota = await api("POST", `/leads/${lead.id}/transferencia`, { consultorId: a.consultor.id, nota: " " });
    expect(semNota.statusCode).toBe(400);
    expect(JSON.stringify(semNota.json())).toContain(MSG_TRANSFERENCIA.notaObrigatoria);
    const deB = await transferir(lead.id, b.consultor.id);
    expect(deB.statusCode).toBe(400);
    expect(deB.json()).toMatchObject({
      detail: MSG_TRANSFERENCIA.destinoInvalido,
      campos: { consultorId: MSG_TRANSFERENCIA.destinoInvalido },
    });
    const lido = (await api("GET", `/leads/${lead.id}`)).json();
    expect(lido.consultor_atribuido_id).toBeNull();
  });

  it("another company's lead is 404 and stays as it was", async () => {
    const chaveB = await criarChaveApi(b);
    const leadB = await novoLead("11 94444-0003", chaveB.chave);
    const res = await transferir(leadB.id, a.consultor.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "nao_encontrado" });
    const { rows } = await t.dono.query("SELECT consultor_atribuido_id FROM leads_juros_check WHERE id = $1", [leadB.id]);
    expect(rows[0].consultor_atribuido_id).toBeNull();
  });

  it("a key with leads:read only is refused with 403 escopo_insuficiente", async () => {
    const lead = await novoLead("11 94444-0004");
    const soLer = await criarChaveApi(a, { escopos: ["leads:read"] });
    const res = await transferir(lead.id, a.consultor.id, undefined, soLer.chave);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "escopo_insuficiente" });
  });

  it("a repeated POST with the same Idempotency-Key transfers once and replays the first answer", async () => {
    const lead = await novoLead("11 94444-0005");
    const cab = { "idempotency-key": "transferencia-1" };
    const um = await transferir(lead.id, a.consultor.id, cab);
    const dois = await transferir(lead.id, a.consultor.id, cab);
    expect(um.statusCode).toBe(200);
    expect(dois.statusCode).toBe(200);
    expect(dois.headers["idempotent-replayed"]).toBe("true");
    expect(dois.body).toBe(um.body);
    const { rows } = await t.dono.query(
      "SELECT count(*)::int AS n FROM mudancas WHERE id_entidade = $1 AND tipo = 'lead.transferido'",
      [lead.id],
    );
    expect(rows[0].n).toBe(1);
  });
});

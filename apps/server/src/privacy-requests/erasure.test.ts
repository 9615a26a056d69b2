import { createHmac, hkdfSync } from "node:crypto";
import { MSG_PRIVACIDADE } from "@crm/domain/privacy-requests";
import type { TResultadoEliminacao } from "@crm/domain/schemas/privacy-requests";
import type { TEndpointWebhookComSegredo } from "@crm/domain/webhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { SEGREDO_TESTES } from "../../test/global-setup.js";
import { criarReceptor, type TReceptor } from "../../test/webhook-receiver.js";
import { chamarApi, criarChaveApi, novoLeadApi } from "../api-v1/test-helpers.js";
import { encadearAuditoria } from "../audit-trail/chain.js";
import { verificarTrilhas } from "../audit-trail/verify-all.js";
import { recusaPorConsentimento } from "../consent/send-guard.js";
import { registrarSegredosAnteriores } from "../crypto/secrets.js";
import { withTenant } from "../db/tenant.js";
import { CABECALHO_CSV, importarCsvAteOFim } from "../leads/test-helpers.js";
import { definirPoliticaSaida } from "../net/outbound.js";
import { lerPoliticaSaida } from "../net/outbound-policy.js";
import { hashDaSupressao, hmacsEmSql } from "../suppression/keyed-hash.js";
import { esperarAte } from "../whatsapp/testing/wait.js";

/** Decisions 1861–1864: an erasure request answered by one action — erased, held with reasons, suppressed. */
const t = useTestApp();
let a: TEmpresaComUsuarios;
let receptor: TReceptor;

const sql = async (texto: string, valores: unknown[] = []) => (await t.dono.query(texto, valores)).rows;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  // the receiver listens on loopback: allowed for this test run, as the webhooks' own tests do
  definirPoliticaSaida(lerPoliticaSaida("localhost,127.0.0.1"));
  receptor = await criarReceptor();
  const res = await a.navegadores.admin.req({
    method: "POST",
    url: "/api/empresa/webhooks",
    payload: { url: receptor.url, descricao: "ERP", tipos_evento: ["lead.erased"] },
  });
  expect(res.statusCode, res.body).toBe(201);
  receptor.segredos.push((res.json() as TEndpointWebhookComSegredo).segredo);
});
afterAll(async () => {
  await receptor?.fechar();
});

/** A lead created on /leads, with messages (one with a stored media file), an AI screening and a note. */
async function leadComConversa(telefone: string, nome: string) {
  const res = await a.navegadores.admin.req({
    method: "POST",
    url: "/api/leads",
    payload: { ...novoLeadApi(telefone, nome), email: `${nome.split(" ")[0].toLowerCase()}@exemplo.com` },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  const chave = `${a.empresa.id}/midia/${id}/foto.jpg`;
  await t.deps.storage.gravar(chave, Buffer.from("jpeg de teste"));
  await sql(
    `INSERT INTO mensagens_whatsapp (id_empresa_fk, id_lead_fk, direcao, sender, message, message_type, status, timestamp,
       media_storage_key, media_mime_type, media_status)
     VALUES ($1, $2, 'entrada', 'lead', 'meu CPF é 123.456.789-09', 'text', 'received', now(), NULL, NULL, NULL),
            ($1, $2, 'entrada', 'lead', '', 'image', 'received', now(), $3, 'image/jpeg', 'baixada')`,
    [a.empresa.id, id, chave],
  );
  await sql("UPDATE leads_juros_check SET ultima_mensagem_em = now(), observacoes_ia = 'renda 3 mil' WHERE id = $1", [id]);
  await sql(
    `INSERT INTO triagens_ia (id_empresa_fk, id_lead_fk, decisao, motivo, resumo, fatos, motor)
     VALUES ($1, $2, 'qualificado', 'cliente com juros altos', 'Maria, 40 anos', '{"renda": 3000}', 'regras')`,
    [a.empresa.id, id],
  );
  await sql(
    `INSERT INTO notas_lead (id_empresa_fk, id_lead_fk, autor_nome, texto, mencoes) VALUES ($1, $2, 'Admin', 'ligar à tarde', '{}')`,
    [a.empresa.id, id],
  );
  return { id, chave };
}

/** An erasure request for the phone, verified (the code's flow is privacy-requests.test.ts's): ready to answer. */
async function pedidoVerificado(telefone: string, cpf = "52998224725") {
  const res = await a.navegadores.admin.req({
    method: "POST",
    url: "/api/privacidade/pedidos",
    payload: { direito: "anonimizacao_bloqueio_eliminacao", nome: "Titular", telefone, cpf },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [p] = await sql(
    `UPDATE privacidade_pedidos SET status = 'em_andamento', verificado_em = now()
      WHERE id_empresa_fk = $1 AND protocolo = $2 RETURNING id, protocolo`,
    [a.empresa.id, res.json().protocolo],
  );
  return p as { id: string; protocolo: string };
}

const ctxAdmin = () => ({ empresaId: a.empresa.id, usuarioId: a.usuarios.admin.id, papel: a.usuarios.admin.papel });

const eliminar = (pedidoId: string, payload: object = {}) =>
  a.navegadores.admin.req({ method: "POST", url: `/api/privacidade/pedidos/${pedidoId}/eliminar`, payload });

const painel = async () => (await a.navegadores.admin.req({ url: "/api/dashboard/empresa" })).json();
const financeiro = async () => (await a.navegadores.admin.req({ url: "/api/financeiro?periodo=all" })).json();

describe("erasure that holds", () => {
  let lead: { id: string; chave: string };
  let resultado: TResultadoEliminacao;
  let antes: { painel: unknown; financeiro: unknown };

  beforeAll(async () => {
    lead = await leadComConversa("(11) 98111-0001", "Maria Sigilosa");
    // a read of the lead's contract: an audit event with the admin's IP about this lead
    await a.navegadores.admin.req({ url: `/api/leads/${lead.id}/pre-analise` });
    await vi.waitFor(async () => {
      while ((await encadearAuditoria(t.deps.db.app)) > 0);
      const r = await sql("SELECT 1 FROM auditoria_eventos WHERE cadeia = $1 AND entidade_id = $2 AND ip IS NOT NULL", [
        a.empresa.id,
        lead.id,
      ]);
      expect(r.length).toBeGreaterThan(0);
    });
    antes = { painel: await painel(), financeiro: await financeiro() };
    const p = await pedidoVerificado("(11) 98111-0001");
    const res = await eliminar(p.id);
    expect(res.statusCode, res.body).toBe(200);
    resultado = res.json();
  });

  it("erases the lead's person, messages, AI data and notes; the media file is gone from storage", async () => {
    // three messages: the lead's two and the request's protocol sent to them (decision 1824)
    expect(resultado).toMatchObject({
      status: "atendida",
      retidos: [],
      eliminados: { mensagens: 3, arquivos: 1, triagens_ia: 1, notas: 1 },
    });
    expect(await t.deps.storage.existe(lead.chave)).toBe(false);
    const [l] = await sql("SELECT * FROM leads_juros_check WHERE id = $1", [lead.id]);
    expect(l).toMatchObject({ nome: "Titular eliminado (LGPD)", email: null, telefone: null, telefone_normalizado: null });
    expect(l.eliminado_em).not.toBeNull();
    expect(l.observacoes_ia).toBeNull();
    expect(await sql("SELECT 1 FROM mensagens_whatsapp WHERE id_lead_fk = $1", [lead.id])).toEqual([]);
    expect(await sql("SELECT 1 FROM notas_lead WHERE id_lead_fk = $1", [lead.id])).toEqual([]);
    expect(await sql("SELECT motivo, resumo, fatos FROM triagens_ia WHERE id_lead_fk = $1", [lead.id])).toEqual([
      { motivo: null, resumo: null, fatos: {} },
    ]);
    // search rows: neither the name nor the phone finds anything
    expect(await sql("SELECT 1 FROM leads_busca WHERE id_lead_fk = $1 AND termo IN ('maria', 'sigilosa')", [lead.id])).toEqual(
      [],
    );
    expect(await sql("SELECT 1 FROM leads_telefone_busca WHERE id_lead_fk = $1", [lead.id])).toEqual([]);
    const busca = await a.navegadores.admin.req({ url: "/api/leads?busca=Sigilosa" });
    expect(busca.json().leads ?? busca.json().itens ?? []).toEqual([]);
    // the request is closed with its reply; the titular's phone and CPF are gone from it
    const [pedido] = await sql(
      "SELECT status, resposta, telefone_normalizado, cpf FROM privacidade_pedidos WHERE id_lead_fk = $1",
      [lead.id],
    );
    expect(pedido).toMatchObject({ status: "atendida", telefone_normalizado: null, cpf: null });
    expect(pedido.resposta).toContain("atendido");
    expect(pedido.resposta).toMatch(/expiram até \d{2}\/\d{2}\/\d{4}/);
  });

  it("leaves the dashboards' totals as they were: the summary keeps an anonymous unit", async () => {
    expect(await financeiro()).toEqual(antes.financeiro);
    const depois = await painel();
    const semAtividades = (p: Record<string, unknown>) => {
      const { atividades: _a, ...resto } = p;
      return resto;
    };
    expect(semAtividades(depois)).toEqual(semAtividades(antes.painel as Record<string, unknown>));
  });

  it("suppresses the phone and CPF by keyed hash, never the value", async () => {
    const linhas = await sql("SELECT tipo, hash FROM supressoes WHERE id_empresa_fk = $1 ORDER BY tipo", [a.empresa.id]);
    const chave = Buffer.from(hkdfSync("sha256", SEGREDO_TESTES, "crm-revisional", "supressao/hmac-sha256/v1", 32));
    const esperado = (v: string) => createHmac("sha256", chave).update(v).digest();
    expect(linhas).toEqual([
      { tipo: "cpf", hash: esperado("cpf:52998224725") },
      { tipo: "telefone", hash: esperado("telefone:5511981110001") },
    ]);
    // the SQL form (the import's set-based check) gives the same HMAC
    const h = hmacsEmSql(SEGREDO_TESTES, "$1::text", 2);
    const [r] = await sql(`SELECT ${h.sql[0]} AS h`, ["telefone:5511981110001", ...h.chaves]);
    expect(r.h).toEqual(hashDaSupressao(SEGREDO_TESTES, "telefone", "5511981110001"));
    const tudo = JSON.stringify(await sql("SELECT * FROM supressoes"));
    expect(tudo).not.toContain("981110001");
  });

  it("stops the same phone from coming back through the form, the API and a CSV import (reported)", async () => {
    const form = await a.navegadores.admin.req({ method: "POST", url: "/api/leads", payload: novoLeadApi("11 98111-0001") });
    expect(form.statusCode).toBe(422);
    expect(form.json().erro).toContain("pediu a eliminação");
    const chave = await criarChaveApi(a);
    const api = await chamarApi(t, chave.chave, {
      method: "POST",
      url: "/api/v1/leads",
      payload: novoLeadApi("+55 11 98111-0001"),
    });
    expect(api.statusCode).toBe(422);
    expect(api.headers["content-type"]).toContain("application/problem+json");
    expect(api.json()).toMatchObject({ code: "titular_suprimido", status: 422 });
    const csv = [CABECALHO_CSV, "Outra Pessoa,(11) 98111-0001,Carro,1,1,,", "Nova Pessoa,(11) 98111-0002,Carro,1,1,,"].join("\n");
    const { importacao } = await importarCsvAteOFim(a.navegadores.admin, csv);
    expect(importacao?.resultado).toMatchObject({
      inseridos: 1,
      duplicadas: [{ linha: 2, telefone: "(11) 98111-0001", motivo: "suprimido" }],
    });
    expect(await sql("SELECT 1 FROM leads_juros_check WHERE telefone_normalizado = '5511981110001'")).toEqual([]);
  });

  it("keeps stopping a titular erased under the APP_SECRET it replaced, while that one is in APP_SECRET_PREVIOUS", async () => {
    // an entry made before a rotation: its hash is the old secret's (decision 1946)
    const antigo = "segredo-antigo-da-instalacao-com-32-caracteres";
    await sql("INSERT INTO supressoes (id_empresa_fk, tipo, hash) VALUES ($1, 'telefone', $2)", [
      a.empresa.id,
      hashDaSupressao(antigo, "telefone", "5511981119009"),
    ]);
    const form = () => a.navegadores.admin.req({ method: "POST", url: "/api/leads", payload: novoLeadApi("11 98111-9009") });
    const csv = [CABECALHO_CSV, "Pessoa Antiga,(11) 98111-9009,Carro,1,1,,"].join("\n");
    registrarSegredosAnteriores(SEGREDO_TESTES, [antigo]);
    try {
      expect((await form()).statusCode).toBe(422);
      const { importacao } = await importarCsvAteOFim(a.navegadores.admin, csv);
      expect(importacao?.resultado).toMatchObject({ inseridos: 0, duplicadas: [{ linha: 2, motivo: "suprimido" }] });
    } finally {
      registrarSegredosAnteriores(SEGREDO_TESTES, []);
    }
    // without the old secret the entry no longer matches: what the rotation section of docs/operations.md warns of
    const criado = await form();
    expect(criado.statusCode, criado.body).toBe(201);
    await sql("DELETE FROM supressoes WHERE hash = $1", [hashDaSupressao(antigo, "telefone", "5511981119009")]);
  });

  it("logs lead.eliminado and delivers lead.erased to the webhooks without personal data", async () => {
    const [m] = await sql("SELECT depois FROM mudancas WHERE tipo = 'lead.eliminado' AND id_entidade = $1", [lead.id]);
    expect(m.depois).toMatchObject({ retido: false, mensagens: 3, arquivos: 1 });
    const [recebido] = await esperarAte(async () => {
      const r = receptor.recebidos.filter((x) => JSON.parse(x.corpo).type === "lead.erased");
      return r.length ? r : null;
    }, 30_000);
    expect(recebido.verificado).toBe(true);
    expect(JSON.parse(recebido.corpo)).toMatchObject({ type: "lead.erased", data: { object: "lead", id: lead.id } });
    expect(recebido.corpo).not.toMatch(/Maria|Sigilosa|maria@|981110001|52998224725/);
  });

  it("redacts the audit trail's personal values about the lead and the chain still verifies", async () => {
    while ((await encadearAuditoria(t.deps.db.app)) > 0);
    const eventos = await sql("SELECT ip, pessoais, redigido_em FROM auditoria_eventos WHERE cadeia = $1 AND entidade_id = $2", [
      a.empresa.id,
      lead.id,
    ]);
    expect(eventos.length).toBeGreaterThan(0);
    expect(eventos.filter((e) => e.ip !== null || e.pessoais !== null)).toEqual([]);
    expect((await verificarTrilhas(t.dono, a.empresa.id)).resultados[0].quebra).toBeNull();
  });

  it("a message the person writes of their own accord brings them back and records new consent", async () => {
    const res = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/testes/simular-mensagem",
      payload: { telefone: "(11) 98111-0001", nome: "Maria de Volta", texto: "Oi, quero revisar meu contrato" },
    });
    expect(res.statusCode).toBe(202);
    const [novo] = await esperarAte(async () => {
      const r = await sql(
        "SELECT id FROM leads_juros_check WHERE id_empresa_fk = $1 AND telefone_normalizado = '5511981110001'",
        [a.empresa.id],
      );
      return r.length ? r : null;
    });
    expect(novo.id).not.toBe(lead.id);
    expect(await sql("SELECT finalidade, situacao, origem FROM consentimentos WHERE id_lead_fk = $1", [novo.id])).toEqual([
      { finalidade: "atendimento", situacao: "concedido", origem: "lead" },
    ]);
    expect(await sql("SELECT tipo FROM supressoes WHERE id_empresa_fk = $1", [a.empresa.id])).toEqual([{ tipo: "cpf" }]);
  });
});

describe("a legal hold", () => {
  it("keeps the legal process, names it in the reply ('parcialmente atendido') and blocks other use", async () => {
    const lead = await leadComConversa("(11) 98222-0001", "Joana Processo");
    await sql(
      "UPDATE leads_juros_check SET status_lead = 'Convertido (Ganho)', status_juridico_lead = 'Em Contato Jurídico' WHERE id = $1",
      [lead.id],
    );
    const doc = `${a.empresa.id}/documentos/${lead.id}/contrato.pdf`;
    await t.deps.storage.gravar(doc, Buffer.from("%PDF-1.4 contrato"));
    await sql(
      `INSERT INTO documentos (id_empresa_fk, id_lead_fk, nome_arquivo, tipo_arquivo, tamanho_arquivo, url_storage)
       VALUES ($1, $2, 'contrato.pdf', 'application/pdf', 17, $3)`,
      [a.empresa.id, lead.id, doc],
    );
    const p = await pedidoVerificado("(11) 98222-0001", "");
    const res = await eliminar(p.id, {
      retencoes: [{ item: "registro_fiscal", motivo: "Nota fiscal do contrato: guarda de 5 anos (CTN, art. 173)." }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as TResultadoEliminacao;
    expect(r.status).toBe("parcialmente_atendida");
    expect(r.retidos.map((x) => x.item)).toEqual(["processo_juridico", "registro_fiscal"]);
    expect(r.resposta).toContain("parcialmente atendido");
    expect(r.resposta).toContain("Processo jurídico");
    expect(r.resposta).toContain("CTN, art. 173");
    // the process is kept (document, name); the chat and its media are not
    expect(await t.deps.storage.existe(doc)).toBe(true);
    expect(await t.deps.storage.existe(lead.chave)).toBe(false);
    const [l] = await sql("SELECT nome, retido_em, retencao_motivo, email FROM leads_juros_check WHERE id = $1", [lead.id]);
    expect(l).toMatchObject({ nome: "Joana Processo", email: null });
    expect(l.retido_em).not.toBeNull();
    expect(l.retencao_motivo).toContain("Processo jurídico");
    // blocked from any other use: the send guard of every outbound message refuses it, even a reply
    const recusa = await withTenant(t.deps.db.app, ctxAdmin(), (tx) =>
      recusaPorConsentimento(
        tx,
        a.empresa.id,
        { leadId: lead.id, natureza: "resposta", ultimaMensagemLeadEm: new Date() },
        new Date(),
      ),
    );
    expect(recusa).toBe(MSG_PRIVACIDADE.usoBloqueado);
    const painel = await a.navegadores.admin.req({ url: "/api/privacidade/pedidos" });
    expect(painel.json().pedidos.find((x: { id: string }) => x.id === p.id)).toMatchObject({
      status: "parcialmente_atendida",
    });
  });

  it("refuses a request that is not for erasure, not verified, or already answered; nothing changes", async () => {
    const res = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/privacidade/pedidos",
      payload: { direito: "acesso", nome: "Outra", telefone: "(11) 98333-0001" },
    });
    const [acesso] = await sql("SELECT id FROM privacidade_pedidos WHERE protocolo = $1 AND id_empresa_fk = $2", [
      res.json().protocolo,
      a.empresa.id,
    ]);
    expect((await eliminar(acesso.id)).statusCode).toBe(409);
    const res2 = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/privacidade/pedidos",
      payload: { direito: "anonimizacao_bloqueio_eliminacao", nome: "Outra", telefone: "(11) 98333-0002" },
    });
    const [naoVerificado] = await sql("SELECT id FROM privacidade_pedidos WHERE protocolo = $1 AND id_empresa_fk = $2", [
      res2.json().protocolo,
      a.empresa.id,
    ]);
    const r = await eliminar(naoVerificado.id);
    expect(r.statusCode).toBe(409);
    expect(r.json().erro).toBe("Confirme a identidade do titular antes de eliminar os dados.");
    const ruim = await eliminar(naoVerificado.id, { retencoes: [{ item: "outro", motivo: "x" }] });
    expect(ruim.statusCode).toBe(400);
    const b = await criarEmpresaComUsuarios(t);
    const alheio = await b.navegadores.admin.req({
      method: "POST",
      url: `/api/privacidade/pedidos/${naoVerificado.id}/eliminar`,
      payload: {},
    });
    expect(alheio.statusCode).toBe(404);
    expect(
      (
        await a.navegadores.consultor.req({
          method: "POST",
          url: `/api/privacidade/pedidos/${naoVerificado.id}/eliminar`,
          payload: {},
        })
      ).statusCode,
    ).toBe(403);
    expect(await sql("SELECT count(*)::int AS n FROM supressoes WHERE id_pedido_fk = $1", [naoVerificado.id])).toEqual([
      { n: 0 },
    ]);
  });
});

// the tenant context the action runs in is the door's (decision 1791): a transaction of another company sees nothing
it("the suppression list is the company's own (RLS)", async () => {
  const b = await criarEmpresaComUsuarios(t);
  const n = await withTenant(
    t.deps.db.app,
    { empresaId: b.empresa.id, usuarioId: b.usuarios.admin.id, papel: b.usuarios.admin.papel },
    async (tx) => (await tx.query("SELECT count(*)::int AS n FROM supressoes")).rows[0].n,
  );
  expect(n).toBe(0);
});

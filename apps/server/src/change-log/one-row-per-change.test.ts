import { CAMPOS_LEAD_NO_REGISTRO, ENTIDADES_MUDANCA } from "@crm/domain/change-log";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evolutionTexto, iniciarEvolutionFalsa, type TEvolutionFalsa } from "../../../../test-support/fake-evolution.js";
import { useTestApp } from "../../test/app.js";
import { multipart } from "../../test/cross-tenant-support.js";
import { criarEmpresaComUsuarios, criarLead, type TEmpresaComUsuarios } from "../../test/factories.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { gerarPdf } from "../documents/sample-files.js";
import { mudarStatusDosLeads } from "../lead-events/status.js";
import { caminhoWebhook, configurarNaoOficial } from "../whatsapp/testing/setup.js";
import { esperarAte } from "../whatsapp/testing/wait.js";

/**
 * Decisions 1701 and 1702: every business change writes exactly one change-log row per entity changed, in the
 * transaction that makes it. Each writer is driven through its real route or job and the rows it wrote are counted
 * and read: entity, kind, origin, author, the keys of before and after; a write that fails leaves none; and no
 * personal value (name, phone, e-mail) ever reaches the log.
 */
const t = useTestApp();
let a: TEmpresaComUsuarios;
let gw: TEvolutionFalsa;

/** Every personal value these tests give a lead: none may appear in the log (checked last). */
const PESSOAIS = new Set<string>();
const pessoal = (v: string) => {
  PESSOAIS.add(v);
  return v;
};

type TLinha = {
  entidade: string;
  id_entidade: string;
  tipo: string;
  origem: string;
  id_usuario_fk: string | null;
  id_chave_api: string | null;
  antes: Record<string, unknown> | null;
  depois: Record<string, unknown> | null;
};

const sql = <T = Record<string, unknown>>(texto: string, p: unknown[] = []) =>
  unsafeWithSystem(t.deps.db.app, "teste", async (tx) => (await tx.query(texto, p)).rows as T[]);

/** The last id of the company's log: the rows a step wrote are those after it. */
const marco = async () =>
  Number(
    (await sql<{ n: string }>("SELECT coalesce(max(id), 0) AS n FROM mudancas WHERE id_empresa_fk = $1", [a.empresa.id]))[0].n,
  );
const desde = (m: number) =>
  sql<TLinha>(
    `SELECT entidade, id_entidade, tipo, origem, id_usuario_fk, id_chave_api, antes, depois FROM mudancas
      WHERE id_empresa_fk = $1 AND id > $2 ORDER BY id`,
    [a.empresa.id, m],
  );
/** The rows written after `m` once `n` of them are there (a job's), or now. */
const esperarLinhas = async (m: number, n: number) => {
  await esperarAte(async () => (await desde(m)).length >= n, 15_000, `${n} linhas no registro`);
  return desde(m);
};
const chaves = (o: Record<string, unknown> | null) => (o ? Object.keys(o).sort() : null);
const CAMPOS = [...CAMPOS_LEAD_NO_REGISTRO].sort();

/** The /leads form's required fields beside name and phone. */
const FORMULARIO = { tipo_financiamento: "Carro", valor_total_financiado: "50.000,00", valor_parcela: "1.200,00" };

const novoLead = async (p: Record<string, unknown> = {}) => {
  const nome = pessoal(`Cliente ${Math.random().toString(36).slice(2, 8)}`);
  return unsafeWithSystem(t.deps.db.app, "teste", (tx) => criarLead(tx, { id_empresa_fk: a.empresa.id, nome, ...p }));
};

beforeAll(async () => {
  gw = await iniciarEvolutionFalsa();
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
});
afterAll(() => gw?.fechar());

describe("mudancas_lead", () => {
  it("names a changed personal field in campos_pessoais, never its value", async () => {
    const lead = await novoLead({ telefone: pessoal("+55 11 98765-0099") });
    const [r] = await sql<{ depois: Record<string, unknown>; antes: Record<string, unknown> }>(
      `SELECT mudancas_lead_depois(l, novo) AS depois, mudancas_lead_antes(l, novo) AS antes
         FROM leads_juros_check l, LATERAL (SELECT (jsonb_populate_record(l, $2::jsonb)) AS novo) n
        WHERE l.id = $1`,
      [lead.id, JSON.stringify({ nome: pessoal("Outro Nome Pessoal"), email: pessoal("outro@exemplo.com.br") })],
    );
    expect(r.depois.campos_pessoais).toEqual(["nome", "email"]);
    expect(r.antes).toEqual({});
    expect(JSON.stringify(r)).not.toContain("Outro Nome");
  });

  it("logs exactly the fields of CAMPOS_LEAD_NO_REGISTRO", async () => {
    const lead = await novoLead();
    const [r] = await sql<{ m: Record<string, unknown> }>("SELECT mudancas_lead(l) AS m FROM leads_juros_check l WHERE id = $1", [
      lead.id,
    ]);
    expect(chaves(r.m)).toEqual(CAMPOS);
  });

  it("accepts in the database exactly the entities of the domain's vocabulary", async () => {
    // two migrations that each re-created the CHECK once dropped the other's entity: a writer then got a 400
    const [r] = await sql<{ def: string }>(
      "SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'mudancas_entidade_check'",
      [],
    );
    const noBanco = [...r.def.matchAll(/'([a-z_]+)'::text/g)].map((m) => m[1]).sort();
    expect(noBanco).toEqual([...ENTIDADES_MUDANCA].sort());
  });
});

describe("lead writers", () => {
  it("a status change whose transaction fails leaves no log row", async () => {
    const lead = await novoLead();
    const conversao = { empresaId: a.empresa.id, leads: [lead], para: "Convertido (Ganho)" as const };
    const m = await marco();
    await expect(
      unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
        await mudarStatusDosLeads(t.deps, tx, { ...conversao, autor: { usuarioId: null, origem: "sistema" } });
        expect(
          (await tx.query("SELECT 1 FROM mudancas WHERE id_entidade = $1 AND tipo = 'lead.status'", [lead.id])).rowCount,
        ).toBe(1);
        throw new Error("desfeito");
      }),
    ).rejects.toThrow("desfeito");
    expect(await desde(m)).toEqual([]);
  });

  it("the /leads form: one lead.criado by the person, every logged field after, nothing before", async () => {
    const m = await marco();
    const res = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/leads",
      payload: {
        nome: pessoal("Joana Formulário"),
        telefone: pessoal("11987650001"),
        email: pessoal("joana.formulario@exemplo.com.br"),
        origem_lead: "Site",
        ...FORMULARIO,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const linhas = await desde(m);
    expect(linhas).toHaveLength(1);
    expect(linhas[0]).toMatchObject({
      entidade: "lead",
      id_entidade: res.json().id,
      tipo: "lead.criado",
      origem: "usuario",
      id_usuario_fk: a.usuarios.admin.id,
      id_chave_api: null,
      antes: null,
    });
    expect(chaves(linhas[0].depois)).toEqual(CAMPOS);
    expect(linhas[0].depois).toMatchObject({ status_lead: "Novo Lead", origem_lead: "Site" });
  });

  it("POST /api/v1/leads: one lead.criado from the API, naming its key and no person", async () => {
    const criada = await a.navegadores.admin.req({ method: "POST", url: "/api/empresa/chaves-api", payload: { nome: "ERP" } });
    expect(criada.statusCode, criada.body).toBe(201);
    const m = await marco();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/leads",
      headers: { authorization: `Bearer ${criada.json().chave}` },
      payload: {
        nome: pessoal("Carlos Api"),
        telefone: pessoal("11987650002"),
        email: pessoal("carlos.api@exemplo.com.br"),
        ...FORMULARIO,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const linhas = await desde(m);
    expect(linhas).toHaveLength(1);
    expect(linhas[0]).toMatchObject({
      tipo: "lead.criado",
      origem: "api",
      id_usuario_fk: null,
      id_chave_api: criada.json().id,
      id_entidade: res.json().id,
    });
  });

  it("a refused creation (duplicate phone) logs nothing", async () => {
    const m = await marco();
    const res = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/leads",
      payload: { nome: pessoal("Joana Repetida"), telefone: "11987650001", email: "joana2@exemplo.com.br", ...FORMULARIO },
    });
    expect(res.statusCode).toBe(409);
    expect(await desde(m)).toEqual([]);
  });

  it("the chat's status button: one lead.status, the old status before", async () => {
    const lead = await novoLead({ telefone: pessoal("+55 11 98765-0003"), consultor_atribuido_id: a.consultor.id });
    const m = await marco();
    const res = await a.navegadores.admin.req({
      method: "POST",
      url: `/api/chat/${lead.id}/status`,
      payload: { acao: "interessado" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const linhas = await desde(m);
    expect(linhas.map((l) => [l.tipo, l.origem, l.id_usuario_fk, l.id_entidade])).toEqual([
      ["lead.status", "usuario", a.usuarios.admin.id, lead.id],
    ]);
    expect(linhas[0].antes).toEqual({ status_lead: "Novo Lead" });
    expect(linhas[0].depois).toMatchObject({ status_lead: "Em Atendimento" });
  });

  it("a board move to 'Convertido (Ganho)' is ONE lead.status row holding the status and the new legal status", async () => {
    const lead = await novoLead({ consultor_atribuido_id: a.consultor.id });
    const m = await marco();
    const res = await a.navegadores.consultor.req({
      method: "PATCH",
      url: `/api/meus-leads/${lead.id}/status`,
      payload: { status: "Convertido (Ganho)" },
    });
    expect(res.statusCode, res.body).toBe(204);
    const linhas = (await desde(m)).filter((l) => l.entidade === "lead");
    expect(linhas.map((l) => [l.tipo, l.origem, l.id_usuario_fk])).toEqual([["lead.status", "usuario", a.usuarios.consultor.id]]);
    expect(linhas[0].antes).toEqual({ status_lead: "Novo Lead", status_juridico_lead: null, convertido_em: null });
    expect(linhas[0].depois).toMatchObject({
      status_lead: "Convertido (Ganho)",
      status_juridico_lead: "Aguardando Contato Jurídico",
    });
    // the first legal status's task chain, made by its job: prazo.criado rows by the system, one per task
    const tarefas = await esperarAte(async () => {
      const p = (await desde(m)).filter((l) => l.entidade === "prazo");
      return p.length ? p : null;
    });
    const [{ n }] = await sql<{ n: number }>("SELECT count(*)::int AS n FROM prazos_processo WHERE id_lead_fk = $1", [lead.id]);
    expect(tarefas.map((l) => [l.tipo, l.origem, l.depois?.lead_id])).toEqual(
      Array(n).fill(["prazo.criado", "sistema", lead.id]),
    );
  });

  it("/leads bulk status of N leads: N lead.status rows, one per lead that changed", async () => {
    const leads = [await novoLead(), await novoLead(), await novoLead({ status_lead: "Proposta Enviada" })];
    const m = await marco();
    const res = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/leads/em-massa",
      payload: { acao: "status", ids: leads.map((l) => l.id), status: "Proposta Enviada" },
    });
    expect(res.json()).toEqual({ afetados: 2 });
    const linhas = await desde(m);
    expect(linhas.map((l) => l.tipo)).toEqual(["lead.status", "lead.status"]);
    expect(new Set(linhas.map((l) => l.id_entidade))).toEqual(new Set([leads[0].id, leads[1].id]));
    for (const l of linhas) expect(l.antes).toEqual({ status_lead: "Novo Lead" });
  });

  it("/leads bulk delete of N leads: N lead.excluido rows, the logged fields before, nothing after", async () => {
    const leads = [await novoLead(), await novoLead(), await novoLead()];
    const m = await marco();
    const res = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/leads/em-massa",
      payload: { acao: "excluir", ids: leads.map((l) => l.id) },
    });
    expect(res.json()).toEqual({ afetados: 3 });
    const linhas = await desde(m);
    expect(linhas).toHaveLength(3);
    for (const l of linhas) {
      expect(l).toMatchObject({ tipo: "lead.excluido", origem: "usuario", id_usuario_fk: a.usuarios.admin.id, depois: null });
      expect(chaves(l.antes)).toEqual(CAMPOS);
    }
  });

  it("manual assignment: one lead.atribuido, the old consultant before", async () => {
    const lead = await novoLead();
    const m = await marco();
    const res = await a.navegadores.admin.req({
      method: "PATCH",
      url: `/api/leads/${lead.id}/consultor`,
      payload: { consultorId: a.consultor.id },
    });
    expect(res.statusCode).toBe(204);
    const linhas = await desde(m);
    expect(linhas.map((l) => [l.tipo, l.origem, l.id_usuario_fk])).toEqual([["lead.atribuido", "usuario", a.usuarios.admin.id]]);
    expect(linhas[0].antes).toEqual({ consultor_atribuido_id: null });
    expect(linhas[0].depois).toMatchObject({ consultor_atribuido_id: a.consultor.id });
  });

  it("automatic assignment: the status by the person, then one lead.atribuido by the system", async () => {
    await sql("UPDATE consultores SET status_conexao = 'Conectado' WHERE id = $1", [a.consultor.id]);
    const lead = await novoLead();
    const m = await marco();
    const res = await a.navegadores.admin.req({
      method: "PATCH",
      url: `/api/leads/${lead.id}/status`,
      payload: { status: "Qualificado para Atendente" },
    });
    expect(res.statusCode).toBe(204);
    const linhas = (await esperarLinhas(m, 2)).filter((l) => l.id_entidade === lead.id);
    expect(linhas.map((l) => [l.tipo, l.origem])).toEqual([
      ["lead.status", "usuario"],
      ["lead.atribuido", "sistema"],
    ]);
    expect(linhas[1]).toMatchObject({ id_usuario_fk: null, antes: { consultor_atribuido_id: null } });
  });

  it("a webhook message from a new number: one lead.criado, one mensagem.recebida and its consent, from the webhook", async () => {
    const cfg = await configurarNaoOficial(a.navegadores.admin, { url: gw.url, apiKey: gw.apiKey, instancia: gw.instancia });
    const postar = (p: unknown) =>
      t.app.inject({
        method: "POST",
        url: caminhoWebhook(cfg),
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(p),
      });
    const base = { instancia: gw.instancia, apiKey: null, de: pessoal("5511966660009") };
    const m = await marco();
    const texto = pessoal("Oi, meu CPF é 123.456.789-00");
    expect((await postar(evolutionTexto({ ...base, id: "3EB0NOVO1", nome: pessoal("Maria Webhook"), texto }))).statusCode).toBe(
      200,
    );
    // and the lead's first message of its own accord is its service consent (decision 1827)
    const linhas = await esperarLinhas(m, 3);
    expect(linhas.map((l) => [l.entidade, l.tipo, l.origem, l.id_usuario_fk])).toEqual([
      ["mensagem", "mensagem.recebida", "webhook", null],
      ["lead", "lead.criado", "webhook", null],
      ["consentimento", "consentimento.concedido", "webhook", null],
    ]);
    expect(linhas[2].depois).toMatchObject({ finalidade: "atendimento", situacao: "concedido", origem: "lead" });
    const leadId = linhas[1].id_entidade;
    expect(linhas[0].depois).toMatchObject({ lead_id: leadId, direcao: "entrada", tipo: "text", status: "received" });
    expect(linhas[1].depois).toMatchObject({ origem_lead: "WhatsApp", status_lead: "Novo Lead" });

    // the same number again: the known lead gets only its message (its last-message time is not a change of the lead)
    const m2 = await marco();
    expect((await postar(evolutionTexto({ ...base, id: "3EB0NOVO2", texto: "de novo" }))).statusCode).toBe(200);
    const outras = await esperarLinhas(m2, 1);
    expect(outras.map((l) => [l.tipo, l.depois?.lead_id])).toEqual([["mensagem.recebida", leadId]]);

    // the consultant answers from the chat: mensagem.enviada by the person, then its 'sent' by the send job
    await a.navegadores.admin.req({ method: "POST", url: "/api/whatsapp/conexao/verificar", payload: {} });
    const m3 = await marco();
    const envio = await a.navegadores.admin.req({
      method: "POST",
      url: `/api/chat/${leadId}/mensagens`,
      payload: { texto: pessoal("Olá Maria Webhook, tudo bem?") },
    });
    expect(envio.statusCode, envio.body).toBe(201);
    const enviadas = await esperarLinhas(m3, 2);
    expect(enviadas.map((l) => [l.entidade, l.tipo, l.origem, l.id_usuario_fk, l.id_entidade])).toEqual([
      ["mensagem", "mensagem.enviada", "usuario", a.usuarios.admin.id, envio.json().id],
      ["mensagem", "mensagem.status", "sistema", null, envio.json().id],
    ]);
    expect(enviadas[1].antes).toEqual({ status: "pending" });
    expect(enviadas[1].depois).toMatchObject({ status: "sent", direcao: "saida", lead_id: leadId });
  });
});

describe("documents, deadlines, costs, subscription", () => {
  const processo = () => novoLead({ status_lead: "Convertido (Ganho)", status_juridico_lead: "Documentação Solicitada" });

  it("a document upload and its deletion: documento.enviado, then documento.excluido, no file name", async () => {
    const lead = await processo();
    const form = new FormData();
    const nomeArquivo = pessoal("rg-de-fulano-de-tal.pdf");
    form.set(
      "arquivo",
      new Blob([new Uint8Array(gerarPdf("Contrato", ["Cláusula 1"]))], { type: "application/pdf" }),
      nomeArquivo,
    );
    const r = new Request("http://x", { method: "POST", body: form });
    const m = await marco();
    const res = await a.navegadores.juridico.req({
      method: "POST",
      url: `/api/processos/${lead.id}/documentos`,
      headers: { "content-type": r.headers.get("content-type") as string },
      payload: Buffer.from(await r.arrayBuffer()),
    });
    expect(res.statusCode, res.body).toBe(201);
    const del = await a.navegadores.juridico.req({ method: "DELETE", url: `/api/documentos/${res.json().id}` });
    expect(del.statusCode).toBe(204);
    const linhas = await desde(m);
    expect(linhas.map((l) => [l.entidade, l.tipo, l.origem, l.id_usuario_fk, l.id_entidade])).toEqual([
      ["documento", "documento.enviado", "usuario", a.usuarios.juridico.id, res.json().id],
      ["documento", "documento.excluido", "usuario", a.usuarios.juridico.id, res.json().id],
    ]);
    expect(linhas[0].depois).toMatchObject({ lead_id: lead.id, tipo_arquivo: "application/pdf" });
    expect(linhas[1]).toMatchObject({ depois: null, antes: { lead_id: lead.id } });
  });

  it("a deadline created, completed, completed again and deleted: one row per change, none for the no-op", async () => {
    const lead = await processo();
    const m = await marco();
    const criado = await a.navegadores.juridico.req({
      method: "POST",
      url: `/api/processos/${lead.id}/prazos`,
      payload: { titulo: "Audiência", data_fatal: "2031-03-14" },
    });
    expect(criado.statusCode, criado.body).toBe(201);
    const id = criado.json().id;
    for (let i = 0; i < 2; i++)
      expect(
        (await a.navegadores.juridico.req({ method: "PUT", url: `/api/prazos/${id}/estado`, payload: { estado: "concluido" } }))
          .statusCode,
      ).toBe(200);
    expect((await a.navegadores.juridico.req({ method: "DELETE", url: `/api/prazos/${id}` })).statusCode).toBe(204);
    const linhas = await desde(m);
    expect(linhas.map((l) => [l.entidade, l.tipo, l.origem, l.id_usuario_fk])).toEqual([
      ["prazo", "prazo.criado", "usuario", a.usuarios.juridico.id],
      ["prazo", "prazo.alterado", "usuario", a.usuarios.juridico.id],
      ["prazo", "prazo.excluido", "usuario", a.usuarios.juridico.id],
    ]);
    expect(linhas[0].depois).toMatchObject({ lead_id: lead.id, estado: "pendente", data_fatal: "2031-03-14" });
    expect(linhas[1].antes).toEqual({ estado: "pendente", concluido_em: null });
    expect(linhas[2].depois).toBeNull();
  });

  it("a cost added by hand and a CSV of 3 costs: one custo.criado each, the CSV in one statement", async () => {
    const m = await marco();
    const res = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/custos-marketing",
      payload: { data_custo: "2026-11-02", plataforma: "Facebook", valor_gasto: "R$ 1.500,00", campanhas_ativas: "3" },
    });
    expect(res.statusCode, res.body).toBe(201);
    const csv = "data;plataforma;valor\n01/11/2026;Google;10,00\n02/11/2026;Google;20,00\n03/11/2026;TikTok;30,00\n";
    const imp = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/custos-marketing/importacao",
      ...multipart({}, { nome: "custos.csv", dados: Buffer.from(csv), mime: "text/csv" }),
    });
    expect(imp.statusCode, imp.body).toBe(200);
    const linhas = await desde(m);
    expect(linhas.map((l) => [l.entidade, l.tipo, l.origem, l.id_usuario_fk])).toEqual(
      Array(4).fill(["custo", "custo.criado", "usuario", a.usuarios.admin.id]),
    );
    expect(linhas[0].depois).toMatchObject({ plataforma: "Facebook", valor_gasto: 1500 });
    const [{ n }] = await sql<{ n: number }>(
      "SELECT count(DISTINCT transacao)::int AS n FROM mudancas WHERE id_empresa_fk = $1 AND id > $2 AND tipo = 'custo.criado'",
      [a.empresa.id, m],
    );
    expect(n).toBe(2);
  });

  it("a plan change: one assinatura.alterada with the old plan before; a refused one logs nothing", async () => {
    const m = await marco();
    const res = await a.navegadores.admin.req({ method: "POST", url: "/api/assinatura/plano", payload: { plano: "Premium" } });
    expect(res.statusCode, res.body).toBe(200);
    const linhas = await desde(m);
    expect(linhas.map((l) => [l.entidade, l.tipo, l.origem, l.id_usuario_fk, l.id_entidade])).toEqual([
      ["assinatura", "assinatura.alterada", "usuario", a.usuarios.admin.id, a.empresa.id],
    ]);
    expect(linhas[0].antes).toMatchObject({ plano: "Enterprise" });
    // at once in a trial, or scheduled for the period's end
    expect([linhas[0].depois?.plano, linhas[0].depois?.plano_agendado]).toContain("Premium");
    const m2 = await marco();
    const mesmo = await a.navegadores.consultor.req({
      method: "POST",
      url: "/api/assinatura/plano",
      payload: { plano: "Básico" },
    });
    expect(mesmo.statusCode).toBe(403);
    expect(await desde(m2)).toEqual([]);
  });
});

describe("the log itself", () => {
  it("holds no personal value written by these tests", async () => {
    const [r] = await sql<{ texto: string }>(
      "SELECT string_agg(coalesce(antes::text, '') || depois::text, ' ') AS texto FROM mudancas",
    );
    expect(r.texto.length).toBeGreaterThan(0);
    // a phone is looked for by its digits too (the log would hold it normalized)
    const digitos = (v: string) => v.replace(/\D/g, "");
    const achados = [...PESSOAIS].filter(
      (v) => r.texto.includes(v) || (digitos(v).length >= 8 && r.texto.includes(digitos(v).slice(-8))),
    );
    expect(achados).toEqual([]);
  });
});

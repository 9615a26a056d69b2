import { formatarBRL } from "@crm/domain/format";
import { MENSAGEM_QUALIFICADO_TRIAGEM, PERGUNTAS_TRIAGEM, saudacaoTriagem } from "@crm/domain/screening";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { iniciarServidorOpenAi, type TServidorOpenAi } from "../../../../test-support/fake-openai.js";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { esquecerModosConhecidos } from "./ai-client.js";
import { triarLead } from "./screen-lead.js";
import { conectar, configurarIa, desconectar, esperarAte, leadComMensagens, leadEscreve, sql } from "./testing.js";

const t = useTestApp();
let fake: TServidorOpenAi;
let e: TEmpresaComUsuarios;
let outra: TEmpresaComUsuarios;

const duvida = (q: string) => ({ json: { decision: "duvidas", reason: "falta", nextQuestion: q, summary: "", facts: {} } });

beforeAll(async () => {
  fake = await iniciarServidorOpenAi();
  e = await criarEmpresaComUsuarios(t);
  outra = await criarEmpresaComUsuarios(t);
});
afterAll(() => fake?.fechar());
beforeEach(async () => {
  fake.limpar();
  esquecerModosConhecidos();
  await configurarIa(t, e.empresa.id, { url: fake.url, chave: fake.chave });
});

const contar = async (texto: string, p: unknown[]) => Number((await sql<{ n: number }>(t, texto, p))[0].n);
const triagens = (leadId: string) => contar("SELECT count(*) AS n FROM triagens_ia WHERE id_lead_fk = $1", [leadId]);
const mensagensIa = (leadId: string) =>
  sql(t, "SELECT message FROM mensagens_whatsapp WHERE id_lead_fk = $1 AND sender = 'ia' ORDER BY timestamp", [leadId]).then(
    (r) => r.map((m) => m.message),
  );

describe("triarLead: once per lead message, one at a time, in order", () => {
  it("is safe to call repeatedly: the same message is answered once", async () => {
    const l = await leadComMensagens(t, e.empresa.id, ["Olá"]);
    fake.roteiro(duvida("Pergunta 1"), duvida("Pergunta 2"));
    expect(await triarLead(t.deps, { empresaId: e.empresa.id, leadId: l.id })).toMatchObject({ acao: "triado" });
    expect(await triarLead(t.deps, { empresaId: e.empresa.id, leadId: l.id })).toEqual({
      acao: "ignorado",
      motivo: "mensagem já triada",
    });
    expect(fake.pedidos).toHaveLength(1);
    expect(await mensagensIa(l.id)).toEqual(["Pergunta 1"]);
  });

  it("serializes concurrent calls on one lead: one model call, one decision, one message", async () => {
    const l = await leadComMensagens(t, e.empresa.id, ["Olá"]);
    fake.roteiro({ atrasoMs: 200, depois: duvida("Pergunta única") });
    const rs = await Promise.all([1, 2, 3].map(() => triarLead(t.deps, { empresaId: e.empresa.id, leadId: l.id })));
    expect(rs.filter((r) => r.acao === "triado")).toHaveLength(1);
    expect(fake.pedidos).toHaveLength(1);
    expect(await triagens(l.id)).toBe(1);
    expect(await mensagensIa(l.id)).toEqual(["Pergunta única"]);
  });

  it("a message that arrives while the model answers is read before anything is sent", async () => {
    const l = await leadComMensagens(t, e.empresa.id, ["Olá"]);
    fake.roteiro({ atrasoMs: 300, depois: duvida("Resposta velha") }, duvida("Resposta nova"));
    const emCurso = triarLead(t.deps, { empresaId: e.empresa.id, leadId: l.id });
    await esperarAte(
      async () => fake.pedidos.length,
      (n) => n === 1,
    );
    await leadEscreve(t, e.empresa.id, l.id, "Sou aposentada");
    await emCurso;
    expect(fake.pedidos).toHaveLength(2);
    expect(fake.pedidos[1].messages.at(-1)).toEqual({ role: "user", content: "Sou aposentada" });
    expect(await mensagensIa(l.id)).toEqual(["Resposta nova"]);
    expect(await triagens(l.id)).toBe(1);
  });

  it("does nothing when screening is off, the lead is already in service, or the lead is another company's", async () => {
    const l = await leadComMensagens(t, e.empresa.id, ["Olá"]);
    await configurarIa(t, e.empresa.id, { url: fake.url, chave: fake.chave }, false);
    expect(await triarLead(t.deps, { empresaId: e.empresa.id, leadId: l.id })).toEqual({
      acao: "ignorado",
      motivo: "triagem desativada",
    });
    await configurarIa(t, e.empresa.id, { url: fake.url, chave: fake.chave }, true);
    const emAtendimento = await leadComMensagens(t, e.empresa.id, ["Olá"], { status_lead: "Em Atendimento" });
    expect(await triarLead(t.deps, { empresaId: e.empresa.id, leadId: emAtendimento.id })).toEqual({
      acao: "ignorado",
      motivo: "lead em Em Atendimento",
    });
    await configurarIa(t, outra.empresa.id, { url: fake.url, chave: fake.chave }, true);
    expect(await triarLead(t.deps, { empresaId: outra.empresa.id, leadId: l.id })).toEqual({
      acao: "ignorado",
      motivo: "lead não encontrado",
    });
    expect(fake.pedidos).toHaveLength(0);
    expect(await triagens(l.id)).toBe(0);
  });
});

describe("without an API key: the rule-based screener, through the WhatsApp pipeline's queue", () => {
  it("a simulated lead answers the questions, qualifies and goes to the connected consultant", async () => {
    await configurarIa(t, e.empresa.id, { url: fake.url, chave: null });
    await conectar(t, e.empresa.id, e.consultor.id);
    const telefone = "+55 11 97777-1234";
    const escrever = async (texto: string) => {
      const r = await e.navegadores.admin.req({
        method: "POST",
        url: "/api/testes/simular-mensagem",
        payload: { telefone, nome: "Dona Maria", texto },
      });
      expect(r.statusCode).toBe(202);
    };
    const leadId = async () =>
      (await sql(t, "SELECT id FROM leads_juros_check WHERE telefone_normalizado = '5511977771234'"))[0]?.id as string;
    const esperarMensagensIa = async (n: number) =>
      esperarAte(
        async () => ((await leadId()) ? mensagensIa(await leadId()) : []),
        (m) => m.length >= n,
        15_000,
      );

    await escrever("Olá, vi o anúncio sobre revisão de juros");
    expect(await esperarMensagensIa(1)).toEqual([`${saudacaoTriagem(e.empresa.nome_empresa)} ${PERGUNTAS_TRIAGEM.beneficio}`]);
    await escrever("Sim, sou aposentada");
    expect((await esperarMensagensIa(2))[1]).toBe(PERGUNTAS_TRIAGEM.renda);
    await escrever("Recebo uns 2.300 reais");
    expect((await esperarMensagensIa(3))[2]).toBe(PERGUNTAS_TRIAGEM.interesse);
    await escrever("Tenho interesse sim");
    expect((await esperarMensagensIa(4))[3]).toBe(PERGUNTAS_TRIAGEM.margem);
    await escrever("Tenho margem, o empréstimo é consignado no Bradesco com parcela de R$ 412,00");
    expect((await esperarMensagensIa(5))[4]).toBe(MENSAGEM_QUALIFICADO_TRIAGEM);

    const [lead] = await sql(t, "SELECT * FROM leads_juros_check WHERE id = $1", [await leadId()]);
    expect(lead).toMatchObject({
      status_lead: "Qualificado para Atendente",
      consultor_atribuido_id: e.consultor.id,
      valor_parcela: "412.00",
    });
    expect(lead.observacoes_ia).toBe(
      `Aposentado(a) do INSS, renda de ${formatarBRL(2300)}, interesse confirmado, com margem consignável disponível. Contrato: Empréstimo consignado no Bradesco, parcela de ${formatarBRL(412)}.`,
    );
    const decisoes = await sql(t, "SELECT decisao, motor FROM triagens_ia WHERE id_lead_fk = $1 ORDER BY created_at", [lead.id]);
    expect(decisoes.map((d) => d.decisao)).toEqual(["duvidas", "duvidas", "duvidas", "duvidas", "qualificado"]);
    expect(decisoes.every((d) => d.motor === "regras")).toBe(true);
    await desconectar(t, e.empresa.id, e.consultor.id);
  });
});

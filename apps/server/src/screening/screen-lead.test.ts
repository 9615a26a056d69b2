import { MENSAGEM_ENCERRAMENTO_TRIAGEM, MENSAGEM_QUALIFICADO_TRIAGEM } from "@crm/domain/screening";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { iniciarServidorOpenAi, type TServidorOpenAi } from "../../../../test-support/fake-openai.js";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { esquecerModosConhecidos } from "./ai-client.js";
import { triarLead } from "./screen-lead.js";
import { conectar, configurarIa, desconectar, leadComMensagens, sql } from "./testing.js";

const t = useTestApp();
let fake: TServidorOpenAi;
let e: TEmpresaComUsuarios;

const rapido = { modelo: { timeoutMs: 400, esperaEntreTentativasMs: 10 } };
const fatos = {
  benefitType: "aposentadoria",
  monthlyIncome: "R$ 2.300,00",
  bank: "Banco BMG",
  contractType: "Empréstimo consignado",
  installment: 350.5,
  interestRate: "2,9%",
  interestConfirmed: true,
  marginAvailable: true,
};
const qualificado = {
  json: {
    decision: "qualificado",
    reason: "Todos os critérios confirmados",
    nextQuestion: null,
    summary: "Aposentada, renda R$ 2.300",
    facts: fatos,
  },
};

beforeAll(async () => {
  fake = await iniciarServidorOpenAi();
  e = await criarEmpresaComUsuarios(t);
  await configurarIa(t, e.empresa.id, { url: fake.url, chave: fake.chave, temperature: 0.3, max_tokens: 300 });
});
afterAll(() => fake?.fechar());
beforeEach(() => {
  fake.limpar();
  esquecerModosConhecidos();
});

const lead = (id: string) =>
  sql(t, "SELECT * FROM leads_juros_check WHERE id = $1", [id]).then((r) => r[0] as Record<string, unknown>);
const triagens = (id: string) => sql(t, "SELECT * FROM triagens_ia WHERE id_lead_fk = $1 ORDER BY created_at", [id]);
const mensagensIa = (id: string) =>
  sql(t, "SELECT message, status, direcao FROM mensagens_whatsapp WHERE id_lead_fk = $1 AND sender = 'ia' ORDER BY timestamp", [
    id,
  ]);
const historico = (id: string) =>
  sql(
    t,
    "SELECT campo, valor_anterior, valor_novo, origem, motivo FROM lead_status_historico WHERE id_lead_fk = $1 ORDER BY created_at",
    [id],
  );
const notificacoesAdmin = (leadId: string) =>
  sql(t, "SELECT titulo, conteudo, tipo FROM notificacoes WHERE id_usuario_fk = $1 AND dados_extras->>'leadId' = $2", [
    e.usuarios.admin.id,
    leadId,
  ]);

describe("triarLead against an OpenAI-compatible server", () => {
  it("qualifies: status, summary, facts, hand-off message, assignment to the connected consultant, and sends the company's settings", async () => {
    await conectar(t, e.empresa.id, e.consultor.id);
    const l = await leadComMensagens(t, e.empresa.id, ["Olá, vi o anúncio", "Sou aposentada do INSS e ganho 2.300"]);
    fake.roteiro(qualificado);

    const r = await triarLead(t.deps, { empresaId: e.empresa.id, leadId: l.id });
    expect(r).toMatchObject({
      acao: "triado",
      decisao: "qualificado",
      atribuicao: { atribuido: true, consultorId: e.consultor.id },
    });

    const pedido = fake.pedidos[0];
    expect(pedido).toMatchObject({
      model: "gpt-3.5-turbo",
      temperature: 0.3,
      max_tokens: 300,
      autorizacao: `Bearer ${fake.chave}`,
    });
    expect(pedido.response_format?.type).toBe("json_schema");
    expect(pedido.messages[0].role).toBe("system");
    expect(pedido.messages[0].content).toContain("Ter renda mínima de R$ 1.500,00");
    expect(pedido.messages.slice(1)).toEqual([
      { role: "user", content: "Olá, vi o anúncio" },
      { role: "user", content: "Sou aposentada do INSS e ganho 2.300" },
    ]);

    const row = await lead(l.id);
    expect(row.status_lead).toBe("Qualificado para Atendente");
    expect(row.observacoes_ia).toBe("Aposentada, renda R$ 2.300");
    expect(row.data_processamento_ia).toBeInstanceOf(Date);
    expect(row.consultor_atribuido_id).toBe(e.consultor.id);
    expect(row.valor_parcela).toBe("350.50");
    expect(row.dados_extraidos_ia).toEqual({
      tipo_beneficio: "aposentadoria",
      renda_mensal: 2300,
      banco: "Banco BMG",
      tipo_contrato: "Empréstimo consignado",
      valor_parcela: 350.5,
      taxa_juros: 2.9,
      interesse_confirmado: true,
      margem_disponivel: true,
      valor_financiado: null,
      quantidade_parcelas: null,
      parcelas_pagas: null,
      data_contrato: null,
    });
    // what the lead said of the contract fills the lead's contract (decision 1405)
    expect(row).toMatchObject({ modalidade_credito: "consignado_inss", banco: "Banco BMG", taxa_informada_mensal: "2.9000" });
    expect(await mensagensIa(l.id)).toEqual([{ message: MENSAGEM_QUALIFICADO_TRIAGEM, status: "pending", direcao: "saida" }]);
    expect(await historico(l.id)).toEqual([
      {
        campo: "status_lead",
        valor_anterior: "Novo Lead",
        valor_novo: "Qualificado para Atendente",
        origem: "ia",
        motivo: "Todos os critérios confirmados",
      },
      {
        campo: "consultor_atribuido_id",
        valor_anterior: null,
        valor_novo: e.consultor.id,
        origem: "sistema",
        motivo: "Atribuição automática após qualificação pela triagem",
      },
    ]);
    const [tr] = await triagens(l.id);
    expect(tr).toMatchObject({ decisao: "qualificado", motor: "openai", modelo: "gpt-3.5-turbo", erro: null });
    const avisos = await sql(
      t,
      "SELECT tipo, titulo FROM notificacoes WHERE id_usuario_fk = $1 AND dados_extras->>'leadId' = $2",
      [e.usuarios.consultor.id, l.id],
    );
    expect(avisos).toEqual([{ tipo: "lead_assigned", titulo: "Novo lead atribuído a você" }]);
    await desconectar(t, e.empresa.id, e.consultor.id);
  });

  it("rejects: Perdido with the reason and a polite closing message", async () => {
    const l = await leadComMensagens(t, e.empresa.id, ["Não sou aposentado, trabalho de carteira assinada"]);
    fake.roteiro({
      json: {
        decision: "rejeitado",
        reason: "Não é aposentado nem pensionista do INSS",
        nextQuestion: null,
        summary: "CLT",
        facts: { benefitType: "nenhum" },
      },
    });
    const r = await triarLead(t.deps, { empresaId: e.empresa.id, leadId: l.id });
    expect(r).toMatchObject({ acao: "triado", decisao: "rejeitado" });
    const row = await lead(l.id);
    expect(row.status_lead).toBe("Perdido");
    expect(row.consultor_atribuido_id).toBeNull();
    expect((row.dados_extraidos_ia as { tipo_beneficio: string }).tipo_beneficio).toBe("nenhum");
    expect(await mensagensIa(l.id)).toEqual([{ message: MENSAGEM_ENCERRAMENTO_TRIAGEM, status: "pending", direcao: "saida" }]);
    expect((await historico(l.id))[0]).toMatchObject({
      valor_novo: "Perdido",
      motivo: "Não é aposentado nem pensionista do INSS",
    });
  });

  it("asks a question: the nextQuestion goes to the lead as sender 'ia' and the lead is Em Triagem IA", async () => {
    const l = await leadComMensagens(t, e.empresa.id, ["Oi, quero revisar meu empréstimo"]);
    fake.roteiro({
      json: {
        decision: "duvidas",
        reason: "Falta o benefício",
        nextQuestion: "Você é aposentado(a) ou pensionista do INSS?",
        summary: "",
        facts: {},
      },
    });
    await triarLead(t.deps, { empresaId: e.empresa.id, leadId: l.id });
    expect((await lead(l.id)).status_lead).toBe("Em Triagem IA");
    expect(await mensagensIa(l.id)).toEqual([
      { message: "Você é aposentado(a) ou pensionista do INSS?", status: "pending", direcao: "saida" },
    ]);
    // the question is part of the conversation the next screening sends
    await sql(
      t,
      "INSERT INTO mensagens_whatsapp (id_empresa_fk, id_lead_fk, direcao, sender, message, status, timestamp) VALUES ($1, $2, 'entrada', 'lead', 'Sou pensionista', 'received', clock_timestamp())",
      [e.empresa.id, l.id],
    );
    fake.roteiro({
      json: {
        decision: "duvidas",
        reason: "Falta renda",
        nextQuestion: "Qual é a sua renda?",
        summary: "",
        facts: { benefitType: "pensao" },
      },
    });
    await triarLead(t.deps, { empresaId: e.empresa.id, leadId: l.id });
    expect(fake.pedidos[1].messages.slice(1)).toEqual([
      { role: "user", content: "Oi, quero revisar meu empréstimo" },
      { role: "assistant", content: "Você é aposentado(a) ou pensionista do INSS?" },
      { role: "user", content: "Sou pensionista" },
    ]);
    expect((await lead(l.id)).dados_extraidos_ia).toMatchObject({ tipo_beneficio: "pensao" });
  });

  const falhas: [string, () => void, RegExp, number][] = [
    [
      "malformed JSON",
      () => fake.roteiro({ conteudo: '{"decision": "qualificado", "reason": ' }),
      /^Erro ao processar resposta da IA: JSON inválido$/,
      1,
    ],
    [
      "truncated output",
      () => fake.roteiro({ conteudo: '{"decision": "duvidas", "nextQ', finish: "length" }),
      /Max Tokens \(500\)/,
      1,
    ],
    [
      "an unknown decision",
      () => fake.roteiro({ json: { decision: "talvez", reason: "", summary: "" } }),
      /campo decision inválido/,
      1,
    ],
    [
      "duvidas without a question",
      () => fake.roteiro({ json: { decision: "duvidas", reason: "x", nextQuestion: "", summary: "" } }),
      /Erro ao processar resposta da IA/,
      1,
    ],
    [
      "HTTP 500 (tried twice)",
      () => fake.roteiro({ status: 500 }, { status: 500 }),
      /^Erro de conexão com OpenAI API: HTTP 500/,
      2,
    ],
    ["a timeout", () => fake.roteiro({ atrasoMs: 3_000 }), /^Erro de conexão com OpenAI API: tempo limite de 0,4 s excedido$/, 1],
  ];
  for (const [nome, roteirizar, erro, pedidos] of falhas) {
    it(`${nome} → Requer Análise Manual IA, the admins are told, nothing is sent to the lead`, async () => {
      const l = await leadComMensagens(t, e.empresa.id, ["Olá"]);
      await configurarIa(t, e.empresa.id, { url: fake.url, chave: fake.chave });
      roteirizar();
      const r = await triarLead(t.deps, { empresaId: e.empresa.id, leadId: l.id }, rapido);
      expect(r).toMatchObject({ acao: "triado", decisao: "erro" });
      expect(fake.pedidos).toHaveLength(pedidos);
      expect((await lead(l.id)).status_lead).toBe("Requer Análise Manual IA");
      const [tr] = await triagens(l.id);
      expect(tr.decisao).toBe("erro");
      expect(tr.erro).toMatch(erro);
      expect(await mensagensIa(l.id)).toEqual([]);
      const [aviso] = await notificacoesAdmin(l.id);
      expect(aviso).toMatchObject({ tipo: "system", titulo: "Lead requer análise manual" });
      expect(aviso.conteudo).toContain(tr.erro as string);
      // the lead now waits for a person: a new call does nothing
      expect(await triarLead(t.deps, { empresaId: e.empresa.id, leadId: l.id }, rapido)).toMatchObject({ acao: "ignorado" });
    });
  }

  it("retries a temporary failure once and then decides", async () => {
    const l = await leadComMensagens(t, e.empresa.id, ["Olá"]);
    fake.roteiro({ status: 503 }, qualificado);
    const r = await triarLead(t.deps, { empresaId: e.empresa.id, leadId: l.id }, rapido);
    expect(r).toMatchObject({ decisao: "qualificado" });
    expect(fake.pedidos).toHaveLength(2);
  });

  it("steps down to json_object, then to the prompt alone, on servers without structured outputs", async () => {
    fake.suporta.json_schema = false;
    const l1 = await leadComMensagens(t, e.empresa.id, ["Olá"]);
    await triarLead(t.deps, { empresaId: e.empresa.id, leadId: l1.id });
    expect(fake.pedidos.map((p) => p.response_format?.type)).toEqual(["json_schema", "json_object"]);
    expect((await lead(l1.id)).status_lead).toBe("Em Triagem IA");

    fake.pedidos.length = 0;
    fake.suporta.json_object = false;
    esquecerModosConhecidos();
    const l2 = await leadComMensagens(t, e.empresa.id, ["Olá"]);
    fake.roteiro({
      conteudo: 'Claro! ```json\n{"decision":"duvidas","reason":"x","nextQuestion":"Qual sua renda?","summary":""}\n```',
    });
    await triarLead(t.deps, { empresaId: e.empresa.id, leadId: l2.id });
    expect(fake.pedidos.map((p) => p.response_format?.type)).toEqual(["json_schema", "json_object", undefined]);
    expect(await mensagensIa(l2.id)).toEqual([{ message: "Qual sua renda?", status: "pending", direcao: "saida" }]);
  });
});

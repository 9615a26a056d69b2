import {
  MENSAGEM_CONTRATO_DENTRO_DA_MEDIA,
  MENSAGEM_CONTRATO_DENTRO_DA_MEDIA_ENCERRAR,
  MOTIVO_CONTRATO_DENTRO_DA_MEDIA,
} from "@crm/domain/revisional/screening-rule";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { iniciarServidorOpenAi, type TServidorOpenAi } from "../../../../test-support/fake-openai.js";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { esquecerModosConhecidos } from "./ai-client.js";
import { triarLead } from "./screen-lead.js";
import { configurarIa, leadComMensagens, leadEscreve, sql } from "./testing.js";

// Decision 1405: the screening fills the lead's contract from what the lead says, and a contract
// within the company's threshold is told so politely and marked; the company's rule says whether screening goes on.

const t = useTestApp();
let fake: TServidorOpenAi;
let e: TEmpresaComUsuarios;

/** A consignado INSS of R$ 10.000,00 in 84 installments signed 10/05/2024, when the INSS ceiling was 1,68% a.m. */
const contrato = (parcela: number) => ({
  benefitType: "aposentadoria",
  bank: "Banco Exemplo",
  contractType: "Empréstimo consignado do INSS",
  installment: parcela,
  amountFinanced: "R$ 10.000,00",
  installmentsTotal: 84,
  installmentsPaid: 12,
  contractDate: "10/05/2024",
});
// 1,50% a.m. → R$ 210,17 (within the 1,68% ceiling); 3,50% a.m. → R$ 373,83 (2,1× the ceiling)
const DENTRO = 210.17;
const ACIMA = 373.83;
const pergunta = "Você ainda tem margem consignável disponível?";
const duvidas = (facts: object) => ({
  json: { decision: "duvidas", reason: "Falta a margem", nextQuestion: pergunta, summary: "", facts },
});

const rapido = { modelo: { timeoutMs: 2_000, esperaEntreTentativasMs: 10 } };
const lead = (id: string) =>
  sql(t, "SELECT * FROM leads_juros_check WHERE id = $1", [id]).then((r) => r[0] as Record<string, unknown>);
const mensagensIa = (id: string) =>
  sql<{ message: string }>(
    t,
    "SELECT message FROM mensagens_whatsapp WHERE id_lead_fk = $1 AND sender = 'ia' ORDER BY timestamp, created_at",
    [id],
  ).then((r) => r.map((m) => m.message));
const regra = (r: string) => sql(t, "UPDATE empresas SET revisional_regra_triagem = $2 WHERE id = $1", [e.empresa.id, r]);

beforeAll(async () => {
  fake = await iniciarServidorOpenAi();
  e = await criarEmpresaComUsuarios(t);
  await configurarIa(t, e.empresa.id, { url: fake.url, chave: fake.chave });
});
afterAll(() => fake?.fechar());
beforeEach(async () => {
  fake.limpar();
  esquecerModosConhecidos();
  await regra("avisar");
});

describe("the screening and the pre-analysis", () => {
  it("fills the contract from what the lead said; within the threshold the lead is told once, marked, and screening goes on", async () => {
    const l = await leadComMensagens(t, e.empresa.id, ["Sou aposentada, fiz um consignado de 10 mil em 84 vezes de 210,17"]);
    fake.roteiro(duvidas(contrato(DENTRO)));
    await triarLead(t.deps, { empresaId: e.empresa.id, leadId: l.id }, rapido);

    const row = await lead(l.id);
    expect(row).toMatchObject({
      status_lead: "Em Triagem IA",
      modalidade_credito: "consignado_inss",
      valor_contrato: "10000.00",
      valor_parcela: "210.17",
      quantidade_parcelas: 84,
      quantidade_parcelas_pagas: 12,
      banco: "Banco Exemplo",
    });
    expect(row.data_contrato).toBe("2024-05-10");
    expect(row.revisional_avisado_em).toBeInstanceOf(Date);
    expect(await mensagensIa(l.id)).toEqual([MENSAGEM_CONTRATO_DENTRO_DA_MEDIA, pergunta]);

    // the card says so
    const p = await e.navegadores.consultor.req({ url: `/api/leads/${l.id}/pre-analise` });
    expect(p.statusCode).toBe(200);
    expect(p.json().avisadoNaTriagemEm).toBeTruthy();
    expect(p.json().analise).toMatchObject({ estado: "calculada", acimaDoLimiar: false });

    // the next round does not say it again
    await leadEscreve(t, e.empresa.id, l.id, "Acho que tenho margem sim");
    fake.roteiro(duvidas(contrato(DENTRO)));
    await triarLead(t.deps, { empresaId: e.empresa.id, leadId: l.id }, rapido);
    expect(await mensagensIa(l.id)).toEqual([MENSAGEM_CONTRATO_DENTRO_DA_MEDIA, pergunta, pergunta]);
  });

  it("the rule 'encerrar' ends the screening: Perdido with the reason, the notice and an open door", async () => {
    await regra("encerrar");
    const l = await leadComMensagens(t, e.empresa.id, ["Meu consignado é de 10 mil em 84 parcelas de 210,17"]);
    fake.roteiro(duvidas(contrato(DENTRO)));
    await triarLead(t.deps, { empresaId: e.empresa.id, leadId: l.id }, rapido);

    expect(await lead(l.id)).toMatchObject({ status_lead: "Perdido" });
    expect(await mensagensIa(l.id)).toEqual([MENSAGEM_CONTRATO_DENTRO_DA_MEDIA, MENSAGEM_CONTRATO_DENTRO_DA_MEDIA_ENCERRAR]);
    const [tr] = await sql(t, "SELECT decisao, motivo FROM triagens_ia WHERE id_lead_fk = $1", [l.id]);
    expect(tr).toEqual({ decisao: "rejeitado", motivo: MOTIVO_CONTRATO_DENTRO_DA_MEDIA });
    const [h] = await sql(t, "SELECT valor_novo, origem, motivo FROM lead_status_historico WHERE id_lead_fk = $1", [l.id]);
    expect(h).toEqual({ valor_novo: "Perdido", origem: "ia", motivo: MOTIVO_CONTRATO_DENTRO_DA_MEDIA });
  });

  it("a contract above the threshold, or the rule 'desligada', sends no notice", async () => {
    const acima = await leadComMensagens(t, e.empresa.id, ["São 84 parcelas de 373,83 de um empréstimo de 10 mil"]);
    fake.roteiro(duvidas(contrato(ACIMA)));
    await triarLead(t.deps, { empresaId: e.empresa.id, leadId: acima.id }, rapido);
    expect(await mensagensIa(acima.id)).toEqual([pergunta]);
    expect((await lead(acima.id)).revisional_avisado_em).toBeNull();

    await regra("desligada");
    const l = await leadComMensagens(t, e.empresa.id, ["Consignado de 10 mil, 84 de 210,17"]);
    fake.roteiro(duvidas(contrato(DENTRO)));
    await triarLead(t.deps, { empresaId: e.empresa.id, leadId: l.id }, rapido);
    expect(await mensagensIa(l.id)).toEqual([pergunta]);
    // the contract is still filled: the consultant sees the pre-analysis
    expect(await lead(l.id)).toMatchObject({ valor_parcela: "210.17", revisional_avisado_em: null });
  });

  it("what a person typed is never overwritten, and implausible values are left out", async () => {
    const l = await leadComMensagens(t, e.empresa.id, ["Minha parcela é 999"]);
    await sql(
      t,
      "UPDATE leads_juros_check SET valor_parcela = 500, quantidade_parcelas = 60, banco = 'Banco Digitado' WHERE id = $1",
      [l.id],
    );
    fake.roteiro(
      duvidas({ ...contrato(999), installmentsTotal: 9999, installmentsPaid: -3, contractDate: "31/02/2024", interestRate: 55 }),
    );
    await triarLead(t.deps, { empresaId: e.empresa.id, leadId: l.id }, rapido);
    expect(await lead(l.id)).toMatchObject({
      valor_parcela: "500.00",
      quantidade_parcelas: 60,
      quantidade_parcelas_pagas: null,
      banco: "Banco Digitado",
      data_contrato: null,
      taxa_informada_mensal: null,
      valor_contrato: "10000.00",
    });
  });
});

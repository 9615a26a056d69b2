import { describe, expect, it } from "vitest";
import { ZRespostaIa } from "./schemas/screening";
import { deveTriar, eficienciaIa, formatarPercentual, taxasIa } from "./screening";

describe("AI screening rules", () => {
  it("screens only while screening is on and the lead is undecided", () => {
    expect(deveTriar({ status_lead: "Novo Lead" }, { ia_triagem_ativa: true })).toBe(true);
    expect(deveTriar({ status_lead: "Em Triagem IA" }, { ia_triagem_ativa: true })).toBe(true);
    expect(deveTriar({ status_lead: "novo" }, { ia_triagem_ativa: true })).toBe(true);
    expect(deveTriar({ status_lead: "Em Triagem IA" }, { ia_triagem_ativa: false })).toBe(false);
    for (const s of ["Requer Análise Manual IA", "Qualificado para Atendente", "Perdido", "Em Atendimento"])
      expect(deveTriar({ status_lead: s }, { ia_triagem_ativa: true })).toBe(false);
  });

  it("rates (001 §9): processing over total; approval and rejection over processed; 0 without a base", () => {
    expect(taxasIa({ total: 9, processados: 5, aprovados: 3, rejeitados: 1 })).toEqual({
      processamento: 55.6,
      aprovacao: 60,
      rejeicao: 20,
    });
    expect(taxasIa({ total: 0, processados: 0, aprovados: 0, rejeitados: 0 })).toEqual({
      processamento: 0,
      aprovacao: 0,
      rejeicao: 0,
    });
  });

  it("efficiency: kept automatic decisions over ended screenings; none ended → null", () => {
    expect(eficienciaIa({ concluidas: 4, mantidas: 3 })).toBe(75);
    expect(eficienciaIa({ concluidas: 0, mantidas: 0 })).toBeNull();
    expect(formatarPercentual(55.6)).toBe("55,6%");
    expect(formatarPercentual(null)).toBe("—");
  });
});

describe("the model's answer", () => {
  it("accepts what models really send: case, pt-BR money, strings for booleans, missing facts", () => {
    const r = ZRespostaIa.parse({
      decision: " Qualificado ",
      reason: "ok",
      summary: "resumo",
      facts: { benefitType: "Aposentado por idade", monthlyIncome: "R$ 1.850,50", interestRate: "2.5", interestConfirmed: "sim" },
    });
    expect(r).toMatchObject({ decisao: "qualificado", proximaPergunta: null, resumo: "resumo" });
    expect(r.fatos).toEqual({
      tipo_beneficio: "aposentadoria",
      renda_mensal: 1850.5,
      banco: null,
      tipo_contrato: null,
      valor_parcela: null,
      taxa_juros: 2.5,
      interesse_confirmado: true,
      margem_disponivel: null,
      valor_financiado: null,
      quantidade_parcelas: null,
      parcelas_pagas: null,
      data_contrato: null,
    });
    expect(ZRespostaIa.parse({ decision: "dúvidas", nextQuestion: "Qual sua renda?" }).proximaPergunta).toBe("Qual sua renda?");
  });

  it("refuses an unknown decision and duvidas without a question", () => {
    expect(ZRespostaIa.safeParse({ decision: "talvez" }).success).toBe(false);
    expect(ZRespostaIa.safeParse({ decision: "duvidas", nextQuestion: "  " }).success).toBe(false);
    expect(ZRespostaIa.safeParse({ reason: "sem decisão" }).success).toBe(false);
  });
});

import { formatarBRL } from "@crm/domain/format";
import { PERGUNTAS_TRIAGEM, saudacaoTriagem } from "@crm/domain/screening";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ErroIa } from "./ai-error.js";
import type { TMensagemConversa } from "./prompt.js";
import { valoresDe } from "./rule-facts.js";
import { triarPorRegras } from "./rule-screener.js";

let seq = 0;
const lead = (texto: string): TMensagemConversa => ({ id: String(++seq), sender: "lead", texto, tipo: "text" });
const ia = (texto: string): TMensagemConversa => ({ id: String(++seq), sender: "ia", texto, tipo: "text" });
const P = PERGUNTAS_TRIAGEM;
const triar = (...c: TMensagemConversa[]) => triarPorRegras(c, "Revisão Justa");

describe("rule-based screener", () => {
  it("greets and asks the first criterion", () => {
    expect(triar(lead("Olá"))).toMatchObject({
      decisao: "duvidas",
      proximaPergunta: `${saudacaoTriagem("Revisão Justa")} ${P.beneficio}`,
    });
  });

  it("asks the criteria one at a time, reading short answers by the question they answer", () => {
    const c = [lead("Oi"), ia(`${saudacaoTriagem("X")} ${P.beneficio}`), lead("sim")];
    expect(triar(...c)).toMatchObject({ decisao: "duvidas", proximaPergunta: P.renda });
    c.push(ia(P.renda), lead("2500"));
    expect(triar(...c)).toMatchObject({ decisao: "duvidas", proximaPergunta: P.interesse, fatos: { renda_mensal: 2500 } });
    c.push(ia(P.interesse), lead("Sim!"));
    expect(triar(...c)).toMatchObject({ decisao: "duvidas", proximaPergunta: P.margem, fatos: { interesse_confirmado: true } });
    c.push(ia(P.margem), lead("tenho sim"));
    expect(triar(...c)).toMatchObject({ decisao: "qualificado", motivo: "Todos os critérios de triagem foram confirmados" });
  });

  it("qualifies at once when one message states everything, and extracts the contract facts", () => {
    const r = triar(
      lead(
        "Sou pensionista do INSS, ganho 1,8 mil, tenho interesse e ainda tenho margem. Cartão consignado do BMG, parcela de R$ 250,00 e juros de 3,5% ao mês",
      ),
    );
    expect(r).toMatchObject({
      decisao: "qualificado",
      fatos: {
        tipo_beneficio: "pensao",
        renda_mensal: 1800,
        banco: "BMG",
        tipo_contrato: "Cartão consignado (RMC)",
        valor_parcela: 250,
        taxa_juros: 3.5,
        interesse_confirmado: true,
        margem_disponivel: true,
      },
    });
    expect(r.resumo).toBe(
      `Pensionista do INSS, renda de ${formatarBRL(1800)}, interesse confirmado, com margem consignável disponível. Contrato: Cartão consignado (RMC) no BMG, parcela de ${formatarBRL(250)}, taxa de 3,5% ao mês.`,
    );
  });

  it.each([
    [[lead("Não sou aposentado, trabalho de carteira assinada")], "Não é aposentado(a) ou pensionista do INSS"],
    [[lead("Oi"), ia(P.beneficio), lead("Não")], "Não é aposentado(a) ou pensionista do INSS"],
    [[lead("Recebo BPC LOAS")], "Não é aposentado(a) ou pensionista do INSS"],
    [
      [lead("Sou aposentado"), ia(P.renda), lead("R$ 1.200")],
      `Renda de ${formatarBRL(1200)} abaixo do mínimo de ${formatarBRL(1500)}`,
    ],
    [[lead("Sou aposentada"), ia(P.interesse), lead("Não quero, obrigada")], "O lead não tem interesse na revisão"],
    [
      [lead("aposentado, ganho 3 mil"), ia(P.margem), lead("minha margem está toda comprometida")],
      "Sem margem consignável disponível",
    ],
  ])("rejects when a criterion fails (%#)", (conversa, motivo) => {
    expect(triar(...conversa)).toMatchObject({ decisao: "rejeitado", motivo, proximaPergunta: null });
  });

  it("accepts the minimum income exactly, and income stated in minimum wages", () => {
    expect(triar(lead("Sou aposentado"), ia(P.renda), lead("1.500")).fatos.renda_mensal).toBe(1500);
    expect(triar(lead("Sou aposentado e recebo dois salários mínimos")).fatos.renda_mensal).toBe(3036);
    expect(triar(lead("Sou aposentado"), ia(P.renda), lead("1.500")).decisao).toBe("duvidas");
  });

  it("asks again after an unclear answer, then hands the lead to a person", () => {
    const c = [lead("Sou aposentada, ganho 2 mil, tenho interesse"), ia(P.margem), lead("não sei")];
    expect(triar(...c)).toMatchObject({ decisao: "duvidas", proximaPergunta: P.margem });
    c.push(ia(P.margem), lead("hmm"));
    expect(() => triar(...c)).toThrow(ErroIa);
  });

  it("does not take installment amounts, rates or counts for income", () => {
    expect(valoresDe("a parcela é de 350 e a taxa 2,9%", null)).toEqual({ renda: null, parcela: 350, taxa: 2.9 });
    expect(valoresDe("tenho 2 contratos", "renda")).toEqual({ renda: null, parcela: null, taxa: null });
    expect(valoresDe("R$ 2.345,67", "renda").renda).toBe(2345.67);
  });

  it("always ends with a next step: a decision, a question, or a hand-off to a person", () => {
    const mensagem = fc.oneof(
      fc.string().map((s) => lead(s)),
      fc.constantFrom(...Object.values(P)).map((s) => ia(s)),
      fc.constantFrom("sim", "não", "2.000", "sou aposentada", "tenho margem", "não sei").map((s) => lead(s)),
    );
    fc.assert(
      fc.property(fc.array(mensagem, { minLength: 1, maxLength: 12 }), (conversa) => {
        try {
          const r = triarPorRegras(conversa, "X");
          if (r.decisao === "duvidas") expect(r.proximaPergunta).toBeTruthy();
          else expect(r.motivo).toBeTruthy();
        } catch (e) {
          expect(e).toBeInstanceOf(ErroIa);
        }
      }),
    );
  });
});

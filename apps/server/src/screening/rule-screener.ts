import { formatarBRL } from "@crm/domain/format";
import { MSG } from "@crm/domain/messages";
import { FATOS_VAZIOS, type TFatosTriagem, type TResultadoTriagem } from "@crm/domain/schemas/screening";
import { PERGUNTAS_TRIAGEM, RENDA_MINIMA, saudacaoTriagem, TOPICOS_TRIAGEM, type TTopicoTriagem } from "@crm/domain/screening";
import { ErroIa } from "./ai-error.js";
import type { TMensagemConversa } from "./prompt.js";
import { bancoDe, beneficioDe, contratoDe, interesseDe, margemDe, simOuNao, topicoDaPergunta, valoresDe } from "./rule-facts.js";

/** A question asked this many times without a usable answer goes to a person (manual analysis). */
const MAX_PERGUNTAS_POR_TOPICO = 2;

type TEstado = { fatos: TFatosTriagem; inss: boolean | null; perguntas: Record<TTopicoTriagem, number> };

/** Reads the whole conversation in order: explicit statements anywhere, short answers bound to the last question. */
function lerConversa(conversa: readonly TMensagemConversa[]): TEstado {
  const fatos: TFatosTriagem = { ...FATOS_VAZIOS };
  const e: TEstado = { fatos, inss: null, perguntas: { beneficio: 0, renda: 0, interesse: 0, margem: 0 } };
  let pendente: TTopicoTriagem | null = null;
  for (const m of conversa) {
    if (m.sender === "ia" || m.sender === "consultor") {
      pendente = topicoDaPergunta(m.texto);
      if (pendente && m.sender === "ia") e.perguntas[pendente]++;
      continue;
    }
    if (m.sender !== "lead" || !m.texto.trim()) continue;
    const t = m.texto;
    const beneficio = beneficioDe(t);
    if (beneficio) {
      e.inss = beneficio.inss;
      fatos.tipo_beneficio = beneficio.tipo;
    } else if (pendente === "beneficio") {
      const r = simOuNao(t);
      if (r !== null) {
        e.inss = r;
        if (!r) fatos.tipo_beneficio = "nenhum";
      }
    }
    const v = valoresDe(t, pendente);
    if (v.renda !== null) fatos.renda_mensal = v.renda;
    if (v.parcela !== null) fatos.valor_parcela = v.parcela;
    if (v.taxa !== null) fatos.taxa_juros = v.taxa;
    fatos.banco = bancoDe(t) ?? fatos.banco;
    fatos.tipo_contrato = contratoDe(t) ?? fatos.tipo_contrato;
    const interesse = interesseDe(t) ?? (pendente === "interesse" ? simOuNao(t) : null);
    if (interesse !== null) fatos.interesse_confirmado = interesse;
    const margem = margemDe(t) ?? (pendente === "margem" ? simOuNao(t) : null);
    if (margem !== null) fatos.margem_disponivel = margem;
    pendente = null;
  }
  return e;
}

function resumo(e: TEstado): string {
  const f = e.fatos;
  const partes = [
    f.tipo_beneficio === "pensao"
      ? "Pensionista do INSS"
      : f.tipo_beneficio === "aposentadoria"
        ? "Aposentado(a) do INSS"
        : "Beneficiário(a) do INSS",
    f.renda_mensal !== null ? `renda de ${formatarBRL(f.renda_mensal)}` : null,
    "interesse confirmado",
    "com margem consignável disponível",
  ].filter(Boolean);
  const contrato = [
    [f.tipo_contrato, f.banco ? `no ${f.banco}` : null].filter(Boolean).join(" ") || null,
    f.valor_parcela !== null ? `parcela de ${formatarBRL(f.valor_parcela)}` : null,
    f.taxa_juros !== null ? `taxa de ${String(f.taxa_juros).replace(".", ",")}% ao mês` : null,
  ].filter(Boolean);
  return `${partes.join(", ")}.${contrato.length ? ` Contrato: ${contrato.join(", ")}.` : ""}`;
}

/** Why a criterion fails, or null when none is known to fail. */
function motivoRejeicao(e: TEstado): string | null {
  const f = e.fatos;
  if (e.inss === false) return "Não é aposentado(a) ou pensionista do INSS";
  if (f.renda_mensal !== null && f.renda_mensal < RENDA_MINIMA)
    return `Renda de ${formatarBRL(f.renda_mensal)} abaixo do mínimo de ${formatarBRL(RENDA_MINIMA)}`;
  if (f.interesse_confirmado === false) return "O lead não tem interesse na revisão";
  if (f.margem_disponivel === false) return "Sem margem consignável disponível";
  return null;
}

function conhecido(e: TEstado, t: TTopicoTriagem): boolean {
  if (t === "beneficio") return e.inss !== null;
  if (t === "renda") return e.fatos.renda_mensal !== null;
  if (t === "interesse") return e.fatos.interesse_confirmado !== null;
  return e.fatos.margem_disponivel !== null;
}

/**
 * The built-in screener of companies without an API key (the embedded default): the same criteria as the model
 * (001 §9), asked one at a time. Rejects as soon as a criterion fails, qualifies when all are confirmed, and
 * hands the lead to a person (ErroIa → Requer Análise Manual IA) when a question was asked twice in vain.
 */
export function triarPorRegras(conversa: readonly TMensagemConversa[], empresaNome: string): TResultadoTriagem {
  const e = lerConversa(conversa);
  const rejeicao = motivoRejeicao(e);
  if (rejeicao) return { decisao: "rejeitado", motivo: rejeicao, proximaPergunta: null, resumo: rejeicao, fatos: e.fatos };
  const falta = TOPICOS_TRIAGEM.find((t) => !conhecido(e, t));
  if (!falta) {
    return {
      decisao: "qualificado",
      motivo: "Todos os critérios de triagem foram confirmados",
      proximaPergunta: null,
      resumo: resumo(e),
      fatos: e.fatos,
    };
  }
  if (e.perguntas[falta] >= MAX_PERGUNTAS_POR_TOPICO)
    throw new ErroIa(
      "json_invalido",
      `${MSG.erroAnalisarMensagem}: o lead não respondeu de forma clara à pergunta "${PERGUNTAS_TRIAGEM[falta]}"`,
    );
  const primeira = !conversa.some((m) => m.sender === "ia");
  const pergunta = primeira ? `${saudacaoTriagem(empresaNome)} ${PERGUNTAS_TRIAGEM[falta]}` : PERGUNTAS_TRIAGEM[falta];
  return {
    decisao: "duvidas",
    motivo: `Falta confirmar: ${falta === "beneficio" ? "benefício do INSS" : falta === "renda" ? "renda mensal" : falta === "interesse" ? "interesse" : "margem consignável"}`,
    proximaPergunta: pergunta,
    resumo: "",
    fatos: e.fatos,
  };
}

import { TIPOS_BENEFICIO } from "@crm/domain/schemas/screening";
import { CRITERIOS_TRIAGEM, DECISOES_TRIAGEM } from "@crm/domain/screening";

/** One message of the conversation as the screener reads it (oldest first). */
export type TMensagemConversa = { id: string; sender: "lead" | "ia" | "consultor" | "sistema"; texto: string; tipo: string };

export type TMensagemModelo = { role: "system" | "user" | "assistant"; content: string };

/** The conversation sent to the model is capped: the newest messages, within a character budget. */
const MAX_MENSAGENS = 40;
const MAX_CARACTERES = 12_000;

/**
 * The system prompt: the criteria of 001 §9, the decision rules and the JSON contract of 001 §7 (decision,
 * reason, nextQuestion, summary) plus the facts. Written in Portuguese, as the conversation is.
 */
function promptDoSistema(empresaNome: string): string {
  return [
    `Você é a assistente virtual de triagem da empresa "${empresaNome}", que faz revisão de juros de contratos de crédito consignado.`,
    "Converse com o lead pelo WhatsApp em português do Brasil, com educação e frases curtas, fazendo UMA pergunta por vez.",
    "Nunca prometa resultados, valores de restituição ou prazos. Não peça senhas nem documentos.",
    "",
    "Critérios para o lead ser qualificado (todos precisam estar confirmados pelo lead):",
    ...CRITERIOS_TRIAGEM.map((c, i) => `${i + 1}. ${c}.`),
    "",
    "Decida:",
    '- "qualificado": todos os critérios foram confirmados na conversa.',
    '- "rejeitado": algum critério claramente não é atendido (não é aposentado nem pensionista do INSS, renda abaixo de R$ 1.500,00, sem interesse, sem margem disponível) ou o lead pediu para encerrar.',
    '- "duvidas": ainda falta informação; escreva em nextQuestion a próxima pergunta ao lead (uma só).',
    "",
    "Responda SOMENTE com um objeto JSON, sem texto fora dele, neste formato:",
    "{",
    `  "decision": ${DECISOES_TRIAGEM.map((d) => `"${d}"`).join(" | ")},`,
    '  "reason": "motivo curto da decisão",',
    '  "nextQuestion": "próxima pergunta ao lead (obrigatória quando decision = duvidas; senão null)",',
    '  "summary": "resumo do caso para o consultor",',
    '  "facts": {',
    `    "benefitType": ${TIPOS_BENEFICIO.map((t) => `"${t}"`).join(" | ")} | null,`,
    '    "monthlyIncome": número em reais | null,',
    '    "bank": "banco do contrato" | null,',
    '    "contractType": "tipo de contrato (ex.: empréstimo consignado, cartão consignado)" | null,',
    '    "installment": valor da parcela em reais | null,',
    '    "interestRate": taxa de juros mensal em % | null,',
    '    "interestConfirmed": true | false | null,',
    '    "marginAvailable": true | false | null,',
    '    "amountFinanced": valor financiado ou emprestado em reais | null,',
    '    "installmentsTotal": número total de parcelas do contrato | null,',
    '    "installmentsPaid": parcelas já pagas | null,',
    '    "contractDate": "data do contrato como AAAA-MM-DD, ou AAAA-MM se só disse o mês" | null',
    "  }",
    "}",
    "Preencha em facts apenas o que o lead disse; use null para o que não foi informado.",
  ].join("\n");
}

function textoDe(m: TMensagemConversa): string {
  if (m.texto.trim()) return m.texto.trim();
  return `[${m.tipo === "image" ? "imagem" : m.tipo === "document" ? "documento" : m.tipo === "audio" ? "áudio" : "mídia"} sem texto]`;
}

/**
 * The conversation as chat messages: the lead is the user; the screener and the consultants are the
 * assistant side (a consultant's words are marked, so the model knows a person spoke).
 */
export function mensagensParaModelo(empresaNome: string, conversa: readonly TMensagemConversa[]): TMensagemModelo[] {
  const recentes: TMensagemModelo[] = [];
  let total = 0;
  for (let i = conversa.length - 1; i >= 0 && recentes.length < MAX_MENSAGENS; i--) {
    const m = conversa[i];
    if (m.sender === "sistema") continue;
    const texto = m.sender === "consultor" ? `[Consultor] ${textoDe(m)}` : textoDe(m);
    total += texto.length;
    if (total > MAX_CARACTERES && recentes.length) break;
    recentes.push({ role: m.sender === "lead" ? "user" : "assistant", content: texto.slice(0, MAX_CARACTERES) });
  }
  return [{ role: "system", content: promptDoSistema(empresaNome) }, ...recentes.reverse()];
}

/** JSON Schema of the answer, for servers that support structured outputs (response_format json_schema, strict). */
export const SCHEMA_RESPOSTA = {
  type: "object",
  additionalProperties: false,
  required: ["decision", "reason", "nextQuestion", "summary", "facts"],
  properties: {
    decision: { type: "string", enum: [...DECISOES_TRIAGEM] },
    reason: { type: "string" },
    nextQuestion: { type: ["string", "null"] },
    summary: { type: "string" },
    facts: {
      type: "object",
      additionalProperties: false,
      required: [
        "benefitType",
        "monthlyIncome",
        "bank",
        "contractType",
        "installment",
        "interestRate",
        "interestConfirmed",
        "marginAvailable",
        "amountFinanced",
        "installmentsTotal",
        "installmentsPaid",
        "contractDate",
      ],
      properties: {
        benefitType: { type: ["string", "null"], enum: [...TIPOS_BENEFICIO, null] },
        monthlyIncome: { type: ["number", "null"] },
        bank: { type: ["string", "null"] },
        contractType: { type: ["string", "null"] },
        installment: { type: ["number", "null"] },
        interestRate: { type: ["number", "null"] },
        interestConfirmed: { type: ["boolean", "null"] },
        marginAvailable: { type: ["boolean", "null"] },
        amountFinanced: { type: ["number", "null"] },
        installmentsTotal: { type: ["integer", "null"] },
        installmentsPaid: { type: ["integer", "null"] },
        contractDate: { type: ["string", "null"] },
      },
    },
  },
} as const;

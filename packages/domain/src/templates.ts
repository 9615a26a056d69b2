/** Message templates of the lead chat (001 'Lead chat'): six built in, plus the company's own (modelos_mensagem). */

export const CATEGORIAS_MODELO = ["Saudação", "Qualificação", "Agendamento", "Material", "Follow-up", "Despedida"] as const;
export type TCategoriaModelo = (typeof CATEGORIAS_MODELO)[number];

export type TModeloPadrao = {
  id: string;
  nome: string;
  categoria: TCategoriaModelo;
  /** {{nome}} is the lead's first name, {{consultor}} the sender's first name, {{empresa}} the company */
  conteudo: string;
  /** the name under which the provider approved it (the sandbox approves these six) */
  nomeProvedor: string;
};

export const MODELOS_PADRAO: readonly TModeloPadrao[] = [
  {
    id: "padrao-saudacao",
    nome: "Boas-vindas",
    categoria: "Saudação",
    nomeProvedor: "boas_vindas",
    conteudo:
      "Olá, {{nome}}! Aqui é {{consultor}}, da {{empresa}}. Recebi seu contato sobre a revisão do seu financiamento e vou te ajudar a verificar se os juros cobrados estão acima do permitido. Podemos conversar agora?",
  },
  {
    id: "padrao-qualificacao",
    nome: "Dados do contrato",
    categoria: "Qualificação",
    nomeProvedor: "dados_do_contrato",
    conteudo:
      "{{nome}}, para analisar seu caso preciso de algumas informações: qual é o tipo do financiamento (carro, moto, casa ou crédito pessoal), o banco, o valor da parcela e quantas parcelas você já pagou?",
  },
  {
    id: "padrao-agendamento",
    nome: "Agendar conversa",
    categoria: "Agendamento",
    nomeProvedor: "agendar_conversa",
    conteudo:
      "{{nome}}, que tal marcarmos uma ligação rápida de 15 minutos para eu explicar como funciona a revisão? Me diga o melhor dia e horário para você.",
  },
  {
    id: "padrao-material",
    nome: "Documentos necessários",
    categoria: "Material",
    nomeProvedor: "documentos_necessarios",
    conteudo:
      "{{nome}}, para prepararmos a análise, envie por aqui: 1) cópia do contrato de financiamento; 2) os 3 últimos comprovantes de pagamento; 3) documento de identidade com foto. Pode mandar foto ou PDF.",
  },
  {
    id: "padrao-followup",
    nome: "Retomar contato",
    categoria: "Follow-up",
    nomeProvedor: "retomar_contato",
    conteudo:
      "Oi, {{nome}}! Passando para saber se você ainda tem interesse em revisar os juros do seu contrato. Sua análise está reservada e posso continuar de onde paramos.",
  },
  {
    id: "padrao-despedida",
    nome: "Encerramento",
    categoria: "Despedida",
    nomeProvedor: "encerramento",
    conteudo:
      "{{nome}}, obrigado pela conversa! Qualquer dúvida sobre o seu contrato, é só chamar aqui. Um abraço, {{consultor}} - {{empresa}}.",
  },
];

export type TVariaveisModelo = { nome?: string | null; consultor?: string | null; empresa?: string | null };

const primeiroNome = (s: string | null | undefined) => (s ?? "").trim().split(/\s+/)[0] ?? "";

/** Fills {{nome}}, {{consultor}} and {{empresa}}; unknown or empty variables become empty text. */
export function preencherModelo(conteudo: string, v: TVariaveisModelo): string {
  const valores: Record<string, string> = {
    nome: primeiroNome(v.nome),
    consultor: primeiroNome(v.consultor),
    empresa: (v.empresa ?? "").trim(),
  };
  return conteudo
    .replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => valores[k] ?? "")
    .replace(/ {2,}/g, " ")
    .trim();
}

/**
 * A provider template body uses positional variables ({{1}}, {{2}}...). Renders it with the given values,
 * the way the lead will read it.
 */
export function renderizarTemplateProvedor(corpo: string, parametros: readonly string[]): string {
  return corpo.replace(/\{\{(\d+)\}\}/g, (m, n: string) => parametros[Number(n) - 1] ?? m);
}

/** How many positional variables a provider template body has. */
export function contarParametros(corpo: string): number {
  let max = 0;
  for (const m of corpo.matchAll(/\{\{(\d+)\}\}/g)) max = Math.max(max, Number(m[1]));
  return max;
}

/** The six built-in templates as the sandbox provider approves them: {{nome}} → {{1}}, {{consultor}} → {{2}}, {{empresa}} → {{3}}. */
export function corpoProvedorDoPadrao(conteudo: string): string {
  return conteudo
    .replace(/\{\{nome\}\}/g, "{{1}}")
    .replace(/\{\{consultor\}\}/g, "{{2}}")
    .replace(/\{\{empresa\}\}/g, "{{3}}");
}

import { formatarBRL } from "./format";
import { MODELOS_PADRAO } from "./templates";

/**
 * Quick replies of the chat's composer (decision 1838): typing '/' lists the company's and the person's own, filtered
 * as they type; the chosen one fills the message box with its variables taken from the lead.
 */
export const LIMITE_RESPOSTAS_LISTA = 20;
export const LIMITE_RESPOSTAS_EMPRESA = 5000;
export const ATALHO_RESPOSTA = /^[a-z0-9_-]{1,30}$/;

/** The variables a quick reply may use, with what each is; shown beside the form. */
export const VARIAVEIS_RESPOSTA = {
  nome: "nome completo do lead",
  primeiro_nome: "primeiro nome do lead",
  valor_parcela: "valor da parcela do lead, em reais",
  consultor: "primeiro nome do consultor do lead",
  empresa: "nome da empresa",
} as const;
export type TVariavelResposta = keyof typeof VARIAVEIS_RESPOSTA;

export type TDadosResposta = {
  nome?: string | null;
  valorParcela?: string | number | null;
  consultor?: string | null;
  empresa?: string | null;
};

const primeiro = (s: string) => s.split(/\s+/)[0] ?? "";

/**
 * Fills a quick reply's variables from the lead. A variable without a value (no instalment typed, no consultant yet)
 * becomes empty text and is named in `faltando`, so the composer can ask the person to complete it before sending;
 * an unknown `{{x}}` is left as typed (it is the person's text, not a variable).
 */
export function preencherResposta(conteudo: string, d: TDadosResposta): { texto: string; faltando: TVariavelResposta[] } {
  const nome = (d.nome ?? "").trim();
  const consultor = (d.consultor ?? "").trim();
  const parcela =
    d.valorParcela === null || d.valorParcela === undefined || d.valorParcela === "" ? null : Number(d.valorParcela);
  const valores: Record<TVariavelResposta, string> = {
    nome,
    primeiro_nome: primeiro(nome),
    valor_parcela: parcela !== null && Number.isFinite(parcela) && parcela > 0 ? formatarBRL(parcela) : "",
    consultor: primeiro(consultor),
    empresa: (d.empresa ?? "").trim(),
  };
  const faltando = new Set<TVariavelResposta>();
  const texto = conteudo.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, k: string) => {
    if (!(k in valores)) return m;
    const v = valores[k as TVariavelResposta];
    if (!v) faltando.add(k as TVariavelResposta);
    return v;
  });
  return { texto: faltando.size ? texto.replace(/ {2,}/g, " ").trim() : texto, faltando: [...faltando] };
}

/**
 * The six built-in templates as every company's first quick replies: the provider's name is the shortcut, and their
 * {{nome}} (the first name there) is {{primeiro_nome}} here. Migration 0065 seeded the companies that existed then.
 */
export const RESPOSTAS_PADRAO = MODELOS_PADRAO.map((m) => ({
  atalho: m.nomeProvedor,
  titulo: m.nome,
  conteudo: m.conteudo.replace(/\{\{nome\}\}/g, "{{primeiro_nome}}"),
}));

export const MSG_RESPOSTAS = {
  acessoNegado: "Você não tem permissão para usar respostas rápidas.",
  acessoNegadoEmpresa: "Só o administrador da empresa gerencia as respostas rápidas da empresa.",
  atalhoObrigatorio: "Informe o atalho.",
  atalhoInvalido: "Use até 30 letras minúsculas, números, '-' ou '_', sem espaços nem acentos.",
  tituloObrigatorio: "Informe o título.",
  tituloLongo: "O título pode ter no máximo 80 caracteres.",
  conteudoObrigatorio: "Escreva o texto da resposta.",
  conteudoLongo: "O texto pode ter no máximo 4096 caracteres.",
  atalhoRepetido: "Já existe uma resposta rápida com este atalho.",
  limite: `A empresa pode ter no máximo ${LIMITE_RESPOSTAS_EMPRESA} respostas rápidas.`,
  naoEncontrada: "Resposta rápida não encontrada.",
  criada: "Resposta rápida criada.",
  salva: "Resposta rápida salva.",
  excluida: "Resposta rápida excluída.",
  erroSalvar: "Não foi possível salvar a resposta rápida. Tente novamente.",
  erroExcluir: "Não foi possível excluir a resposta rápida. Tente novamente.",
  erroCarregar: "Não foi possível carregar as respostas rápidas.",
  carregando: "Carregando respostas rápidas",
  semRespostas: "Nenhuma resposta rápida ainda",
  semRespostasDica: "Crie uma aqui ou, no chat, use 'Salvar como resposta rápida'.",
  nenhumaEncontrada: "Nenhuma resposta rápida encontrada.",
  faltando: (vars: string[]) =>
    `Sem valor para ${vars.map((v) => `{{${v}}}`).join(", ")} neste lead: complete a mensagem antes de enviar.`,
  midiaErro: "Não foi possível carregar a mídia da resposta rápida.",
} as const;

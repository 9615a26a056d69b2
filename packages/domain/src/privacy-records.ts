import { BASES_LEGAIS, CATEGORIAS_DADO, OPERACOES_TRATAMENTO, type TCategoriaDado, type TOperacao } from "./data-catalogue";
import { CATALOGO_DADOS } from "./data-catalogue-tables";

/**
 * The company's records (decisions 1872–1873): the ROPA of LGPD art. 37 built from the data catalogue and the
 * company's settings, and the retention rules per category with their defaults.
 */

/** The retention rules a company sets (decision 1873); no row in `retencao_regras` = the default here. */
export const REGRAS_RETENCAO = {
  leads_nao_convertidos: {
    rotulo: "Leads nunca convertidos",
    contagem: "meses após a última mensagem",
    padraoMeses: 12,
    acao: "Anonimiza o lead (nome, contatos, textos) e apaga suas mensagens, mídias e notas; os números do contrato ficam, sem identificar ninguém, para os totais dos painéis.",
  },
  pedidos_privacidade_encerrados: {
    rotulo: "Solicitações de privacidade encerradas",
    contagem: "meses após o encerramento",
    padraoMeses: 60,
    acao: "Apaga nome, telefone, CPF, e-mail, detalhes e documento do titular; o protocolo, o direito, as datas e a resposta ficam como prova do atendimento.",
  },
} as const;
export type TCategoriaRetencao = keyof typeof REGRAS_RETENCAO;
export const CATEGORIAS_RETENCAO = Object.keys(REGRAS_RETENCAO) as TCategoriaRetencao[];
export const RETENCAO_MIN_MESES = 1;
export const RETENCAO_MAX_MESES = 120;

/** The security measures the product itself applies (ANPD's model asks for them per operation; they hold for all). */
export const MEDIDAS_SEGURANCA = [
  "Isolamento por empresa no banco de dados (segurança em nível de linha) e permissões por papel verificadas no servidor.",
  "Senhas guardadas com hash resistente a força bruta; sessões com cookie httpOnly e proteção contra CSRF.",
  "Chaves e tokens da empresa cifrados em repouso (AES-256-GCM).",
  "Arquivos privados: baixados somente por rota autorizada.",
  "Trilha de auditoria encadeada por hash, com retenção conforme o plano.",
  "Regras de retenção que anonimizam dados vencidos, com relatório de cada execução.",
] as const;

export type TOperacaoRopa = {
  chave: TOperacao;
  titulo: string;
  finalidade: string;
  bases: string[];
  titulares: string;
  categorias: string[];
  /** the catalogue's columns of this operation, 'tabela.coluna' */
  dados: string[];
  textoLivre: boolean;
  retencao: string;
  compartilhamento: string;
};

/** What one ROPA version holds: stored as generated (`ropa_versoes.conteudo`), rendered as PDF and XLSX. */
export type TConteudoRopa = {
  versao: number;
  geradaEm: string;
  controlador: {
    nome: string;
    cnpj: string | null;
    endereco: string | null;
    atividade: string | null;
    responsavel: string | null;
    email: string | null;
  };
  encarregado: { nome: string | null; email: string | null; telefone: string | null };
  operacoes: TOperacaoRopa[];
  medidasSeguranca: string[];
  transferenciaInternacional: string;
  /** every version before this one and this one: the date filled in and of each update (ANPD's model) */
  historico: { versao: number; geradaEm: string }[];
};

/** The operations of the company's ROPA from the catalogue: one per operation the company is controller of. */
export function operacoesDoCatalogo(): TOperacaoRopa[] {
  const porOperacao = new Map<TOperacao, { dados: string[]; categorias: Set<TCategoriaDado>; livre: boolean }>();
  for (const [tabela, t] of Object.entries(CATALOGO_DADOS))
    for (const [coluna, c] of Object.entries(t.pessoais)) {
      const o = porOperacao.get(c.operacao) ?? { dados: [], categorias: new Set(), livre: false };
      o.dados.push(`${tabela}.${coluna}`);
      o.categorias.add(c.categoria);
      o.livre ||= !!c.textoLivre;
      porOperacao.set(c.operacao, o);
    }
  return (Object.keys(OPERACOES_TRATAMENTO) as TOperacao[])
    .filter((k) => OPERACOES_TRATAMENTO[k].daEmpresa && porOperacao.has(k))
    .map((k) => {
      const op = OPERACOES_TRATAMENTO[k];
      const o = porOperacao.get(k) as { dados: string[]; categorias: Set<TCategoriaDado>; livre: boolean };
      return {
        chave: k,
        titulo: op.titulo,
        finalidade: op.finalidade,
        bases: op.bases.map((b) => BASES_LEGAIS[b]),
        titulares: op.titulares,
        categorias: [...o.categorias].map((c) => CATEGORIAS_DADO[c]),
        dados: o.dados.sort(),
        textoLivre: o.livre,
        retencao: op.retencao,
        compartilhamento: op.compartilhamento,
      };
    });
}

/** pt-BR texts of the ROPA and retention screen. */
export const MSG_REGISTRO = {
  titulo: "Registro de operações",
  subtitulo:
    "O registro das operações de tratamento (LGPD, art. 37) gerado do catálogo de dados, e as regras de retenção que apagam o que venceu.",
  acessoNegado: "Você não tem acesso ao registro de operações.",
  carregando: "Carregando o registro de operações…",
  erro: "Não foi possível carregar o registro de operações. Tente novamente.",
  semVersoes: "Nenhuma versão do registro gerada até agora.",
  semExecucoes: "A retenção ainda não rodou para esta empresa.",
  versaoGerada: (n: number) => `Versão ${n} do registro de operações gerada.`,
  regrasSalvas: "Regras de retenção salvas.",
  controladorSalvo: "Dados do controlador salvos.",
  versaoNaoEncontrada: "Versão do registro não encontrada.",
  cnpjInvalido: "Informe um CNPJ com 14 dígitos.",
  mesesInvalidos: `Informe de ${RETENCAO_MIN_MESES} a ${RETENCAO_MAX_MESES} meses.`,
  transferenciaInternacional:
    "Depende dos provedores que a empresa configurar (WhatsApp, IA, armazenamento): verifique onde cada um guarda os dados.",
} as const;

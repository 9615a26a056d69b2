import { contar } from "./plural";

/** pt-BR texts of the platform admin's screens (/usuarios, figures, settings, /empresas and one company); part of MSG. */
export const MSG_PLATAFORMA = {
  // the platform admin: /usuarios, figures and settings (decisions 1307–1309)
  papelInvalido: "Papel inválido: escolha Admin Empresa, Consultor ou Jurídico.",
  dataInvalida: "Data inválida",
  periodoDeDepoisDoAte: "A data inicial deve ser anterior ou igual à data final.",
  periodoLongoDemais: "Período longo demais: escolha no máximo 10 anos.",
  usuarioNaoEncontrado: "Usuário não encontrado",
  nenhumUsuarioEncontrado: "Nenhum usuário encontrado",
  erroCarregarUsuarios: "Erro ao carregar usuários. Tente novamente.",
  usuarioDesativado: (nome: string) => `${nome} foi desativado(a) e suas sessões foram encerradas.`,
  usuarioReativado: (nome: string) => `${nome} foi reativado(a).`,
  papelAlterado: (nome: string, papel: string) => `${nome} agora é ${papel}.`,
  sessoesEncerradas: (n: number) => `${contar(n, "sessão encerrada", "sessões encerradas")}.`,
  naoPodeAlterarAdminPlataforma: "As contas de Admin Plataforma não são alteradas por esta tela.",
  usuarioJaTemPapel: (papel: string) => `O usuário já é ${papel}.`,
  usuarioInativoSemPapel: "Reative o usuário antes de mudar seu papel.",
  erroAcaoUsuario: "Não foi possível concluir a ação. Tente novamente.",
  erroCarregarIndicadores: "Erro ao carregar os indicadores da plataforma. Tente novamente.",
  semEmpresasNoPeriodo: "Nenhuma empresa encontrada",
  semDadosGrafico: "Sem dados para exibir",
  versaoGraphInvalida: "Versão inválida (ex.: v25.0)",
  remetenteNomeLongo: "Nome do remetente com mais de 100 caracteres",
  remetenteNomeInvalido: "O nome do remetente não pode ter <, >, aspas nem quebras de linha.",
  configuracoesPlataformaSalvas: "Configurações da plataforma salvas com sucesso!",
  erroCarregarConfiguracoesPlataforma: "Erro ao carregar as configurações da plataforma. Tente novamente.",
  erroSalvarConfiguracoesPlataforma: "Erro ao salvar as configurações da plataforma. Tente novamente.",
  // ---------------------------------------------------------------- /empresas and one company (decision 1304)
  nenhumaEmpresa: "Nenhuma empresa encontrada",
  carregandoEmpresas: "Carregando empresas...",
  erroCarregarEmpresas: "Erro ao carregar as empresas. Tente novamente.",
  erroCarregarEmpresa: "Erro ao carregar a empresa. Tente novamente.",
  empresaSuspensa:
    "O acesso da sua empresa está suspenso. Fale com o administrador da sua empresa ou com o suporte da plataforma para reativá-lo.",
  planoObrigatorio: "Plano é obrigatório",
  statusEmpresaObrigatorio: "Status é obrigatório",
  dataAdesaoObrigatoria: "Data de adesão é obrigatória",
  dataAdesaoInvalida: "Data de adesão inválida",
  dataAdesaoFutura: "A data de adesão não pode ser no futuro",
  nomeAdminObrigatorio: "Nome do administrador é obrigatório",
  empresaCriada: (nome: string, email: string) => `Empresa ${nome} criada. Convite enviado para ${email}.`,
  empresaAtualizada: "Empresa atualizada com sucesso!",
  erroSalvarEmpresa: "Erro ao salvar empresa. Tente novamente.",
  empresaSuspensaComSucesso: "Empresa suspensa. Os usuários dela foram desconectados.",
  empresaReativada: "Empresa reativada.",
  empresaJaSuspensa: "A empresa já está suspensa.",
  empresaNaoSuspensa: "A empresa não está suspensa.",
  confirmarSuspensao: (nome: string) =>
    `Suspender ${nome}? Os usuários da empresa serão desconectados na hora e não poderão entrar até a reativação. Os webhooks do WhatsApp continuam sendo recebidos e guardados.`,
  avisoExcluirEmpresa:
    "Esta ação não pode ser desfeita. Todos os dados da empresa serão apagados para sempre: usuários, leads, conversas, documentos, custos e faturas.",
  digiteNomeEmpresa: (nome: string) => `Para confirmar, digite o nome da empresa: ${nome}`,
  nomeConfirmacaoDiferente: "O nome digitado não confere com o nome da empresa.",
  empresaExcluida: "Empresa excluída.",
  erroExcluirEmpresa: "Erro ao excluir empresa. Tente novamente.",
  nenhumUsuarioEmpresa: "Nenhum usuário nesta empresa",
  // one company's export (decision 1943)
  exportarEmpresa: "Exportar empresa",
  exportarEmpresaTitulo: "Portabilidade e encerramento",
  exportarEmpresaDescricao:
    "Baixa um arquivo com todos os dados e arquivos desta empresa: leads, conversas, documentos, processos, usuários, registro de mudanças e trilha de auditoria. Serve para a portabilidade (LGPD) e para levar a empresa a outra instalação do CRM (npm run company:import). O arquivo tem dados pessoais e senhas cifradas: guarde-o com cuidado. O download fica registrado na auditoria.",
  nenhumaAcaoRegistrada: "Nenhuma ação da plataforma registrada",
  papelAlteradoNaEmpresa: "Papel alterado.",
  usuarioDesativadoNaEmpresa: "Usuário desativado. As sessões dele foram encerradas.",
  usuarioReativadoNaEmpresa: "Usuário reativado.",
  usuarioJaAtivo: "O usuário já está ativo.",
  usuarioJaInativo: "O usuário já está desativado.",
  redefinicaoEnviada: (email: string) => `Email de redefinição de senha enviado para ${email}.`,
  usuarioInativoSemRedefinicao: "Reative o usuário antes de enviar a redefinição de senha.",
  erroAcaoUsuarioEmpresa: "Erro ao executar a ação. Tente novamente.",
  usuarioNaoEncontradoNaEmpresa: "Usuário não encontrado nesta empresa",
} as const;

/** The archive of one company's export (decision 1943): the company's name made safe for a file name, and the day. */
export function nomeArquivoExportacaoEmpresa(nome: string, dia: string): string {
  const base = nome
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `empresa-${base || "sem-nome"}-${dia}.tar.gz`;
}

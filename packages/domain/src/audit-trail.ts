import { TIPOS_MUDANCA } from "./change-log";
import { celulaCsv, SEPARADOR_EXPORTACAO, textoSeguro } from "./leads-export";
import { horaLocalSP } from "./period";

/**
 * The audit trail's vocabulary (decision 1821). Its events come from the change log (every business change, its kind
 * `entidade.verbo`) and from the auditoria intake (sign-ins, account and platform actions, and the reads that matter,
 * below). One source for the server that writes and chains them and for /auditoria, which names them in pt-BR.
 */

/** The reads that matter (decision 1821), each written to the intake when the answer goes out (audit-trail/reads.ts). */
export const LEITURAS_AUDITADAS = {
  "lead.contrato_visto": "Viu o contrato e a renda do lead",
  "lead.pre_laudo_baixado": "Baixou o pré-laudo do lead",
  "documento.visto": "Abriu um documento",
  "midia.baixada": "Baixou uma mídia da conversa",
  "leads.exportados": "Exportou leads",
  "financeiro.exportado": "Exportou o financeiro",
  "auditoria.exportada": "Exportou a trilha de auditoria",
  "privacidade.ropa_baixado": "Baixou o registro de operações",
  "acesso.plataforma": "Admin da plataforma acessou dados da empresa",
  "empresa.exportada": "Exportou todos os dados da empresa",
} as const;
export type TLeituraAuditada = keyof typeof LEITURAS_AUDITADAS;

/** Every action /auditoria can name; an action it does not know is shown as written. */
export const ROTULOS_ACAO: Record<string, string> = {
  ...LEITURAS_AUDITADAS,
  login: "Entrou",
  "login.falhou": "Tentativa de entrada recusada",
  logout: "Saiu",
  registro: "Cadastrou a empresa",
  "senha.alterada": "Alterou a senha",
  "senha.redefinida": "Redefiniu a senha",
  "email.alterado": "Alterou o e-mail",
  "email.confirmado": "Confirmou o e-mail",
  "email.troca_solicitada": "Pediu a troca de e-mail",
  "perfil.atualizado": "Atualizou o perfil",
  "sessao.encerrada": "Encerrou uma sessão",
  "sessao.outras_encerradas": "Encerrou as outras sessões",
  "convite.criado": "Convidou uma pessoa",
  "convite.aceito": "Aceitou um convite",
  "convite.reenviado": "Reenviou um convite",
  "convite.excluido": "Excluiu um convite",
  "consultor.atualizado": "Alterou um consultor",
  "consultor.excluido": "Excluiu um consultor",
  "juridico.membro_criado": "Adicionou um membro jurídico",
  "juridico.membro_atualizado": "Alterou um membro jurídico",
  "juridico.membro_excluido": "Excluiu um membro jurídico",
  "ia_triagem.alterada": "Ligou ou desligou a triagem por IA",
  "ia.decisao": "Decisão da triagem por IA",
  "triagem.revisada": "Revisou uma decisão da IA",
  "marketing.custo_criado": "Lançou um custo",
  "marketing.custo_atualizado": "Alterou um custo",
  "marketing.custo_excluido": "Excluiu um custo",
  "marketing.custos_importados": "Importou custos",
  "auditoria.retencao": "Retenção aplicada à trilha",
  "lead.criado": "Criou um lead",
  "lead.alterado": "Alterou um lead",
  "lead.status": "Mudou o status de um lead",
  "lead.status_juridico": "Mudou o status jurídico",
  "lead.atribuido": "Atribuiu um lead",
  "lead.transferido": "Transferiu um lead",
  "lead.excluido": "Excluiu um lead",
  "lead.eliminado": "Eliminou os dados pessoais de um lead (LGPD)",
  "mensagem.recebida": "Mensagem recebida",
  "mensagem.enviada": "Mensagem enviada",
  "mensagem.status": "Status de mensagem",
  "mensagem.excluida": "Mensagem apagada pela retenção",
  "documento.enviado": "Enviou um documento",
  "documento.excluido": "Excluiu um documento",
  "prazo.criado": "Criou um prazo",
  "prazo.alterado": "Alterou um prazo",
  "prazo.excluido": "Excluiu um prazo",
  "custo.criado": "Custo criado",
  "custo.alterado": "Custo alterado",
  "custo.excluido": "Custo excluído",
  "assinatura.alterada": "Assinatura alterada",
  "privacidade.solicitada": "Pedido de privacidade",
  "privacidade.verificada": "Identidade do titular confirmada",
  "privacidade.documento": "Documento de representação enviado",
  "privacidade.aprovada": "Aprovou a representação do titular",
  "privacidade.respondida": "Resposta simplificada enviada",
  "privacidade.alertada": "Alerta de prazo de privacidade",
  "privacidade.atendida": "Pedido de privacidade atendido",
  "privacidade.recusada": "Pedido de privacidade recusado",
  "privacidade.resposta_enviada": "Resposta ao titular enviada pelo WhatsApp",
  "privacidade.resposta_falhou": "Resposta ao titular não enviada pelo WhatsApp",
  "privacidade.incidente_registrado": "Registrou um incidente de segurança",
  "privacidade.incidente_alterado": "Alterou um incidente de segurança",
  "privacidade.incidente_comunicado": "Registrou a comunicação de um incidente à ANPD",
  "privacidade.incidente_titular_avisado": "Avisou um titular de um incidente",
  "privacidade.incidente_encerrado": "Encerrou um incidente de segurança",
  "privacidade.pacote_solicitado": "Iniciou o pacote de dados do titular",
  "privacidade.pacote_pronto": "Pacote de dados do titular pronto",
  "privacidade.pacote_baixado": "Pacote de dados do titular baixado",
  "privacidade.pacote_expirado": "Pacote de dados do titular expirado e apagado",
  "privacidade.ropa_gerado": "Gerou uma versão do registro de operações",
  "privacidade.retencao_executada": "Retenção de dados executada",
  "privacidade.anonimizada": "Dados de um pedido de privacidade anonimizados",
  "configuracao.alterada": "Alterou as configurações",
  "configuracao.chave_api": "Criou ou revogou uma chave da API",
  "api.chave_usada": "Usou a API com uma chave",
  "configuracao.permissao": "Alterou o acesso de uma pessoa",
  "resposta.criada": "Criou uma resposta rápida",
  "resposta.alterada": "Alterou uma resposta rápida",
  "resposta.excluida": "Excluiu uma resposta rápida",
  "campanha.criada": "Criou uma campanha",
  "campanha.pausada": "Pausou uma campanha",
  "campanha.retomada": "Retomou uma campanha",
  "campanha.cancelada": "Cancelou uma campanha",
  "campanha.concluida": "Campanha concluída",
  "campanha.lead_ignorado": "Campanha deixou de enviar a um lead",
};

/** The pt-BR name of an action. */
export const rotuloAcao = (acao: string): string => ROTULOS_ACAO[acao] ?? acao;

/** The actions /auditoria offers in its filter: the reads, sign-ins and every change-log kind. */
export const ACOES_FILTRAVEIS: string[] = [
  ...new Set([...Object.keys(ROTULOS_ACAO), ...Object.values(TIPOS_MUDANCA).flat()]),
].sort((a, b) => rotuloAcao(a).localeCompare(rotuloAcao(b), "pt-BR"));

/** The entities /auditoria filters by, with their pt-BR names. */
export const ENTIDADES_AUDITORIA: Record<string, string> = {
  lead: "Lead",
  mensagem: "Mensagem",
  documento: "Documento",
  prazo: "Prazo",
  custo: "Custo",
  assinatura: "Assinatura",
  privacidade: "Privacidade",
  configuracao: "Configurações",
  resposta: "Resposta rápida",
  campanha: "Campanha",
  usuario: "Pessoa",
  empresas: "Empresa",
  convite: "Convite",
  triagem: "Triagem por IA",
  exportacao: "Exportação",
  auditoria: "Trilha de auditoria",
  chaves_api: "Chave da API",
};
export const rotuloEntidade = (e: string): string => ENTIDADES_AUDITORIA[e] ?? e;

/**
 * Keys of an event's details that hold personal values (decision 1821): they are kept apart from the chained part,
 * under a salted commitment, so erasure can remove them without breaking the chain. Anywhere in the details.
 */
export const CHAVES_PESSOAIS_AUDITORIA = new Set([
  "email",
  "email_contato",
  "nome",
  "anterior",
  "novo",
  "novoEmail",
  "telefone",
  "cpf",
  "userAgent",
]);

type TJson = unknown;
/**
 * Splits an event's details into the part the chain covers and the personal part (null when there is none), keeping
 * the personal part's shape: `{ email: "a@b", papel: "x" }` → `{ papel: "x" }` and `{ email: "a@b" }`.
 */
export function separarPessoais(dados: Record<string, TJson>): {
  publicos: Record<string, TJson>;
  pessoais: Record<string, TJson> | null;
} {
  const publicos: Record<string, TJson> = {};
  const pessoais: Record<string, TJson> = {};
  for (const [k, v] of Object.entries(dados)) {
    if (CHAVES_PESSOAIS_AUDITORIA.has(k)) pessoais[k] = v;
    else if (v && typeof v === "object" && !Array.isArray(v)) {
      const dentro = separarPessoais(v as Record<string, TJson>);
      publicos[k] = dentro.publicos;
      if (dentro.pessoais) pessoais[k] = dentro.pessoais;
    } else publicos[k] = v;
  }
  return { publicos, pessoais: Object.keys(pessoais).length ? pessoais : null };
}

/** The platform's own chain (events of no company): the nil uuid, as the database names it. */
export const CADEIA_PLATAFORMA = "00000000-0000-0000-0000-000000000000";

export const TEXTO_AUDITORIA = {
  titulo: "Auditoria",
  subtitulo: "Quem fez o quê, quando e de onde. Cada evento é encadeado ao anterior: uma alteração é detectada.",
  subtituloPlataforma: "Eventos da plataforma (sem empresa). Escolha uma empresa para ver os dela.",
  acessoNegado: "Apenas administradores podem ver a auditoria.",
  vazio: "Nenhum evento encontrado com estes filtros.",
  erro: "Não foi possível carregar a auditoria.",
  tentarNovamente: "Tentar novamente",
  carregarMais: "Carregar mais",
  exportar: "Exportar CSV",
  pessoa: "Pessoa",
  todasPessoas: "Todas as pessoas",
  acao: "Ação",
  todasAcoes: "Todas as ações",
  entidade: "Entidade",
  todasEntidades: "Todas as entidades",
  de: "De",
  ate: "Até",
  ip: "IP",
  limpar: "Limpar filtros",
  quando: "Quando",
  detalhes: "Detalhes",
  sistema: "Sistema",
  pessoaRemovida: "Pessoa removida",
  redigido: "Dados pessoais apagados",
  aviso: "Novos eventos entram na trilha em até um minuto.",
  periodoInvalido: "A data inicial deve ser anterior à final.",
  ipInvalido: "Informe um IP válido.",
} as const;

const COLUNAS_CSV_AUDITORIA = ["Sequência", "Quando", "Pessoa", "Ação", "Entidade", "Id", "IP", "Detalhes", "Hash"];

/** The export's header line, after the byte order mark that makes Excel read UTF-8 (as the leads export). */
export const cabecalhoCsvAuditoria = () => `\uFEFF${COLUNAS_CSV_AUDITORIA.join(SEPARADOR_EXPORTACAO)}\r\n`;

/** An event as the export reads it (the shape of ZEventoAuditoria, plus its hash). */
type TEventoCsv = {
  seq: number;
  ocorridoEm: string;
  usuarioId: string | null;
  pessoa: string | null;
  acao: string;
  entidade: string;
  entidadeId: string | null;
  ip: string | null;
  dados: Record<string, unknown>;
  redigido: boolean;
  hash: string;
};

/** One event as a CSV line (CRLF), with its hash so a reader can check the copy against audit:verify. */
export function linhaCsvAuditoria(e: TEventoCsv): string {
  const pessoa = e.pessoa ?? (e.usuarioId ? TEXTO_AUDITORIA.pessoaRemovida : TEXTO_AUDITORIA.sistema);
  const celulas = [
    String(e.seq),
    horaLocalSP(new Date(e.ocorridoEm)).toISOString().slice(0, 19).replace("T", " "),
    pessoa,
    rotuloAcao(e.acao),
    rotuloEntidade(e.entidade),
    e.entidadeId ?? "",
    e.ip ?? (e.redigido ? TEXTO_AUDITORIA.redigido : ""),
    Object.keys(e.dados).length ? JSON.stringify(e.dados) : "",
    e.hash,
  ];
  return `${celulas.map((c) => celulaCsv(textoSeguro(c))).join(SEPARADOR_EXPORTACAO)}\r\n`;
}

/** The file name of an export, by the day it was made. */
export const nomeArquivoAuditoria = (dia: string) => `auditoria-${dia}.csv`;

import { PAPEL, type TPapel } from "./roles";

const { plataforma: P, admin: A, consultor: C, juridico: J } = PAPEL;
const TODOS: TPapel[] = [P, A, C, J];

/**
 * The one permission table (000 §6, 001 §6). Every API route names one of these keys;
 * the server refuses any role not listed. The web reads the same table to hide what a role cannot use.
 */
export const PERMISSOES = {
  "sessao.usar": TODOS,
  "notificacoes.usar": TODOS,
  "busca.usar": [P, A, C, J],
  "perfil.usar": TODOS,
  "empresas.gerenciar": [P],
  "usuarios.gerenciar": [P],
  /** the platform's own figures (/dashboard, /analytics) and settings (/configuracoes): its operator only */
  "plataforma.gerenciar": [P],
  "dashboard.empresa": [P, A],
  "dashboard.consultor": [C],
  "leads.gerenciar": [P, A],
  "leads.meus": [A, C],
  "leads.importar": [P, A],
  "conversas.usar": [P, A, C],
  "chat.usar": [P, A, C, J],
  "consultores.gerenciar": [P, A],
  "ia.gerenciar": [P, A],
  "whatsapp.configurar": [P, A],
  "whatsapp.status": TODOS,
  "empresa.configurar": [P, A],
  /** outbound webhooks (decision 1801): the company admin's own endpoints and secrets, their delivery log */
  "webhooks.gerenciar": [A],
  "financeiro.ver": [P, A],
  "marketing.gerenciar": [P, A],
  "juridico.processos": [P, A, J],
  /** change a process (legal status, legal professional, notes, closed value): the company's own people only */
  "juridico.processos.gerenciar": [A, J],
  /** legal documents (/documentos, the process dialog): read like the processes; Consultor not (decision 1102) */
  "juridico.documentos": [P, A, J],
  /** upload and delete documents: the company's own people; deleting also needs the uploader or an admin */
  "juridico.documentos.gerenciar": [A, J],
  /** the legal dashboard (/juridico, and the Jurídico's /dashboard) */
  "juridico.painel": [P, A, J],
  /** /juridico-leads: the admin's view of converted leads on their way to the legal team */
  "juridico.leads": [P, A],
  "juridico.equipe": [P, A],
  /** deadlines of legal processes and 'Meus prazos' (decision 1106): reading, the platform admin any company's */
  "prazos.ver": [P, A, J],
  "prazos.gerenciar": [A, J],
  /** the task chains per legal status */
  "prazos.modelos": [A],
  "assinatura.gerenciar": [P, A],
  /** the subscription's state and what to do about it (the shell's banner): every person of a company */
  "assinatura.situacao": [A, C, J],
  /** the operator's actions on a company's subscription (plan, status, trial): /empresa/{id}/subscription */
  "assinatura.operar": [P],
  /** /planos: every signed-in role sees the plans; checkout goes through assinatura.gerenciar */
  "planos.ver": TODOS,
  /** the Central Bank rate series of the revisional pre-analysis (/taxas-bacen): refresh and import, the operator only */
  "taxas.gerenciar": [P],
  /** a lead's revisional pre-analysis (decision 1403): whoever opens the lead reads it and fills in its contract */
  "revisional.ver": TODOS,
  "revisional.editar": TODOS,
  /** /desempenho: a Consultor's own figures and response times; the company admin the team's response times (1883) */
  "desempenho.ver": [A, C],
  /** every consultant's response times (/desempenho, the admin dashboard's card, decision 1883) */
  "desempenho.equipe": [A],
  "testes.usar": [P, A],
  /** the company's own message templates of the chat (create, edit, delete) */
  "modelos.gerenciar": [P, A, C],
  /** the audit trail (/auditoria, decision 1822): a company admin their company's; the platform admin any, and its own */
  "auditoria.ver": [P, A],
  /** follow-up tasks of leads (decision 1831): create from the chat, 'Meus retornos', close one's own */
  "tarefas.usar": [A, C],
  /** every consultant's overdue follow-ups, and closing anybody's */
  "tarefas.todas": [A],
  /** internal notes of a lead (decision 1832): the company's own people only, never the platform admin */
  "notas.usar": [A, C, J],
  /** company tags (decision 1833): read them and put them on leads */
  "etiquetas.usar": [A, C],
  /** a titular's privacy requests and their clock (/privacidade, decision 1824): the company admin; the platform admin per company */
  "privacidade.gerenciar": [P, A],
  /** one security incident across several companies (decision 1877): the platform's operator only */
  "incidentes.plataforma": [P],
  /** create, rename, recolour and delete the company's tags (settings) */
  "etiquetas.gerenciar": [A],
  /** quick replies (decision 1838): the '/' list of the composer, and one's own personal ones */
  "respostas.usar": [A, C],
  /** the company's quick replies, which every consultant sees */
  "respostas.empresa": [A],
  /** a lead's consent and its history (decision 1827): whoever opens the lead's chat */
  "consentimento.ver": [P, A, C, J],
  /** record an opt-in or opt-out the company received: its own people who talk to leads */
  "consentimento.registrar": [A, C],
  /** transfer a lead from the chat (decision 1836): its assigned consultant (checked per lead) or the company admin */
  "leads.transferir": [A, C],
  /** messages scheduled from the chat (decision 1885): schedule, and list, edit and cancel one's own */
  "agendamentos.usar": [A, C],
  /** every schedule of the company on 'Mensagens agendadas', and editing or cancelling anybody's */
  "agendamentos.todos": [A],
  /** opt-in campaigns (/campanhas, decision 1891): the company admin builds, sends, pauses and reads them */
  "campanhas.gerenciar": [A],
} as const satisfies Record<string, TPapel[]>;

export type TPermissao = keyof typeof PERMISSOES;

export function pode(papel: string | undefined | null, permissao: TPermissao): boolean {
  return !!papel && (PERMISSOES[permissao] as readonly string[]).includes(papel);
}

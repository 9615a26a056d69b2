import { pode, type TPermissao } from "./permissions";
import { PAPEL, type TPapel } from "./roles";

export type TMenuItem = { path: string; label: string; icon: string };

const item = (path: string, label: string, icon: string): TMenuItem => ({ path, label, icon });

/** Menus by role, spec 000 §2.9. 'Meu Perfil' and 'Sair' are added by the shell for everybody. */
export const MENUS: Record<TPapel, TMenuItem[]> = {
  [PAPEL.plataforma]: [
    item("/dashboard", "Dashboard", "layout-dashboard"),
    item("/empresas", "Empresas", "building-2"),
    item("/usuarios", "Usuários", "users"),
    item("/analytics", "Analytics", "chart-line"),
    item("/taxas-bacen", "Taxas BACEN", "percent"),
    item("/auditoria", "Auditoria", "shield-check"),
    item("/privacidade/incidentes", "Incidentes LGPD", "shield-alert"),
    item("/configuracoes", "Configurações", "settings"),
  ],
  [PAPEL.admin]: [
    item("/dashboard", "Dashboard", "layout-dashboard"),
    item("/leads", "Leads", "users"),
    item("/leads-import", "Importar Leads", "upload"),
    item("/conversas", "Conversas", "message-square"),
    item("/retornos", "Meus retornos", "alarm-clock"),
    item("/respostas-rapidas", "Respostas rápidas", "message-square-text"),
    item("/mensagens-agendadas", "Mensagens agendadas", "clock"),
    item("/consultores", "Consultores", "user-check"),
    item("/desempenho", "Desempenho", "trending-up"),
    item("/ia-triagem", "IA Triagem", "bot"),
    item("/qr-code", "WhatsApp", "qr-code"),
    item("/financeiro", "Financeiro", "dollar-sign"),
    item("/marketing", "Marketing", "megaphone"),
    item("/campanhas", "Campanhas", "send"),
    item("/juridico", "Jurídico", "scale"),
    item("/processos", "Processos", "folder-open"),
    item("/prazos", "Meus prazos", "calendar-clock"),
    item("/juridico-equipe", "Equipe Jurídica", "briefcase"),
    item("/assinatura", "Assinatura", "credit-card"),
    item("/auditoria", "Auditoria", "shield-check"),
    item("/privacidade", "Privacidade", "lock"),
    item("/empresa-config", "Configurações", "settings"),
  ],
  [PAPEL.consultor]: [
    item("/dashboard", "Dashboard", "layout-dashboard"),
    item("/meus-leads", "Meus Leads", "users"),
    // no 'Importar Leads': import is for administrators (001 §6; decision 1502)
    item("/conversas", "Conversas", "message-square"),
    item("/retornos", "Meus retornos", "alarm-clock"),
    item("/respostas-rapidas", "Respostas rápidas", "message-square-text"),
    item("/mensagens-agendadas", "Mensagens agendadas", "clock"),
    item("/qr-code", "WhatsApp", "qr-code"),
    item("/desempenho", "Desempenho", "trending-up"),
  ],
  [PAPEL.juridico]: [
    item("/dashboard", "Dashboard", "layout-dashboard"),
    item("/processos", "Processos", "scale"),
    item("/prazos", "Meus prazos", "calendar-clock"),
    item("/documentos", "Documentos", "file-text"),
    item("/qr-code", "WhatsApp", "qr-code"),
  ],
};

/**
 * The company screens the platform admin opens for the company chosen in the shell's switcher, each carrying it as
 * `?empresa={id}` (decision 1642): the company admin's menu less what is the company's own people's (its WhatsApp
 * number, its conversations, its subscription and settings: /empresa/{id} reaches those), plus /documentos.
 */
export const MENU_EMPRESA_ESCOLHIDA: TMenuItem[] = [
  item("/leads", "Leads", "users"),
  item("/leads-import", "Importar Leads", "upload"),
  item("/consultores", "Consultores", "user-check"),
  item("/ia-triagem", "IA Triagem", "bot"),
  item("/financeiro", "Financeiro", "dollar-sign"),
  item("/marketing", "Marketing", "megaphone"),
  item("/juridico", "Jurídico", "scale"),
  item("/processos", "Processos", "folder-open"),
  item("/prazos", "Prazos", "calendar-clock"),
  item("/documentos", "Documentos", "file-text"),
  item("/juridico-equipe", "Equipe Jurídica", "briefcase"),
  item("/auditoria", "Auditoria", "shield-check"),
  item("/privacidade", "Privacidade", "lock"),
];

/** The query parameter that names the chosen company in the web app's URLs (decision 1642). */
export const PARAM_EMPRESA = "empresa";

export const MENU_PERFIL: TMenuItem = item("/perfil", "Meu Perfil", "user");

/**
 * What each menu entry's screen asks of the role that opens it (the same key its API routes use). A menu entry
 * whose role may not open the screen would lead to 'Acesso Negado': menus.test.ts fails on any (decision 1502).
 * /dashboard and /qr-code answer every role (each sees its own dashboard; the WhatsApp status is read only for
 * those who cannot configure it).
 */
export const PERMISSAO_DA_TELA: Record<string, TPermissao> = {
  "/dashboard": "sessao.usar",
  "/empresas": "empresas.gerenciar",
  "/usuarios": "usuarios.gerenciar",
  "/analytics": "plataforma.gerenciar",
  "/taxas-bacen": "taxas.gerenciar",
  "/configuracoes": "plataforma.gerenciar",
  "/leads": "leads.gerenciar",
  "/meus-leads": "leads.meus",
  "/leads-import": "leads.importar",
  "/conversas": "conversas.usar",
  "/consultores": "consultores.gerenciar",
  "/ia-triagem": "ia.gerenciar",
  "/qr-code": "whatsapp.status",
  "/financeiro": "financeiro.ver",
  "/marketing": "marketing.gerenciar",
  "/campanhas": "campanhas.gerenciar",
  "/juridico": "juridico.painel",
  "/processos": "juridico.processos",
  "/prazos": "prazos.ver",
  "/retornos": "tarefas.usar",
  "/respostas-rapidas": "respostas.usar",
  "/mensagens-agendadas": "agendamentos.usar",
  "/documentos": "juridico.documentos",
  "/juridico-equipe": "juridico.equipe",
  "/assinatura": "assinatura.gerenciar",
  "/empresa-config": "empresa.configurar",
  "/desempenho": "desempenho.ver",
  "/perfil": "perfil.usar",
  "/auditoria": "auditoria.ver",
  "/privacidade": "privacidade.gerenciar",
  "/privacidade/incidentes": "privacidade.gerenciar",
  "/privacidade/registro": "privacidade.gerenciar",
};

/** Whether a role may open the screen at `path` (a path with no entry in PERMISSAO_DA_TELA: no). */
export function podeAbrir(papel: string, path: string): boolean {
  const chave = PERMISSAO_DA_TELA[path];
  return !!chave && pode(papel, chave);
}

/** Unknown roles get the Consultor menu (000 §2.9). */
export function menuFor(papel: string): TMenuItem[] {
  return MENUS[papel as TPapel] ?? MENUS[PAPEL.consultor];
}

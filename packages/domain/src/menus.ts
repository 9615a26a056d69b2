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
    item("/configuracoes", "Configurações", "settings"),
  ],
  [PAPEL.admin]: [
    item("/dashboard", "Dashboard", "layout-dashboard"),
    item("/leads", "Leads", "users"),
    item("/leads-import", "Importar Leads", "upload"),
    item("/conversas", "Conversas", "message-square"),
    item("/consultores", "Consultores", "user-check"),
    item("/ia-triagem", "IA Triagem", "bot"),
    item("/qr-code", "WhatsApp", "qr-code"),
    item("/financeiro", "Financeiro", "dollar-sign"),
    item("/marketing", "Marketing", "megaphone"),
    item("/juridico", "Jurídico", "scale"),
    item("/processos", "Processos", "folder-open"),
    item("/prazos", "Meus prazos", "calendar-clock"),
    item("/juridico-equipe", "Equipe Jurídica", "briefcase"),
    item("/assinatura", "Assinatura", "credit-card"),
    item("/empresa-config", "Configurações", "settings"),
  ],
  [PAPEL.consultor]: [
    item("/dashboard", "Dashboard", "layout-dashboard"),
    item("/meus-leads", "Meus Leads", "users"),
    item("/leads-import", "Importar Leads", "upload"),
    item("/conversas", "Conversas", "message-square"),
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

export const MENU_PERFIL: TMenuItem = item("/perfil", "Meu Perfil", "user");

/** Unknown roles get the Consultor menu (000 §2.9). */
export function menuFor(papel: string): TMenuItem[] {
  return MENUS[papel as TPapel] ?? MENUS[PAPEL.consultor];
}

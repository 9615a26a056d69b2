import { MSG } from "./messages";
import { PLANO_INFO, type TPlano } from "./plans";
import { PAPEL } from "./roles";

/** People counted against a plan (001 §9): consultants and company admins, pending invitations included. */
export type TUsoPlano = { consultores: number; administradores: number };

/** Why one more person of this role does not fit the plan (pt-BR), or null when it fits. Jurídico has no limit. */
export function motivoSemVaga(plano: TPlano, papel: string, uso: TUsoPlano): string | null {
  const info = PLANO_INFO[plano];
  if (papel === PAPEL.consultor && info.maxConsultores !== null && uso.consultores + 1 > info.maxConsultores) {
    return MSG.limitePlanoConsultores(plano, info.maxConsultores);
  }
  if (papel === PAPEL.admin && uso.administradores + 1 > info.maxAdmins) {
    return MSG.limitePlanoAdmins(plano, info.maxAdmins);
  }
  return null;
}

/** The plan-only features of PLANO_INFO and how a refusal names them. */
export const RECURSOS_DO_PLANO = {
  relatoriosAvancados: "Relatórios avançados",
  iaAvancada: "IA avançada",
  apiPersonalizada: "API personalizada",
  webhooks: "Webhooks",
  geradorRopa: "Gerador do registro de operações (ROPA)",
  regrasRetencao: "Regras de retenção automáticas",
  registroIncidentes: "Registro de incidentes",
} as const;
export type TRecursoDoPlano = keyof typeof RECURSOS_DO_PLANO;

/** Why the plan does not include the feature (pt-BR, naming plan and feature, pointing at /planos), or null. */
export function motivoSemRecurso(plano: TPlano, recurso: TRecursoDoPlano): string | null {
  if (PLANO_INFO[plano][recurso]) return null;
  const com = (Object.keys(PLANO_INFO) as TPlano[]).filter((p) => PLANO_INFO[p][recurso]);
  const planos = com.length > 1 ? `dos planos ${com.join(" e ")}` : `do plano ${com[0]}`;
  return `${RECURSOS_DO_PLANO[recurso]} faz parte ${planos}; o plano ${plano} não inclui. Veja os planos em /planos.`;
}

/**
 * 'IA avançada' (decision 1310): the screening's more capable models. Without it the screening runs on the
 * recommended model (IA_PADRAO), whatever model was stored before a downgrade.
 */
export const MODELOS_IA_AVANCADOS: readonly string[] = ["gpt-4", "gpt-4-turbo"];
export const modeloIaAvancado = (modelo: string): boolean => MODELOS_IA_AVANCADOS.includes(modelo);

/** The model the screening may use on this plan: the stored one, or the recommended one when it needs 'IA avançada'. */
export function modeloIaDoPlano(plano: TPlano, modelo: string, padrao: string): string {
  return modeloIaAvancado(modelo) && !PLANO_INFO[plano].iaAvancada ? padrao : modelo;
}

/** The plans that include a feature, in PLANO_INFO's order. */
export const planosComRecurso = (recurso: TRecursoDoPlano): TPlano[] =>
  (Object.keys(PLANO_INFO) as TPlano[]).filter((p) => PLANO_INFO[p][recurso]);

/** The browser's lock beside a control the plan does not include (pt-BR), next to 'Ver planos'. */
export function textoRecursoBloqueado(recurso: TRecursoDoPlano): string {
  const com = planosComRecurso(recurso);
  return `${RECURSOS_DO_PLANO[recurso]}: disponível ${com.length > 1 ? `nos planos ${com.join(" e ")}` : `no plano ${com[0]}`}.`;
}

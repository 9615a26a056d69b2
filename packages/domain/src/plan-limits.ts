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

import { normalizarTelefone } from "@crm/domain/phone";
import { PAPEL } from "@crm/domain/roles";
import type { TResultadoBusca } from "@crm/domain/schemas/search";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import type { TDeps } from "../deps.js";

export const LIMITE_BUSCA = 8;
const MIN_DIGITOS_TELEFONE = 3;

/** Makes the user's text literal inside LIKE: %, _ and \ match only themselves. */
export function escaparLike(s: string): string {
  return s.replace(/[\\%_]/g, "\\$&");
}

/**
 * The digits to look for in telefone_normalizado, or null when the text is not a phone number.
 * Only text made of phone characters counts ("rua 12" must not match every phone with 12), and a whole
 * number is normalized the way stored phones are, so "(11) 98765-4321" or "11 8765-4321" find 5511987654321.
 */
export function digitosBusca(q: string): string | null {
  if (!/^[\d\s()+\-.]+$/.test(q)) return null;
  const d = q.replace(/\D/g, "");
  if (d.length < MIN_DIGITOS_TELEFONE) return null;
  return d.length >= 10 ? (normalizarTelefone(d) ?? d) : d;
}

/**
 * The top bar's search (000 §2.8, §5): leads by nome or email (case-insensitive, contains) or phone,
 * and consultants by nome or email, within the user's company. What leads a role may see follows the
 * lists they have: a Consultor their own and unassigned ones (001 §6 My Leads), Jurídico the legal
 * processes (status 'Convertido (Ganho)'), admins all.
 */
export async function buscar(deps: Pick<TDeps, "db">, ctx: TTenantCtx, q: string): Promise<TResultadoBusca> {
  const empresaId = ctx.empresaId;
  // the platform admin has no company of their own; they reach companies through /empresas
  if (!empresaId) return { leads: [], consultores: [] };
  const padrao = `%${escaparLike(q)}%`;
  const digitos = digitosBusca(q);
  const params: unknown[] = [empresaId, padrao, digitos === null ? null : `%${digitos}%`, LIMITE_BUSCA];
  const alcance: string[] = [];
  if (ctx.papel === PAPEL.consultor) {
    params.push(ctx.usuarioId);
    alcance.push(`(l.consultor_atribuido_id IS NULL OR l.consultor_atribuido_id IN
      (SELECT c.id FROM consultores c WHERE c.id_empresa_fk = $1 AND c.id_usuario_fk = $${params.length}))`);
  } else if (ctx.papel === PAPEL.juridico) {
    alcance.push("l.status_lead = 'Convertido (Ganho)'");
  }
  return withTenant(deps.db.app, ctx, async (tx) => {
    const leads = await tx.query(
      `SELECT l.id, l.nome, l.email, l.telefone, l.status_lead FROM leads_juros_check l
        WHERE l.id_empresa_fk = $1
          AND (l.nome ILIKE $2 OR l.email ILIKE $2 OR ($3::text IS NOT NULL AND l.telefone_normalizado LIKE $3))
          ${alcance.map((a) => `AND ${a}`).join(" ")}
        ORDER BY l.updated_at DESC, l.id LIMIT $4`,
      params,
    );
    const consultores = await tx.query(
      `SELECT id, nome, email FROM consultores
        WHERE id_empresa_fk = $1 AND (nome ILIKE $2 OR email ILIKE $2)
        ORDER BY nome, id LIMIT $3`,
      [empresaId, padrao, LIMITE_BUSCA],
    );
    return { leads: leads.rows, consultores: consultores.rows };
  });
}

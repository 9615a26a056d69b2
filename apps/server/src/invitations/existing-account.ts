import { MSG } from "@crm/domain/messages";
import { PAPEL, type TPapel } from "@crm/domain/roles";
import { ROTULO_PAPEL_CONVITE, type TPapelConvite } from "@crm/domain/schemas/team";
import type pg from "pg";
import { type TTx, unsafeWithSystem } from "../db/tenant.js";
import { conflict } from "../http/errors.js";

export type TContaExistente = { id: string; id_empresa_fk: string | null; papel: TPapel; ativo: boolean; nome: string };

const COLUNAS = "id, id_empresa_fk, papel, ativo, nome";

/**
 * The account that already uses an email, in any company. Crossing tenants is inherent: one login per email
 * across the platform, so inviting someone must know whether another company already has them.
 */
export function unsafeContaDoEmail(pool: pg.Pool, email: string): Promise<TContaExistente | null> {
  return unsafeWithSystem(pool, "convite-conta-existente", async (tx) => {
    const { rows } = await tx.query(`SELECT ${COLUNAS} FROM usuarios_plataforma WHERE email = $1`, [email]);
    return rows[0] ?? null;
  });
}

/** The same look inside a transaction that may already cross tenants (accepting), locking the row. */
export async function contaDoEmailParaAtualizar(tx: TTx, email: string): Promise<TContaExistente | null> {
  const { rows } = await tx.query(`SELECT ${COLUNAS} FROM usuarios_plataforma WHERE email = $1 FOR UPDATE`, [email]);
  return rows[0] ?? null;
}

/** True when this user is the company's only active admin (taking their role away would leave none). */
export async function ehUltimoAdmin(tx: TTx, empresaId: string, usuarioId: string): Promise<boolean> {
  const { rows } = await tx.query(
    "SELECT count(*)::int AS n FROM usuarios_plataforma WHERE id_empresa_fk = $1 AND papel = $2 AND ativo AND id <> $3",
    [empresaId, PAPEL.admin, usuarioId],
  );
  return rows[0].n === 0;
}

/**
 * Who may be invited, given the account that already has the email:
 * - nobody, or a deactivated account of this company (it is reactivated as a new sign-up): yes;
 * - an account of another company (or the platform admin): no, an account belongs to one company;
 * - an active account of this company: yes when the invitation gives it something new (a consultant record,
 *   or another role, proven with its password when accepting), never the company's last admin's role.
 * Returns the id of the active account that accepting will attach, or null for a new sign-up.
 */
export async function exigirConvitePossivel(
  tx: TTx,
  empresaId: string,
  conta: TContaExistente | null,
  papel: TPapelConvite,
): Promise<string | null> {
  if (!conta) return null;
  if (conta.id_empresa_fk !== empresaId) throw conflict(MSG.emailEmOutraEmpresa);
  if (!conta.ativo) return null;
  if (conta.papel === papel) {
    const semRegistro =
      papel === PAPEL.consultor &&
      !(await tx.query("SELECT 1 FROM consultores WHERE id_empresa_fk = $1 AND id_usuario_fk = $2", [empresaId, conta.id]))
        .rowCount;
    if (!semRegistro) throw conflict(MSG.jaFazParteDaEquipe(ROTULO_PAPEL_CONVITE[papel]));
  } else if (conta.papel === PAPEL.admin && (await ehUltimoAdmin(tx, empresaId, conta.id))) {
    throw conflict(MSG.ultimoAdministrador);
  }
  return conta.id;
}

import { MSG } from "@crm/domain/messages";
import { PAPEL } from "@crm/domain/roles";
import type { TStatusLead } from "@crm/domain/status";
import type pg from "pg";
import { type TTx, withTenant } from "../db/tenant.js";
import { contextoDe, type TAuth } from "../http/auth-context.js";
import { notFound } from "../http/errors.js";

export type TLeadAcessivel = {
  id: string;
  empresaId: string;
  nome: string;
  status_lead: TStatusLead;
  ultima_mensagem_lead_em: Date | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The lead a chat action is about (001 §6 'Chat'): the platform admin can open any company's lead, everybody
 * else only their own company's (row-level security scopes the read as well). Scope first, then act.
 */
export async function acessarLead(
  tx: TTx,
  auth: TAuth,
  leadId: string,
  opts: { travar?: boolean } = {},
): Promise<TLeadAcessivel> {
  const plataforma = auth.papel === PAPEL.plataforma;
  if (!UUID.test(leadId)) throw notFound(plataforma ? MSG.leadNaoEncontrado : MSG.leadNaoEncontradoNestaEmpresa);
  const { rows } = await tx.query(
    `SELECT id, id_empresa_fk, nome, status_lead, ultima_mensagem_lead_em FROM leads_juros_check
      WHERE id = $1 AND ($2::uuid IS NULL OR id_empresa_fk = $2)${opts.travar ? " FOR UPDATE" : ""}`,
    [leadId, plataforma ? null : auth.empresaId],
  );
  const r = rows[0];
  if (!r) throw notFound(plataforma ? MSG.leadNaoEncontrado : MSG.leadNaoEncontradoNestaEmpresa);
  return {
    id: r.id,
    empresaId: r.id_empresa_fk,
    nome: r.nome,
    status_lead: r.status_lead,
    ultima_mensagem_lead_em: r.ultima_mensagem_lead_em,
  };
}

/** A transaction of the person's tenant on a lead they may open: the lead scoped first, then `fn` with it. */
export function comLeadAcessivel<T>(
  pool: pg.Pool,
  auth: TAuth,
  leadId: string,
  fn: (tx: TTx, lead: TLeadAcessivel) => Promise<T>,
): Promise<T> {
  return withTenant(pool, contextoDe(auth), async (tx) => fn(tx, await acessarLead(tx, auth, leadId)));
}

import { MSG } from "@crm/domain/messages";
import { PAPEL } from "@crm/domain/roles";
import { ehId } from "@crm/domain/schemas/id";
import type { TStatusLead } from "@crm/domain/status";
import type pg from "pg";
import { type TTenantCtx, type TTx, withTenant } from "../db/tenant.js";
import { notFound } from "../http/errors.js";

export type TLeadAcessivel = {
  id: string;
  empresaId: string;
  nome: string;
  status_lead: TStatusLead;
  ultima_mensagem_lead_em: Date | null;
};

/**
 * The lead a chat action is about (001 §6 'Chat'): the platform admin can open any company's lead, everybody
 * else only their own company's (row-level security scopes the read as well). Scope first, then act.
 */
export async function acessarLead(
  tx: TTx,
  ctx: TTenantCtx,
  leadId: string,
  opts: { travar?: boolean } = {},
): Promise<TLeadAcessivel> {
  const plataforma = ctx.papel === PAPEL.plataforma;
  if (!ehId(leadId)) throw notFound(plataforma ? MSG.leadNaoEncontrado : MSG.leadNaoEncontradoNestaEmpresa);
  const { rows } = await tx.query(
    `SELECT id, id_empresa_fk, nome, status_lead, ultima_mensagem_lead_em FROM leads_juros_check
      WHERE id = $1 AND ($2::uuid IS NULL OR id_empresa_fk = $2)${opts.travar ? " FOR UPDATE" : ""}`,
    [leadId, plataforma ? null : ctx.empresaId],
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
  ctx: TTenantCtx,
  leadId: string,
  fn: (tx: TTx, lead: TLeadAcessivel) => Promise<T>,
): Promise<T> {
  return withTenant(pool, ctx, async (tx) => fn(tx, await acessarLead(tx, ctx, leadId)));
}

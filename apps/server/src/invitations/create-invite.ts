import { randomUUID } from "node:crypto";
import { PAPEL } from "@crm/domain/roles";
import { ROTULO_PAPEL_CONVITE, type TConvite, type TPapelConvite, VALIDADE_CONVITE_DIAS } from "@crm/domain/schemas/team";
import { registrarAuditoria } from "../auth/audit.js";
import type { TDeps } from "../core/deps.js";
import { type TCtxEmpresa, type TTx, withTenant } from "../db/tenant.js";
import { emailConvite } from "../mail/templates.js";
import { exigirVagaNoPlano } from "../membership/plan-limits.js";
import { exigirConvitePossivel, type TContaExistente, unsafeContaDoEmail } from "./existing-account.js";
import { COLUNAS_CONVITE, paraConvite } from "./invite-row.js";
import { hashDoTokenConvite, tokenDoConvite } from "./invite-token.js";

export type TDadosConvite = { nome: string; email: string; papel: TPapelConvite };

/** Queues the invitation email (same transaction as the row: both or neither). */
export async function enviarEmailConvite(deps: Pick<TDeps, "mailer">, tx: TTx, ctx: TCtxEmpresa, c: TConvite): Promise<void> {
  const conteudo = emailConvite(c.nome, ctx.empresaNome, ROTULO_PAPEL_CONVITE[c.papel], c.link);
  await deps.mailer.enfileirar(tx, { para: c.email, ...conteudo, empresaId: ctx.empresaId });
}

/** Tells the company's admins (their /consultores and /juridico-equipe screens) to refetch. */
export function avisarEquipeAtualizada(deps: Pick<TDeps, "realtime">, tx: TTx, empresaId: string): Promise<void> {
  return deps.realtime.publicar(tx, { empresaId, papeis: [PAPEL.admin] }, { tipo: "equipe.atualizada" });
}

/**
 * Invites someone to the company (send-invite-email, 001 §7): a 7-day, single-use link bound to the company,
 * the email and the role, emailed at once. A new invitation to the same email replaces the pending one.
 * Plan limits (001 §9) count pending invitations, so they are checked here and again on acceptance.
 */
export async function criarConvite(
  deps: Pick<TDeps, "db" | "config" | "mailer" | "realtime">,
  ctx: TCtxEmpresa,
  dados: TDadosConvite,
  meta: { ip: string },
): Promise<TConvite> {
  const conta = await unsafeContaDoEmail(deps.db.app, dados.email);
  return withTenant(deps.db.app, ctx, (tx) => criarConviteNaTransacao(deps, tx, ctx, dados, conta, meta));
}

/** criarConvite inside the caller's transaction (adding a legal team member invites them with it); `conta` from unsafeContaDoEmail. */
export async function criarConviteNaTransacao(
  deps: Pick<TDeps, "config" | "mailer" | "realtime">,
  tx: TTx,
  ctx: TCtxEmpresa,
  dados: TDadosConvite,
  conta: TContaExistente | null,
  meta: { ip: string },
): Promise<TConvite> {
  const usuarioExistente = await exigirConvitePossivel(tx, ctx.empresaId, conta, dados.papel);
  await exigirVagaNoPlano(tx, { id: ctx.empresaId, plano: ctx.plano }, dados.papel, dados.email);
  await tx.query("DELETE FROM convites WHERE id_empresa_fk = $1 AND email = $2 AND used_at IS NULL", [
    ctx.empresaId,
    dados.email,
  ]);
  const id = randomUUID();
  const { rows } = await tx.query(
    `INSERT INTO convites (id, id_empresa_fk, email, nome, papel, token_hash, id_usuario_existente_fk,
                           id_usuario_convidante_fk, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(days => $9))
     RETURNING ${COLUNAS_CONVITE}`,
    [
      id,
      ctx.empresaId,
      dados.email,
      dados.nome,
      dados.papel,
      hashDoTokenConvite(tokenDoConvite(deps.config.appSecret, id)),
      usuarioExistente,
      ctx.usuarioId,
      VALIDADE_CONVITE_DIAS,
    ],
  );
  const convite = paraConvite(deps, rows[0]);
  await enviarEmailConvite(deps, tx, ctx, convite);
  await registrarAuditoria(tx, {
    empresaId: ctx.empresaId,
    usuarioId: ctx.usuarioId,
    acao: "convite.criado",
    entidade: "convite",
    entidadeId: id,
    dados: { email: dados.email, papel: dados.papel },
    ip: meta.ip,
  });
  await avisarEquipeAtualizada(deps, tx, ctx.empresaId);
  return convite;
}

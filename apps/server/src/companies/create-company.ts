import { PAPEL } from "@crm/domain/roles";
import type { TEmpresaCartao, TNovaEmpresa } from "@crm/domain/schemas/companies";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { criarConviteNaTransacao } from "../invitations/create-invite.js";
import { unsafeContaDoEmail } from "../invitations/existing-account.js";
import { semearRespostasPadrao } from "../quick-replies/defaults.js";
import { COLUNAS_EMPRESA, exigirEmpresaUnica, paraEmpresa, registrarAcaoPlataforma } from "./context.js";

/**
 * 'Nova Empresa' (000 §2.11, built for real): the company and the invitation of its first admin in one transaction
 * (both or neither), the invitation emailed with the same 7-day single-use link as a team invitation (invitations/).
 * Subscription columns not given (trial end, renewal day) take the database's defaults (the subscription model,
 * migration 0021). An admin email that already belongs to another company is refused (409) and nothing is written; so
 * is a company already there by name and contact email (decision 1651).
 */
export async function crossTenantCriarEmpresa(
  deps: Pick<TDeps, "db" | "config" | "mailer" | "realtime">,
  ctx: TTenantCtx,
  d: TNovaEmpresa,
  meta: { ip: string },
): Promise<TEmpresaCartao> {
  const conta = await unsafeContaDoEmail(deps.db.app, d.email_admin);
  const escrita = withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `INSERT INTO empresas AS e (nome_empresa, email_contato, plano_assinatura, status_assinatura, data_adesao)
       VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUNAS_EMPRESA}`,
      [d.nome_empresa, d.email_contato, d.plano_assinatura, d.status_assinatura, d.data_adesao],
    );
    const empresa = paraEmpresa(rows[0]);
    await semearRespostasPadrao(tx, empresa.id);
    const ctxEmpresa = { ...ctx, empresaId: empresa.id, empresaNome: empresa.nome_empresa, plano: empresa.plano_assinatura };
    const convite = await criarConviteNaTransacao(
      deps,
      tx,
      ctxEmpresa,
      { nome: d.nome_admin, email: d.email_admin, papel: PAPEL.admin },
      conta,
      meta,
    );
    await registrarAcaoPlataforma(tx, {
      empresaId: empresa.id,
      usuarioId: ctx.usuarioId,
      acao: "empresa.criada",
      entidade: "empresa",
      entidadeId: empresa.id,
      dados: {
        nome: empresa.nome_empresa,
        email: empresa.email_contato,
        plano: empresa.plano_assinatura,
        status: empresa.status_assinatura,
        dataAdesao: empresa.data_adesao,
        emailAdmin: convite.email,
        conviteId: convite.id,
      },
      ip: meta.ip,
    });
    return { ...empresa, totalUsuarios: 0, totalLeads: 0, taxaConversao: 0 };
  });
  return exigirEmpresaUnica(escrita);
}

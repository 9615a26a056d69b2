import { MSG } from "@crm/domain/messages";
import type { TPlano } from "@crm/domain/plans";
import type { TStatusAssinatura } from "@crm/domain/status";
import { registrarAuditoria } from "../auth/audit.js";
import { ehEmpresaDuplicada } from "../db/company-identity.js";
import type { TTx } from "../db/tenant.js";
import { HttpError, notFound } from "../http/errors.js";

/**
 * Every function of this folder crosses tenants: it runs in the platform admin's own tenant context (papel 'Admin
 * Plataforma', no company), which row-level security already lets read and change any company (app_cruza_empresas,
 * migration 0001; decision 0012). Their names start with `crossTenant` so that a reader sees it at the call site.
 * The two steps that need more than that (ending another person's sessions, issuing their reset token) run under
 * `unsafeWithSystem` and are named `unsafe…` (sessions.ts). Routes are only for 'empresas.gerenciar' (the platform
 * admin), so a company role never reaches them.
 */

export type TEmpresaLinha = {
  id: string;
  nome_empresa: string;
  email_contato: string;
  plano_assinatura: TPlano;
  status_assinatura: TStatusAssinatura;
  data_adesao: string;
  created_at: string;
};

export const COLUNAS_EMPRESA =
  "e.id, e.nome_empresa, e.email_contato, e.plano_assinatura, e.status_assinatura, to_char(e.data_adesao, 'YYYY-MM-DD') AS data_adesao, e.created_at";

export const paraEmpresa = (r: Record<string, unknown>): TEmpresaLinha => ({
  id: r.id as string,
  nome_empresa: r.nome_empresa as string,
  email_contato: r.email_contato as string,
  plano_assinatura: r.plano_assinatura as TPlano,
  status_assinatura: r.status_assinatura as TStatusAssinatura,
  data_adesao: r.data_adesao as string,
  created_at: new Date(r.created_at as string).toISOString(),
});

/** The company, locked for the change that follows; 404 'Empresa não encontrada' when there is none. */
export async function crossTenantEmpresaParaAlterar(tx: TTx, empresaId: string): Promise<TEmpresaLinha> {
  const { rows } = await tx.query(`SELECT ${COLUNAS_EMPRESA} FROM empresas e WHERE e.id = $1 FOR UPDATE`, [empresaId]);
  if (!rows[0]) throw notFound(MSG.empresaNaoEncontrada);
  return paraEmpresa(rows[0]);
}

/**
 * One platform action in the audit log (who: the platform admin; what: `acao` 'plataforma.*' with before/after in
 * `dados`; when: now), in the transaction of the change. `empresaId` null for a deleted company (its rows go with it).
 */
export function registrarAcaoPlataforma(
  tx: TTx,
  a: {
    empresaId: string | null;
    usuarioId: string;
    acao: string;
    entidade: string;
    entidadeId: string;
    dados: object;
    ip: string;
  },
): Promise<void> {
  return registrarAuditoria(tx, {
    empresaId: a.empresaId,
    usuarioId: a.usuarioId,
    acao: `plataforma.${a.acao}`,
    entidade: a.entidade,
    entidadeId: a.entidadeId,
    dados: a.dados as Record<string, unknown>,
    ip: a.ip,
  });
}

/** Runs a write of a company's name or contact email; another company with both already answers 409 on the name. */
export async function exigirEmpresaUnica<T>(escrita: Promise<T>): Promise<T> {
  try {
    return await escrita;
  } catch (err) {
    if (ehEmpresaDuplicada(err)) throw new HttpError(409, MSG.empresaJaCadastrada, { nome_empresa: MSG.empresaJaCadastrada });
    throw err;
  }
}

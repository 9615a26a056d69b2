import { MSG } from "@crm/domain/messages";
import type { TEdicaoEmpresa } from "@crm/domain/schemas/companies";
import { STATUS_ASSINATURA_SUSPENSO } from "../auth/login.js";
import { comRegistroDaAssinatura } from "../change-log/subscription-rows.js";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { badRequest, conflict } from "../http/errors.js";
import { crossTenantEmpresaParaAlterar, exigirEmpresaUnica, registrarAcaoPlataforma, type TEmpresaLinha } from "./context.js";
import { unsafeEncerrarSessoesDaEmpresa } from "./sessions.js";

type TMeta = { ip: string };
const CAMPOS_EDITAVEIS = ["nome_empresa", "email_contato", "plano_assinatura", "data_adesao"] as const;

/** 'Editar': name, contact email, plan and join date; the audit row keeps what changed, before and after. */
export function crossTenantEditarEmpresa(
  deps: Pick<TDeps, "db">,
  ctx: TTenantCtx,
  empresaId: string,
  d: TEdicaoEmpresa,
  meta: TMeta,
): Promise<TEmpresaLinha> {
  return withTenant(
    deps.db.app,
    ctx,
    comRegistroDaAssinatura(empresaId, { origem: "usuario" as const, usuarioId: ctx.usuarioId }, async (tx) => {
      const antes = await crossTenantEmpresaParaAlterar(tx, empresaId);
      await exigirEmpresaUnica(
        tx.query(
          `UPDATE empresas SET nome_empresa = $2, email_contato = $3, plano_assinatura = $4, data_adesao = $5, updated_at = now()
          WHERE id = $1`,
          [empresaId, d.nome_empresa, d.email_contato, d.plano_assinatura, d.data_adesao],
        ),
      );
      const depois = { ...antes, ...d };
      const mudou = CAMPOS_EDITAVEIS.filter((k) => antes[k] !== depois[k]);
      await registrarAcaoPlataforma(tx, {
        empresaId,
        usuarioId: ctx.usuarioId,
        acao: "empresa.editada",
        entidade: "empresa",
        entidadeId: empresaId,
        dados: {
          antes: Object.fromEntries(mudou.map((k) => [k, antes[k]])),
          depois: Object.fromEntries(mudou.map((k) => [k, depois[k]])),
        },
        ip: meta.ip,
      });
      return depois;
    }),
  );
}

/**
 * 'Suspender': the company's people cannot sign in (told why, auth/login.ts) and their sessions end at once — they stop
 * resolving when this commits (crm_ler_sessao, 0022), then are deleted and their sockets told to go to /login. The
 * company's WhatsApp webhooks are still accepted and stored (whatsapp/ does not look at the status).
 */
export async function crossTenantSuspenderEmpresa(
  deps: Pick<TDeps, "db" | "realtime">,
  ctx: TTenantCtx,
  empresaId: string,
  meta: TMeta,
): Promise<{ empresa: TEmpresaLinha; sessoesEncerradas: number }> {
  const empresa = await withTenant(
    deps.db.app,
    ctx,
    comRegistroDaAssinatura(empresaId, { origem: "usuario" as const, usuarioId: ctx.usuarioId }, async (tx) => {
      const antes = await crossTenantEmpresaParaAlterar(tx, empresaId);
      if (antes.status_assinatura === STATUS_ASSINATURA_SUSPENSO) throw conflict(MSG.empresaJaSuspensa);
      await tx.query("UPDATE empresas SET status_assinatura = $2, updated_at = now() WHERE id = $1", [
        empresaId,
        STATUS_ASSINATURA_SUSPENSO,
      ]);
      await registrarAcaoPlataforma(tx, {
        empresaId,
        usuarioId: ctx.usuarioId,
        acao: "empresa.suspensa",
        entidade: "empresa",
        entidadeId: empresaId,
        dados: {
          antes: { status_assinatura: antes.status_assinatura },
          depois: { status_assinatura: STATUS_ASSINATURA_SUSPENSO },
        },
        ip: meta.ip,
      });
      return { ...antes, status_assinatura: STATUS_ASSINATURA_SUSPENSO } as TEmpresaLinha;
    }),
  );
  const sessoesEncerradas = await unsafeEncerrarSessoesDaEmpresa(deps, empresaId);
  return { empresa, sessoesEncerradas };
}

/** 'Reativar': a suspended company is Ativo again and its people sign in as before. */
export function crossTenantReativarEmpresa(
  deps: Pick<TDeps, "db">,
  ctx: TTenantCtx,
  empresaId: string,
  meta: TMeta,
): Promise<TEmpresaLinha> {
  return withTenant(
    deps.db.app,
    ctx,
    comRegistroDaAssinatura(empresaId, { origem: "usuario" as const, usuarioId: ctx.usuarioId }, async (tx) => {
      const antes = await crossTenantEmpresaParaAlterar(tx, empresaId);
      if (antes.status_assinatura !== STATUS_ASSINATURA_SUSPENSO) throw conflict(MSG.empresaNaoSuspensa);
      await tx.query("UPDATE empresas SET status_assinatura = 'Ativo', updated_at = now() WHERE id = $1", [empresaId]);
      await registrarAcaoPlataforma(tx, {
        empresaId,
        usuarioId: ctx.usuarioId,
        acao: "empresa.reativada",
        entidade: "empresa",
        entidadeId: empresaId,
        dados: { antes: { status_assinatura: antes.status_assinatura }, depois: { status_assinatura: "Ativo" } },
        ip: meta.ip,
      });
      return { ...antes, status_assinatura: "Ativo" };
    }),
  );
}

/**
 * 'Excluir' with the company's name typed again: the company and everything of it go (foreign keys cascade: users,
 * their sessions, leads, messages, documents' rows, costs, invoices, its audit rows). The audit row of the deletion is
 * kept with no company (it would cascade too), naming it. Its open browsers are sent to /login.
 */
export function crossTenantExcluirEmpresa(
  deps: Pick<TDeps, "db" | "realtime">,
  ctx: TTenantCtx,
  empresaId: string,
  confirmacao: string,
  meta: TMeta,
): Promise<void> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const empresa = await crossTenantEmpresaParaAlterar(tx, empresaId);
    if (confirmacao.trim() !== empresa.nome_empresa.trim()) {
      throw badRequest(MSG.nomeConfirmacaoDiferente, { confirmacao: MSG.nomeConfirmacaoDiferente });
    }
    const { rows } = await tx.query(
      `SELECT (SELECT count(*)::int FROM usuarios_plataforma WHERE id_empresa_fk = $1) AS usuarios,
              (SELECT count(*)::int FROM leads_juros_check WHERE id_empresa_fk = $1) AS leads`,
      [empresaId],
    );
    await deps.realtime.publicar(tx, { empresaId }, { tipo: "sessao.revogada" });
    await tx.query("DELETE FROM empresas WHERE id = $1", [empresaId]);
    await registrarAcaoPlataforma(tx, {
      empresaId: null,
      usuarioId: ctx.usuarioId,
      acao: "empresa.excluida",
      entidade: "empresa",
      entidadeId: empresaId,
      dados: { antes: empresa, usuarios: rows[0].usuarios, leads: rows[0].leads },
      ip: meta.ip,
    });
  });
}

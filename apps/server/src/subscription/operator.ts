import { isoDiaSP } from "@crm/domain/period";
import { acaoOperadorVazia, type TAcaoOperador } from "@crm/domain/schemas/subscription";
import { somarDias } from "@crm/domain/subscription";
import { MSG_ASSINATURA as M } from "@crm/domain/subscription-messages";
import { comRegistroDaAssinatura } from "../change-log/subscription-rows.js";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, unsafeWithSystem, withTenant } from "../db/tenant.js";
import { badRequest } from "../http/errors.js";
import { registrarAcao, type TQuem } from "./audit.js";
import { lerEstado } from "./state.js";

/** Ends every session of the company's users (suspension): auth_sessoes is only a system task's to touch. */
export async function unsafeEncerrarSessoesDaEmpresa(deps: Pick<TDeps, "db">, empresaId: string): Promise<void> {
  await unsafeWithSystem(deps.db.app, "assinatura: suspensão encerra as sessões da empresa", (tx) =>
    tx.query(
      `UPDATE auth_sessoes SET revoked_at = now()
        WHERE revoked_at IS NULL AND id_usuario_fk IN (SELECT id FROM usuarios_plataforma WHERE id_empresa_fk = $1)`,
      [empresaId],
    ),
  );
}

/**
 * The platform admin's actions on one company's subscription (/empresa/{id}/subscription): set the plan (no
 * proration, no usage check: the operator decides), set the status, extend the trial. Each one is audited.
 */
export async function acaoDoOperador(
  deps: Pick<TDeps, "db">,
  ctx: TTenantCtx & { empresaId: string },
  quem: TQuem,
  acao: TAcaoOperador,
  agora = relogio.agora(),
): Promise<{ mensagem: string }> {
  const hoje = isoDiaSP(agora);
  if (acaoOperadorVazia(acao)) throw badRequest(M.dadosInvalidos);
  const suspendeu = await withTenant(
    deps.db.app,
    ctx,
    comRegistroDaAssinatura(ctx.empresaId, { origem: "usuario" as const, usuarioId: ctx.usuarioId }, async (tx) => {
      const e = await lerEstado(tx, ctx.empresaId, true);
      if (acao.plano && acao.plano !== e.plano) {
        await tx.query("UPDATE empresas SET plano_assinatura = $2, plano_agendado = NULL, updated_at = now() WHERE id = $1", [
          ctx.empresaId,
          acao.plano,
        ]);
        await registrarAcao(tx, ctx.empresaId, quem, "assinatura.plano", { de: e.plano, para: acao.plano });
      }
      if (acao.status && acao.status !== e.status) {
        // reactivating starts clean (no read-only mode); any status other than Ativo ends the subscription's course,
        // so no scheduled cancel is left to undo (an Inativo company is reactivated, not 'resumed': decision 1621)
        await tx.query(
          `UPDATE empresas SET status_assinatura = $2, updated_at = now(),
                somente_leitura_desde = CASE WHEN $2 = 'Ativo' THEN NULL ELSE somente_leitura_desde END,
                cancelar_no_fim = false
          WHERE id = $1`,
          [ctx.empresaId, acao.status],
        );
        await registrarAcao(tx, ctx.empresaId, quem, "assinatura.status", { de: e.status, para: acao.status });
      }
      if (acao.estenderTesteDias) {
        const base = e.testeAte && e.testeAte >= hoje ? e.testeAte : hoje;
        const ate = somarDias(base, acao.estenderTesteDias);
        await tx.query(
          `UPDATE empresas SET teste_ate = $2,
                data_renovacao = CASE WHEN data_renovacao IS NULL OR data_renovacao < $2 THEN $2 ELSE data_renovacao END,
                updated_at = now() WHERE id = $1`,
          [ctx.empresaId, ate],
        );
        await registrarAcao(tx, ctx.empresaId, quem, "assinatura.teste", { de: e.testeAte, ate, dias: acao.estenderTesteDias });
      }
      return acao.status === "Suspenso" && e.status !== "Suspenso";
    }),
  );
  if (suspendeu) await unsafeEncerrarSessoesDaEmpresa(deps, ctx.empresaId);
  return { mensagem: M.operadorAtualizou };
}

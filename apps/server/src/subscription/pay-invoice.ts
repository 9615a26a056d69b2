import { isoDiaSP } from "@crm/domain/period";
import { COBRANCA, diasEntre } from "@crm/domain/subscription";
import { MSG_ASSINATURA as M } from "@crm/domain/subscription-messages";
import { comRegistroDaAssinatura } from "../change-log/subscription-rows.js";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, type TTx, withTenant } from "../db/tenant.js";
import { conflict } from "../http/errors.js";
import { registrarAcao, type TQuem } from "./audit.js";
import { lerEstado, lerFatura } from "./state.js";

/**
 * Marks an invoice paid and, when no overdue invoice remains, lifts read-only mode and brings a suspended or
 * inactive company back to Ativo (the state machine's 'pagar', decision 1621).
 */
export async function quitarFatura(tx: TTx, empresaId: string, faturaId: string, metodo: string, hoje: string): Promise<void> {
  await tx.query("UPDATE faturas SET status = 'paid', pago_em = now(), metodo = $3 WHERE id_empresa_fk = $1 AND id = $2", [
    empresaId,
    faturaId,
    metodo,
  ]);
  const { rows } = await tx.query("SELECT vencimento::text FROM faturas WHERE id_empresa_fk = $1 AND status = 'pending'", [
    empresaId,
  ]);
  const atrasada = rows.some((r) => diasEntre(r.vencimento, hoje) >= COBRANCA.somenteLeituraDias);
  if (!atrasada)
    await tx.query(
      `UPDATE empresas SET somente_leitura_desde = NULL, status_assinatura = 'Ativo', updated_at = now()
        WHERE id = $1 AND (somente_leitura_desde IS NOT NULL OR status_assinatura <> 'Ativo')`,
      [empresaId],
    );
}

/** 'Simular pagamento': the simulated PIX/boleto/card charge of a pending invoice succeeds (decision 1303). */
export async function simularPagamento(
  deps: Pick<TDeps, "db">,
  ctx: TTenantCtx & { empresaId: string },
  quem: TQuem,
  faturaId: string,
  agora = relogio.agora(),
): Promise<{ mensagem: string }> {
  return withTenant(
    deps.db.app,
    ctx,
    comRegistroDaAssinatura(ctx.empresaId, { origem: "usuario" as const, usuarioId: ctx.usuarioId }, async (tx) => {
      const e = await lerEstado(tx, ctx.empresaId, true);
      const f = await lerFatura(tx, ctx.empresaId, faturaId, true);
      if (f.status === "paid") throw conflict("Esta fatura já está paga.");
      await quitarFatura(tx, ctx.empresaId, f.id, e.pagamentoTipo ?? "pix", isoDiaSP(agora));
      await registrarAcao(tx, ctx.empresaId, quem, "fatura.pagar", { faturaId: f.id, valor: f.valor, simulado: true });
      return { mensagem: M.faturaPaga };
    }),
  );
}

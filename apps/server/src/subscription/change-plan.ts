import { intervaloDoPeriodo, isoDiaSP } from "@crm/domain/period";
import type { TCartao, TFormaPagamento, TMudarPlano } from "@crm/domain/schemas/subscription";
import {
  bandeiraDoCartao,
  DIAS_PERIODO,
  lerValidade,
  ordemPlano,
  precoDoCiclo,
  somarDias,
  valorProrrateado,
} from "@crm/domain/subscription";
import { motivoAcaoBloqueada } from "@crm/domain/subscription-machine";
import { MSG_ASSINATURA as M } from "@crm/domain/subscription-messages";
import { comRegistroDaAssinatura } from "../change-log/subscription-rows.js";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, type TTx, withTenant } from "../db/tenant.js";
import { badRequest, conflict } from "../http/errors.js";
import { registrarAcao, type TQuem } from "./audit.js";
import { excessosDoPlano, lerEstado, lerUso } from "./state.js";

export type TResultado = { mensagem: string };

/** Keeps only brand, last 4 and expiry of a card (ARCHITECTURE §10): the number and CVC end here. */
async function guardarCartao(tx: TTx, empresaId: string, c: TCartao): Promise<void> {
  const digitos = c.numero.replace(/\D/g, "");
  const v = lerValidade(c.validade) as { mes: number; ano: number };
  await tx.query(
    `UPDATE empresas SET pagamento_tipo = 'cartao', pagamento_bandeira = $2, pagamento_ultimos4 = $3,
            pagamento_exp_mes = $4, pagamento_exp_ano = $5, updated_at = now() WHERE id = $1`,
    [empresaId, bandeiraDoCartao(digitos), digitos.slice(-4), v.mes, v.ano],
  );
}

/** Boleto or PIX: the card on file, if any, is forgotten. */
async function guardarFormaSemCartao(tx: TTx, empresaId: string, tipo: "boleto" | "pix"): Promise<void> {
  await tx.query(
    `UPDATE empresas SET pagamento_tipo = $2, pagamento_bandeira = NULL, pagamento_ultimos4 = NULL,
            pagamento_exp_mes = NULL, pagamento_exp_ano = NULL, updated_at = now() WHERE id = $1`,
    [empresaId, tipo],
  );
}

/**
 * Upgrade (immediate, the prorated difference invoiced: paid at once by the simulated card charge, pending for
 * boleto/PIX), downgrade (only when today's usage fits; at the next cycle, or at once during the trial) and the
 * cycle of the /planos checkout (decision 1301).
 */
export async function mudarPlano(
  deps: Pick<TDeps, "db">,
  ctx: TTenantCtx & { empresaId: string },
  quem: TQuem,
  pedido: TMudarPlano,
  agora = relogio.agora(),
): Promise<TResultado> {
  const hoje = isoDiaSP(agora);
  return withTenant(
    deps.db.app,
    ctx,
    comRegistroDaAssinatura(ctx.empresaId, { origem: "usuario" as const, usuarioId: ctx.usuarioId }, async (tx) => {
      const e = await lerEstado(tx, ctx.empresaId, true);
      const alvo = pedido.plano;
      const mudaCiclo = pedido.ciclo !== undefined && pedido.ciclo !== e.ciclo;
      const boleto = pedido.forma === "boleto";
      if (alvo === e.plano && !mudaCiclo && !pedido.cartao && !boleto) throw badRequest(M.dadosInvalidos);
      // boleto is for yearly payment only (001 §9 FAQ), and is not paid with a card in the same request
      if (boleto && (pedido.ciclo ?? e.ciclo) !== "anual") throw badRequest(M.boletoSoAnual, { forma: M.boletoSoAnual });
      if (boleto && pedido.cartao) throw badRequest(M.dadosInvalidos, { forma: M.dadosInvalidos });
      if (pedido.cartao) await guardarCartao(tx, ctx.empresaId, pedido.cartao);
      if (boleto) await guardarFormaSemCartao(tx, ctx.empresaId, "boleto");
      if (mudaCiclo) await tx.query("UPDATE empresas SET ciclo_cobranca = $2 WHERE id = $1", [ctx.empresaId, pedido.ciclo]);
      let mensagem = M.planoAtualizado(alvo);
      if (ordemPlano(alvo) > ordemPlano(e.plano)) {
        const bloqueio = motivoAcaoBloqueada(e, "upgrade", hoje, alvo);
        if (bloqueio) throw conflict(bloqueio);
        const valor = valorProrrateado(e, alvo, hoje);
        if (valor > 0) {
          // the simulated charge: a card pays the invoice at once; boleto (or PIX) leaves it pending 3 days with its line
          const cartao = !boleto && (pedido.cartao !== undefined || e.pagamentoTipo === "cartao");
          await tx.query(
            `INSERT INTO faturas (id_empresa_fk, plano, valor, status, tipo, data, vencimento, periodo_inicio, periodo_fim, pago_em, metodo)
           VALUES ($1, $2, $3, $4, 'upgrade', $5, $6, $5, $7, CASE WHEN $4 = 'paid' THEN now() END, $8)`,
            [
              ctx.empresaId,
              alvo,
              valor,
              cartao ? "paid" : "pending",
              hoje,
              cartao ? hoje : somarDias(hoje, 3),
              e.dataRenovacao,
              cartao ? "cartao" : boleto ? "boleto" : (e.pagamentoTipo ?? "pix"),
            ],
          );
          if (boleto) mensagem = `${M.planoAtualizado(alvo)} ${M.boletoEmitido(valor, somarDias(hoje, 3))}`;
        }
        await tx.query("UPDATE empresas SET plano_assinatura = $2, plano_agendado = NULL, updated_at = now() WHERE id = $1", [
          ctx.empresaId,
          alvo,
        ]);
        await registrarAcao(tx, ctx.empresaId, quem, "assinatura.upgrade", { de: e.plano, para: alvo, valorProrrateado: valor });
      } else if (ordemPlano(alvo) < ordemPlano(e.plano)) {
        const bloqueio = motivoAcaoBloqueada(e, "downgrade", hoje, alvo);
        if (bloqueio) throw conflict(bloqueio);
        const inicioMes = (intervaloDoPeriodo("thisMonth", agora) as { inicio: Date }).inicio;
        const excessos = excessosDoPlano(alvo, await lerUso(tx, ctx.empresaId, inicioMes));
        if (excessos.length) throw conflict(M.downgradeExcede(alvo, excessos));
        const emTeste = e.testeAte !== null && e.testeAte >= hoje;
        if (emTeste || !e.dataRenovacao) {
          await tx.query("UPDATE empresas SET plano_assinatura = $2, plano_agendado = NULL, updated_at = now() WHERE id = $1", [
            ctx.empresaId,
            alvo,
          ]);
        } else {
          await tx.query("UPDATE empresas SET plano_agendado = $2, updated_at = now() WHERE id = $1", [ctx.empresaId, alvo]);
          mensagem = M.downgradeAgendado(alvo, e.dataRenovacao);
        }
        await registrarAcao(tx, ctx.empresaId, quem, "assinatura.downgrade", { de: e.plano, para: alvo, agendado: !emTeste });
      } else if (mudaCiclo) {
        await registrarAcao(tx, ctx.empresaId, quem, "assinatura.ciclo", { de: e.ciclo, para: pedido.ciclo });
      }
      return { mensagem };
    }),
  );
}

/** Cancel at the period end (000 §2.13): access until then, then Inativo by the billing job. */
export async function cancelarAssinatura(
  deps: Pick<TDeps, "db">,
  ctx: TTenantCtx & { empresaId: string },
  quem: TQuem,
  motivo: string,
  agora = relogio.agora(),
): Promise<TResultado> {
  return withTenant(
    deps.db.app,
    ctx,
    comRegistroDaAssinatura(ctx.empresaId, { origem: "usuario" as const, usuarioId: ctx.usuarioId }, async (tx) => {
      const e = await lerEstado(tx, ctx.empresaId, true);
      const bloqueio = motivoAcaoBloqueada(e, "cancelar", isoDiaSP(agora));
      if (bloqueio) throw conflict(bloqueio);
      await tx.query("UPDATE empresas SET cancelar_no_fim = true, motivo_cancelamento = $2, updated_at = now() WHERE id = $1", [
        ctx.empresaId,
        motivo,
      ]);
      await registrarAcao(tx, ctx.empresaId, quem, "assinatura.cancelar", { motivo, ate: e.dataRenovacao });
      return { mensagem: M.assinaturaCancelada };
    }),
  );
}

export async function retomarAssinatura(
  deps: Pick<TDeps, "db">,
  ctx: TTenantCtx & { empresaId: string },
  quem: TQuem,
  agora = relogio.agora(),
): Promise<TResultado> {
  return withTenant(
    deps.db.app,
    ctx,
    comRegistroDaAssinatura(ctx.empresaId, { origem: "usuario" as const, usuarioId: ctx.usuarioId }, async (tx) => {
      const e = await lerEstado(tx, ctx.empresaId, true);
      const bloqueio = motivoAcaoBloqueada(e, "retomar", isoDiaSP(agora));
      if (bloqueio) throw conflict(bloqueio);
      await tx.query(
        "UPDATE empresas SET cancelar_no_fim = false, motivo_cancelamento = NULL, updated_at = now() WHERE id = $1",
        [ctx.empresaId],
      );
      await registrarAcao(tx, ctx.empresaId, quem, "assinatura.retomar", {});
      return { mensagem: M.cancelamentoRetomado };
    }),
  );
}

/**
 * 'Reativar assinatura' (decision 1621): the admin of an inactive company brings it back to Ativo. A paid period not
 * yet over simply goes on; one already over starts a new period today, invoiced at the plan's price — paid at once by
 * the simulated card charge with a card on file, otherwise pending for 3 days (boleto/PIX), like an upgrade.
 */
export async function reativarAssinatura(
  deps: Pick<TDeps, "db">,
  ctx: TTenantCtx & { empresaId: string },
  quem: TQuem,
  agora = relogio.agora(),
): Promise<TResultado> {
  const hoje = isoDiaSP(agora);
  return withTenant(
    deps.db.app,
    ctx,
    comRegistroDaAssinatura(ctx.empresaId, { origem: "usuario" as const, usuarioId: ctx.usuarioId }, async (tx) => {
      const e = await lerEstado(tx, ctx.empresaId, true);
      const bloqueio = motivoAcaoBloqueada(e, "reativar", hoje);
      if (bloqueio) throw conflict(bloqueio);
      let fatura: { valor: number; vencimento: string; paga: boolean } | null = null;
      let renovacao = e.dataRenovacao;
      if (!renovacao || renovacao <= hoje) {
        renovacao = somarDias(hoje, DIAS_PERIODO[e.ciclo]);
        const paga = e.pagamentoTipo === "cartao";
        fatura = { valor: precoDoCiclo(e.plano, e.ciclo), vencimento: paga ? hoje : somarDias(hoje, 3), paga };
        await tx.query(
          `INSERT INTO faturas (id_empresa_fk, plano, valor, status, tipo, data, vencimento, periodo_inicio, periodo_fim, pago_em, metodo)
         VALUES ($1, $2, $3, $4, 'renovacao', $5, $6, $5, $7, CASE WHEN $4 = 'paid' THEN now() END, $8)
         ON CONFLICT (id_empresa_fk, periodo_inicio) WHERE tipo = 'renovacao' DO NOTHING`,
          [
            ctx.empresaId,
            e.plano,
            fatura.valor,
            paga ? "paid" : "pending",
            hoje,
            fatura.vencimento,
            renovacao,
            e.pagamentoTipo ?? "pix",
          ],
        );
      }
      await tx.query(
        `UPDATE empresas SET status_assinatura = 'Ativo', cancelar_no_fim = false, motivo_cancelamento = NULL,
              data_renovacao = $2, updated_at = now() WHERE id = $1`,
        [ctx.empresaId, renovacao],
      );
      await registrarAcao(tx, ctx.empresaId, quem, "assinatura.reativar", { ate: renovacao, fatura });
      return { mensagem: fatura && !fatura.paga ? M.reativadaComFatura(fatura.valor, fatura.vencimento) : M.assinaturaReativada };
    }),
  );
}

/** Card (brand, last 4, expiry kept), boleto or PIX. The charge itself stays simulated (000 §2.13). */
export async function atualizarPagamento(
  deps: Pick<TDeps, "db">,
  ctx: TTenantCtx & { empresaId: string },
  quem: TQuem,
  forma: TFormaPagamento,
): Promise<TResultado> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    await lerEstado(tx, ctx.empresaId, true);
    if (forma.tipo === "cartao") await guardarCartao(tx, ctx.empresaId, forma.cartao);
    else await guardarFormaSemCartao(tx, ctx.empresaId, forma.tipo);
    await registrarAcao(tx, ctx.empresaId, quem, "assinatura.pagamento", { tipo: forma.tipo });
    return { mensagem: M.pagamentoAtualizado };
  });
}

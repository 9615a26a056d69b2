import { PLANO_INFO, type TPlano } from "@crm/domain/plans";
import type { TAssinatura, TFatura } from "@crm/domain/schemas/subscription";
import type { TEntradaMaquina } from "@crm/domain/subscription-machine";
import { MSG_ASSINATURA as M } from "@crm/domain/subscription-messages";
import type { TTx } from "../db/tenant.js";
import { notFound } from "../http/errors.js";
import { contarUsoPlano } from "../membership/plan-limits.js";

const dia = (v: Date | string | null): string | null =>
  v === null ? null : typeof v === "string" ? v.slice(0, 10) : v.toISOString().slice(0, 10);

/** The company's subscription columns and its oldest unpaid invoice: the state machine's input (decision 1621). */
export type TEstadoLido = TEntradaMaquina & {
  nome: string;
  pagamentoTipo: string | null;
  faturaEmAberto: { valor: number; vencimento: string } | null;
};

/** One statement (the access guard runs it through lerComTenant on every write of a company's person). */
export const consultaEstado = (empresaId: string, paraAlterar = false) => ({
  text: `SELECT e.nome_empresa, e.plano_assinatura, e.status_assinatura, e.ciclo_cobranca, e.data_adesao::text,
                e.data_renovacao::text, e.teste_ate::text, e.cancelar_no_fim, e.plano_agendado,
                e.somente_leitura_desde::text, e.pagamento_tipo, f.valor AS fatura_valor, f.vencimento::text AS fatura_vencimento
           FROM empresas e
           LEFT JOIN LATERAL (SELECT valor, vencimento FROM faturas
                               WHERE id_empresa_fk = e.id AND status = 'pending' ORDER BY vencimento LIMIT 1) f ON true
          WHERE e.id = $1 ${paraAlterar ? "FOR UPDATE OF e" : ""}`,
  values: [empresaId],
});

export function estadoDaLinha(r: Record<string, unknown> | undefined): TEstadoLido {
  if (!r) throw notFound("Empresa não encontrada");
  return {
    nome: r.nome_empresa as string,
    plano: r.plano_assinatura as TPlano,
    status: r.status_assinatura as TEstadoLido["status"],
    ciclo: r.ciclo_cobranca as TEstadoLido["ciclo"],
    dataAdesao: r.data_adesao as string,
    dataRenovacao: r.data_renovacao as string | null,
    testeAte: r.teste_ate as string | null,
    cancelarNoFim: r.cancelar_no_fim as boolean,
    planoAgendado: r.plano_agendado as TPlano | null,
    somenteLeituraDesde: r.somente_leitura_desde as string | null,
    pagamentoTipo: r.pagamento_tipo as string | null,
    vencimentoEmAberto: (r.fatura_vencimento as string | null) ?? null,
    faturaEmAberto: r.fatura_vencimento ? { valor: Number(r.fatura_valor), vencimento: r.fatura_vencimento as string } : null,
  };
}

/** The company's subscription state, locked for update when `paraAlterar` (one change at a time per company). */
export async function lerEstado(tx: TTx, empresaId: string, paraAlterar = false): Promise<TEstadoLido> {
  const { rows } = await tx.query(consultaEstado(empresaId, paraAlterar));
  return estadoDaLinha(rows[0]);
}

/** Usage against the plan's limits: consultants and admins (pending invitations count, 001 §9) and leads this month. */
export async function lerUso(tx: TTx, empresaId: string, inicioMes: Date) {
  const pessoas = await contarUsoPlano(tx, empresaId);
  const { rows } = await tx.query(
    "SELECT count(*)::int AS n FROM leads_juros_check WHERE id_empresa_fk = $1 AND created_at >= $2",
    [empresaId, inicioMes],
  );
  return { ...pessoas, leadsMes: rows[0].n as number };
}

/** What of today's usage does not fit `plano` (pt-BR, one item each), for a downgrade. */
export function excessosDoPlano(
  plano: TPlano,
  uso: { consultores: number; administradores: number; leadsMes: number },
): string[] {
  const info = PLANO_INFO[plano];
  const fora: string[] = [];
  if (info.maxConsultores !== null && uso.consultores > info.maxConsultores)
    fora.push(M.excessoConsultores(uso.consultores, info.maxConsultores));
  if (uso.administradores > info.maxAdmins) fora.push(M.excessoAdmins(uso.administradores, info.maxAdmins));
  if (info.maxLeadsMes !== null && uso.leadsMes > info.maxLeadsMes) fora.push(M.excessoLeads(uso.leadsMes, info.maxLeadsMes));
  return fora;
}

const linhaFatura = (r: Record<string, unknown>): TFatura => ({
  id: r.id as string,
  plano: r.plano as TPlano,
  valor: Number(r.valor),
  status: r.status as TFatura["status"],
  tipo: r.tipo as TFatura["tipo"],
  data: r.data as string,
  vencimento: r.vencimento as string,
  periodoInicio: r.periodo_inicio as string,
  periodoFim: r.periodo_fim as string,
  pagoEm: r.pago_em ? (r.pago_em as Date).toISOString() : null,
  metodo: (r.metodo as TFatura["metodo"]) ?? null,
});

export async function lerFatura(tx: TTx, empresaId: string, id: string, paraAlterar = false): Promise<TFatura> {
  const { rows } = await tx.query(
    `SELECT id, plano, valor, status, tipo, data::text, vencimento::text, periodo_inicio::text, periodo_fim::text, pago_em, metodo
       FROM faturas WHERE id_empresa_fk = $1 AND id = $2 ${paraAlterar ? "FOR UPDATE" : ""}`,
    [empresaId, id],
  );
  if (!rows[0]) throw notFound("Fatura não encontrada");
  return linhaFatura(rows[0]);
}

/** The whole /assinatura view (000 §3 'Subscription view', built on the server from the stored columns). */
export async function lerAssinatura(tx: TTx, empresaId: string, hoje: string, inicioMes: Date): Promise<TAssinatura> {
  const e = await lerEstado(tx, empresaId);
  const uso = await lerUso(tx, empresaId, inicioMes);
  const pg = await tx.query(
    "SELECT pagamento_bandeira, pagamento_ultimos4, pagamento_exp_mes, pagamento_exp_ano FROM empresas WHERE id = $1",
    [empresaId],
  );
  const f = await tx.query(
    `SELECT id, plano, valor, status, tipo, data::text, vencimento::text, periodo_inicio::text, periodo_fim::text, pago_em, metodo
       FROM faturas WHERE id_empresa_fk = $1 ORDER BY data DESC, created_at DESC LIMIT 100`,
    [empresaId],
  );
  const p = pg.rows[0];
  return {
    empresaId,
    empresaNome: e.nome,
    plano: e.plano,
    status: e.status,
    ciclo: e.ciclo,
    dataAdesao: dia(e.dataAdesao) as string,
    dataRenovacao: dia(e.dataRenovacao),
    testeAte: dia(e.testeAte),
    cancelarNoFim: e.cancelarNoFim,
    planoAgendado: e.planoAgendado,
    somenteLeituraDesde: dia(e.somenteLeituraDesde),
    vencimentoEmAberto: e.vencimentoEmAberto ?? null,
    hoje,
    uso,
    pagamento: {
      tipo: (e.pagamentoTipo as TAssinatura["pagamento"]["tipo"]) ?? null,
      bandeira: p.pagamento_bandeira,
      ultimos4: p.pagamento_ultimos4,
      expMes: p.pagamento_exp_mes,
      expAno: p.pagamento_exp_ano,
    },
    faturas: f.rows.map(linhaFatura),
  };
}

import { MSG } from "@crm/domain/messages";
import { preAnalisar } from "@crm/domain/revisional/analysis";
import { escolherReferencia } from "@crm/domain/revisional/reference";
import { PAPEL } from "@crm/domain/roles";
import type { TContratoLead, TPreAnaliseLead } from "@crm/domain/schemas/revisional";
import type { TTenantCtx, TTx } from "../db/tenant.js";
import { notFound } from "../http/errors.js";
import { COLUNAS_CONTRATO, dadosDoContrato, lerMesesDoContrato, type TLinhaContrato } from "./contract-row.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function lerLead(tx: TTx, auth: TTenantCtx, leadId: string, travar = false) {
  const plataforma = auth.papel === PAPEL.plataforma;
  const naoEncontrado = () => notFound(plataforma ? MSG.leadNaoEncontrado : MSG.leadNaoEncontradoNestaEmpresa);
  if (!UUID.test(leadId)) throw naoEncontrado();
  const { rows } = await tx.query(
    `SELECT l.id, l.nome, l.id_empresa_fk, e.revisional_limiar::float8 AS limiar, l.revisional_avisado_em, ${COLUNAS_CONTRATO}
       FROM leads_juros_check l JOIN empresas e ON e.id = l.id_empresa_fk
      WHERE l.id = $1 AND ($2::uuid IS NULL OR l.id_empresa_fk = $2)${travar ? " FOR UPDATE OF l" : ""}`,
    [leadId, plataforma ? null : auth.empresaId],
  );
  if (!rows[0]) throw naoEncontrado();
  return rows[0] as TLinhaContrato & {
    id: string;
    nome: string;
    id_empresa_fk: string;
    limiar: number;
    revisional_avisado_em: Date | null;
  };
}

/** The pre-analysis of one lead, computed now from its contract and the stored rates (issue 14 parts 2 and 4). */
export async function preAnaliseDoLead(
  tx: TTx,
  auth: TTenantCtx,
  leadId: string,
): Promise<TPreAnaliseLead & { empresaId: string }> {
  const l = await lerLead(tx, auth, leadId);
  const dados = dadosDoContrato(l);
  const { referencia, motivo } = escolherReferencia(
    dados.modalidade,
    dados.dataContrato,
    await lerMesesDoContrato(tx, l.data_contrato),
  );
  return {
    empresaId: l.id_empresa_fk,
    leadId: l.id,
    nome: l.nome,
    contrato: {
      modalidade_credito: l.modalidade_credito,
      valor_contrato: l.valor_contrato && l.valor_contrato > 0 ? l.valor_contrato : null,
      valor_liberado: l.valor_liberado,
      valor_parcela: l.valor_parcela,
      quantidade_parcelas: l.quantidade_parcelas,
      quantidade_parcelas_pagas: l.quantidade_parcelas_pagas,
      data_contrato: l.data_contrato,
      banco: l.banco,
      taxa_informada_mensal: l.taxa_informada_mensal,
    },
    analise: preAnalisar(dados, referencia, l.limiar),
    motivoSemReferencia: motivo,
    avisadoNaTriagemEm: l.revisional_avisado_em?.toISOString() ?? null,
  };
}

/** Saves the contract data of a lead (scope first, then write); the trigger marks its stored analysis stale. */
export async function salvarContrato(tx: TTx, auth: TTenantCtx, leadId: string, c: TContratoLead): Promise<void> {
  const l = await lerLead(tx, auth, leadId, true);
  await tx.query(
    `UPDATE leads_juros_check SET modalidade_credito = $3, valor_contrato = coalesce($4, 0), valor_liberado = $5,
            valor_parcela = $6, quantidade_parcelas = $7, quantidade_parcelas_pagas = $8, data_contrato = $9, banco = $10,
            taxa_informada_mensal = $11, updated_at = now()
      WHERE id_empresa_fk = $1 AND id = $2`,
    [
      l.id_empresa_fk,
      l.id,
      c.modalidade_credito,
      c.valor_contrato,
      c.valor_liberado,
      c.valor_parcela,
      c.quantidade_parcelas,
      c.quantidade_parcelas_pagas,
      c.data_contrato,
      c.banco,
      c.taxa_informada_mensal,
    ],
  );
}

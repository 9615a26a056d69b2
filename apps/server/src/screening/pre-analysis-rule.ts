import { preAnalisar } from "@crm/domain/revisional/analysis";
import { escolherReferencia } from "@crm/domain/revisional/reference";
import { contratoDosFatos, decidirPelaPreAnalise, type TRegraTriagemRevisional } from "@crm/domain/revisional/screening-rule";
import type { TFatosTriagem } from "@crm/domain/schemas/screening";
import type { TTx } from "../db/tenant.js";
import { COLUNAS_CONTRATO, dadosDoContrato, lerMesesDoContrato, type TLinhaContrato } from "../revisional/contract-row.js";

/**
 * The contract the lead described fills what nobody has filled yet (a person's entry is never overwritten; decision
 * 1403), then the lead's pre-analysis, with the company's threshold, says whether the company's rule applies
 * (decision 1405). In the screening's transaction, the lead row already locked.
 */
export async function contratoNaTriagem(
  tx: TTx,
  p: { empresaId: string; leadId: string; fatos: TFatosTriagem },
): Promise<{ avisar: boolean; encerrar: boolean }> {
  const c = contratoDosFatos(p.fatos);
  const { rows } = await tx.query(
    `UPDATE leads_juros_check l SET
            modalidade_credito = coalesce(l.modalidade_credito, $3),
            valor_contrato = CASE WHEN l.valor_contrato > 0 THEN l.valor_contrato ELSE coalesce($4::numeric, l.valor_contrato) END,
            valor_parcela = coalesce(l.valor_parcela, $5::numeric),
            quantidade_parcelas = coalesce(l.quantidade_parcelas, $6),
            quantidade_parcelas_pagas = coalesce(l.quantidade_parcelas_pagas, $7),
            data_contrato = coalesce(l.data_contrato, $8::date),
            banco = coalesce(l.banco, $9),
            taxa_informada_mensal = coalesce(l.taxa_informada_mensal, $10::numeric)
       FROM empresas e
      WHERE l.id_empresa_fk = $1 AND l.id = $2 AND e.id = l.id_empresa_fk
  RETURNING e.revisional_limiar::float8 AS limiar, e.revisional_regra_triagem AS regra,
            l.revisional_avisado_em IS NOT NULL AS avisado, ${COLUNAS_CONTRATO}`,
    [
      p.empresaId,
      p.leadId,
      c.modalidade_credito,
      c.valor_contrato,
      c.valor_parcela,
      c.quantidade_parcelas,
      c.quantidade_parcelas_pagas,
      c.data_contrato,
      c.banco,
      c.taxa_informada_mensal,
    ],
  );
  const l = rows[0] as (TLinhaContrato & { limiar: number; regra: TRegraTriagemRevisional; avisado: boolean }) | undefined;
  if (!l || l.regra === "desligada") return { avisar: false, encerrar: false };
  const dados = dadosDoContrato(l);
  const { referencia } = escolherReferencia(dados.modalidade, dados.dataContrato, await lerMesesDoContrato(tx, l.data_contrato));
  return decidirPelaPreAnalise(preAnalisar(dados, referencia, l.limiar), l.regra, l.avisado, dados.modalidade);
}

/** The mark: the lead was told, once, that the contract looks within the average. */
export async function marcarAvisado(tx: TTx, empresaId: string, leadId: string): Promise<void> {
  await tx.query("UPDATE leads_juros_check SET revisional_avisado_em = clock_timestamp() WHERE id_empresa_fk = $1 AND id = $2", [
    empresaId,
    leadId,
  ]);
}

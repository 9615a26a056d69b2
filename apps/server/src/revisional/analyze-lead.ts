import { MSG } from "@crm/domain/messages";
import { preAnalisar } from "@crm/domain/revisional/analysis";
import { escolherReferencia, type TLerMes } from "@crm/domain/revisional/reference";
import { PAPEL } from "@crm/domain/roles";
import { ehId } from "@crm/domain/schemas/id";
import type { TContratoLead, TPreAnaliseLead } from "@crm/domain/schemas/revisional";
import type { TPoolPipeline } from "../db/pool.js";
import { preparada } from "../db/prepared.js";
import { lerComTenant, type TTenantCtx, type TTx } from "../db/tenant.js";
import { notFound } from "../http/errors.js";
import { COLUNAS_CONTRATO, dadosDoContrato, lerMesesDoContrato, type TLinhaContrato } from "./contract-row.js";

async function lerLead(tx: TTx, auth: TTenantCtx, leadId: string, travar = false) {
  const plataforma = auth.papel === PAPEL.plataforma;
  const naoEncontrado = () => notFound(plataforma ? MSG.leadNaoEncontrado : MSG.leadNaoEncontradoNestaEmpresa);
  if (!ehId(leadId)) throw naoEncontrado();
  const { rows } = await tx.query(
    `SELECT l.id, l.nome, l.id_empresa_fk, e.revisional_limiar::float8 AS limiar, l.revisional_avisado_em, ${COLUNAS_CONTRATO}
       FROM leads_juros_check l JOIN empresas e ON e.id = l.id_empresa_fk
      WHERE l.id = $1 AND ($2::uuid IS NULL OR l.id_empresa_fk = $2)${travar ? " FOR UPDATE OF l" : ""}`,
    [leadId, plataforma ? null : auth.empresaId],
  );
  if (!rows[0]) throw naoEncontrado();
  return rows[0] as TLinhaLead;
}

type TLinhaLead = TLinhaContrato & {
  id: string;
  nome: string;
  id_empresa_fk: string;
  limiar: number;
  /** a Date on the application's pool, ISO text on the read pool (db/pool.ts) */
  revisional_avisado_em: Date | string | null;
};

function montarPreAnalise(l: TLinhaLead, lerMes: TLerMes): TPreAnaliseLead & { empresaId: string } {
  const dados = dadosDoContrato(l);
  const { referencia, motivo } = escolherReferencia(dados.modalidade, dados.dataContrato, lerMes);
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
    avisadoNaTriagemEm:
      typeof l.revisional_avisado_em === "string" ? l.revisional_avisado_em : (l.revisional_avisado_em?.toISOString() ?? null),
  };
}

/** The pre-analysis of one lead, computed now from its contract and the stored rates (decisions 1401 and 1403). */
export async function preAnaliseDoLead(
  tx: TTx,
  auth: TTenantCtx,
  leadId: string,
): Promise<TPreAnaliseLead & { empresaId: string }> {
  const l = await lerLead(tx, auth, leadId);
  return montarPreAnalise(l, await lerMesesDoContrato(tx, l.data_contrato));
}

// the lead and the months its contract may use (its month and the two before), in one statement
const SQL_PRE_ANALISE = `SELECT l.id, l.nome, l.id_empresa_fk, e.revisional_limiar::float8 AS limiar, l.revisional_avisado_em,
  ${COLUNAS_CONTRATO},
  (SELECT json_agg(json_build_array(t.codigo_serie, to_char(t.competencia, 'YYYY-MM-DD'), t.taxa::float8, t.ilustrativa))
     FROM taxas_bacen t
    WHERE t.competencia BETWEEN date_trunc('month', l.data_contrato) - interval '2 months' AND date_trunc('month', l.data_contrato)
  ) AS meses
  FROM leads_juros_check l JOIN empresas e ON e.id = l.id_empresa_fk
 WHERE l.id = $1 AND ($2::uuid IS NULL OR l.id_empresa_fk = $2)`;

/**
 * preAnaliseDoLead for GET /api/leads/{id}/pre-analise in one round trip (lerComTenant: BEGIN READ ONLY with the
 * caller's settings, one prepared statement with one plan for every lead, COMMIT), on the read pool.
 */
export async function lerPreAnalise(
  pool: TPoolPipeline,
  auth: TTenantCtx,
  leadId: string,
): Promise<TPreAnaliseLead & { empresaId: string }> {
  const plataforma = auth.papel === PAPEL.plataforma;
  const naoEncontrado = () => notFound(plataforma ? MSG.leadNaoEncontrado : MSG.leadNaoEncontradoNestaEmpresa);
  if (!ehId(leadId)) throw naoEncontrado();
  const { rows } = await lerComTenant(
    pool,
    auth,
    async () => preparada(SQL_PRE_ANALISE, [leadId, plataforma ? null : auth.empresaId]),
    { planoGenerico: true },
  );
  const l = rows[0] as (TLinhaLead & { meses: [number, string, number, boolean][] | null }) | undefined;
  if (!l) throw naoEncontrado();
  const meses = new Map((l.meses ?? []).map(([c, m, t, i]) => [`${c}|${m}`, { taxa: t, ilustrativa: i }]));
  return montarPreAnalise(l, (codigo, competencia) => meses.get(`${codigo}|${competencia}`));
}

/**
 * Saves the contract data of a lead (scope first, then write); the trigger marks its stored analysis stale. Returns
 * the lead as it was (`to_jsonb`), for the edit's change-log row that gravarResumo writes with the figures.
 * `$4::numeric`: an untyped parameter beside a literal takes the literal's type (integer), and centavos failed
 * (decision 1601).
 */
export async function salvarContrato(tx: TTx, auth: TTenantCtx, leadId: string, c: TContratoLead): Promise<unknown> {
  const l = await lerLead(tx, auth, leadId, true);
  // the lead as it was: the edit's one `lead.alterado` row is written with the figures it moves (gravarResumo)
  const { rows } = await tx.query(
    `WITH antes AS (SELECT to_jsonb(l) AS linha FROM leads_juros_check l WHERE l.id_empresa_fk = $1 AND l.id = $2 FOR UPDATE),
     contrato AS (
       UPDATE leads_juros_check l SET modalidade_credito = $3, valor_contrato = coalesce($4::numeric, 0), valor_liberado = $5,
              valor_parcela = $6, quantidade_parcelas = $7, quantidade_parcelas_pagas = $8, data_contrato = $9, banco = $10,
              taxa_informada_mensal = $11, updated_at = now()
        WHERE l.id_empresa_fk = $1 AND l.id = $2)
     SELECT linha FROM antes`,
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
  return rows[0].linha;
}

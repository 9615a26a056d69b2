import { TEXTO_API_V1 } from "@crm/domain/api-v1";
import type {
  TCanalConsentimento,
  TFinalidadeConsentimento,
  TOrigemConsentimento,
  TSituacaoConsentimento,
} from "@crm/domain/consent";
import type { TConsentimentoLead } from "@crm/domain/schemas/consent";
import { autorDoRegistro, sqlRegistro } from "../change-log/in-statement.js";
import type { TAutorMudanca } from "../change-log/record.js";
import type { TTx } from "../db/tenant.js";

/** One entry of the ledger (decision 1827). */
export type TEntradaConsentimento = {
  leadId: string;
  finalidade: TFinalidadeConsentimento;
  situacao: TSituacaoConsentimento;
  texto: string;
  versao: string;
  canal: TCanalConsentimento;
  origem: TOrigemConsentimento;
  usuarioId?: string | null;
  /** the /api/v1 key that recorded an entry of the company, when no person did (decision 1923) */
  chaveApiId?: string | null;
  mensagemId?: string | null;
  whatsappId?: string | null;
  ocorridoEm: string | Date;
};

export type TEstadoConsentimento = Record<TFinalidadeConsentimento, TSituacaoConsentimento | null>;

const TIPO = "CASE (f.depois).situacao WHEN 'concedido' THEN 'consentimento.concedido' ELSE 'consentimento.revogado' END";

/**
 * Appends entries to the ledger, in the given order, with their change-log rows in the same statement (decisions
 * 1701, 1702): `consentimento.concedido` or `consentimento.revogado`, by `autor`.
 */
export async function gravarConsentimentos(
  tx: TTx,
  empresaId: string,
  entradas: TEntradaConsentimento[],
  autor: TAutorMudanca,
): Promise<void> {
  if (!entradas.length) return;
  const linhas = entradas.map((e, ordem) => ({
    ordem,
    lead: e.leadId,
    finalidade: e.finalidade,
    situacao: e.situacao,
    texto: e.texto,
    versao: e.versao,
    canal: e.canal,
    origem: e.origem,
    usuario: e.usuarioId ?? null,
    chave: e.chaveApiId ?? null,
    mensagem: e.mensagemId ?? null,
    wid: e.whatsappId ?? null,
    em: new Date(e.ocorridoEm).toISOString(),
  }));
  await tx.query(
    `WITH feitos AS (
       INSERT INTO consentimentos AS c (id_empresa_fk, id_lead_fk, finalidade, situacao, texto, versao_texto, canal, origem,
              id_usuario_fk, id_chave_api, id_mensagem_fk, whatsapp_message_id, ocorrido_em)
       SELECT $1, x.lead, x.finalidade, x.situacao, x.texto, x.versao, x.canal, x.origem, x.usuario, x.chave, x.mensagem, x.wid,
              x.em
         FROM jsonb_to_recordset($2::jsonb) AS x (ordem int, lead uuid, finalidade text, situacao text, texto text,
              versao text, canal text, origem text, usuario uuid, chave uuid, mensagem uuid, wid text, em timestamptz)
        ORDER BY x.ordem
       RETURNING NULL::consentimentos AS antes, c AS depois)
     ${sqlRegistro(3, { entidade: "consentimento", campos: "mudancas_consentimento", tipo: TIPO })}`,
    // the kind comes from each row (TIPO); the author is the caller's
    [empresaId, JSON.stringify(linhas), autorDoRegistro("consentimento.concedido", autor)],
  );
}

/** The latest entry of each purpose of these leads (absent: never recorded). One index probe per lead and purpose. */
export async function lerEstadosAtuais(
  tx: TTx,
  empresaId: string,
  leadIds: string[],
): Promise<Map<string, TEstadoConsentimento>> {
  const mapa = new Map<string, TEstadoConsentimento>(leadIds.map((id) => [id, { marketing: null, atendimento: null }]));
  if (!leadIds.length) return mapa;
  const { rows } = await tx.query<{ lead: string; finalidade: TFinalidadeConsentimento; situacao: TSituacaoConsentimento }>(
    `SELECT l.id AS lead, f.finalidade, v.situacao
       FROM unnest($2::uuid[]) AS l (id)
      CROSS JOIN unnest(ARRAY['marketing', 'atendimento']) AS f (finalidade)
      CROSS JOIN LATERAL (
        SELECT c.situacao FROM consentimentos c
         WHERE c.id_empresa_fk = $1 AND c.id_lead_fk = l.id AND c.finalidade = f.finalidade
         ORDER BY c.seq DESC LIMIT 1) v`,
    [empresaId, leadIds],
  );
  for (const r of rows) (mapa.get(r.lead) as TEstadoConsentimento)[r.finalidade] = r.situacao;
  return mapa;
}

/** The lead opted out and has not written since: the AI screening waits (decision 1828). */
export async function triagemPausada(tx: TTx, empresaId: string, leadId: string): Promise<boolean> {
  const estado = (await lerEstadosAtuais(tx, empresaId, [leadId])).get(leadId);
  return estado?.atendimento === "revogado";
}

/** The lead's consent now and its whole history, newest first (the chat's badge, the lead's detail). */
export async function lerConsentimentoDoLead(tx: TTx, empresaId: string, leadId: string): Promise<TConsentimentoLead> {
  const { rows } = await tx.query(
    `SELECT c.id, c.finalidade, c.situacao, c.texto, c.versao_texto, c.canal, c.origem,
            CASE WHEN c.id_chave_api IS NOT NULL THEN $3 ELSE coalesce(nullif(u.nome, ''), u.email) END AS usuario_nome,
            c.whatsapp_message_id,
            to_char(c.ocorrido_em AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ocorrido_em
       FROM consentimentos c
       LEFT JOIN usuarios_plataforma u ON u.id_empresa_fk = c.id_empresa_fk AND u.id = c.id_usuario_fk
      WHERE c.id_empresa_fk = $1 AND c.id_lead_fk = $2
      ORDER BY c.seq DESC`,
    // an entry an /api/v1 key recorded names the integration, as its messages and notes do (decision 1923)
    [empresaId, leadId, TEXTO_API_V1.remetenteApi],
  );
  const ultima = (f: TFinalidadeConsentimento) => rows.find((r) => r.finalidade === f)?.situacao ?? null;
  return {
    marketing: ultima("marketing"),
    atendimento: ultima("atendimento"),
    triagem_pausada: ultima("atendimento") === "revogado",
    historico: rows,
  };
}

import { CATALOGO_DADOS } from "@crm/domain/data-catalogue-tables";
import { redigirEventosAuditoria } from "../audit-redaction/redact.js";
import { autorDoRegistro, sqlRegistro, sqlRegistroDeLeads } from "../change-log/in-statement.js";
import type { TAutorMudanca } from "../change-log/record.js";
import { type TTx, unsafeComoSistemaNaTransacao } from "../db/tenant.js";

/** What anonymising some leads removed: counts for the run's report, and the stored files to delete after commit. */
export type TLeadsAnonimizados = { leads: number; mensagens: number; notas: number; triagens: number; arquivos: string[] };

/** The name an anonymised lead keeps (the column is NOT NULL): says what happened, identifies nobody. */
export const NOME_ANONIMIZADO = "Titular anonimizado";

/**
 * The lead's columns the catalogue marks `anonimizar: "apagar"` (decision 1871), cleared; those marked "manter" (the
 * contract's figures) stay: once nothing links them to a person they are not personal data (LGPD art. 12), and the
 * dashboards' totals read them.
 */
const LIMPAR_LEAD = Object.entries(CATALOGO_DADOS.leads_juros_check.pessoais)
  .filter(([, c]) => c.anonimizar === "apagar")
  .map(([coluna]) =>
    coluna === "nome"
      ? `nome = '${NOME_ANONIMIZADO}'`
      : coluna === "historico_conversa_ia"
        ? "historico_conversa_ia = '[]'::jsonb"
        : `${coluna} = NULL`,
  )
  .join(", ");

/**
 * Anonymises leads of one company in the caller's transaction (decision 1873): the lead's personal columns cleared
 * (one `lead.alterado` row each, naming the personal fields changed, never their values), its WhatsApp messages
 * deleted (one `mensagem.excluida` row each), its internal notes deleted, its AI screenings' texts cleared; the
 * media files are returned for the caller to delete after commit; the audit trail's personal values of these leads are
 * redacted, its chain still verifying. The leads must be locked by the caller, in id
 * order (decision 1731). Kept in one function so that the full erasure of decision 1861 can take its place.
 */
export async function anonimizarLeads(
  tx: TTx,
  empresaId: string,
  ids: string[],
  autor: TAutorMudanca,
  agora: Date,
): Promise<TLeadsAnonimizados> {
  if (!ids.length) return { leads: 0, mensagens: 0, notas: 0, triagens: 0, arquivos: [] };
  const { rows: midias } = await tx.query<{ chave: string }>(
    `SELECT media_storage_key AS chave FROM mensagens_whatsapp
      WHERE id_empresa_fk = $1 AND id_lead_fk = ANY ($2::uuid[]) AND media_storage_key IS NOT NULL`,
    [empresaId, ids],
  );
  const mensagens = await tx.query(
    `WITH feitos AS (
       DELETE FROM mensagens_whatsapp m WHERE m.id_empresa_fk = $1 AND m.id_lead_fk = ANY ($2::uuid[])
       RETURNING m AS antes, NULL::mensagens_whatsapp AS depois)
     ${sqlRegistro(3, { entidade: "mensagem", campos: "mudancas_mensagem" })}`,
    [empresaId, ids, autorDoRegistro("mensagem.excluida", autor)],
  );
  const notas = await tx.query("DELETE FROM notas_lead WHERE id_empresa_fk = $1 AND id_lead_fk = ANY ($2::uuid[])", [
    empresaId,
    ids,
  ]);
  const triagens = await tx.query(
    `UPDATE triagens_ia SET motivo = NULL, proxima_pergunta = NULL, resumo = NULL, fatos = '{}'::jsonb
      WHERE id_empresa_fk = $1 AND id_lead_fk = ANY ($2::uuid[])`,
    [empresaId, ids],
  );
  await tx.query("DELETE FROM leads_telefones_migrados WHERE id_empresa_fk = $1 AND id_lead_fk = ANY ($2::uuid[])", [
    empresaId,
    ids,
  ]);
  const leads = await tx.query(
    `WITH antes AS (SELECT l AS linha FROM leads_juros_check l WHERE l.id_empresa_fk = $1 AND l.id = ANY ($2::uuid[])),
     feitos AS (
       UPDATE leads_juros_check l SET ${LIMPAR_LEAD}, anonimizado_em = $3, updated_at = $3
         FROM antes a WHERE l.id_empresa_fk = $1 AND l.id = (a.linha).id
       RETURNING a.linha AS antes, l AS depois)
     ${sqlRegistroDeLeads(4)}`,
    [empresaId, ids, agora, autorDoRegistro("lead.alterado", autor)],
  );
  // the audit trail's personal values of these leads go too, the chain still verifying (decisions 1821, 1861)
  await unsafeComoSistemaNaTransacao(tx, async (sis) => {
    for (const id of ids) await redigirEventosAuditoria(sis, { empresaId, entidade: "lead", entidadeId: id });
  });
  return {
    leads: leads.rowCount ?? 0,
    mensagens: mensagens.rowCount ?? 0,
    notas: notas.rowCount ?? 0,
    triagens: triagens.rowCount ?? 0,
    arquivos: midias.map((m) => m.chave),
  };
}

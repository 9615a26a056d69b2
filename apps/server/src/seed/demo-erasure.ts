import { isoDiaSP } from "@crm/domain/period";
import { formatarProtocolo, PRAZO_PADRAO_DIAS, venceEmDe } from "@crm/domain/privacy-requests";
import { registrarMudancas } from "../change-log/record.js";
import type { TTx } from "../db/tenant.js";

const DIA = 86_400_000;

/**
 * An erasure request of a lead with a legal process, verified and waiting (decisions 1861–1862): on a fresh `npm
 * start`, 'Eliminar dados' on /privacidade shows a partial answer — the process held with its reason — beside the
 * plain erasure request demo-privacy.ts seeds. Runs after it (the protocol counter follows its requests).
 */
export async function semearEliminacaoDemo(tx: TTx, agora: Date, empresaId: string): Promise<number> {
  const { rows: leads } = await tx.query(
    `SELECT id, nome, telefone_normalizado FROM leads_juros_check
      WHERE id_empresa_fk = $1 AND status_juridico_lead IS NOT NULL AND telefone_normalizado IS NOT NULL
      ORDER BY created_at, id LIMIT 1`,
    [empresaId],
  );
  const lead = leads[0];
  if (!lead) return 0;
  const { rows: cfg } = await tx.query(
    "UPDATE privacidade_config SET ultimo_protocolo = ultimo_protocolo + 1 WHERE id_empresa_fk = $1 RETURNING ultimo_protocolo",
    [empresaId],
  );
  const aberto = new Date(agora.getTime() - 3 * DIA);
  const verificado = new Date(aberto.getTime() + 3_600_000);
  const { rows } = await tx.query(
    `INSERT INTO privacidade_pedidos (id_empresa_fk, protocolo, direito, canal, status, id_lead_fk, nome_titular,
        telefone_normalizado, aberto_em, prazo_dias, vence_em, verificado_em, resposta_simplificada_em)
     VALUES ($1, $2, 'anonimizacao_bloqueio_eliminacao', 'whatsapp', 'em_andamento', $3, $4, $5, $6, $7, $8, $9, $9)
     RETURNING id, protocolo, direito, canal, status, id_lead_fk AS id_lead, vence_em::text AS vence_em`,
    [
      empresaId,
      formatarProtocolo(Number(isoDiaSP(aberto).slice(0, 4)), cfg[0].ultimo_protocolo),
      lead.id,
      lead.nome,
      lead.telefone_normalizado,
      aberto,
      PRAZO_PADRAO_DIAS,
      venceEmDe(aberto, PRAZO_PADRAO_DIAS),
      verificado,
    ],
  );
  const { id, ...depois } = rows[0];
  await registrarMudancas(tx, {
    empresaId,
    autor: { origem: "sistema" },
    mudancas: [{ entidade: "privacidade", id, tipo: "privacidade.solicitada", depois }],
  });
  return 1;
}

import type { TTipoMudanca } from "@crm/domain/change-log";
import { registrarMudancas, type TAutorMudanca } from "../change-log/record.js";
import type { TTx } from "../db/tenant.js";

export type TAcaoIncidente = "registrado" | "alterado" | "comunicado" | "titular_avisado" | "encerrado";

const TIPO: Record<TAcaoIncidente, Extract<TTipoMudanca, `privacidade.incidente_${string}`>> = {
  registrado: "privacidade.incidente_registrado",
  alterado: "privacidade.incidente_alterado",
  comunicado: "privacidade.incidente_comunicado",
  titular_avisado: "privacidade.incidente_titular_avisado",
  encerrado: "privacidade.incidente_encerrado",
};

/**
 * One incident action, written twice in the action's transaction: a row of the incident's own append-only history
 * (kept with the register for the 5 years of Res. 15/2024 art. 10, decision 1876) and its change-log row (decision
 * 1702, entity `privacidade`), which the audit trail reads. Both hold the incident's non-personal fields and the
 * action's detail (fields changed, channel, lead id), never a titular's name, phone or email.
 */
export async function registrarAcaoIncidente(
  tx: TTx,
  p: {
    empresaId: string;
    incidenteId: string;
    acao: TAcaoIncidente;
    autor: TAutorMudanca;
    detalhe?: Record<string, unknown> | null;
    antes?: Record<string, unknown> | null;
  },
): Promise<void> {
  const { rows } = await tx.query(
    `WITH h AS (
       INSERT INTO privacidade_incidente_historico (id_empresa_fk, id_incidente_fk, acao, id_usuario_fk, detalhe)
       VALUES ($1, $2, $3, $4, $5))
     SELECT numero, status, vence_em::text AS vence_em, titulares_afetados, id_incidente_plataforma,
            afeta_significativamente AND cardinality(criterios) > 0 AS risco_relevante
       FROM privacidade_incidentes WHERE id_empresa_fk = $1 AND id = $2`,
    [p.empresaId, p.incidenteId, p.acao, p.autor.usuarioId ?? null, p.detalhe ?? null],
  );
  await registrarMudancas(tx, {
    empresaId: p.empresaId,
    autor: p.autor,
    mudancas: [
      {
        entidade: "privacidade",
        id: p.incidenteId,
        tipo: TIPO[p.acao],
        antes: p.antes ?? null,
        depois: { ...rows[0], ...(p.detalhe ?? {}) },
      },
    ],
  });
}

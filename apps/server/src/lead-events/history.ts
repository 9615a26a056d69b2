import type { TTx } from "../db/tenant.js";

/** Who made a change: a person, the AI screening, the system (automatic steps), a CSV import or an API key. */
export type TAutor = {
  usuarioId: string | null;
  origem: "usuario" | "ia" | "sistema" | "importacao" | "api";
  motivo?: string | null;
  /** the API key, for the change log (decision 1702) */
  chaveApiId?: string | null;
};

export type TCampoHistorico =
  | "status_lead"
  | "status_juridico_lead"
  | "consultor_atribuido_id"
  | "profissional_juridico_atribuido_id";

export type TMudanca = { leadId: string; de: string | null; para: string | null };

/**
 * The one place a lead's history is written: one lead_status_historico row per change (who, when, from → to, origin,
 * reason; 000 §4). Every path that changes a lead's status or assignment goes through lead-events, which calls this.
 */
export async function registrarHistorico(
  tx: TTx,
  p: { empresaId: string; campo: TCampoHistorico; autor: TAutor; mudancas: TMudanca[] },
): Promise<void> {
  if (!p.mudancas.length) return;
  await tx.query(
    `INSERT INTO lead_status_historico (id_empresa_fk, id_lead_fk, campo, valor_anterior, valor_novo, id_usuario_fk, origem, motivo)
     SELECT $1, m.lead, $2, m.de, m.para, $6, $7, $8 FROM unnest($3::uuid[], $4::text[], $5::text[]) AS m (lead, de, para)`,
    [
      p.empresaId,
      p.campo,
      p.mudancas.map((m) => m.leadId),
      p.mudancas.map((m) => m.de),
      p.mudancas.map((m) => m.para),
      p.autor.usuarioId,
      p.autor.origem,
      p.autor.motivo?.slice(0, 1000) || null,
    ],
  );
}

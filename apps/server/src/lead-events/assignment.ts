import { autorDoRegistro, sqlRegistroDeLeads } from "../change-log/in-statement.js";
import type { TDeps } from "../core/deps.js";
import type { TTx } from "../db/tenant.js";
import { notificar } from "../notifications/notify.js";
import { registrarHistorico } from "./history.js";

/** Who assigns: a person (/leads, the bulk action, the test page) or the system (after qualification). */
export type TAutorAtribuicao = {
  usuarioId: string | null;
  origem: "usuario" | "sistema" | "ia" | "api";
  motivo: string | null;
  chaveApiId?: string | null;
};

export type TLeadAtribuido = { id: string; nome: string; consultor_atribuido_id: string | null };

/**
 * Writes assignments, whoever decided them: the leads' consultant and updated_at (000 §4), the consultant's
 * last-assignment time (the automatic assignment spreads leads by it, manual ones count too), one history row
 * per lead (who, when, from → to, origin, reason), the consultant's lead_assigned notification; the open screens hear it from the log's
 * notification (realtime/change-log-events.ts). The one place every assignment path goes through, so they all record the same. `consultor` null
 * clears the assignment. The caller has locked the leads and passes only those that change.
 */
export async function gravarAtribuicoes(
  deps: Pick<TDeps, "realtime">,
  tx: TTx,
  p: { empresaId: string; leads: TLeadAtribuido[]; consultor: { id: string } | null; autor: TAutorAtribuicao },
): Promise<void> {
  if (!p.leads.length) return;
  const ids = p.leads.map((l) => l.id);
  const para = p.consultor?.id ?? null;
  // the assignment and its `lead.atribuido` log rows in one statement (decision 1702)
  await tx.query(
    `WITH antes AS (SELECT l AS linha FROM leads_juros_check l WHERE l.id_empresa_fk = $1 AND l.id = ANY ($2::uuid[])),
     feitos AS (
       UPDATE leads_juros_check l SET consultor_atribuido_id = $3, updated_at = now()
         FROM antes a WHERE l.id_empresa_fk = $1 AND l.id = (a.linha).id
        RETURNING a.linha AS antes, l AS depois)
     ${sqlRegistroDeLeads(4)}`,
    [p.empresaId, ids, para, autorDoRegistro("lead.atribuido", p.autor)],
  );
  await registrarHistorico(tx, {
    empresaId: p.empresaId,
    campo: "consultor_atribuido_id",
    autor: p.autor,
    mudancas: p.leads.map((l) => ({ leadId: l.id, de: l.consultor_atribuido_id, para })),
  });
  if (para) {
    const { rows } = await tx.query(
      "UPDATE consultores SET ultima_atribuicao_em = clock_timestamp() WHERE id_empresa_fk = $1 AND id = $2 RETURNING id_usuario_fk",
      [p.empresaId, para],
    );
    const usuarioConsultor = rows[0]?.id_usuario_fk as string | null;
    if (usuarioConsultor) {
      const um = p.leads.length === 1 ? p.leads[0] : null;
      await notificar(deps, tx, {
        empresaId: p.empresaId,
        destino: { usuarioId: usuarioConsultor },
        tipo: "lead_assigned",
        titulo: um ? "Novo lead atribuído a você" : "Novos leads atribuídos a você",
        conteudo: um
          ? `${um.nome} foi atribuído a você. Abra a conversa para continuar o atendimento.`
          : `${p.leads.length} leads foram atribuídos a você.`,
        dados: um ? { leadId: um.id, leadName: um.nome, consultorId: para } : { quantidade: p.leads.length, consultorId: para },
      });
    }
  }
}

type TCampoAtribuicao = "consultor_atribuido_id" | "profissional_juridico_atribuido_id";

/**
 * Clears an assignment on every lead that has it, recording each change in lead_status_historico (who, why) and the
 * log (open screens hear of it from the log's notification). Nothing else of the lead is touched: nothing is lost.
 */
export async function desatribuirLeads(
  tx: TTx,
  p: { empresaId: string; campo: TCampoAtribuicao; valor: string; atorId: string | null; motivo: string },
): Promise<number> {
  const autor = { usuarioId: p.atorId, origem: "usuario" as const, motivo: p.motivo };
  // the column name comes from a closed union, never from input; the `lead.atribuido` log rows in the same statement
  const { rows } = await tx.query(
    `WITH antes AS (SELECT l AS linha FROM leads_juros_check l WHERE l.id_empresa_fk = $1 AND l.${p.campo} = $2 FOR UPDATE),
     feitos AS (
       UPDATE leads_juros_check l SET ${p.campo} = NULL, updated_at = now()
         FROM antes a WHERE l.id_empresa_fk = $1 AND l.id = (a.linha).id
        RETURNING a.linha AS antes, l AS depois),
     registro AS (${sqlRegistroDeLeads(3)})
     SELECT (f.depois).id FROM feitos f`,
    [p.empresaId, p.valor, autorDoRegistro("lead.atribuido", autor)],
  );
  if (!rows.length) return 0;
  const ids = rows.map((r) => r.id as string);
  await registrarHistorico(tx, {
    empresaId: p.empresaId,
    campo: p.campo,
    autor,
    mudancas: ids.map((leadId) => ({ leadId, de: p.valor, para: null })),
  });
  return ids.length;
}

import { MSG } from "@crm/domain/messages";
import type { TEditarProcesso, TProcesso } from "@crm/domain/schemas/processes";
import { autorDoRegistro, sqlRegistroDeLeads } from "../change-log/in-statement.js";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { aoMudarStatusJuridico } from "../deadlines/on-status-change.js";
import { badRequest } from "../http/errors.js";
import { registrarHistorico, type TAutor } from "../lead-events/history.js";
import { notificarVarios, type TNovaNotificacao } from "../notifications/notify.js";
import { opcoesProfissionais } from "./list-options.js";
import { lerProcesso } from "./read-process.js";

/** The kind of a process edit's log row, over the log's `f.antes`/`f.depois` (change-log/in-statement.ts). */
const TIPO_DA_EDICAO = `CASE
  WHEN (f.antes).status_juridico_lead IS DISTINCT FROM (f.depois).status_juridico_lead THEN 'lead.status_juridico'
  WHEN (f.antes).profissional_juridico_atribuido_id IS DISTINCT FROM (f.depois).profissional_juridico_atribuido_id
  THEN 'lead.atribuido' ELSE 'lead.alterado' END`;

/**
 * The edit dialog of /processos: legal status, legal professional, legal notes and closed value (001 §7). Status and
 * professional changes go to the lead's history (who, when, from → to); the open screens update live and the people
 * concerned hear of it in the bell: the lead's consultant and the legal professional (a newly assigned one is told
 * so), never the author.
 */
export async function atualizarProcesso(
  deps: Pick<TDeps, "db" | "realtime" | "jobs">,
  ctx: TTenantCtx & { empresaId: string },
  id: string,
  e: TEditarProcesso,
  /** the person editing by default; /api/v1 passes its key (decision 1895) */
  autor: TAutor = { usuarioId: ctx.usuarioId, origem: "usuario" },
): Promise<TProcesso> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const antes = await lerProcesso(tx, ctx.empresaId, id, true);
    const profissional = e.profissional_juridico_atribuido_id;
    const trocaProfissional = profissional !== antes.profissional_id;
    if (profissional && trocaProfissional) {
      const opcoes = await opcoesProfissionais(tx, ctx.empresaId);
      if (!opcoes.some((o) => o.id === profissional)) throw badRequest(MSG.profissionalJuridicoInvalido);
    }
    // the edit and its one log row (decision 1702): its kind is the legal status when that moved, else the professional
    // when that changed, else a plain edit; an edit that saves the same values logs nothing
    await tx.query(
      `WITH antes AS (SELECT l AS linha FROM leads_juros_check l WHERE l.id_empresa_fk = $1 AND l.id = $2),
       feitos AS (
         UPDATE leads_juros_check l SET status_juridico_lead = $3, profissional_juridico_atribuido_id = $4,
                observacoes_juridicas = $5, valor_contrato_fechado = $6, updated_at = now()
           FROM antes a WHERE l.id_empresa_fk = $1 AND l.id = (a.linha).id
          RETURNING a.linha AS antes, l AS depois)
       ${sqlRegistroDeLeads(7, { tipo: TIPO_DA_EDICAO, onde: "mudancas_lead_mudou(f.antes, f.depois)" })}`,
      [
        ctx.empresaId,
        id,
        e.status_juridico_lead,
        profissional,
        e.observacoes_juridicas,
        e.valor_contrato_fechado,
        autorDoRegistro("lead.alterado", autor),
      ],
    );
    const trocaStatus = e.status_juridico_lead !== antes.status_juridico_lead;
    if (trocaStatus) {
      await registrarHistorico(tx, {
        empresaId: ctx.empresaId,
        campo: "status_juridico_lead",
        autor,
        mudancas: [{ leadId: id, de: antes.status_juridico_lead, para: e.status_juridico_lead }],
      });
      // the status's task chain (once per process) and, with the client's opt-in, the client notice (decision 1107)
      await aoMudarStatusJuridico(deps, tx, {
        empresaId: ctx.empresaId,
        leadId: id,
        status: e.status_juridico_lead,
        autorId: autor.usuarioId,
        profissionalId: profissional,
      });
    }
    if (trocaProfissional) {
      await registrarHistorico(tx, {
        empresaId: ctx.empresaId,
        campo: "profissional_juridico_atribuido_id",
        autor,
        mudancas: [{ leadId: id, de: antes.profissional_id, para: profissional }],
      });
    }

    const avisos: TNovaNotificacao[] = [];
    const dados = { leadId: id, leadName: antes.nome, link: "/processos" };
    const para = (usuarioId: string | null | undefined, titulo: string, conteudo: string) => {
      if (
        usuarioId &&
        usuarioId !== ctx.usuarioId &&
        !avisos.some((a) => "usuarioId" in a.destino && a.destino.usuarioId === usuarioId)
      )
        avisos.push({ empresaId: ctx.empresaId, destino: { usuarioId }, tipo: "status_change", titulo, conteudo, dados });
    };
    if (trocaProfissional) para(profissional, MSG.processoAtribuidoTitulo, MSG.processoAtribuidoConteudo(antes.nome));
    if (trocaStatus) {
      const { rows } = await tx.query("SELECT c.id_usuario_fk FROM consultores c WHERE c.id_empresa_fk = $1 AND c.id = $2", [
        ctx.empresaId,
        antes.consultor_id,
      ]);
      const conteudo = MSG.processoStatusConteudo(antes.nome, e.status_juridico_lead);
      para(profissional, MSG.processoStatusTitulo, conteudo);
      para(rows[0]?.id_usuario_fk, MSG.processoStatusTitulo, conteudo);
    }
    await notificarVarios(deps, tx, avisos);
    return lerProcesso(tx, ctx.empresaId, id);
  });
}

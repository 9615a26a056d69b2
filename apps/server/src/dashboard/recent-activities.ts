import {
  LEADS_DAS_ATIVIDADES,
  montarAtividades,
  type TAtividadeEmpresa,
  type TConsultorConectado,
  type TEventoAtividade,
  type TLeadAtividade,
} from "@crm/domain/dashboard";
import type { TDeps } from "../core/deps.js";
import { preparada } from "../db/prepared.js";
import { lerComTenant, type TCtxEmpresa } from "../db/tenant.js";

/** The 5 newest leads, their history's status and assignment events, and their consultants online now: one statement. */
const SQL_ATIVIDADES = `
WITH l AS (SELECT id, nome, created_at, consultor_atribuido_id FROM leads_juros_check
            WHERE id_empresa_fk = $1 ORDER BY created_at DESC, id LIMIT $2)
SELECT json_build_object(
  'leads', (SELECT json_agg(l ORDER BY l.created_at DESC, l.id) FROM l),
  'eventos', (SELECT json_agg(e) FROM (
      SELECT h.id, h.id_lead_fk AS "leadId", h.campo, h.valor_novo, h.created_at, c.nome AS consultor
        FROM lead_status_historico h
        LEFT JOIN consultores c ON h.campo = 'consultor_atribuido_id' AND c.id_empresa_fk = h.id_empresa_fk
                               AND c.id::text = h.valor_novo
       WHERE h.id_empresa_fk = $1 AND h.id_lead_fk IN (SELECT id FROM l)
         AND h.campo IN ('status_lead', 'consultor_atribuido_id')) e),
  'conectados', (SELECT json_agg(c) FROM (
      SELECT c.id, c.nome, l.id AS "leadId", coalesce(c.ultima_atividade_em, c.updated_at) AS desde
        FROM l JOIN consultores c ON c.id_empresa_fk = $1 AND c.id = l.consultor_atribuido_id
       WHERE c.status_conexao IN ('Conectado', 'Ocupado')) c)
) AS j`;

const comData = <T extends Record<string, unknown>>(linhas: T[] | null, campo: keyof T) =>
  (linhas ?? []).map((r) => ({ ...r, [campo]: new Date(r[campo] as string) }));

/**
 * The company dashboard's recent activities (000 §9): from the 5 newest leads, their arrival and the
 * qualification, assignment and conversion events of their history, plus their consultants who are online now;
 * newest first, at most 10 (montarAtividades). One round trip (lerComTenant), one plan.
 */
export async function listarAtividadesDaEmpresa(deps: Pick<TDeps, "db">, ctx: TCtxEmpresa): Promise<TAtividadeEmpresa[]> {
  const { rows } = await lerComTenant(
    deps.db.leitura,
    ctx,
    async () => preparada(SQL_ATIVIDADES, [ctx.empresaId, LEADS_DAS_ATIVIDADES]),
    { planoGenerico: true },
  );
  const j = rows[0].j as {
    leads: TLeadAtividade[] | null;
    eventos: TEventoAtividade[] | null;
    conectados: TConsultorConectado[] | null;
  };
  if (!j.leads?.length) return [];
  return montarAtividades(comData(j.leads, "created_at"), comData(j.eventos, "created_at"), comData(j.conectados, "desde"));
}

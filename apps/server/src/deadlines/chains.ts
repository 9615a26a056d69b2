import { dataSegurancaPadrao, MSG_PRAZOS, somarDiasUteis } from "@crm/domain/deadlines";
import type { TModeloPrazo, TSalvarModeloPrazo } from "@crm/domain/schemas/deadlines";
import { STATUS_JURIDICO_INICIAL, type TStatusJuridico } from "@crm/domain/status";
import { ehFeriadoNacional, hojeSP } from "../calendar/holidays.js";
import { autorDoRegistro, PRAZO_NO_REGISTRO, sqlRegistro } from "../change-log/in-statement.js";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, type TTx, withCompanyJob, withTenant } from "../db/tenant.js";
import { notFound } from "../http/errors.js";
import type { TTrabalho } from "../jobs/jobs.js";
import type { TTrabalhoCadeiaInicial } from "../jobs/queues.js";
import { notificarVarios } from "../notifications/notify.js";
import { COLUNAS_PRAZO, JUNCOES_PRAZO, paraPrazo } from "./deadline-row.js";
import { avisoDeAtribuicao } from "./deadlines.js";
import { avisarPrazosAlterados } from "./publish.js";

type TCtx = TTenantCtx & { empresaId: string };

const COLUNAS_MODELO = "id, status_juridico, titulo, dias_uteis";

/** The company's task chains, by the legal vocabulary's order then title. */
export function listarModelos(deps: Pick<TDeps, "db">, ctx: TCtx): Promise<TModeloPrazo[]> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `SELECT ${COLUNAS_MODELO} FROM prazos_modelos WHERE id_empresa_fk = $1 ORDER BY status_juridico, dias_uteis, titulo, id`,
      [ctx.empresaId],
    );
    return rows;
  });
}

export function criarModelo(deps: Pick<TDeps, "db">, ctx: TCtx, m: TSalvarModeloPrazo): Promise<TModeloPrazo> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `INSERT INTO prazos_modelos (id_empresa_fk, status_juridico, titulo, dias_uteis) VALUES ($1, $2, $3, $4)
       RETURNING ${COLUNAS_MODELO}`,
      [ctx.empresaId, m.status_juridico, m.titulo, m.dias_uteis],
    );
    return rows[0];
  });
}

export function editarModelo(deps: Pick<TDeps, "db">, ctx: TCtx, id: string, m: TSalvarModeloPrazo): Promise<TModeloPrazo> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `UPDATE prazos_modelos SET status_juridico = $3, titulo = $4, dias_uteis = $5 WHERE id_empresa_fk = $1 AND id = $2
       RETURNING ${COLUNAS_MODELO}`,
      [ctx.empresaId, id, m.status_juridico, m.titulo, m.dias_uteis],
    );
    if (!rows[0]) throw notFound(MSG_PRAZOS.modeloNaoEncontrado);
    return rows[0];
  });
}

/** Deleting a template task keeps the deadlines it already created (they lose the link, not their data). */
export function excluirModelo(deps: Pick<TDeps, "db">, ctx: TCtx, id: string): Promise<void> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rowCount } = await tx.query("DELETE FROM prazos_modelos WHERE id_empresa_fk = $1 AND id = $2", [ctx.empresaId, id]);
    if (!rowCount) throw notFound(MSG_PRAZOS.modeloNaoEncontrado);
  });
}

/** A chain's tasks are the system's, created because a status changed: `prazo.criado` rows (decision 1702). */
const AUTOR_DA_CADEIA = autorDoRegistro("prazo.criado", { origem: "sistema" });

/**
 * A process entered `status`: the status's chain creates its tasks, each once per process (a unique index on the
 * process and the template task: entering the status again creates nothing), due in the template's working days
 * from today, owned by the process's legal professional (else the author, when the author may own deadlines), in the
 * caller's transaction. Owners other than the author hear of it in the bell.
 */
export async function criarTarefasDaCadeia(
  deps: Pick<TDeps, "realtime">,
  tx: TTx,
  a: { empresaId: string; leadId: string; status: TStatusJuridico; autorId: string | null; responsavelId: string | null },
  agora = relogio.agora(),
): Promise<number> {
  const hoje = hojeSP(agora);
  const { rows: modelos } = await tx.query(
    "SELECT id, titulo, dias_uteis FROM prazos_modelos WHERE id_empresa_fk = $1 AND status_juridico = $2 ORDER BY dias_uteis, id",
    [a.empresaId, a.status],
  );
  if (!modelos.length) return 0;
  const itens = modelos.map((m) => {
    const fatal = somarDiasUteis(hoje, m.dias_uteis, ehFeriadoNacional);
    // one working day before, but never in the past: a task due tomorrow is reminded today
    const seguranca = dataSegurancaPadrao(fatal, ehFeriadoNacional);
    return { modelo: m.id, titulo: m.titulo, fatal, seguranca: [seguranca, hoje].sort()[1] };
  });
  const { rows } = await tx.query(
    `WITH feitos AS (
     INSERT INTO prazos_processo AS p (id_empresa_fk, id_lead_fk, titulo, data_fatal, data_seguranca, id_responsavel_fk,
            origem, id_modelo_fk, criado_por_fk)
     SELECT $1, $2, i.titulo, i.fatal, i.seguranca, $3, 'modelo', i.modelo, $4
       FROM jsonb_to_recordset($5::jsonb) AS i (modelo uuid, titulo text, fatal date, seguranca date)
     ON CONFLICT (id_empresa_fk, id_lead_fk, id_modelo_fk) WHERE id_modelo_fk IS NOT NULL DO NOTHING
     RETURNING NULL::prazos_processo AS antes, p AS depois),
     registro AS (${sqlRegistro(6, PRAZO_NO_REGISTRO)})
     SELECT (f.depois).id FROM feitos f`,
    [a.empresaId, a.leadId, a.responsavelId, a.autorId, JSON.stringify(itens), AUTOR_DA_CADEIA],
  );
  if (rows.length) {
    const { rows: criados } = await tx.query(
      `SELECT ${COLUNAS_PRAZO} FROM prazos_processo p ${JUNCOES_PRAZO} WHERE p.id_empresa_fk = $1 AND p.id = ANY ($2::uuid[])`,
      [a.empresaId, rows.map((r) => r.id)],
    );
    await notificarVarios(
      deps,
      tx,
      criados.flatMap((r) => avisoDeAtribuicao({ empresaId: a.empresaId, usuarioId: a.autorId }, paraPrazo(r))),
    );
    await avisarPrazosAlterados(deps, tx, a.empresaId, [a.leadId]);
  }
  return rows.length;
}

/**
 * Leads that just became processes (lead-events' abrirProcessosJuridicos, in the conversion's transaction) get the
 * chain of the first legal status, 'Aguardando Contato Jurídico', as a status change gets its status's: one INSERT
 * for every lead and template task, due in the template's working days from today, owned by the process's legal
 * professional (none yet, usually: the conversion's author is a consultant, the AI or the system, who own no legal
 * deadline). The unique index on (company, lead, template task) with ON CONFLICT DO NOTHING makes it once per process
 * however often the conversion or its job is retried. Runs in the job FILA_CADEIA_INICIAL (workers.ts), which
 * lead-events enqueues in the conversion's transaction.
 */
async function criarCadeiasIniciais(
  deps: Pick<TDeps, "realtime">,
  tx: TTx,
  a: { empresaId: string; leadIds: string[]; autorId: string | null },
  agora = relogio.agora(),
): Promise<number> {
  if (!a.leadIds.length) return 0;
  const hoje = hojeSP(agora);
  const { rows: modelos } = await tx.query(
    "SELECT id, titulo, dias_uteis FROM prazos_modelos WHERE id_empresa_fk = $1 AND status_juridico = $2 ORDER BY dias_uteis, id",
    [a.empresaId, STATUS_JURIDICO_INICIAL],
  );
  if (!modelos.length) return 0;
  // the processes' leads first, in id order, as every writer takes them (decision 1731): the tasks below move the
  // legal summaries, which a status change of the same leads (which holds its leads) moves too
  await tx.query(
    "SELECT 1 FROM leads_juros_check WHERE id_empresa_fk = $1 AND id = ANY ($2::uuid[]) ORDER BY id FOR NO KEY UPDATE",
    [a.empresaId, a.leadIds],
  );
  const itens = modelos.map((m) => {
    const fatal = somarDiasUteis(hoje, m.dias_uteis, ehFeriadoNacional);
    return { modelo: m.id, titulo: m.titulo, fatal, seguranca: [dataSegurancaPadrao(fatal, ehFeriadoNacional), hoje].sort()[1] };
  });
  const { rows } = await tx.query<{ id: string }>(
    `WITH feitos AS (
     INSERT INTO prazos_processo AS p (id_empresa_fk, id_lead_fk, titulo, data_fatal, data_seguranca, id_responsavel_fk,
            origem, id_modelo_fk, criado_por_fk)
     SELECT $1, l.id, i.titulo, i.fatal, i.seguranca, l.profissional_juridico_atribuido_id, 'modelo', i.modelo,
            (SELECT u.id FROM usuarios_plataforma u WHERE u.id_empresa_fk = $1 AND u.id = $3::uuid)
       FROM leads_juros_check l
      CROSS JOIN jsonb_to_recordset($4::jsonb) AS i (modelo uuid, titulo text, fatal date, seguranca date)
      WHERE l.id_empresa_fk = $1 AND l.id = ANY ($2::uuid[])
      ORDER BY l.id, i.fatal
     ON CONFLICT (id_empresa_fk, id_lead_fk, id_modelo_fk) WHERE id_modelo_fk IS NOT NULL DO NOTHING
     RETURNING NULL::prazos_processo AS antes, p AS depois),
     registro AS (${sqlRegistro(5, PRAZO_NO_REGISTRO)})
     SELECT (f.depois).id FROM feitos f`,
    [a.empresaId, a.leadIds, a.autorId, JSON.stringify(itens), AUTOR_DA_CADEIA],
  );
  if (rows.length) {
    const { rows: criados } = await tx.query(
      `SELECT ${COLUNAS_PRAZO} FROM prazos_processo p ${JUNCOES_PRAZO}
        WHERE p.id_empresa_fk = $1 AND p.id = ANY ($2::uuid[]) AND p.id_responsavel_fk IS NOT NULL`,
      [a.empresaId, rows.map((r) => r.id)],
    );
    await notificarVarios(
      deps,
      tx,
      criados.flatMap((r) => avisoDeAtribuicao({ empresaId: a.empresaId, usuarioId: a.autorId }, paraPrazo(r))),
    );
    await avisarPrazosAlterados(deps, tx, a.empresaId, a.leadIds);
  }
  return rows.length;
}

/** The job of FILA_CADEIA_INICIAL: the first status's chain of the conversion's new processes, as the company. */
export function processarCadeiaInicial(deps: Pick<TDeps, "db" | "realtime">, t: TTrabalho<TTrabalhoCadeiaInicial>) {
  return withCompanyJob(deps.db.app, t.dados.empresaId, "prazos-cadeia-inicial", (tx) => criarCadeiasIniciais(deps, tx, t.dados));
}

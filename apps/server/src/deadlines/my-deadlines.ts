import { DIAS_ESTA_SEMANA, somarDias, type TUrgencia, URGENCIAS, urgenciaDoPrazo } from "@crm/domain/deadlines";
import { PAPEL } from "@crm/domain/roles";
import {
  type TFiltroPrazos,
  type TMeusPrazos,
  TODOS_RESPONSAVEIS,
  type TProcessoSemPrazo,
  type TResponsavel,
} from "@crm/domain/schemas/deadlines";
import { STATUS_PROCESSO_JURIDICO } from "@crm/domain/status";
import { hojeSP } from "../calendar/holidays.js";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { nomeDoUsuarioSql } from "../db/person-name.js";
import { type TTenantCtx, type TTx, withTenant } from "../db/tenant.js";
import { COLUNAS_PRAZO, JUNCOES_PRAZO, paraPrazo } from "./deadline-row.js";
import { opcoesResponsaveis } from "./owners.js";

type TCtx = TTenantCtx & { empresaId: string };
const LIMITE = 500;
const LIMITE_SEM_PROXIMO = 50;

/** Whose deadlines a request may see: a Jurídico only their own; admins anybody's (their own by default). */
function responsavelDoFiltro(ctx: TCtx, pedido: string | undefined): string | null {
  const admin = ctx.papel === PAPEL.admin || ctx.papel === PAPEL.plataforma;
  if (!admin) return ctx.usuarioId;
  if (pedido === TODOS_RESPONSAVEIS) return null;
  if (pedido) return pedido;
  // the platform admin owns no deadline of the company: everybody's
  return ctx.papel === PAPEL.plataforma ? null : ctx.usuarioId;
}

/**
 * Open processes (not 'Finalizado Jurídico') with no pending deadline: of one legal professional (theirs and the
 * unassigned ones), or all of them. The oldest conversions first.
 */
async function processosSemProximoPrazo(tx: TTx, empresaId: string, profissional: string | null): Promise<TProcessoSemPrazo[]> {
  const { rows } = await tx.query(
    `SELECT l.id, l.nome, coalesce(l.status_juridico_lead, 'Aguardando Contato Jurídico') AS status_juridico_lead,
            ${nomeDoUsuarioSql("u")} AS profissional_nome
       FROM leads_juros_check l
       LEFT JOIN usuarios_plataforma u ON u.id_empresa_fk = l.id_empresa_fk AND u.id = l.profissional_juridico_atribuido_id
      WHERE l.id_empresa_fk = $1 AND l.status_lead = $2
        AND l.status_juridico_lead IS DISTINCT FROM 'Finalizado Jurídico'
        AND ($3::uuid IS NULL OR l.profissional_juridico_atribuido_id = $3 OR l.profissional_juridico_atribuido_id IS NULL)
        AND NOT EXISTS (SELECT 1 FROM prazos_processo p
                         WHERE p.id_empresa_fk = l.id_empresa_fk AND p.id_lead_fk = l.id AND p.estado = 'pendente')
      ORDER BY l.convertido_em NULLS FIRST, l.id
      LIMIT $4`,
    [empresaId, STATUS_PROCESSO_JURIDICO, profissional, LIMITE_SEM_PROXIMO],
  );
  return rows;
}

/** 'Meus prazos' (/prazos): deadlines by fatal date with their urgency counts, and the processes with no next one. */
export function listarMeusPrazos(
  deps: Pick<TDeps, "db">,
  ctx: TCtx,
  f: TFiltroPrazos,
  agora = relogio.agora(),
): Promise<TMeusPrazos> {
  const hoje = hojeSP(agora);
  const responsavel = responsavelDoFiltro(ctx, f.responsavel);
  const faixa: Record<TFiltroPrazos["periodo"], [string | null, string | null]> = {
    todos: [null, null],
    vencidos: [null, somarDias(hoje, -1)],
    hoje: [hoje, hoje],
    semana: [hoje, somarDias(hoje, DIAS_ESTA_SEMANA)],
    "30dias": [hoje, somarDias(hoje, 29)],
  };
  const [de, ate] = faixa[f.periodo];
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `SELECT ${COLUNAS_PRAZO} FROM prazos_processo p ${JUNCOES_PRAZO}
        WHERE p.id_empresa_fk = $1
          AND ($2::uuid IS NULL OR p.id_responsavel_fk = $2)
          AND ($3::text IS NULL OR p.estado = $3)
          AND ($4::date IS NULL OR p.data_fatal >= $4)
          AND ($5::date IS NULL OR p.data_fatal <= $5)
        ORDER BY p.data_fatal, p.created_at, p.id
        LIMIT $6`,
      [ctx.empresaId, responsavel, f.estado === "todos" ? null : f.estado, de, ate, LIMITE],
    );
    const prazos = rows.map(paraPrazo);
    const urgencias = Object.fromEntries(URGENCIAS.map((u) => [u, 0])) as Record<TUrgencia, number>;
    for (const p of prazos) if (p.estado === "pendente") urgencias[urgenciaDoPrazo(p.data_fatal, hoje)]++;
    const semProximo = await processosSemProximoPrazo(tx, ctx.empresaId, responsavel);
    return { prazos, semProximo, hoje, urgencias };
  });
}

export function listarResponsaveis(deps: Pick<TDeps, "db">, ctx: TCtx): Promise<TResponsavel[]> {
  return withTenant(deps.db.app, ctx, (tx) => opcoesResponsaveis(tx, ctx.empresaId));
}

import { avisoAoTitular, contagemIncidente, MSG_INCIDENTES, rascunhoComunicacaoAnpd } from "@crm/domain/incidents";
import {
  ROTULO_ACAO_INCIDENTE,
  type TDetalheIncidente,
  type TIncidentesPlataforma,
  type TListaIncidentes,
} from "@crm/domain/schemas/incidents";
import { ehFeriadoNacional } from "../calendar/holidays.js";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { type TCtxDaEmpresa, type TTenantCtx, withTenant } from "../db/tenant.js";
import { notFound } from "../http/errors.js";
import { COLUNAS_INCIDENTE, fatosDoIncidente, lerIncidente, paraIncidente } from "./read.js";

/** The register keeps every incident (no delete): the screen lists the newest this many. */
const LIMITE = 500;
/** The titulares the detail lists with their notice (the count is always the whole set). */
const LIMITE_TITULARES = 500;

const iso = (d: unknown) => new Date(d as string).toISOString();

/** The company's incidents, open ones first (by due day), then the rest newest first (decision 1875). */
export function listarIncidentes(deps: Pick<TDeps, "db">, ctx: TCtxDaEmpresa): Promise<TListaIncidentes> {
  const agora = relogio.agora();
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `SELECT ${COLUNAS_INCIDENTE} FROM privacidade_incidentes i WHERE i.id_empresa_fk = $1
        ORDER BY i.status <> 'em_avaliacao', CASE WHEN i.status = 'em_avaliacao' THEN i.vence_em END, i.created_at DESC
        LIMIT ${LIMITE}`,
      [ctx.empresaId],
    );
    return { incidentes: rows.map((r) => paraIncidente(r as never, agora)) };
  });
}

/** One incident with its drafts (ANPD communication, the titular's notice), its titulares and its history. */
export function detalharIncidente(deps: Pick<TDeps, "db">, ctx: TCtxDaEmpresa, id: string): Promise<TDetalheIncidente> {
  const agora = relogio.agora();
  return withTenant(deps.db.app, ctx, async (tx) => {
    const r = await lerIncidente(tx, ctx.empresaId, id);
    if (!r) throw notFound(MSG_INCIDENTES.naoEncontrado);
    const fatos = await fatosDoIncidente(tx, ctx.empresaId, r);
    const { rows: titulares } = await tx.query(
      `SELECT t.id_lead_fk AS lead_id, l.nome, l.telefone_normalizado IS NOT NULL AS tem_telefone,
              coalesce(l.email, '') <> '' AS tem_email, t.aviso_canal, t.aviso_em, m.status AS aviso_status,
              m.erro AS aviso_erro
         FROM privacidade_incidente_titulares t
         JOIN leads_juros_check l ON l.id_empresa_fk = t.id_empresa_fk AND l.id = t.id_lead_fk
         LEFT JOIN mensagens_whatsapp m ON m.id_empresa_fk = t.id_empresa_fk AND m.id = t.aviso_mensagem_fk
        WHERE t.id_empresa_fk = $1 AND t.id_incidente_fk = $2
        ORDER BY l.nome, t.id_lead_fk LIMIT ${LIMITE_TITULARES}`,
      [ctx.empresaId, id],
    );
    const { rows: pendentes } = await tx.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM privacidade_incidente_titulares WHERE id_empresa_fk = $1 AND id_incidente_fk = $2 AND aviso_em IS NULL",
      [ctx.empresaId, id],
    );
    const { rows: historico } = await tx.query(
      `SELECT h.em, h.acao, u.nome AS autor FROM privacidade_incidente_historico h
         LEFT JOIN usuarios_plataforma u ON u.id = h.id_usuario_fk
        WHERE h.id_empresa_fk = $1 AND h.id_incidente_fk = $2 ORDER BY h.em, h.id`,
      [ctx.empresaId, id],
    );
    return {
      incidente: paraIncidente(r, agora),
      rascunho_anpd: rascunhoComunicacaoAnpd(fatos, agora),
      rascunho_aviso: avisoAoTitular(fatos, titulares[0]?.nome ?? null, agora),
      titulares: titulares.map((t) => ({ ...t, aviso_em: t.aviso_em ? iso(t.aviso_em) : null })),
      nao_avisados: pendentes[0]?.n ?? 0,
      historico: historico.map((h) => ({ em: iso(h.em), acao: ROTULO_ACAO_INCIDENTE[h.acao] ?? h.acao, autor: h.autor })),
    };
  });
}

/**
 * The platform admin's incidents across companies (decision 1877): each with its parts (company, number, status,
 * count, countdown); and the companies to choose from for a new one. Crosses tenants by RLS's explicit policy.
 */
export function unsafeListarIncidentesPlataforma(deps: Pick<TDeps, "db">, ctx: TTenantCtx): Promise<TIncidentesPlataforma> {
  const agora = relogio.agora();
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `SELECT i.id_incidente_plataforma AS grupo, i.titulo, i.conhecido_em, i.created_at, i.id_empresa_fk, e.nome_empresa,
              i.numero, i.status, i.titulares_afetados, i.vence_em::text AS vence_em
         FROM privacidade_incidentes i JOIN empresas e ON e.id = i.id_empresa_fk
        WHERE i.id_incidente_plataforma IS NOT NULL
        ORDER BY i.created_at DESC, i.id_incidente_plataforma, e.nome_empresa
        LIMIT 2000`,
    );
    const grupos = new Map<string, TIncidentesPlataforma["incidentes"][number]>();
    for (const r of rows) {
      let g = grupos.get(r.grupo);
      if (!g) {
        g = { id: r.grupo, titulo: r.titulo, conhecido_em: iso(r.conhecido_em), registrado_em: iso(r.created_at), partes: [] };
        grupos.set(r.grupo, g);
      }
      g.partes.push({
        empresa_id: r.id_empresa_fk,
        empresa: r.nome_empresa,
        numero: r.numero,
        status: r.status,
        titulares_afetados: r.titulares_afetados,
        vence_em: r.vence_em,
        contagem: r.status === "em_avaliacao" ? contagemIncidente(r.vence_em, agora, ehFeriadoNacional) : null,
      });
    }
    const { rows: empresas } = await tx.query(
      "SELECT id, nome_empresa AS nome FROM empresas ORDER BY nome_empresa, id LIMIT 1000",
    );
    return { incidentes: [...grupos.values()], empresas };
  });
}

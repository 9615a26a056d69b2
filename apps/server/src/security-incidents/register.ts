import {
  formatarNumeroIncidente,
  MSG_INCIDENTES,
  NOTIFICACAO_INCIDENTE,
  prazoDiasUteis,
  venceIncidenteEm,
} from "@crm/domain/incidents";
import { isoDiaSP } from "@crm/domain/period";
import { PAPEL } from "@crm/domain/roles";
import type {
  TEditarIncidente,
  TNovoIncidente,
  TNovoIncidentePlataforma,
  TSelecaoTitulares,
  ZDadosIncidente,
} from "@crm/domain/schemas/incidents";
import { ehFeriadoNacional } from "../calendar/holidays.js";
import type { TAutorMudanca } from "../change-log/record.js";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { type TCtxDaEmpresa, type TTenantCtx, type TTx, unsafeWithSystem, withTenant } from "../db/tenant.js";
import { badRequest, conflict, notFound } from "../http/errors.js";
import { notificarVarios } from "../notifications/notify.js";
import { registrarAcaoIncidente } from "./log.js";
import { lerIncidente } from "./read.js";

type TDados = ReturnType<typeof ZDadosIncidente.parse>;

/** The leads a selection names, as a SQL condition on `l` of company $1 with its parameters from $2. */
function condicaoDaSelecao(s: TSelecaoTitulares): { onde: string; params: unknown[] } {
  if (s.modo === "todos") return { onde: "true", params: [] };
  if (s.modo === "lista") return { onde: "l.id = ANY($2::uuid[])", params: [s.ids] };
  // the São Paulo days of the filter, as the lead list reads them
  return {
    onde: `($2::date IS NULL OR l.created_at >= ($2::date::timestamp AT TIME ZONE 'America/Sao_Paulo'))
       AND ($3::date IS NULL OR l.created_at < (($3::date + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo'))
       AND (cardinality($4::text[]) = 0 OR l.status_lead = ANY($4::text[]))`,
    params: [s.criados_de ?? null, s.criados_ate ?? null, s.status ?? []],
  };
}

/** How many leads of the company a selection names (the form shows it before saving). */
export async function contarTitulares(tx: TTx, empresaId: string, s: TSelecaoTitulares): Promise<number> {
  const c = condicaoDaSelecao(s);
  const { rows } = await tx.query(`SELECT count(*)::int AS n FROM leads_juros_check l WHERE l.id_empresa_fk = $1 AND ${c.onde}`, [
    empresaId,
    ...c.params,
  ]);
  return rows[0].n;
}

/** Leads of the company by name (case ignored) or phone digits: the form's list of titulares (a scan of one company). */
export async function buscarTitulares(tx: TTx, empresaId: string, busca: string) {
  const digitos = busca.replace(/\D/g, "");
  const { rows } = await tx.query(
    `SELECT l.id, l.nome, l.telefone FROM leads_juros_check l
      WHERE l.id_empresa_fk = $1
        AND (l.nome ILIKE '%' || $2::text || '%'
             OR (length($3::text) >= 4 AND l.telefone_normalizado LIKE '%' || $3::text || '%'))
      ORDER BY l.nome, l.id LIMIT 20`,
    [empresaId, busca.replace(/[%_\\]/g, ""), digitos],
  );
  return rows as { id: string; nome: string; telefone: string | null }[];
}

/**
 * Puts the selection's leads on the incident: new ones added, those no longer selected dropped unless already
 * notified (a notice sent is part of the register), and the count kept on the incident.
 */
async function gravarTitulares(tx: TTx, empresaId: string, incidenteId: string, s: TSelecaoTitulares): Promise<number> {
  const c = condicaoDaSelecao(s);
  const n = c.params.length;
  await tx.query(
    `WITH sel AS (SELECT l.id FROM leads_juros_check l WHERE l.id_empresa_fk = $1 AND ${c.onde}),
     fora AS (
       DELETE FROM privacidade_incidente_titulares t
        WHERE t.id_empresa_fk = $1 AND t.id_incidente_fk = $${n + 2} AND t.aviso_em IS NULL
          AND t.id_lead_fk NOT IN (SELECT id FROM sel))
     INSERT INTO privacidade_incidente_titulares (id_empresa_fk, id_incidente_fk, id_lead_fk)
     SELECT $1, $${n + 2}, id FROM sel ORDER BY id ON CONFLICT DO NOTHING`,
    [empresaId, ...c.params, incidenteId],
  );
  // a second statement sees the first's rows: the count is of the set as it now is
  const { rows } = await tx.query(
    `UPDATE privacidade_incidentes i SET titulares_afetados = (SELECT count(*) FROM privacidade_incidente_titulares t
        WHERE t.id_empresa_fk = $1 AND t.id_incidente_fk = $2)
      WHERE i.id_empresa_fk = $1 AND i.id = $2 RETURNING titulares_afetados`,
    [empresaId, incidenteId],
  );
  return rows[0].titulares_afetados;
}

/** The dates must make sense: known not in the future, occurred not after known. */
function validarDatas(d: TDados, agora: Date): void {
  const conhecido = new Date(d.conhecido_em);
  if (conhecido.getTime() > agora.getTime() + 60_000)
    throw badRequest(MSG_INCIDENTES.conhecidoFuturo, { conhecido_em: MSG_INCIDENTES.conhecidoFuturo });
  if (d.ocorrido_em && d.ocorrido_em > isoDiaSP(conhecido))
    throw badRequest(MSG_INCIDENTES.ocorridoDepois, { ocorrido_em: MSG_INCIDENTES.ocorridoDepois });
}

const VALORES = (d: TDados) => {
  const conhecido = new Date(d.conhecido_em);
  const dias = prazoDiasUteis(d.pequeno_porte);
  return [
    d.titulo,
    d.descricao,
    d.categoria,
    d.impactos,
    d.categorias_dados,
    d.afeta_significativamente,
    d.criterios,
    d.ocorrido_em,
    conhecido,
    d.pequeno_porte,
    dias,
    venceIncidenteEm(conhecido, dias, ehFeriadoNacional),
    d.operador,
    d.medidas_seguranca,
    d.medidas_mitigacao,
    d.riscos,
    d.motivo_demora,
    d.titulares_criancas,
    d.titulares_idosos,
  ];
};
const CAMPOS = `titulo, descricao, categoria, impactos, categorias_dados, afeta_significativamente, criterios, ocorrido_em,
  conhecido_em, pequeno_porte, prazo_dias_uteis, vence_em, operador, medidas_seguranca, medidas_mitigacao, riscos,
  motivo_demora, titulares_criancas, titulares_idosos`;

/** Registers one company's incident (or its part of a platform incident) in the caller's transaction. */
async function inserirIncidente(
  tx: TTx,
  empresaId: string,
  d: TNovoIncidente & TDados,
  p: { autor: TAutorMudanca; plataformaId: string | null },
): Promise<{ id: string; numero: string }> {
  const { rows: cont } = await tx.query(
    `INSERT INTO privacidade_config (id_empresa_fk, ultimo_incidente) VALUES ($1, 1)
     ON CONFLICT (id_empresa_fk) DO UPDATE SET ultimo_incidente = privacidade_config.ultimo_incidente + 1
     RETURNING ultimo_incidente`,
    [empresaId],
  );
  const numero = formatarNumeroIncidente(Number(isoDiaSP(relogio.agora()).slice(0, 4)), cont[0].ultimo_incidente);
  const v = VALORES(d);
  const marcas = v.map((_, i) => `$${i + 5}`).join(", ");
  const { rows } = await tx.query(
    `INSERT INTO privacidade_incidentes (id_empresa_fk, numero, id_incidente_plataforma, registrado_por_fk, ${CAMPOS})
     VALUES ($1, $2, $3, $4, ${marcas}) RETURNING id`,
    [empresaId, numero, p.plataformaId, p.autor.usuarioId ?? null, ...v],
  );
  const id: string = rows[0].id;
  const titulares = await gravarTitulares(tx, empresaId, id, d.titulares);
  await registrarAcaoIncidente(tx, {
    empresaId,
    incidenteId: id,
    acao: "registrado",
    autor: p.autor,
    detalhe: { selecao: d.titulares.modo, titulares },
  });
  return { id, numero };
}

/** The company admin registers an incident (decision 1875). */
export function registrarIncidente(deps: Pick<TDeps, "db">, ctx: TCtxDaEmpresa, corpo: TNovoIncidente) {
  const d = corpo as TNovoIncidente & TDados;
  validarDatas(d, relogio.agora());
  return withTenant(deps.db.app, ctx, async (tx) => {
    const r = await inserirIncidente(tx, ctx.empresaId, d, {
      autor: { origem: "usuario", usuarioId: ctx.usuarioId },
      plataformaId: null,
    });
    return { ...r, mensagem: MSG_INCIDENTES.registrado(r.numero) };
  });
}

/**
 * The platform admin's incident across companies (decision 1877): one part per company, each with its own number,
 * titulares (the same selection applied in each company), clock and log rows in that company's log; the company's
 * admins are told on the bell. One transaction: every part or none. It crosses tenants on purpose, as the system
 * (the bell of another company's admins is not the platform admin's to write under RLS): the route is the platform
 * operator's only (`incidentes.plataforma`), and every row names the operator as its author.
 */
export function unsafeRegistrarIncidentePlataforma(
  deps: Pick<TDeps, "db" | "realtime">,
  ctx: TTenantCtx,
  corpo: TNovoIncidentePlataforma,
) {
  const d = corpo as TNovoIncidentePlataforma & TDados;
  validarDatas(d, relogio.agora());
  const empresas = [...new Set(d.empresas.map((e) => e.toLowerCase()))].sort();
  return unsafeWithSystem(deps.db.app, "incidente-plataforma", async (tx) => {
    const { rows: existem } = await tx.query("SELECT id FROM empresas WHERE id = ANY($1::uuid[]) ORDER BY id", [empresas]);
    if (existem.length !== empresas.length) throw notFound(MSG_INCIDENTES.empresaInexistente);
    const { rows: g } = await tx.query("SELECT gen_random_uuid() AS id");
    const plataformaId: string = g[0].id;
    const partes = [];
    for (const empresaId of empresas) {
      const r = await inserirIncidente(tx, empresaId, d, {
        autor: { origem: "usuario", usuarioId: ctx.usuarioId },
        plataformaId,
      });
      partes.push({ empresaId, ...r });
    }
    await notificarVarios(
      deps,
      tx,
      partes.map((p) => ({
        empresaId: p.empresaId,
        destino: { papeis: [PAPEL.admin] },
        tipo: "system" as const,
        titulo: MSG_INCIDENTES.novoIncidentePlataforma,
        conteudo: MSG_INCIDENTES.novoIncidentePlataformaConteudo(p.numero),
        dados: { tipo: NOTIFICACAO_INCIDENTE, incidenteId: p.id, link: "/privacidade/incidentes" },
      })),
    );
    return { id: plataformaId, numero: partes[0].numero, mensagem: MSG_INCIDENTES.registradoPlataforma(partes.length) };
  });
}

/** An edit of an open incident: the facts (the clock moves with the known instant) and, optionally, the titulares. */
export function editarIncidente(deps: Pick<TDeps, "db">, ctx: TCtxDaEmpresa, id: string, corpo: TEditarIncidente) {
  const d = corpo as TEditarIncidente & TDados;
  validarDatas(d, relogio.agora());
  return withTenant(deps.db.app, ctx, async (tx) => {
    const antes = await lerIncidente(tx, ctx.empresaId, id, true);
    if (!antes) throw notFound(MSG_INCIDENTES.naoEncontrado);
    if (antes.status === "encerrado") throw conflict(MSG_INCIDENTES.encerrado);
    const v = VALORES(d);
    const sets = CAMPOS.split(",")
      .map((c, i) => `${c.trim()} = $${i + 3}`)
      .join(", ");
    await tx.query(`UPDATE privacidade_incidentes SET ${sets}, updated_at = now() WHERE id_empresa_fk = $1 AND id = $2`, [
      ctx.empresaId,
      id,
      ...v,
    ]);
    const depois = await lerIncidente(tx, ctx.empresaId, id);
    const campos = CAMPOS.split(",")
      .map((c) => c.trim())
      .filter((c) => JSON.stringify(antes[c]) !== JSON.stringify((depois as Record<string, unknown>)[c]));
    const titulares = d.titulares ? await gravarTitulares(tx, ctx.empresaId, id, d.titulares) : undefined;
    await registrarAcaoIncidente(tx, {
      empresaId: ctx.empresaId,
      incidenteId: id,
      acao: "alterado",
      autor: { origem: "usuario", usuarioId: ctx.usuarioId },
      detalhe: { campos, ...(titulares === undefined ? {} : { selecao: d.titulares?.modo, titulares }) },
      antes: { vence_em: antes.vence_em, titulares_afetados: antes.titulares_afetados },
    });
  });
}

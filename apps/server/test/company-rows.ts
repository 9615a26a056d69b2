import pg from "pg";
import { inject } from "vitest";
import { withDatabase } from "../src/db/pool.js";
import { DERIVADOS } from "../src/derived/registry.js";
import type { TTestApp } from "./app.js";
import { esperarFilasOciosas } from "./queues.js";

/** One company's rows as the database owner sees them (behind RLS's back): its tables, its rows, a checksum that changes when any of them does. */
/** A superuser connection to the test file's database (the app's pools run as crm_app, under RLS). */
export async function conexaoDono(t: TTestApp): Promise<pg.Client> {
  const { rows } = await t.deps.db.app.query("SELECT current_database() AS nome");
  const c = new pg.Client({ connectionString: withDatabase(inject("pgAdminUrl"), rows[0].nome) });
  await c.connect();
  return c;
}

/** Tables that hold one company's rows: those with id_empresa_fk, and those owned by a user (sessions, tokens). */
async function tabelasDeEmpresa(dono: pg.Client): Promise<{ porEmpresa: string[]; porUsuario: string[] }> {
  const { rows } = await dono.query<{ tabela: string; colunas: string[] }>(
    `SELECT c.table_name AS tabela, array_agg(c.column_name::text) AS colunas
       FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
      GROUP BY c.table_name ORDER BY c.table_name`,
  );
  return {
    porEmpresa: rows.filter((r) => r.colunas.includes("id_empresa_fk")).map((r) => r.tabela),
    porUsuario: rows
      .filter((r) => !r.colunas.includes("id_empresa_fk") && r.colunas.includes("id_usuario_fk"))
      .map((r) => r.tabela),
  };
}

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

/**
 * Every row of the company (its `empresas` row, its tenant tables, its users' sessions and tokens) as jsonb; with
 * `fora`, every row of every other company (and of no company) instead.
 */
export async function linhasDaEmpresa(dono: pg.Client, empresaId: string, fora = false): Promise<Map<string, unknown[]>> {
  const { porEmpresa, porUsuario } = await tabelasDeEmpresa(dono);
  const out = new Map<string, unknown[]>();
  const dela = (cond: string) => (fora ? `(${cond}) IS NOT TRUE` : cond);
  const ler = async (tabela: string, where: string) => {
    const { rows } = await dono.query(
      `SELECT to_jsonb(t) AS j FROM ${ident(tabela)} t WHERE ${dela(where)} ORDER BY to_jsonb(t)::text`,
      [empresaId],
    );
    out.set(
      tabela,
      rows.map((r) => r.j),
    );
  };
  await ler("empresas", "id = $1");
  for (const tabela of porEmpresa) await ler(tabela, "id_empresa_fk = $1");
  for (const tabela of porUsuario)
    await ler(tabela, "id_usuario_fk IN (SELECT id FROM usuarios_plataforma WHERE id_empresa_fk = $1)");
  return out;
}

const consultasDeSoma = new WeakMap<pg.Client, string>();

/**
 * Columns no request writes: caches a background job keeps in step with other data (the revisional pre-analysis
 * summary, recomputed every minute from the lead's contract and the public rates, decision 1403). Left out of the
 * sums, so a job finishing between two reads is not taken for a refused request changing data.
 */
const DERIVADAS = ["revisional_razao", "revisional_faixa", "revisional_sobrepago_centavos", "revisional_calculado_em"];
/**
 * The work queue of that job (leads waiting for their analysis): filled by triggers, emptied by the job; and the
 * recoverable value's summary (0030), which triggers move when that job writes the analyses.
 */
const FILAS_DE_TRABALHO = [
  "leads_revisional_pendentes",
  "financas_recuperavel_diaria",
  "financas_recuperavel_dia",
  // kept by followers of the change log, not by the request (decisions 1772, 1803, 1821): the summaries' roll-up
  // applies the log's tail, the webhooks' follower and sender write deliveries, the audit follower chains events
  ...DERIVADOS.filter((d) => d.rolada).map((d) => d.tabela),
  "webhook_entregas",
  "webhook_tentativas",
  "auditoria",
  "auditoria_eventos",
  "auditoria_cadeias",
];

/** md5 of each table's rows of the company, in a stable order (one round trip): a change anywhere changes its table's sum. */
export async function checksumDaEmpresa(dono: pg.Client, empresaId: string): Promise<Record<string, string>> {
  let sql = consultasDeSoma.get(dono);
  if (!sql) {
    const { porEmpresa, porUsuario } = await tabelasDeEmpresa(dono);
    const linha = `(to_jsonb(t) - '{${DERIVADAS.join(",")}}'::text[])::text`;
    const soma = (tabela: string, where: string) =>
      `SELECT ${pg.escapeLiteral(tabela)} AS tabela, count(*)::int || ':' || md5(coalesce(string_agg(${linha}, '|' ORDER BY ${linha}), '')) AS h
         FROM ${ident(tabela)} t WHERE ${where}`;
    sql = [
      soma("empresas", "id = $1"),
      ...porEmpresa.filter((t) => !FILAS_DE_TRABALHO.includes(t)).map((tabela) => soma(tabela, "id_empresa_fk = $1")),
      ...porUsuario.map((tabela) =>
        soma(tabela, "id_usuario_fk IN (SELECT id FROM usuarios_plataforma WHERE id_empresa_fk = $1)"),
      ),
    ].join("\nUNION ALL\n");
    consultasDeSoma.set(dono, sql);
  }
  const { rows } = await dono.query<{ tabela: string; h: string }>(sql, [empresaId]);
  return Object.fromEntries(rows.map((r) => [r.tabela, r.h]));
}

/** The tables whose sums differ. */
export function diferencas(antes: Record<string, string>, depois: Record<string, string>): string[] {
  return [...new Set([...Object.keys(antes), ...Object.keys(depois)])].filter((k) => antes[k] !== depois[k]);
}

/** Waits until no job is due, about to be (within 5 s: the sandbox's delayed reports) or running (pg-boss), so what a request queued has been done. */
export const esperarFilas = (dono: pg.Client, ms = 15_000) =>
  esperarFilasOciosas(dono, { ms, soDevidas: true, emBreveSegundos: 5 });

/** Waits for the queue to drain and two reads of the company's sums, `intervaloMs` apart, to agree; returns them. */
export async function checksumEstavel(dono: pg.Client, empresaId: string, ms = 15_000, intervaloMs = 300) {
  const fim = Date.now() + ms;
  await esperarFilas(dono, ms);
  let antes = await checksumDaEmpresa(dono, empresaId);
  for (;;) {
    await new Promise((r) => setTimeout(r, intervaloMs));
    await esperarFilas(dono, ms);
    const agora = await checksumDaEmpresa(dono, empresaId);
    if (diferencas(antes, agora).length === 0) return agora;
    if (Date.now() > fim) throw new Error(`os dados da empresa não param de mudar: ${diferencas(antes, agora).join(", ")}`);
    antes = agora;
  }
}

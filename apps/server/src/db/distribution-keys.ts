import type pg from "pg";
import { TABELAS_GLOBAIS, type TCitusGlobal } from "./global-tables.js";

/**
 * The distribution-key rules of decision 0017, read from the catalog of a migrated database:
 * what `distribution-keys.test.ts` asserts, and what `distribution-keys-cli.ts` turns into Citus statements.
 */

type TConsulta = Pick<pg.ClientBase, "query">;

const CHAVE = "id_empresa_fk";

type TTabela = {
  tabela: string;
  rls: boolean;
  rlsForcada: boolean;
  /** null when the table has no id_empresa_fk */
  chaveNaoNula: boolean | null;
  tipoChave: string | null;
};
type TIndiceUnico = { tabela: string; indice: string; primaria: boolean; parcial: boolean; colunas: (string | null)[] };
type TChaveEstrangeira = { nome: string; tabela: string; alvo: string; colunas: string[]; colunasAlvo: string[] };

export type TCatalogo = { tabelas: TTabela[]; unicos: TIndiceUnico[]; estrangeiras: TChaveEstrangeira[] };

export async function lerCatalogo(db: TConsulta): Promise<TCatalogo> {
  const tabelas = await db.query<TTabela>(
    `SELECT c.relname AS tabela, c.relrowsecurity AS rls, c.relforcerowsecurity AS "rlsForcada",
            a.attnotnull AS "chaveNaoNula", format_type(a.atttypid, a.atttypmod) AS "tipoChave"
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = $1 AND NOT a.attisdropped
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      ORDER BY 1`,
    [CHAVE],
  );
  // key columns only (not INCLUDE); an expression is null. Exclusion constraints count as unique for Citus too.
  const unicos = await db.query<TIndiceUnico>(
    `SELECT c.relname AS tabela, ic.relname AS indice, i.indisprimary AS primaria, i.indpred IS NOT NULL AS parcial,
            ARRAY(SELECT a.attname::text FROM unnest((i.indkey::int2[])[0:i.indnkeyatts - 1]) WITH ORDINALITY AS k (num, ord)
                    LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.num
                   ORDER BY k.ord) AS colunas
       FROM pg_index i
       JOIN pg_class c ON c.oid = i.indrelid
       JOIN pg_class ic ON ic.oid = i.indexrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND (i.indisunique OR i.indisexclusion)
      ORDER BY 1, 2`,
  );
  const estrangeiras = await db.query<TChaveEstrangeira>(
    `SELECT con.conname AS nome, c.relname AS tabela, cf.relname AS alvo,
            ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY AS k (num, ord)
                    JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.num ORDER BY k.ord) AS colunas,
            ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY AS k (num, ord)
                    JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.num ORDER BY k.ord) AS "colunasAlvo"
       FROM pg_constraint con
       JOIN pg_class c ON c.oid = con.conrelid
       JOIN pg_class cf ON cf.oid = con.confrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND con.contype = 'f' AND NOT c.relispartition
      ORDER BY 2, 1`,
  );
  return { tabelas: tabelas.rows, unicos: unicos.rows, estrangeiras: estrangeiras.rows };
}

function tipoGlobal(tabela: string): TCitusGlobal | null {
  return TABELAS_GLOBAIS.find((t) => t.tabela === tabela)?.citus ?? null;
}

/**
 * Every way the catalog breaks the rules, one pt-BR sentence each (empty when all hold):
 * - each table of the global list exists and says why it is global;
 * - every other table (a tenant table) has id_empresa_fk uuid NOT NULL, RLS enabled and forced, a primary key, and
 *   id_empresa_fk among the key columns of its primary key and of every unique index (partial ones included);
 * - a foreign key between tenant tables pairs id_empresa_fk with id_empresa_fk (co-located, and no row can point at
 *   another company's row); a tenant table references no coordinator-only (`local`) global table;
 * - a global table references no tenant table, and a reference table no `local` one.
 */
export function violacoesDasChaves(cat: TCatalogo): string[] {
  const erros: string[] = [];
  const existentes = new Set(cat.tabelas.map((t) => t.tabela));
  const vistas = new Set<string>();
  for (const g of TABELAS_GLOBAIS) {
    if (vistas.has(g.tabela)) erros.push(`${g.tabela}: aparece duas vezes na lista de tabelas globais`);
    vistas.add(g.tabela);
    if (!existentes.has(g.tabela)) erros.push(`${g.tabela}: está na lista de tabelas globais mas não existe em public`);
    if (g.motivo.trim().length < 20) erros.push(`${g.tabela}: tabela global sem o motivo`);
  }
  const dica = `(ou, se for global por natureza, inclua-a em db/global-tables.ts com o motivo)`;
  for (const t of cat.tabelas) {
    if (tipoGlobal(t.tabela)) continue;
    if (t.chaveNaoNula === null) {
      erros.push(`${t.tabela}: tabela de empresa sem a coluna ${CHAVE} ${dica}`);
      continue;
    }
    if (!t.chaveNaoNula) erros.push(`${t.tabela}: ${CHAVE} aceita nulo ${dica}`);
    if (t.tipoChave !== "uuid") erros.push(`${t.tabela}: ${CHAVE} é ${t.tipoChave}, não uuid (co-locação)`);
    if (!t.rls || !t.rlsForcada) erros.push(`${t.tabela}: RLS não está ativada e forçada`);
    const unicos = cat.unicos.filter((u) => u.tabela === t.tabela);
    if (!unicos.some((u) => u.primaria)) erros.push(`${t.tabela}: sem chave primária`);
    for (const u of unicos) {
      if (!u.colunas.includes(CHAVE)) {
        erros.push(`${t.tabela}: ${u.primaria ? "a chave primária" : `o índice único ${u.indice}`} não inclui ${CHAVE}`);
      }
    }
  }
  for (const fk of cat.estrangeiras) {
    const origem = tipoGlobal(fk.tabela);
    const alvo = tipoGlobal(fk.alvo);
    if (!origem && !alvo) {
      const pareada = fk.colunas.some((c, i) => c === CHAVE && fk.colunasAlvo[i] === CHAVE);
      if (!pareada) erros.push(`${fk.tabela}: a chave estrangeira ${fk.nome} para ${fk.alvo} não liga ${CHAVE} a ${CHAVE}`);
    } else if (!origem && alvo === "local") {
      erros.push(`${fk.tabela}: a chave estrangeira ${fk.nome} aponta para ${fk.alvo}, tabela global só do coordenador`);
    } else if (origem && !alvo) {
      erros.push(`${fk.tabela}: tabela global com chave estrangeira ${fk.nome} para a tabela de empresa ${fk.alvo}`);
    } else if (origem === "referencia" && alvo === "local") {
      erros.push(`${fk.tabela}: tabela de referência com chave estrangeira ${fk.nome} para ${fk.alvo}, só do coordenador`);
    }
  }
  return erros;
}

/** Tables in an order where each comes after the tables it references (self-references ignored). */
function ordemDasReferencias(tabelas: string[], estrangeiras: TChaveEstrangeira[]): string[] {
  const feitas = new Set<string>();
  const ordem: string[] = [];
  const visitar = (t: string, caminho: Set<string>) => {
    if (feitas.has(t) || caminho.has(t)) return;
    caminho.add(t);
    for (const fk of estrangeiras) if (fk.tabela === t && fk.alvo !== t && tabelas.includes(fk.alvo)) visitar(fk.alvo, caminho);
    feitas.add(t);
    ordem.push(t);
  };
  for (const t of [...tabelas].sort()) visitar(t, new Set());
  return ordem;
}

/**
 * The statements that turn this schema into a Citus cluster's, run once on the coordinator (docs/operations.md):
 * reference tables, then coordinator-only tables kept in Citus' metadata, then every tenant table distributed by
 * id_empresa_fk, all co-located, each after the tables it references.
 */
export function planoCitus(cat: TCatalogo): string[] {
  const nomes = cat.tabelas.map((t) => t.tabela);
  const globais = (tipo: TCitusGlobal) =>
    ordemDasReferencias(
      nomes.filter((t) => tipoGlobal(t) === tipo),
      cat.estrangeiras,
    );
  const inquilinos = ordemDasReferencias(
    nomes.filter((t) => !tipoGlobal(t)),
    cat.estrangeiras,
  );
  // the first one references no other tenant table: the others are co-located with it, each after its targets
  const ancora = inquilinos[0];
  const literal = (t: string) => `'${t.replaceAll("'", "''")}'`;
  return [
    ...globais("referencia").map((t) => `SELECT create_reference_table(${literal(t)});`),
    ...globais("local")
      .filter((t) => t !== "schema_migrations")
      .map((t) => `SELECT citus_add_local_table_to_metadata(${literal(t)});`),
    ...inquilinos.map((t) =>
      t === ancora
        ? `SELECT create_distributed_table(${literal(t)}, '${CHAVE}');`
        : `SELECT create_distributed_table(${literal(t)}, '${CHAVE}', colocate_with => ${literal(ancora as string)});`,
    ),
  ];
}

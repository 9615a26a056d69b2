import { CATEGORIAS_DADO, OPERACOES_TRATAMENTO } from "@crm/domain/data-catalogue";
import { CATALOGO_DADOS } from "@crm/domain/data-catalogue-tables";
import type pg from "pg";

/** What the database and the data catalogue (decision 1871) disagree on, as 'tabela.coluna'. */
export type TConferenciaCatalogo = {
  /** columns of the database the catalogue does not classify: a migration added them without classifying */
  naoClassificadas: string[];
  /** columns the catalogue names that the database does not have (a dropped or renamed column) */
  inexistentes: string[];
  /** catalogue entries that are wrong in themselves (named twice, unknown category or operation) */
  invalidas: string[];
};

/**
 * Compares every column of every table of the `public` schema (information_schema.columns of base tables; views
 * read their tables' columns) with the catalogue. pg-boss's own schema holds job payloads that carry ids only
 * (decision 1751) and is not the product's data.
 */
export async function conferirCatalogo(db: Pick<pg.Pool, "query">): Promise<TConferenciaCatalogo> {
  const { rows } = await db.query<{ tabela: string; coluna: string }>(
    `SELECT c.table_name AS tabela, c.column_name AS coluna
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
      ORDER BY 1, 2`,
  );
  const doBanco = new Set(rows.map((r) => `${r.tabela}.${r.coluna}`));
  const doCatalogo = new Set<string>();
  const invalidas: string[] = [];
  for (const [tabela, t] of Object.entries(CATALOGO_DADOS)) {
    for (const [coluna, c] of Object.entries(t.pessoais)) {
      if (!(c.categoria in CATEGORIAS_DADO) || !(c.operacao in OPERACOES_TRATAMENTO)) invalidas.push(`${tabela}.${coluna}`);
      doCatalogo.add(`${tabela}.${coluna}`);
    }
    for (const coluna of t.outras) {
      const k = `${tabela}.${coluna}`;
      if (doCatalogo.has(k)) invalidas.push(k);
      doCatalogo.add(k);
    }
  }
  return {
    naoClassificadas: [...doBanco].filter((k) => !doCatalogo.has(k)),
    inexistentes: [...doCatalogo].filter((k) => !doBanco.has(k)),
    invalidas,
  };
}

import { autorDoRegistro, CUSTO_NO_REGISTRO, sqlRegistro, sqlRegistroDeLeads } from "../change-log/in-statement.js";
import type { TTx } from "../db/tenant.js";

/** Tables the factories and the demo seed write (a closed list: the name goes into SQL text). */
export type TTabela =
  | "empresas"
  | "usuarios_plataforma"
  | "consultores"
  | "profissionais_juridicos"
  | "leads_juros_check"
  | "leads_telefones_migrados"
  | "lead_status_historico"
  | "mensagens_whatsapp"
  | "notificacoes"
  | "custos_marketing"
  | "faturas"
  | "triagens_ia"
  | "documentos";

export type TLinha = Record<string, unknown>;

const LOTE = 2_000;

/**
 * The tables whose rows are business entities of the change log (decision 1701): the seed writes their creation rows
 * in the same statement, as every writer does, so the summaries rolled up from the log count them (decision 1772).
 */
const NO_REGISTRO: Partial<Record<TTabela, { sql: string; autor: string }>> = {
  leads_juros_check: { sql: sqlRegistroDeLeads(2), autor: autorDoRegistro("lead.criado", { origem: "sistema" }) },
  custos_marketing: {
    sql: sqlRegistro(2, { entidade: CUSTO_NO_REGISTRO.entidade, campos: CUSTO_NO_REGISTRO.campos }),
    autor: autorDoRegistro("custo.criado", { origem: "sistema" }),
  },
};

/**
 * Inserts many rows with one statement per 2,000: the rows travel as a single JSON parameter and
 * json_populate_recordset casts each field to the column's type. Far faster than one INSERT per row,
 * and no 65,535-parameter limit. Columns left out of the rows get their database defaults.
 */
export async function inserirVarios<T extends TLinha = TLinha>(
  tx: TTx,
  tabela: TTabela,
  linhas: TLinha[],
  opts: { retornar?: boolean } = {},
): Promise<T[]> {
  if (!linhas.length) return [];
  const colunas = Object.keys(linhas[0]).filter((c) => linhas[0][c] !== undefined);
  for (const l of linhas) {
    // a missing key would silently become NULL instead of the column default: refuse mixed shapes
    const definidas = Object.keys(l).filter((c) => l[c] !== undefined);
    if (definidas.length !== colunas.length || colunas.some((c) => l[c] === undefined)) {
      throw new Error(`inserirVarios(${tabela}): todas as linhas precisam das mesmas colunas`);
    }
  }
  const lista = colunas.map((c) => `"${c.replace(/"/g, "")}"`).join(", ");
  const inserir = `INSERT INTO ${tabela} AS t (${lista}) SELECT ${lista} FROM json_populate_recordset(NULL::${tabela}, $1::json)`;
  const registro = NO_REGISTRO[tabela];
  const sql = registro
    ? `WITH feitos AS (${inserir} RETURNING NULL::${tabela} AS antes, t AS depois), registro AS (${registro.sql})
       ${opts.retornar ? "SELECT (f.depois).* FROM feitos f" : "SELECT count(*) FROM feitos"}`
    : `${inserir}${opts.retornar ? " RETURNING *" : ""}`;
  const out: T[] = [];
  for (let i = 0; i < linhas.length; i += LOTE) {
    const lote = JSON.stringify(linhas.slice(i, i + LOTE));
    const { rows } = await tx.query(sql, registro ? [lote, registro.autor] : [lote]);
    if (opts.retornar) out.push(...(rows as T[]));
  }
  return out;
}

/** Inserts one row and returns it as stored (defaults filled in). */
export async function inserir<T extends TLinha>(tx: TTx, tabela: TTabela, linha: TLinha): Promise<T> {
  const [row] = await inserirVarios<T>(tx, tabela, [linha], { retornar: true });
  return row;
}

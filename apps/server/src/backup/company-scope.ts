import type pg from "pg";
import { TABELAS_GLOBAIS } from "../db/global-tables.js";
import { type TTabelaBackup, tabelasDoBackup } from "./catalog.js";

/** A table of one company's archive and the condition ($1: the company) that picks its rows. */
export type TTabelaDaEmpresa = TTabelaBackup & { filtro: string };

const EXPORTACAO_GLOBAL = new Map(TABELAS_GLOBAIS.map((t) => [t.tabela, t.exportacao]));

/**
 * The tables one company's export carries, in foreign-key order (decision 1943): every tenant table (each has
 * `id_empresa_fk NOT NULL`, decision 0017) and the global tables marked "empresa" in db/global-tables.ts — the company
 * itself, its users, its security log and its audit chain. pg-boss's jobs stay: they belong to the installation, and
 * what they carry out is in the tenant tables.
 */
export async function tabelasDaEmpresa(client: pg.ClientBase): Promise<TTabelaDaEmpresa[]> {
  const todas = await tabelasDoBackup(client);
  return todas.flatMap((t): TTabelaDaEmpresa[] => {
    if (t.schema !== "public") return [];
    const exportacao = EXPORTACAO_GLOBAL.get(t.nome);
    if (exportacao === "nada") return [];
    if (t.nome !== "empresas" && !t.colunas.includes("id_empresa_fk"))
      throw new Error(
        `a tabela ${t.nome} não tem id_empresa_fk nem está em db/global-tables.ts: a exportação não sabe de quem são as linhas`,
      );
    return [{ ...t, filtro: filtroDaEmpresa(t) }];
  });
}

/** The condition ($1: the company, unqualified columns) that picks one company's rows of an archived table. */
export const filtroDaEmpresa = (t: { schema: string; nome: string }) =>
  t.schema === "public" && t.nome === "empresas" ? "id = $1" : "id_empresa_fk = $1";

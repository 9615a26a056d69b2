import type { TTabelaCatalogo } from "./data-catalogue";
import { TABELAS_NUCLEO } from "./data-catalogue-core";
import { TABELAS_SEM_DADOS_PESSOAIS } from "./data-catalogue-no-personal";
import { TABELAS_PRIVACIDADE } from "./data-catalogue-privacy";
import { TABELAS_DERIVADAS } from "./data-catalogue-summaries";

/**
 * The data catalogue (decision 1871): every column of every table of the database, personal (its category and the
 * operation it serves: purpose, legal basis, retention) or not. A migration that adds a column adds it here, or
 * `apps/server/src/privacy-records/catalogue.test.ts` fails naming it. Personal data is classified where it is created.
 */
export const CATALOGO_DADOS: Record<string, TTabelaCatalogo> = Object.fromEntries(
  Object.entries({ ...TABELAS_NUCLEO, ...TABELAS_PRIVACIDADE, ...TABELAS_SEM_DADOS_PESSOAIS, ...TABELAS_DERIVADAS }).sort(
    ([a], [b]) => a.localeCompare(b),
  ),
);

import { parseArgs } from "node:util";
import { loadConfig } from "../config/config.js";
import { resolveDatabase } from "../db/bootstrap.js";
import { criarArmazenamento } from "../storage/storage.js";
import { importarEmpresa } from "./company-import.js";
import { ErroRestauracao } from "./read-archive.js";
import { resumoDaImportacao } from "./report.js";

/**
 * `npm run company:import -- ARQUIVO`: a company exported by another installation (or this one, after it was
 * deleted) joins this one beside the companies already here (decision 1943). Needs a superuser of the database
 * (BACKUP_DATABASE_URL, or the embedded database's own).
 */
const { positionals } = parseArgs({ allowPositionals: true });
const origem = positionals[0];
if (!origem || positionals.length > 1) {
  console.error("Uso: npm run company:import -- ARQUIVO   (um arquivo de 'Exportar empresa' ou de npm run company:export)");
  process.exit(2);
}
const config = loadConfig();
const database = await resolveDatabase(config);
try {
  const r = await importarEmpresa({
    url: process.env.BACKUP_DATABASE_URL ?? database.url,
    armazenamento: criarArmazenamento(config),
    origem,
    appSecret: config.appSecret,
  });
  console.log(resumoDaImportacao(r));
} catch (e) {
  console.error(e instanceof ErroRestauracao ? e.message : `Importação interrompida: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.stop();
}

import { parseArgs } from "node:util";
import { loadConfig } from "../config/config.js";
import { resolveDatabase } from "../db/bootstrap.js";
import { criarArmazenamento } from "../storage/storage.js";
import { resumoDaRestauracao } from "./report.js";
import { ErroRestauracao, restaurarBackup } from "./restore.js";

/**
 * `npm run restore -- ARQUIVO [--force]`: into the empty database and store this configuration points at (the
 * embedded one in DATA_DIR unless DATABASE_URL), then the counts and checksums against the manifest (decision 1857).
 */
const { positionals, values } = parseArgs({ allowPositionals: true, options: { force: { type: "boolean", default: false } } });
const origem = positionals[0];
if (!origem || positionals.length > 1) {
  console.error("Uso: npm run restore -- ARQUIVO [--force]   (--force apaga o banco e os arquivos de destino antes)");
  process.exit(2);
}
const config = loadConfig();
const database = await resolveDatabase(config);
try {
  const r = await restaurarBackup({ url: database.url, armazenamento: criarArmazenamento(config), origem, forcar: values.force });
  console.log(resumoDaRestauracao(r));
} catch (e) {
  console.error(e instanceof ErroRestauracao ? e.message : `Restauração interrompida: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.stop();
}

import { parseArgs } from "node:util";
import { loadConfig } from "../config/config.js";
import { resolveDatabase } from "../db/bootstrap.js";
import { criarArmazenamento } from "../storage/storage.js";
import { versaoDoApp } from "./app-version.js";
import { fazerBackup } from "./dump.js";
import { resumoDoBackup } from "./report.js";

/**
 * `npm run backup -- ARQUIVO`: the database (DATABASE_URL or the embedded one; BACKUP_DATABASE_URL for a role that
 * reads past RLS) and the stored files into one archive (decision 1857).
 */
const { positionals } = parseArgs({ allowPositionals: true });
const destino = positionals[0];
if (!destino || positionals.length > 1) {
  console.error("Uso: npm run backup -- ARQUIVO   (ex.: npm run backup -- crm-2026-12-07.tar.gz)");
  process.exit(2);
}
const config = loadConfig();
const database = await resolveDatabase(config);
try {
  const r = await fazerBackup({
    url: process.env.BACKUP_DATABASE_URL ?? database.url,
    armazenamento: criarArmazenamento(config),
    destino,
    versaoApp: versaoDoApp(),
  });
  console.log(resumoDoBackup(destino, r));
} catch (e) {
  console.error(`Backup não concluído: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.stop();
}

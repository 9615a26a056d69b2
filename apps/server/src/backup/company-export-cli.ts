import { parseArgs } from "node:util";
import pg from "pg";
import { loadConfig } from "../config/config.js";
import { resolveDatabase } from "../db/bootstrap.js";
import { criarArmazenamento } from "../storage/storage.js";
import { versaoDoApp } from "./app-version.js";
import { exportarEmpresa } from "./company-export.js";
import { migracaoAtual } from "./dump.js";
import { ErroRestauracao } from "./read-archive.js";
import { resumoDaExportacao } from "./report.js";

/**
 * `npm run company:export -- EMPRESA_ID ARQUIVO`: one company's rows and files into an archive (decision 1943), the
 * same the platform admin downloads with 'Exportar empresa'.
 */
const { positionals } = parseArgs({ allowPositionals: true });
const [empresaId, destino] = positionals;
if (!empresaId || !destino || positionals.length > 2) {
  console.error("Uso: npm run company:export -- EMPRESA_ID ARQUIVO   (ex.: npm run company:export -- 3f0c…-… empresa.tar.gz)");
  process.exit(2);
}
const config = loadConfig();
const database = await resolveDatabase(config);
const pool = new pg.Pool({ connectionString: process.env.BACKUP_DATABASE_URL ?? database.url, max: 1 });
pool.on("error", () => {});
try {
  const c = await pool.connect();
  const migracao = await migracaoAtual(c).finally(() => c.release());
  const r = await exportarEmpresa({
    pool,
    empresaId,
    armazenamento: criarArmazenamento(config),
    destino,
    versaoApp: versaoDoApp(),
    migracao,
    appSecret: config.appSecret,
  });
  console.log(resumoDaExportacao(destino, r));
} catch (e) {
  console.error(e instanceof ErroRestauracao ? e.message : `Exportação não concluída: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  await pool.end();
  await database.stop();
}

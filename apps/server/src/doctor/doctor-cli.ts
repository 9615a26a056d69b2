import pino from "pino";
import { loadConfig } from "../config/config.js";
import { resolveDatabase } from "../db/bootstrap.js";
import { createDb } from "../db/pool.js";
import { prepararBanco } from "../deps.js";
import { criarArmazenamento } from "../storage/storage.js";
import { diagnosticar } from "./diagnose.js";
import { textoDoDiagnostico } from "./report.js";

/** `npm run doctor`: the installation's checks with pt-BR fixes (decision 1858); exits 1 when any is an error. */
const config = loadConfig();
let database: Awaited<ReturnType<typeof resolveDatabase>>;
try {
  database = await resolveDatabase(config);
} catch (e) {
  console.error(
    `[ERRO   ] Banco de dados: ${(e as Error).message}\n          → Confira DATABASE_URL e se o PostgreSQL está no ar.`,
  );
  process.exit(1);
}
const { appUrl } = await prepararBanco(config, database.url, pino({ level: "warn" }));
const db = createDb(appUrl, { max: 2 });
try {
  const d = await diagnosticar({ db, config, storage: criarArmazenamento(config) });
  console.log(textoDoDiagnostico(d));
  if (d.verificacoes.some((v) => v.estado === "erro")) process.exitCode = 1;
} finally {
  await db.close();
  await database.stop();
}

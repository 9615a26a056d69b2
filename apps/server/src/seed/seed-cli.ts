import pino from "pino";
import { loadConfig } from "../config/config.js";
import { resolveDatabase } from "../db/bootstrap.js";
import { createDb } from "../db/pool.js";
import { prepararBanco } from "../deps.js";
import { criarArmazenamento } from "../storage/storage.js";
import { seedDemoIfEmpty } from "./demo.js";

/** `npm run seed:demo`: migrates and seeds the demo data (embedded database unless DATABASE_URL). */
const config = loadConfig();
const log = pino({ level: "warn" });
const database = await resolveDatabase(config);
const { appUrl } = await prepararBanco(config, database.url, log);
const db = createDb(appUrl);
try {
  const resumo = await seedDemoIfEmpty({ db, storage: criarArmazenamento(config) }, log);
  if (!resumo) {
    console.log("Dados de demonstração já existem; nada a fazer.");
  } else {
    console.log(`Dados de demonstração criados em ${resumo.ms} ms:`);
    for (const [chave, n] of Object.entries(resumo)) if (chave !== "ms") console.log(`  ${chave.padEnd(13)} ${n}`);
  }
} finally {
  await db.close();
  await database.stop();
}

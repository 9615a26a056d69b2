import { parseArgs } from "node:util";
import pg from "pg";
import { loadConfig } from "../config/config.js";
import { resolveDatabase } from "../db/bootstrap.js";
import { verificarTrilhas } from "./verify-all.js";

/**
 * `npm run audit:verify [-- --company ID]`: checks every company's audit chain (or one), the platform's too, and
 * names the first broken link of each (decision 1821). Exit status 1 when any chain is broken.
 */
const { values } = parseArgs({ options: { company: { type: "string" } } });
if (values.company && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(values.company)) {
  console.error(`--company espera o id (uuid) de uma empresa; recebeu "${values.company}".`);
  process.exit(1);
}
const config = loadConfig();
const database = await resolveDatabase(config);
const owner = new pg.Pool({ connectionString: database.url, max: 1 });
try {
  const { linhas, quebradas } = await verificarTrilhas(owner, values.company);
  for (const l of linhas) console.log(l);
  if (!linhas.length) console.log("Nenhuma trilha de auditoria a verificar.");
  if (quebradas) process.exitCode = 1;
} catch (e) {
  console.error(`Verificação interrompida: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  await owner.end();
  await database.stop();
}

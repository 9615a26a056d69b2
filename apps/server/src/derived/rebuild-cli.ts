import { parseArgs } from "node:util";
import { ehId } from "@crm/domain/schemas/id";
import pg from "pg";
import { loadConfig } from "../config/config.js";
import { resolveDatabase } from "../db/bootstrap.js";
import { itensAReconstruir, reconstruirDerivados } from "./rebuild.js";
import { resumoDaReconstrucao } from "./rebuild-report.js";

/**
 * `npm run db:rebuild-summaries [-- --company ID] [-- --only NAME]`: as the owner (DATABASE_URL or the embedded
 * superuser), safe while the product serves (decision 1722); prints in pt-BR what it corrected.
 */
const { values } = parseArgs({ options: { company: { type: "string" }, only: { type: "string" } } });
let itens: ReturnType<typeof itensAReconstruir>;
try {
  itens = itensAReconstruir(values.only);
  if (values.company && !ehId(values.company))
    throw new Error(`--company espera o id (uuid) de uma empresa; recebeu "${values.company}".`);
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
const config = loadConfig();
const database = await resolveDatabase(config);
const owner = new pg.Pool({ connectionString: database.url, max: 1 });
try {
  const inicio = performance.now();
  const feitos = await reconstruirDerivados(owner, { empresaId: values.company, somente: values.only });
  console.log(resumoDaReconstrucao(feitos, itens.length, performance.now() - inicio));
} catch (e) {
  console.error(`Reconstrução interrompida: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  await owner.end();
  await database.stop();
}

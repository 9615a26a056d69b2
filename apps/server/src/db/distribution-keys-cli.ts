import pg from "pg";
import { lerCatalogo, planoCitus, violacoesDasChaves } from "./distribution-keys.js";

/**
 * `DATABASE_URL=… npx tsx apps/server/src/db/distribution-keys-cli.ts`: checks a migrated database against the
 * distribution-key rules and prints the Citus statements in the order they must run (docs/operations.md, decision
 * 0017). Reads the catalog only: changes nothing, and any login of that database will do.
 */
const url = process.env.DATABASE_URL;
if (!url) {
  console.error("Informe DATABASE_URL: o banco migrado a conferir.");
  process.exit(2);
}
const client = new pg.Client({ connectionString: url });
try {
  await client.connect();
  const catalogo = await lerCatalogo(client);
  const erros = violacoesDasChaves(catalogo);
  if (erros.length) {
    console.error(`O esquema ainda não pode ser distribuído:\n- ${erros.join("\n- ")}`);
    process.exitCode = 1;
  } else {
    console.log(`-- Citus: rode no coordenador, nesta ordem (docs/operations.md)\n${planoCitus(catalogo).join("\n")}`);
  }
} finally {
  await client.end().catch(() => {});
}

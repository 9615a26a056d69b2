import pg from "pg";
import { loadConfig } from "../config/config.js";
import { resolveDatabase } from "./bootstrap.js";
import { migrate } from "./migrate.js";

/** `npm run db:migrate`: as the owner (DATABASE_URL or the embedded superuser), on a connection closed at the end. */
const config = loadConfig();
const database = await resolveDatabase(config);
const owner = new pg.Pool({ connectionString: database.url, max: 1 });
try {
  const applied = await migrate(owner);
  console.log(applied.length ? `Migrações aplicadas: ${applied.join(", ")}` : "Banco já está atualizado.");
} finally {
  await owner.end();
  await database.stop();
}

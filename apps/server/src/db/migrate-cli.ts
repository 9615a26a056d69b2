import { loadConfig } from "../config/config.js";
import { resolveDatabase } from "./bootstrap.js";
import { migrate } from "./migrate.js";
import { createDb } from "./pool.js";

/** `npm run db:migrate` */
const config = loadConfig();
const database = await resolveDatabase(config);
const db = createDb(database.url);
try {
  const applied = await migrate(db.owner);
  console.log(applied.length ? `Migrações aplicadas: ${applied.join(", ")}` : "Banco já está atualizado.");
} finally {
  await db.close();
  await database.stop();
}

import pino from "pino";
import { buildApp } from "./app.js";
import { loadConfig } from "./config/config.js";
import { resolveDatabase } from "./db/bootstrap.js";
import { closeDeps, createDeps } from "./deps.js";
import { seedDemoIfEmpty } from "./seed/demo.js";

/** `npm start`: database (embedded unless DATABASE_URL), migrations, demo seed, HTTP server on one port. */
async function main() {
  const t0 = performance.now();
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const database = await resolveDatabase(config);
  const deps = await createDeps(config, database.url, log);
  if (config.seedDemo) await seedDemoIfEmpty(deps, log);

  const app = await buildApp(deps);
  await app.listen({ port: config.port, host: config.host });
  log.info(
    `CRM pronto em ${config.appUrl} (${Math.round(performance.now() - t0)} ms; banco ${database.embedded ? "embutido" : "externo"})`,
  );

  let fechando = false;
  const fechar = async (sinal: string) => {
    if (fechando) return;
    fechando = true;
    log.info({ sinal }, "encerrando");
    await app.close().catch(() => {});
    await closeDeps(deps).catch(() => {});
    await database.stop().catch(() => {});
    process.exit(0);
  };
  process.on("SIGINT", () => void fechar("SIGINT"));
  process.on("SIGTERM", () => void fechar("SIGTERM"));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

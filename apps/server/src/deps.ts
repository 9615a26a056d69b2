import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import { iniciarTrabalhosApiV1 } from "./api-v1/idempotency-purge.js";
import { iniciarTrabalhosFilaEspera } from "./assignment/waiting-queue.js";
import { iniciarTrabalhosAtribuicao } from "./attribution/workers.js";
import { iniciarTrabalhosAuditoria } from "./audit-trail/worker.js";
import { criarLeitorDeSessoes } from "./auth/session-cache.js";
import { iniciarTrabalhosTaxasBacen } from "./bacen-rates/worker.js";
import { iniciarTrabalhosCampanhas } from "./campaigns/sender.js";
import type { TConfig } from "./config/config.js";
import type { TDeps } from "./core/deps.js";
import { naConexaoDireta } from "./db/direct-connection.js";
import { migrate } from "./db/migrate.js";
import { conferirPapelDaAplicacao, createDb } from "./db/pool.js";
import { prepararLoginDaAplicacao } from "./db/roles.js";
import { iniciarTrabalhosPrazos } from "./deadlines/workers.js";
import { iniciarTrabalhosResumos } from "./derived/rollup-job.js";
import { iniciarTrabalhosRetornos } from "./follow-ups/reminders.js";
import { criarJobs, instalarFilas } from "./jobs/jobs.js";
import { acordarOutrasInstancias, ouvirAcordar } from "./jobs/wake-other-instances.js";
import { iniciarTrabalhosLeads } from "./leads/import/workers.js";
import { createMailer } from "./mail/mailer.js";
import { iniciarTrabalhosRetencao } from "./privacy-records/retention-job.js";
import { iniciarTrabalhosPrivacidade } from "./privacy-requests/alerts.js";
import { createRealtime } from "./realtime/realtime.js";
import { iniciarTrabalhosRevisional } from "./revisional/worker.js";
import { iniciarTrabalhosAgendadas } from "./scheduled-messages/fire.js";
import { iniciarTrabalhosTriagem } from "./screening/worker.js";
import { avisoPastaLocal, reservarPastaLocal, type TReservaPasta } from "./storage/local-folder-guard.js";
import { criarArmazenamento, pastaLocal } from "./storage/storage.js";
import { iniciarTrabalhosAssinatura } from "./subscription/workers.js";
import { iniciarTrabalhosWebhooks } from "./webhooks/worker.js";
import { agendarRecuperacaoGateway } from "./whatsapp/inbound/backfill.js";
import { iniciarTrabalhosWhatsApp } from "./whatsapp/workers.js";

export type { TDeps };

/**
 * Bootstrap as the owner, on a connection of its own that is closed before anything is served: migrations, the job
 * queue's schema and the application's login. Returns the URL requests and jobs log in with: through the pooler when
 * DATABASE_URL goes through one and `ownerUrl` is the direct address (resolveDatabase, decision 1901).
 */
export async function prepararBanco(config: TConfig, ownerUrl: string, log?: FastifyBaseLogger) {
  const owner = new pg.Pool({ connectionString: ownerUrl, max: 2 });
  owner.on("error", () => {});
  try {
    // the schema (and the crm_app role) must exist before anything, jobs included, touches the database
    const applied = await migrate(owner);
    if (applied.length) log?.info({ applied }, "migrações aplicadas");
    await instalarFilas(ownerUrl);
    const { rows } = await owner.query("SELECT max(versao) AS v FROM schema_migrations");
    const appUrl = await prepararLoginDaAplicacao({
      owner,
      ownerUrl,
      appSecret: config.appSecret,
      appUrl: config.databaseAppUrl,
      ownerUrlNoPooler: config.databaseListenUrl ? config.databaseUrl : undefined,
    });
    return { appUrl, migracao: (rows[0]?.v as string | null) ?? null };
  } finally {
    await owner.end();
  }
}

/** `databaseUrl` is the owner's (DATABASE_URL or the embedded one): used only during bootstrap. */
export async function createDeps(config: TConfig, databaseUrl: string, log?: FastifyBaseLogger): Promise<TDeps> {
  const { appUrl, migracao } = await prepararBanco(config, databaseUrl, log);
  // behind a pooler in transaction mode, what needs a session goes to the direct address (decision 1901)
  const appDireta = naConexaoDireta(appUrl, config.databaseListenUrl);
  const db = createDb(appUrl, {
    logErro: (err, origem) => log?.warn({ err, origem }, "conexão com o banco perdida"),
    poolerDeTransacao: config.poolerDeTransacao,
    urlDireta: config.databaseListenUrl ? appDireta : undefined,
  });
  await conferirPapelDaAplicacao(db);
  // files on this disk with a database others may share (decision 1856): said, and another folder refused before
  // this instance takes any job
  if (config.databaseUrl && config.storage.driver === "local") {
    log?.warn(avisoPastaLocal(pastaLocal(config)));
    const reserva = await reservarPastaLocal(db.app, pastaLocal(config)).catch(async (err) => {
      await db.close();
      throw err;
    });
    reservas.set(db, reserva);
  }
  const mailer = createMailer({ pool: db.app, smtpUrl: config.smtpUrl, from: config.mailFrom, log });
  const realtime = createRealtime({ databaseUrl: appDireta, log });
  const sessoes = criarLeitorDeSessoes(db.app, realtime);
  // The LISTEN connection is this instance's view of the database: once it is back after being lost, what the
  // WhatsApp gateway posted meanwhile (refused, it does not retry for long) is read back from its history.
  let perdido = false;
  let pronto: TDeps | null = null;
  realtime.ouvir("crm_banco", {
    aoNotificar: () => {},
    aoEstado: (ouvindo) => {
      if (!ouvindo) perdido = true;
      else if (perdido && pronto) {
        perdido = false;
        void agendarRecuperacaoGateway(pronto).catch((err) => log?.warn({ err }, "recuperação do gateway não agendada"));
      }
    },
  });
  await realtime.start();
  const storage = criarArmazenamento(config);
  // a web instance enqueues and has no workers: its wake-ups go to the instances that work the queue (decision 1855);
  // pg-boss runs each statement in a transaction of its own and takes only transaction locks: it may go through a
  // pooler in transaction mode (decision 1902)
  const jobs = criarJobs({ databaseUrl: appUrl, log, acordarOutras: acordarOutrasInstancias(db.app) });
  await jobs.iniciar();
  const deps: TDeps = { config, db, mailer, realtime, sessoes, storage, jobs, migracao };
  pronto = deps;
  if (config.papel !== "web") await iniciarTrabalhos(deps, log);
  return deps;
}

/**
 * The background work of an instance whose ROLE is worker or all (decision 1855): every job worker, the change log's
 * followers (the summaries' roll-up, outbound webhooks, the audit trail) and the mail sweeper.
 */
async function iniciarTrabalhos(deps: TDeps, log?: FastifyBaseLogger): Promise<void> {
  deps.mailer.start();
  ouvirAcordar(deps.realtime, deps.jobs);
  // each feature starts its workers here, one line each
  await iniciarTrabalhosWhatsApp(deps);
  await iniciarTrabalhosAtribuicao(deps);
  await iniciarTrabalhosTriagem(deps);
  await iniciarTrabalhosLeads(deps);
  await iniciarTrabalhosTaxasBacen(deps);
  await iniciarTrabalhosRevisional(deps);
  await iniciarTrabalhosAssinatura(deps);
  await iniciarTrabalhosPrazos(deps);
  await iniciarTrabalhosFilaEspera(deps);
  await iniciarTrabalhosResumos(deps);
  await iniciarTrabalhosWebhooks(deps, { aoErro: (err) => log?.warn({ err }, "webhooks de saída") });
  await iniciarTrabalhosAuditoria(deps);
  await iniciarTrabalhosCampanhas(deps);
  await iniciarTrabalhosRetornos(deps);
  await iniciarTrabalhosAgendadas(deps);
  await iniciarTrabalhosPrivacidade(deps);
  await iniciarTrabalhosApiV1(deps);
  await iniciarTrabalhosRetencao(deps);
}

/** Each instance's record of its local data folder, removed when it closes (decision 1856). */
const reservas = new WeakMap<TDeps["db"], TReservaPasta>();

export async function closeDeps(deps: TDeps): Promise<void> {
  await deps.jobs.parar();
  await reservas.get(deps.db)?.parar();
  await deps.realtime.stop();
  await deps.mailer.stop();
  await deps.db.close();
}

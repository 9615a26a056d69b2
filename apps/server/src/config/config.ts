import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { BACKUP_RETENCAO_DIAS_PADRAO } from "@crm/domain/privacy-requests";
import { zNumero } from "@crm/domain/schemas/number";
import { z } from "zod";
import { registrarSegredosAnteriores } from "../crypto/secrets.js";
import { definirPoliticaSaida } from "../net/outbound.js";
import { entradaDaUrl, lerPoliticaSaida, type TPoliticaSaida } from "../net/outbound-policy.js";

/** What one process of the server does (ROLE, decision 1855). */
const PAPEIS_INSTANCIA = ["web", "worker", "all"] as const;
type TPapelInstancia = (typeof PAPEIS_INSTANCIA)[number];

/** Every setting the server reads, validated once at start (README "Configuração"). */
const ZEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: zNumero(z.number().int().min(0).max(65535)).default(3000),
  /** default: 127.0.0.1 on the embedded database (a try-out on this machine), 0.0.0.0 with DATABASE_URL (a server) */
  HOST: z.string().optional(),
  DATA_DIR: z.string().default("./.data"),
  APP_URL: z.string().url().optional(),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_APP_URL: z.string().url().optional(),
  /**
   * the same database without a pooler in between (decision 1901): LISTEN, migrations and whatever else is bound to a
   * session. Only its address counts; each connection logs in there with its own user (owner or crm_app)
   */
  DATABASE_LISTEN_URL: z.string().url().optional(),
  /** `transaction`: DATABASE_URL and DATABASE_APP_URL go through a pooler in transaction mode (decision 1901) */
  DATABASE_POOLER: z.enum(["none", "transaction"], { error: () => "use none ou transaction (o padrão é none)" }).default("none"),
  APP_SECRET: z.string().min(32, "APP_SECRET precisa de pelo menos 32 caracteres").optional(),
  /** the secrets APP_SECRET replaced, comma-separated, newest first (decision 1946) */
  APP_SECRET_PREVIOUS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((l) => l.every((s) => s.length >= 32), "cada segredo de APP_SECRET_PREVIOUS precisa de pelo menos 32 caracteres"),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default("CRM Revisional <nao-responda@crm.local>"),
  SEED_DEMO: z.enum(["auto", "true", "false"]).default("auto"),
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  STORAGE_S3_ENDPOINT: z.string().url().optional(),
  STORAGE_S3_BUCKET: z.string().optional(),
  STORAGE_S3_REGION: z.string().default("us-east-1"),
  STORAGE_S3_ACCESS_KEY: z.string().optional(),
  STORAGE_S3_SECRET_KEY: z.string().optional(),
  /** path-style URLs (endpoint/bucket/key): what MinIO, Ceph and most S3-compatible services expect */
  STORAGE_S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z.enum(["true", "false"]).default("false"),
  /** WhatsApp Business Cloud API host (tests point it at a local Graph-API-shaped server) */
  WHATSAPP_GRAPH_URL: z.string().url().default("https://graph.facebook.com"),
  /** the Central Bank's public data API, for the SGS rate series (tests point it at a local SGS-shaped server) */
  BACEN_SGS_URL: z.string().url().default("https://api.bcb.gov.br"),
  /**
   * hosts that URLs set by a company may reach although they are internal (a gateway on the same network):
   * `gateway.lan,10.0.0.5,localhost:8080,[::1]:8080,10.0.0.0/8` (decision 0016)
   */
  OUTBOUND_ALLOWED_HOSTS: z.string().optional(),
  /** on SIGTERM, how long requests and downloads in flight may take to finish before their connections are cut */
  SHUTDOWN_TIMEOUT_S: zNumero(z.number().int().min(0).max(600)).default(30),
  /** GET /metrics answers a scraper on this machine, and others only with `Authorization: Bearer METRICS_TOKEN` */
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN precisa de pelo menos 16 caracteres").optional(),
  /**
   * what this instance does (decision 1855): `web` serves HTTP and WebSocket and enqueues, `worker` runs the job
   * workers and the change log's followers and serves only /api/health (and /metrics), `all` does both
   */
  ROLE: z.enum(PAPEIS_INSTANCIA, { error: () => `use ${PAPEIS_INSTANCIA.join(", ")} (o padrão é all)` }).default("all"),
  /**
   * how many days the operator keeps a backup before it is overwritten or deleted (decision 1864): an erasure's
   * reply tells the titular when the last copy holding their data expires
   */
  BACKUP_RETENCAO_DIAS: zNumero(z.number().int().min(1).max(3650)).default(BACKUP_RETENCAO_DIAS_PADRAO),
});

/**
 * S3 without a bucket or keys would only fail at the first upload, and LISTEN through a transaction pooler would
 * hear nothing: refuse to start instead.
 */
const ZEnvValidado = ZEnv.superRefine((e, ctx) => {
  if (e.DATABASE_LISTEN_URL && !e.DATABASE_URL)
    ctx.addIssue({ code: "custom", path: ["DATABASE_LISTEN_URL"], message: "só vale com DATABASE_URL" });
  if (e.DATABASE_POOLER === "transaction" && !e.DATABASE_LISTEN_URL)
    ctx.addIssue({
      code: "custom",
      path: ["DATABASE_LISTEN_URL"],
      message: "obrigatório quando DATABASE_POOLER=transaction (LISTEN e migrações precisam de uma conexão direta)",
    });
  if (e.STORAGE_DRIVER !== "s3") return;
  for (const k of ["STORAGE_S3_BUCKET", "STORAGE_S3_ACCESS_KEY", "STORAGE_S3_SECRET_KEY"] as const)
    if (!e[k]) ctx.addIssue({ code: "custom", path: [k], message: "obrigatório quando STORAGE_DRIVER=s3" });
});

export type TConfig = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  appUrl: string;
  databaseUrl?: string;
  /** crm_app's own login (DATABASE_APP_URL); without it the owner gives crm_app a password derived from appSecret */
  databaseAppUrl?: string;
  /** DATABASE_LISTEN_URL: the direct address of the database, for what needs a session (decision 1901) */
  databaseListenUrl?: string;
  /** DATABASE_POOLER=transaction: no named prepared statements, no startup options on the pooled connections */
  poolerDeTransacao: boolean;
  appSecret: string;
  smtpUrl?: string;
  mailFrom: string;
  /** demo accounts and data exist only on the embedded default (or when asked explicitly) */
  seedDemo: boolean;
  storage: {
    driver: "local" | "s3";
    s3: {
      endpoint?: string;
      bucket?: string;
      region: string;
      accessKey?: string;
      secretKey?: string;
      /** true by default when an endpoint is given (MinIO, Ceph, R2…); AWS itself uses virtual-hosted URLs */
      forcePathStyle: boolean;
    };
  };
  logLevel: string;
  trustProxy: boolean;
  whatsappGraphUrl: string;
  /** the Central Bank public data API (SGS rate series, decision 1402) */
  bacenSgsUrl: string;
  /** what URLs set by a company may reach: OUTBOUND_ALLOWED_HOSTS plus the operator's own Graph host */
  outbound: TPoliticaSaida;
  /** SHUTDOWN_TIMEOUT_S in ms (decision 1853) */
  encerramentoMs: number;
  /** METRICS_TOKEN (decision 1854) */
  metricsToken?: string;
  /** ROLE (decision 1855): whether this process serves people, runs the background work, or both */
  papel: TPapelInstancia;
  /** BACKUP_RETENCAO_DIAS (decision 1864) */
  backupRetencaoDias: number;
};

/** APP_SECRET, or a random key generated once and kept in DATA_DIR (mode 600). */
function loadSecret(dataDir: string, given?: string): string {
  if (given) return given;
  const file = path.join(dataDir, "app-secret.key");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  // an empty variable means "not set" (e.g. DATABASE_URL= in a shell)
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = ZEnvValidado.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Configuração inválida:\n${lines}`);
  }
  const e = parsed.data;
  let outbound: TPoliticaSaida;
  try {
    // the Graph host is the operator's setting, not a company's: trusted like the allow-list
    outbound = lerPoliticaSaida(e.OUTBOUND_ALLOWED_HOSTS, [entradaDaUrl(e.WHATSAPP_GRAPH_URL)]);
  } catch (err) {
    throw new Error(`Configuração inválida:\n  OUTBOUND_ALLOWED_HOSTS: ${(err as Error).message}`);
  }
  // process-wide like the environment it comes from: the fetch helpers of the providers and the AI client read it
  definirPoliticaSaida(outbound, { logLevel: e.LOG_LEVEL });
  const dataDir = path.resolve(e.DATA_DIR);
  const appSecret = loadSecret(dataDir, e.APP_SECRET);
  // process-wide too: whatever holds APP_SECRET also accepts what the secrets it replaced made (decision 1946)
  registrarSegredosAnteriores(appSecret, e.APP_SECRET_PREVIOUS);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST ?? (e.DATABASE_URL ? "0.0.0.0" : "127.0.0.1"),
    dataDir,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    databaseUrl: e.DATABASE_URL,
    databaseAppUrl: e.DATABASE_APP_URL,
    databaseListenUrl: e.DATABASE_LISTEN_URL,
    poolerDeTransacao: e.DATABASE_POOLER === "transaction",
    appSecret,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seedDemo: e.SEED_DEMO === "auto" ? !e.DATABASE_URL : e.SEED_DEMO === "true",
    storage: {
      driver: e.STORAGE_DRIVER,
      s3: {
        endpoint: e.STORAGE_S3_ENDPOINT,
        bucket: e.STORAGE_S3_BUCKET,
        region: e.STORAGE_S3_REGION,
        accessKey: e.STORAGE_S3_ACCESS_KEY,
        secretKey: e.STORAGE_S3_SECRET_KEY,
        forcePathStyle: e.STORAGE_S3_FORCE_PATH_STYLE
          ? e.STORAGE_S3_FORCE_PATH_STYLE === "true"
          : e.STORAGE_S3_ENDPOINT !== undefined,
      },
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === "true",
    whatsappGraphUrl: e.WHATSAPP_GRAPH_URL.replace(/\/$/, ""),
    bacenSgsUrl: e.BACEN_SGS_URL.replace(/\/$/, ""),
    outbound,
    encerramentoMs: e.SHUTDOWN_TIMEOUT_S * 1000,
    metricsToken: e.METRICS_TOKEN,
    papel: e.ROLE,
    backupRetencaoDias: e.BACKUP_RETENCAO_DIAS,
  };
}

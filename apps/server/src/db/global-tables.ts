/**
 * The tables of `public` that are NOT tenant tables, each with the reason (decision 0017).
 * Every other table of `public` is a tenant table: `id_empresa_fk NOT NULL`, RLS enabled and forced, `id_empresa_fk`
 * in its primary key and in every unique index, and composite foreign keys `(id_empresa_fk, …)` to other tenant
 * tables — with Citus, distributed by `id_empresa_fk` and co-located. `distribution-keys.test.ts` holds the catalog
 * to this list, so a new table is either a tenant table by those rules or is added here with its reason.
 *
 * `citus` says what the table becomes in a Citus cluster (docs/operations.md):
 * - `referencia`: a reference table, copied to every node, because tenant tables reference or join it; small, rarely
 *   written.
 * - `local`: stays on the coordinator only; no tenant table references it.
 */
export type TCitusGlobal = "referencia" | "local";

/**
 * What one company's export (decision 1943) takes of the table: `"empresa"` its rows (`id = empresa` for empresas,
 * `id_empresa_fk = empresa` elsewhere), `"nada"` none — installation state that another installation rebuilds.
 */
type TExportacaoGlobal = "empresa" | "nada";

export type TTabelaGlobal = { tabela: string; citus: TCitusGlobal; exportacao: TExportacaoGlobal; motivo: string };

export const TABELAS_GLOBAIS: readonly TTabelaGlobal[] = [
  {
    tabela: "mudancas_leitores",
    citus: "local",
    exportacao: "nada",
    motivo:
      "how far each reader of the change log (summaries, webhooks) has read, across companies: one position per reader, advanced by the job that reads every company's rows (decision 1701)",
  },
  {
    tabela: "empresas",
    citus: "referencia",
    exportacao: "empresa",
    motivo:
      "the tenants themselves: a company's id is its rows' id_empresa_fk; a webhook finds its company by webhook_token before any company is known; one row per company, referenced by every tenant table",
  },
  {
    tabela: "usuarios_plataforma",
    citus: "referencia",
    exportacao: "empresa",
    motivo:
      "one login per email across companies: sign-in finds the user by email before knowing the company (UNIQUE(email)); the platform admin has no company (id_empresa_fk null); tenant tables reference its (id_empresa_fk, id) and, for the actor of a change, its id",
  },
  {
    tabela: "auth_sessoes",
    citus: "local",
    exportacao: "nada",
    motivo:
      "a user's sessions, found by the cookie's hash on every request before the company is known; the platform admin's have no company",
  },
  {
    tabela: "auth_tokens",
    citus: "local",
    exportacao: "nada",
    motivo:
      "a user's one-time links (email confirmation, password reset, email change), found by their hash before any session exists",
  },
  {
    tabela: "auth_tentativas",
    citus: "local",
    exportacao: "nada",
    motivo:
      "failed sign-in and reset attempts per email and per address, counted before anyone is known (the email may match no account)",
  },
  {
    tabela: "emails_saida",
    citus: "local",
    exportacao: "nada",
    motivo:
      "the mail outbox, sent by one sweeper for every company: it holds mail for people with no company (the platform admin's password reset) and keeps mail whose company was deleted (ON DELETE SET NULL)",
  },
  {
    tabela: "auditoria",
    citus: "local",
    exportacao: "empresa",
    motivo:
      "the security log of users' own actions (sign-in, sign-out, password, sessions, email), the platform admin's included, who has no company (id_empresa_fk null); append-only, joined with no tenant table",
  },
  {
    tabela: "auditoria_eventos",
    citus: "local",
    exportacao: "empresa",
    motivo:
      "the hash-chained audit trail (decision 1821): one chain per company plus the platform's own (id_empresa_fk null, as in auditoria), keyed by (cadeia, seq); appended by one follower, read under RLS per company",
  },
  {
    tabela: "auditoria_cadeias",
    citus: "local",
    exportacao: "empresa",
    motivo:
      "each audit chain's head and retention anchor (decision 1821), the platform's chain included (id_empresa_fk null); one row per chain, written only by the audit follower",
  },
  {
    tabela: "configuracoes_plataforma",
    citus: "referencia",
    exportacao: "nada",
    motivo:
      "the platform's own settings (default Graph API version, mail sender): one row for every company, read with a company's WhatsApp settings and by the mail sweeper, changed only by the platform admin (decision 1309)",
  },
  {
    tabela: "taxas_bacen",
    citus: "referencia",
    exportacao: "nada",
    motivo:
      "the Central Bank's monthly average rates per credit modality (SGS series): public data, the same for every company, read with a company's leads by the revisional pre-analysis, written only by the platform admin and the daily SGS job (decision 1402)",
  },
  {
    tabela: "taxas_bacen_atualizacoes",
    citus: "local",
    exportacao: "nada",
    motivo: "the log of each SGS refresh or CSV import of a series (decision 1402): platform data, joined with no tenant table",
  },
  {
    tabela: "instancias_armazenamento_local",
    citus: "local",
    exportacao: "nada",
    motivo:
      "the running instances that keep files on their own disk and the data folder each uses (decision 1856): checked at start so that two folders never serve one database; no company's data",
  },
  {
    tabela: "schema_migrations",
    citus: "local",
    exportacao: "nada",
    motivo: "the database's record of applied migrations (db/migrate.ts), created and read by the owner only",
  },
];

import { randomBytes } from "node:crypto";
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "../src/app.js";
import { hashSenha } from "../src/auth/password.js";
import { MIGRATIONS_DIR, migrate } from "../src/db/migrate.js";
import { MIGRACOES_RENOMEADAS } from "../src/db/migration-renames.js";
import { withDatabase } from "../src/db/pool.js";
import { closeDeps, createDeps } from "../src/deps.js";
import { criarNavegador, testConfig } from "./app.js";
import type {} from "./global-setup.js";

/**
 * An upgrade from the oldest migration set of the last releases to today (decision 1859): the release of
 * session 9, whose last migration was 0044_processos_mascara_busca, before checksums were kept and before the
 * numbering was made linear (its files carried names like 0031b_chaves_api). Its database, with a company, its
 * admin and leads written as that release wrote them, is started by today's code as an operator would start it:
 * the pending migrations apply, the old names carry over, the rows are all there and the app serves them.
 */
const ULTIMA_DA_VERSAO = "0044_processos_mascara_busca";
const nome = `crm_atualizar_${randomBytes(4).toString("hex")}`;
let url: string;
let dir: string;

/** Today's files of that release, under the names they had then. */
function arquivosDaVersao(): string {
  const pasta = mkdtempSync(path.join(tmpdir(), "crm-versao-antiga-"));
  const antigo = new Map(Object.entries(MIGRACOES_RENOMEADAS).map(([velho, novo]) => [novo, velho]));
  const ultima = MIGRACOES_RENOMEADAS[ULTIMA_DA_VERSAO] ?? ULTIMA_DA_VERSAO;
  for (const f of readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith(".sql"))) {
    const versao = f.replace(/\.sql$/, "");
    if (versao > ultima) continue;
    copyFileSync(path.join(MIGRATIONS_DIR, f), path.join(pasta, `${antigo.get(versao) ?? versao}.sql`));
  }
  return pasta;
}

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: inject("pgAdminUrl") });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${nome}`);
  await admin.end();
  url = withDatabase(inject("pgAdminUrl"), nome);
  dir = arquivosDaVersao();
  const dono = new pg.Pool({ connectionString: url, max: 2 });
  try {
    await migrate(dono, { dir, renomeadas: {} });
    // that release kept no checksums
    await dono.query("ALTER TABLE schema_migrations DROP COLUMN checksum");
    const senha = await hashSenha("senha-da-versao-antiga");
    await dono.query(
      `WITH e AS (INSERT INTO empresas (nome_empresa, email_contato, plano_assinatura, status_assinatura)
                  VALUES ('Revisional Antiga Ltda', 'contato@antiga.com.br', 'Premium', 'Ativo') RETURNING id),
            u AS (INSERT INTO usuarios_plataforma (id_empresa_fk, nome, email, senha_hash, papel, email_confirmado_em)
                  SELECT id, 'Ana Antiga', 'ana@antiga.com.br', $1, 'Admin Empresa', now() FROM e RETURNING id_empresa_fk)
       INSERT INTO leads_juros_check (id_empresa_fk, nome, telefone, telefone_normalizado, status_lead, origem_lead, valor_contrato)
       SELECT u.id_empresa_fk, 'Lead da versão antiga ' || g, f, f, 'Novo Lead', 'Manual', 1000 + g
         FROM u, generate_series(1, 40) g, LATERAL (SELECT ('5511970000000'::numeric + g)::text AS f) x`,
      [senha],
    );
  } finally {
    await dono.end();
  }
}, 180_000);

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: inject("pgAdminUrl") });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`);
  await admin.end();
});

describe("an upgrade from the oldest recent release", () => {
  it("applies every later migration once, carries the old names over, and serves the old rows", async () => {
    const deps = await createDeps(testConfig(), url);
    const app = await buildApp(deps, { logger: false, serveWeb: false });
    try {
      await app.ready();
      const dono = new pg.Pool({ connectionString: url, max: 1 });
      try {
        const versoes = (await dono.query("SELECT versao, checksum FROM schema_migrations ORDER BY versao")).rows;
        const arquivos = readdirSync(MIGRATIONS_DIR)
          .filter((f) => f.endsWith(".sql"))
          .map((f) => f.replace(/\.sql$/, ""))
          .sort();
        // every file recorded once under today's name, each with its checksum
        expect(versoes.map((v) => v.versao)).toEqual(arquivos);
        expect(versoes.filter((v) => !v.checksum)).toEqual([]);
      } finally {
        await dono.end();
      }
      const nav = criarNavegador(app);
      const entrar = await nav.req({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: "ana@antiga.com.br", password: "senha-da-versao-antiga" },
      });
      expect(entrar.statusCode, entrar.body).toBe(200);
      const resumo = await nav.req({ url: "/api/leads/resumo?periodo=all" });
      expect(resumo.statusCode, resumo.body).toBe(200);
      expect((resumo.json() as { total: number }).total).toBe(40);
      // a lead written by the old release is found by today's search (its derived rows were built by the upgrade)
      const busca = await nav.req({ url: `/api/leads?periodo=all&busca=${encodeURIComponent("versão antiga 17")}` });
      expect(busca.statusCode, busca.body).toBe(200);
      expect((busca.json() as { itens: { nome: string }[] }).itens.map((l) => l.nome)).toEqual(["Lead da versão antiga 17"]);
    } finally {
      await app.close();
      await closeDeps(deps);
    }
  }, 300_000);
});

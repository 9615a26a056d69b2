import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestDatabase } from "../../test/db.js";
import type {} from "../../test/global-setup.js";
import { lerCatalogo, planoCitus, violacoesDasChaves } from "./distribution-keys.js";
import { TABELAS_GLOBAIS } from "./global-tables.js";
import { MIGRATIONS_DIR } from "./migrate.js";
import { withDatabase } from "./pool.js";

let db: pg.Client;
let drop: () => Promise<void>;

beforeAll(async () => {
  const t = await createTestDatabase();
  drop = t.drop;
  db = new pg.Client({ connectionString: t.url });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await drop?.();
});

describe("distribution keys (decision 0017), read from the migrated database's catalog", () => {
  it("every table of public outside the global list is a tenant table keyed by id_empresa_fk", async () => {
    const cat = await lerCatalogo(db);
    expect(violacoesDasChaves(cat)).toEqual([]);
    // the catalog was read at all: tenant tables and their keys are there
    const leads = cat.unicos.find((u) => u.tabela === "leads_juros_check" && u.primaria);
    expect(leads?.colunas).toEqual(["id_empresa_fk", "id"]);
    expect(cat.tabelas.length).toBeGreaterThan(TABELAS_GLOBAIS.length + 15);
  });

  it("lists no global table that does not exist, and each says why", async () => {
    const cat = await lerCatalogo(db);
    const existentes = new Set(cat.tabelas.map((t) => t.tabela));
    for (const g of TABELAS_GLOBAIS) {
      expect(existentes.has(g.tabela), g.tabela).toBe(true);
      expect(g.motivo.length, g.tabela).toBeGreaterThan(20);
    }
  });

  it("fails for a new table that breaks a rule, and for a stale entry of the global list", async () => {
    await db.query("BEGIN");
    try {
      await db.query(`
        CREATE TABLE teste_sem_chave (id uuid PRIMARY KEY, nome text);
        CREATE TABLE teste_chave_nula (id uuid, id_empresa_fk uuid, email text, PRIMARY KEY (id));
        CREATE UNIQUE INDEX teste_chave_nula_email_uq ON teste_chave_nula (email);
        CREATE TABLE teste_sem_rls (id uuid, id_empresa_fk uuid NOT NULL, id_empresa_lead uuid NOT NULL,
          id_lead_fk uuid NOT NULL, PRIMARY KEY (id_empresa_fk, id),
          FOREIGN KEY (id_empresa_lead, id_lead_fk) REFERENCES leads_juros_check (id_empresa_fk, id));
        ALTER TABLE auth_tentativas ADD COLUMN id_lead_fk uuid, ADD COLUMN id_empresa_fk uuid,
          ADD FOREIGN KEY (id_empresa_fk, id_lead_fk) REFERENCES leads_juros_check (id_empresa_fk, id);
        ALTER TABLE leads_juros_check ADD COLUMN id_sessao_fk text REFERENCES auth_sessoes (id);
        ALTER TABLE schema_migrations RENAME TO schema_migrations_antiga;`);
      const erros = violacoesDasChaves(await lerCatalogo(db));
      expect(erros).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^teste_sem_chave: tabela de empresa sem a coluna id_empresa_fk/),
          expect.stringMatching(/^teste_chave_nula: id_empresa_fk aceita nulo/),
          "teste_chave_nula: RLS não está ativada e forçada",
          "teste_chave_nula: a chave primária não inclui id_empresa_fk",
          "teste_chave_nula: o índice único teste_chave_nula_email_uq não inclui id_empresa_fk",
          "teste_sem_rls: RLS não está ativada e forçada",
          expect.stringMatching(/^teste_sem_rls: a chave estrangeira .* para leads_juros_check não liga id_empresa_fk/),
          expect.stringMatching(/^auth_tentativas: tabela global com chave estrangeira .* leads_juros_check/),
          expect.stringMatching(/^leads_juros_check: a chave estrangeira .* aponta para auth_sessoes/),
          "schema_migrations: está na lista de tabelas globais mas não existe em public",
        ]),
      );
      // leads_id_idx is not unique: a lead id alone is unique only by gen_random_uuid, as decision 0017 says
      expect(erros.filter((e) => e.startsWith("leads_juros_check:"))).toHaveLength(1);
    } finally {
      await db.query("ROLLBACK");
    }
  });

  it("gives every ON CONFLICT of the server and the bench a unique index with exactly its columns", async () => {
    const cat = await lerCatalogo(db);
    const raiz = path.resolve(MIGRATIONS_DIR, "../../../../..");
    const fontes = ["apps/server/src", "bench"].flatMap((d) =>
      (readdirSync(path.join(raiz, d), { recursive: true }) as string[])
        .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
        .map((f) => path.join(raiz, d, f)),
    );
    const alvos: { onde: string; tabela: string; colunas: string[]; parcial: boolean }[] = [];
    const re = /INSERT INTO\s+([a-z_.]+)[^;`]*?ON CONFLICT\s*\(([^)]*)\)(\s+WHERE\s)?/gi;
    for (const f of fontes) {
      for (const m of readFileSync(f, "utf8").matchAll(re)) {
        if (m[1].includes(".")) continue; // another schema (pg-boss's)
        const colunas = m[2].split(",").map((c) => c.trim());
        alvos.push({ onde: `${path.relative(raiz, f)}: ${m[1]} (${m[2]})`, tabela: m[1], colunas, parcial: !!m[3] });
      }
    }
    expect(alvos.length).toBeGreaterThanOrEqual(5);
    const semIndice = alvos.filter(
      (a) =>
        !cat.unicos.some(
          (u) =>
            u.tabela === a.tabela &&
            u.parcial === a.parcial &&
            u.colunas.length === a.colunas.length &&
            a.colunas.every((c) => u.colunas.includes(c)),
        ),
    );
    expect(semIndice.map((a) => a.onde)).toEqual([]);
  });

  it("turns the schema into Citus statements: reference, coordinator-only, then co-located tenant tables", async () => {
    const cat = await lerCatalogo(db);
    const plano = planoCitus(cat);
    const tabelaDe = (s: string) => /\('([a-z_]+)'/.exec(s)?.[1] as string;
    const posicao = new Map(plano.map((s, i) => [tabelaDe(s), i]));
    // every table of public once, but the migrations' ledger, which stays a plain local table
    expect([...posicao.keys()].sort()).toEqual(
      cat.tabelas
        .map((t) => t.tabela)
        .filter((t) => t !== "schema_migrations")
        .sort(),
    );
    expect(plano.length).toBe(posicao.size);
    for (const g of TABELAS_GLOBAIS.filter((t) => t.tabela !== "schema_migrations")) {
      const s = plano[posicao.get(g.tabela) as number];
      expect(s, g.tabela).toMatch(g.citus === "referencia" ? /create_reference_table/ : /citus_add_local_table_to_metadata/);
    }
    const distribuidas = plano.filter((s) => s.includes("create_distributed_table"));
    expect(distribuidas).toHaveLength(cat.tabelas.length - TABELAS_GLOBAIS.length);
    expect(distribuidas[0]).toMatch(/^SELECT create_distributed_table\('[a-z_]+', 'id_empresa_fk'\);$/);
    const ancora = tabelaDe(distribuidas[0]);
    for (const s of distribuidas.slice(1)) expect(s).toContain(`'id_empresa_fk', colocate_with => '${ancora}'`);
    // a table comes after every table it references (Citus needs the target distributed or replicated first)
    for (const fk of cat.estrangeiras) {
      if (fk.alvo === fk.tabela) continue;
      expect(posicao.get(fk.alvo) as number, `${fk.tabela} → ${fk.alvo}`).toBeLessThan(posicao.get(fk.tabela) as number);
    }
  });
});

describe("migration 0013 on a database that has data", () => {
  const adminUrl = () => inject("pgAdminUrl");
  const nome = `crm_t_0013_${randomBytes(4).toString("hex")}`;
  let c: pg.Client;
  const arquivos = readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  const ate0012 = arquivos.filter((f) => f < "0013");
  const a0013 = arquivos.find((f) => f.startsWith("0013_")) as string;
  const aplicar = async (f: string) => {
    await c.query("BEGIN");
    await c.query(readFileSync(path.join(MIGRATIONS_DIR, f), "utf8"));
    await c.query("COMMIT");
  };
  const resumo = async () =>
    (await c.query("SELECT id_empresa_fk, dia::text, status_lead, n FROM leads_contagem_diaria WHERE n <> 0 ORDER BY 1, 2, 3"))
      .rows;
  const resumoDasLinhas = async () =>
    (
      await c.query(
        `SELECT id_empresa_fk, leads_dia_sp(created_at)::text AS dia, status_lead, count(*)::int AS n
           FROM leads_juros_check GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      )
    ).rows;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${nome}`);
    await admin.end();
    c = new pg.Client({ connectionString: withDatabase(adminUrl(), nome) });
    await c.connect();
    // as db/migrate.ts does before the files
    await c.query("CREATE TABLE schema_migrations (versao text PRIMARY KEY, aplicada_em timestamptz NOT NULL DEFAULT now())");
    for (const f of ate0012) await aplicar(f);
  });
  afterAll(async () => {
    await c?.end();
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`);
    await admin.end();
  });

  it("keeps every row, re-keys the invitations and moves the summer-time leads to their São Paulo day", async () => {
    expect(a0013).toBeDefined();
    const { rows: empresas } = await c.query(
      "INSERT INTO empresas (nome_empresa, email_contato) VALUES ('A', 'a@a.com'), ('B', 'b@b.com') RETURNING id",
    );
    const [a, b] = empresas.map((r) => r.id as string);
    await c.query(
      "INSERT INTO consultores (id_empresa_fk, nome, email) VALUES ($1, 'Ana', 'ana@a.com'), ($2, 'Bia', 'bia@b.com')",
      [a, b],
    );
    await c.query(
      `INSERT INTO convites (id_empresa_fk, email, nome, papel, token_hash, expires_at)
       VALUES ($1, 'x@a.com', 'X', 'Consultor', 'h1', now() + interval '1 day'),
              ($2, 'y@b.com', 'Y', 'Consultor', 'h2', now() + interval '1 day')`,
      [a, b],
    );
    // 2018-12-01 02:30 UTC was 00:30 of Dec 1 in São Paulo (summer time, UTC−2); the fixed UTC−3 said Nov 30.
    // 2018-06-01 02:30 UTC (winter) and 2025-06-01 02:30 UTC (no summer time since 2019) are 23:30 of the day before.
    await c.query(
      `INSERT INTO leads_juros_check (id_empresa_fk, nome, status_lead, created_at) VALUES
         ($1, 'Verão', 'Novo Lead', '2018-12-01T02:30:00Z'), ($1, 'Verão 2', 'Convertido', '2018-12-01T02:59:59Z'),
         ($1, 'Verão 3', 'Novo Lead', '2018-11-30T12:00:00Z'), ($1, 'Inverno', 'Novo Lead', '2018-06-01T02:30:00Z'),
         ($2, 'Hoje', 'Novo Lead', '2025-06-01T02:30:00Z'), ($2, 'Meio-dia', 'Perdido', '2018-12-01T15:00:00Z')`,
      [a, b],
    );
    const contar = async () =>
      (
        await c.query(`SELECT (SELECT count(*) FROM leads_juros_check)::int AS leads, (SELECT count(*) FROM leads_busca)::int AS busca,
                              (SELECT count(*) FROM consultores)::int AS consultores, (SELECT count(*) FROM convites)::int AS convites`)
      ).rows[0];
    const antes = await contar();
    const diaDe = async (nomeLead: string) =>
      (await c.query("SELECT leads_dia_sp(created_at)::text AS d FROM leads_juros_check WHERE nome = $1", [nomeLead])).rows[0].d;
    expect(await diaDe("Verão")).toBe("2018-11-30");

    await aplicar(a0013);

    expect(await contar()).toEqual(antes);
    expect(await diaDe("Verão")).toBe("2018-12-01");
    expect(await diaDe("Verão 2")).toBe("2018-12-01");
    expect(await diaDe("Verão 3")).toBe("2018-11-30");
    expect(await diaDe("Inverno")).toBe("2018-05-31");
    expect(await diaDe("Hoje")).toBe("2025-05-31");
    // the summary was corrected with the function: it still equals a count of the rows, day by day
    expect(await resumo()).toEqual(await resumoDasLinhas());
    expect((await resumo()).filter((r) => r.id_empresa_fk === a)).toEqual([
      { id_empresa_fk: a, dia: "2018-05-31", status_lead: "Novo Lead", n: 1 },
      { id_empresa_fk: a, dia: "2018-11-30", status_lead: "Novo Lead", n: 1 },
      { id_empresa_fk: a, dia: "2018-12-01", status_lead: "Convertido", n: 1 },
      { id_empresa_fk: a, dia: "2018-12-01", status_lead: "Novo Lead", n: 1 },
    ]);
    // and the triggers keep it so afterwards
    await c.query(
      "INSERT INTO leads_juros_check (id_empresa_fk, nome, created_at) VALUES ($1, 'Depois', '2018-12-01T02:10:00Z')",
      [a],
    );
    await c.query("UPDATE leads_juros_check SET status_lead = 'Perdido' WHERE nome = 'Verão'");
    expect(await resumo()).toEqual(await resumoDasLinhas());

    // an invitation token is unique within its company, no longer across companies
    await c.query(
      "INSERT INTO convites (id_empresa_fk, email, nome, papel, token_hash, expires_at) VALUES ($1, 'z@b.com', 'Z', 'Consultor', 'h1', now())",
      [b],
    );
    await expect(
      c.query(
        "INSERT INTO convites (id_empresa_fk, email, nome, papel, token_hash, expires_at) VALUES ($1, 'w@a.com', 'W', 'Consultor', 'h1', now())",
        [a],
      ),
    ).rejects.toThrow(/convites_empresa_token_hash_key/);
    // this database stops at 0013: the global tables of later migrations are not there yet
    const depois0013 = (e: string) => e.endsWith("está na lista de tabelas globais mas não existe em public");
    expect(violacoesDasChaves(await lerCatalogo(c)).filter((e) => !depois0013(e))).toEqual([]);
  });
});

import { CATALOGO_DADOS } from "@crm/domain/data-catalogue-tables";
import { operacoesDoCatalogo } from "@crm/domain/privacy-records";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/db.js";
import { conferirCatalogo } from "./catalogue.js";

/**
 * The data catalogue (decision 1871) against the migrated database: every column of every table is classified, and
 * the catalogue names no column that is gone. A migration that adds a column without classifying it fails here,
 * named 'tabela.coluna'.
 */
let banco: { url: string; drop: () => Promise<void> };
let dono: pg.Client;

beforeAll(async () => {
  banco = await createTestDatabase();
  dono = new pg.Client({ connectionString: banco.url });
  await dono.connect();
});
afterAll(async () => {
  await dono?.end();
  await banco?.drop();
});

describe("o catálogo de dados cobre o banco migrado", () => {
  it("classifica cada coluna de cada tabela, sem nomear coluna que não existe", async () => {
    const r = await conferirCatalogo(dono);
    expect(r.naoClassificadas).toEqual([]);
    expect(r.inexistentes).toEqual([]);
    expect(r.invalidas).toEqual([]);
    // it read the real schema: the lead table and this feature's own tables are there
    expect(Object.keys(CATALOGO_DADOS).length).toBeGreaterThan(90);
    expect(CATALOGO_DADOS.leads_juros_check.pessoais.nome).toMatchObject({ categoria: "identificacao", anonimizar: "apagar" });
  });

  it("falha nomeando a coluna que uma migração acrescentou sem classificar", async () => {
    await dono.query("ALTER TABLE leads_juros_check ADD COLUMN apelido_do_lead text");
    await dono.query("CREATE TABLE anotacoes_soltas (id uuid PRIMARY KEY, texto text)");
    try {
      const r = await conferirCatalogo(dono);
      expect(r.naoClassificadas.sort()).toEqual([
        "anotacoes_soltas.id",
        "anotacoes_soltas.texto",
        "leads_juros_check.apelido_do_lead",
      ]);
    } finally {
      await dono.query("ALTER TABLE leads_juros_check DROP COLUMN apelido_do_lead");
      await dono.query("DROP TABLE anotacoes_soltas");
    }
  });

  it("falha quando o catálogo nomeia uma coluna removida", async () => {
    await dono.query("ALTER TABLE leads_juros_check DROP COLUMN ctwa_clid");
    expect((await conferirCatalogo(dono)).inexistentes).toEqual(["leads_juros_check.ctwa_clid"]);
  });

  it("cada coluna pessoal leva a uma finalidade, base legal e retenção do registro de operações", () => {
    const ops = operacoesDoCatalogo();
    const dados = new Set(ops.flatMap((o) => o.dados));
    for (const [tabela, t] of Object.entries(CATALOGO_DADOS))
      for (const [coluna, c] of Object.entries(t.pessoais))
        if (c.operacao !== "assinatura_crm") expect(dados.has(`${tabela}.${coluna}`), `${tabela}.${coluna}`).toBe(true);
    for (const o of ops) {
      expect(o.bases.length, o.chave).toBeGreaterThan(0);
      expect(
        o.bases.every((b) => /^Art\. 7º, [IVX]+ — /.test(b)),
        o.chave,
      ).toBe(true);
      expect(o.retencao.length, o.chave).toBeGreaterThan(10);
    }
    // the CRM's own billing is the operator's processing, not the company's: out of its ROPA
    expect(ops.map((o) => o.chave)).not.toContain("assinatura_crm");
  });
});

import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/db.js";
import { encadearTudo } from "../audit-trail/chain.js";
import { verificarTrilhas } from "../audit-trail/verify-all.js";
import { aindaNaoLidas } from "../change-log/follow.js";
import { createDb, type TDb } from "../db/pool.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { rolarResumos } from "../derived/rollup-job.js";
import { seedDemoIfEmpty } from "../seed/demo.js";
import { criarEmpresa, criarLead, criarUsuario } from "../seed/factories.js";
import { criarArmazenamentoLocal, type TArmazenamento } from "../storage/storage.js";
import { exportarEmpresa } from "./company-export.js";
import { importarEmpresa, SEGREDOS_DA_CHAVE } from "./company-import.js";
import { tabelasDaEmpresa } from "./company-scope.js";
import { fazerBackup } from "./dump.js";
import { restaurarBackup } from "./restore.js";

const SEGREDO = "segredo-da-instalacao-de-origem-com-32-caracteres";
let origem: { url: string; drop: () => Promise<void>; db: TDb };
let destino: { url: string; drop: () => Promise<void>; db: TDb };
let pasta: string;
let arquivo: string;
let empresaId: string;
let outraEmpresaId: string;
let migracao: string;
const armazenamento = (nome: string) => criarArmazenamentoLocal(path.join(pasta, nome));

async function consultar<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(sql, params)).rows;
  } finally {
    await c.end();
  }
}

/**
 * One company's rows, table by table, as a digest of their content, counted here (not by the import): the round
 * trip's evidence. The transaction ids are the cluster's own and the security log's ids are drawn anew on import
 * (decision 1943): both are left out of the digest, and their order is checked on its own.
 */
async function conteudoDaEmpresa(url: string, id: string): Promise<Record<string, { n: number; md5: string | null }>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r: Record<string, { n: number; md5: string | null }> = {};
    for (const t of await tabelasDaEmpresa(c)) {
      const sem = t.nome === "auditoria" ? "- 'transacao' - 'id'" : t.colunas.includes("transacao") ? "- 'transacao'" : "";
      const { rows } = await c.query<{ n: number; md5: string | null }>(
        `SELECT count(*)::int AS n, md5(string_agg((to_jsonb(x) ${sem})::text, '|' ORDER BY (to_jsonb(x) ${sem})::text)) AS md5
           FROM "public"."${t.nome}" x WHERE ${t.filtro}`,
        [id],
      );
      r[t.nome] = rows[0] as { n: number; md5: string | null };
    }
    return r;
  } finally {
    await c.end();
  }
}

async function somasDosArquivos(a: TArmazenamento, pastaDaEmpresa?: string): Promise<Record<string, string>> {
  const r: Record<string, string> = {};
  for await (const chave of a.listar(pastaDaEmpresa))
    r[chave] = createHash("sha256")
      .update(await a.ler(chave))
      .digest("hex");
  return r;
}

beforeAll(async () => {
  pasta = await mkdtemp(path.join(tmpdir(), "crm-empresa-"));
  arquivo = path.join(pasta, "empresa.tar.gz");
  const a = await createTestDatabase();
  origem = { ...a, db: createDb(a.url) };
  await seedDemoIfEmpty({ db: origem.db, storage: armazenamento("origem") }, { info: () => {} });
  await encadearTudo(origem.db.app);
  const [demo] = await consultar<{ id: string }>(origem.url, "SELECT id FROM empresas WHERE nome_empresa = 'Revisão Demo Ltda'");
  empresaId = (demo as { id: string }).id;
  // another company's file in the same store: the export must leave it out
  const [outra] = await consultar<{ id: string }>(origem.url, "SELECT id FROM empresas WHERE id <> $1 LIMIT 1", [empresaId]);
  await armazenamento("origem").gravar(
    `${(outra as { id: string }).id}/documentos/de-outra-empresa.pdf`,
    Buffer.from("%PDF-1.4 outra"),
  );
  const [m] = await consultar<{ m: string }>(origem.url, "SELECT max(versao) AS m FROM schema_migrations");
  migracao = (m as { m: string }).m;

  // the other installation already serves a company of its own, with a lead, a user and change-log rows read by its
  // followers: the import goes in beside it
  const b = await createTestDatabase();
  destino = { ...b, db: createDb(b.url) };
  outraEmpresaId = await unsafeWithSystem(destino.db.app, "teste", async (tx) => {
    const e = await criarEmpresa(tx, { nome_empresa: "Empresa Que Já Estava" });
    await criarUsuario(tx, { id_empresa_fk: e.id, email: "ja.estava@example.com" });
    await criarLead(tx, { id_empresa_fk: e.id });
    return e.id;
  });
  await rolarResumos(destino.db.app);
  await encadearTudo(destino.db.app);
}, 180_000);

afterAll(async () => {
  await origem?.db.close();
  await destino?.db.close();
  await origem?.drop();
  await destino?.drop();
  await rm(pasta, { recursive: true, force: true });
});

describe("Exportar empresa / npm run company:import (decision 1943)", () => {
  it("moves one company to another installation: every row and file as it was, beside the company already there", async () => {
    const antes = await conteudoDaEmpresa(origem.url, empresaId);
    const arquivosAntes = await somasDosArquivos(armazenamento("origem"), empresaId);
    expect(antes.leads_juros_check?.n).toBeGreaterThan(50);
    expect(antes.mudancas?.n).toBeGreaterThan(50);
    expect(antes.usuarios_plataforma?.n).toBeGreaterThan(2);
    expect(antes.auditoria_eventos?.n).toBeGreaterThan(0);
    expect(Object.keys(arquivosAntes).length).toBeGreaterThan(0);
    // only the company's rows and files: the other demo companies' are not in the archive
    const todos = await somasDosArquivos(armazenamento("origem"));
    expect(Object.keys(todos).length).toBeGreaterThan(Object.keys(arquivosAntes).length);

    const feito = await exportarEmpresa({
      pool: origem.db.app,
      empresaId,
      armazenamento: armazenamento("origem"),
      destino: arquivo,
      versaoApp: "teste",
      migracao,
      appSecret: SEGREDO,
    });
    expect(Object.fromEntries(feito.manifesto.tabelas.map((t) => [t.tabela.replace("public.", ""), t.linhas]))).toEqual(
      Object.fromEntries(Object.entries(antes).map(([t, v]) => [t, v.n])),
    );
    expect(feito.manifesto.arquivos.map((a) => a.chave).sort()).toEqual(Object.keys(arquivosAntes).sort());

    const outraAntes = await conteudoDaEmpresa(destino.url, outraEmpresaId);
    const r = await importarEmpresa({
      url: destino.url,
      armazenamento: armazenamento("destino"),
      origem: arquivo,
      appSecret: SEGREDO,
    });
    expect(r.segredosPerdidos).toEqual([]);
    expect(await conteudoDaEmpresa(destino.url, empresaId)).toEqual(antes);
    expect(await somasDosArquivos(armazenamento("destino"), empresaId)).toEqual(arquivosAntes);
    expect(await conteudoDaEmpresa(destino.url, outraEmpresaId)).toEqual(outraAntes);

    // the change log keeps its order, and no follower of this installation reads it again: summaries, webhooks and
    // the audit chain came with the rows
    const ordem = "SELECT id::text FROM mudancas WHERE id_empresa_fk = $1 ORDER BY transacao, id";
    expect(await consultar(destino.url, ordem, [empresaId])).toEqual(await consultar(origem.url, ordem, [empresaId]));
    const [naoLidas] = await consultar<{ n: number }>(
      destino.url,
      `SELECT count(*)::int AS n FROM mudancas m, (SELECT DISTINCT leitor FROM mudancas_leitores WHERE leitor <> 'auditoria.entrada') l
        WHERE m.id_empresa_fk = $1 AND ${aindaNaoLidas("l.leitor")}`,
      [empresaId],
    );
    expect(naoLidas?.n).toBe(0);
    await rolarResumos(destino.db.app);
    await encadearTudo(destino.db.app);
    expect(await conteudoDaEmpresa(destino.url, empresaId)).toEqual(antes);
    const trilha = await verificarTrilhas(destino.db.app, empresaId);
    expect(trilha.resultados.length).toBe(1);
    expect(trilha.quebradas).toBe(0);

    // an id drawn after the import goes past the imported rows: the company writes on
    const [seq] = await consultar<{ ok: boolean }>(
      destino.url,
      "SELECT nextval(pg_get_serial_sequence('mudancas', 'id')) > (SELECT max(id) FROM mudancas) AS ok",
    );
    expect(seq?.ok).toBe(true);
  }, 240_000);

  it("refuses a company already here, a whole backup, and names what another APP_SECRET leaves to set again", async () => {
    const contagem = "SELECT count(*)::int AS n FROM leads_juros_check";
    const leadsAntes = await consultar(destino.url, contagem);
    await expect(
      importarEmpresa({ url: destino.url, armazenamento: armazenamento("destino"), origem: arquivo, appSecret: SEGREDO }),
    ).rejects.toThrow(/A empresa Revisão Demo Ltda \(.*\) já existe nesta instalação: nada foi importado/);
    expect(await consultar(destino.url, contagem)).toEqual(leadsAntes);

    // a whole installation's backup is not a company, and a company's archive is not a backup
    const backup = path.join(pasta, "backup.tar.gz");
    await fazerBackup({ url: destino.url, armazenamento: armazenamento("destino"), destino: backup, versaoApp: "teste" });
    await expect(
      importarEmpresa({ url: destino.url, armazenamento: armazenamento("destino"), origem: backup, appSecret: SEGREDO }),
    ).rejects.toThrow(/backup de uma instalação inteira, não de uma empresa: restaure-o com npm run restore/);
    await expect(
      restaurarBackup({ url: destino.url, armazenamento: armazenamento("vazio"), origem: arquivo, forcar: true }),
    ).rejects.toThrow(
      /exportação da empresa Revisão Demo Ltda, não um backup da instalação: importe-o com npm run company:import/,
    );

    // into a third installation with another APP_SECRET: the rows come, and what that key protected is listed
    const c = await createTestDatabase();
    try {
      // a file an import killed before its commit left behind: refused with other content, taken with the same
      const [sobra] = Object.keys(await somasDosArquivos(armazenamento("origem"), empresaId));
      await armazenamento("terceira").gravar(sobra as string, Buffer.from("outro conteúdo"));
      await expect(
        importarEmpresa({ url: c.url, armazenamento: armazenamento("terceira"), origem: arquivo, appSecret: "outro".repeat(8) }),
      ).rejects.toThrow(`O arquivo ${sobra} já existe no armazenamento desta instalação: nada foi importado.`);
      await armazenamento("terceira").gravar(sobra as string, await armazenamento("origem").ler(sobra as string));
      const r = await importarEmpresa({
        url: c.url,
        armazenamento: armazenamento("terceira"),
        origem: arquivo,
        appSecret: "outro".repeat(8),
      });
      expect(r.segredosPerdidos).toEqual(SEGREDOS_DA_CHAVE);
      expect(r.tabelas.every((t) => t.esperadas === t.encontradas)).toBe(true);
    } finally {
      await c.drop();
    }
    // a user e-mail another installation already has: the company is refused, naming why
    const [u] = await consultar<{ email: string }>(
      origem.url,
      "SELECT email FROM usuarios_plataforma WHERE id_empresa_fk = $1 ORDER BY email LIMIT 1",
      [empresaId],
    );
    const d = await createTestDatabase();
    const db = createDb(d.url);
    try {
      await unsafeWithSystem(db.app, "teste", async (tx) => {
        const e = await criarEmpresa(tx);
        await criarUsuario(tx, { id_empresa_fk: e.id, email: (u as { email: string }).email });
      });
      await expect(
        importarEmpresa({ url: d.url, armazenamento: armazenamento("quarta"), origem: arquivo, appSecret: SEGREDO }),
      ).rejects.toThrow(/usuarios_plataforma.*Um usuário com esse e-mail já tem conta aqui/s);
      expect(await somasDosArquivos(armazenamento("quarta"))).toEqual({});
      expect(await consultar(d.url, "SELECT count(*)::int AS n FROM leads_juros_check")).toEqual([{ n: 0 }]);
    } finally {
      await db.close();
      await d.drop();
    }
  }, 240_000);
});

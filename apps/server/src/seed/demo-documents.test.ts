import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { MIME_DOCUMENTO_JURIDICO } from "@crm/domain/documents";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/db.js";
import { createDb, type TDb } from "../db/pool.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { tipoDoConteudo } from "../documents/content-type.js";
import { criarArmazenamentoLocal } from "../storage/storage.js";
import { seedDemoIfEmpty, type TResumoSeed } from "./demo.js";

const AGORA = new Date("2025-06-15T00:00:00Z");
let db: TDb;
let drop: () => Promise<void>;
let raiz: string;
let resumo: TResumoSeed | null;
const storage = () => criarArmazenamentoLocal(raiz);

beforeAll(async () => {
  const t = await createTestDatabase();
  db = createDb(t.url);
  drop = t.drop;
  raiz = await mkdtemp(path.join(tmpdir(), "crm-demo-docs-"));
  resumo = await seedDemoIfEmpty({ db, storage: storage() }, { info: () => {} }, { agora: AGORA });
});
afterAll(async () => {
  await db?.close();
  await drop?.();
  await rm(raiz, { recursive: true, force: true });
});

describe("the demo's legal documents (decision 1102)", () => {
  it("gives the demo company's processes real files of several kinds, each proven by its content", async () => {
    const docs = await unsafeWithSystem(db.app, "teste", async (tx) => {
      const { rows } = await tx.query(
        `SELECT d.*, l.status_lead, e.nome_empresa, u.email FROM documentos d
           JOIN leads_juros_check l ON l.id_empresa_fk = d.id_empresa_fk AND l.id = d.id_lead_fk
           JOIN empresas e ON e.id = d.id_empresa_fk
           LEFT JOIN usuarios_plataforma u ON u.id = d.id_usuario_upload_fk`,
      );
      return rows;
    });
    expect(resumo?.documentos).toBe(docs.length);
    expect(docs.length).toBeGreaterThanOrEqual(15);
    expect(new Set(docs.map((d) => d.nome_empresa))).toEqual(new Set(["Revisão Demo Ltda"]));
    expect(docs.every((d) => d.status_lead === "Convertido (Ganho)")).toBe(true);
    expect(new Set(docs.map((d) => d.email))).toEqual(new Set(["juridico@demo.com.br", "admin@demo.com.br"]));
    const tipos = new Set(docs.map((d) => d.tipo_arquivo));
    for (const m of ["pdf", "png", "xlsx", "txt"] as const) expect(tipos).toContain(MIME_DOCUMENTO_JURIDICO[m]);
    expect(docs.every((d) => d.data_upload.getTime() <= AGORA.getTime())).toBe(true);
    // every row's file is there, of its size, and its bytes prove its recorded type
    const s = storage();
    const porTipo = new Map<string, (typeof docs)[number]>();
    for (const d of docs) porTipo.set(d.tipo_arquivo, d);
    for (const d of docs) expect(await s.existe(d.url_storage)).toBe(true);
    for (const d of porTipo.values()) {
      const dados = await s.ler(d.url_storage);
      expect(dados.length).toBe(Number(d.tamanho_arquivo));
      const arquivo = path.join(raiz, "verificar");
      await writeFile(arquivo, dados);
      expect(MIME_DOCUMENTO_JURIDICO[(await tipoDoConteudo(arquivo)) as keyof typeof MIME_DOCUMENTO_JURIDICO]).toBe(
        d.tipo_arquivo,
      );
    }
  });
});

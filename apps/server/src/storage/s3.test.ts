import { createHash, randomBytes } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import type { TMensagem } from "@crm/domain/schemas/chat";
import { afterAll, describe, expect, it } from "vitest";
import { iniciarFakeS3 } from "../../../../test-support/fake-s3.js";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, criarLead } from "../../test/factories.js";
import { loadConfig } from "../config/config.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { criarArmazenamentoS3, type TOpcoesS3 } from "./s3.js";

// one fake S3 for the driver's own tests, another behind the whole app (its bucket is asserted on separately)
const s3 = await iniciarFakeS3();
const s3App = await iniciarFakeS3({ buckets: ["crm-app"], regiao: "sa-east-1" });
afterAll(async () => {
  await s3.fechar();
  await s3App.fechar();
});

const opcoes = (mudar: Partial<TOpcoesS3> = {}): TOpcoesS3 => ({
  endpoint: s3.url,
  bucket: s3.bucket,
  region: s3.regiao,
  accessKey: s3.chaveAcesso,
  secretKey: s3.segredo,
  forcePathStyle: true,
  ...mudar,
});
const objetos = () => s3.buckets.get(s3.bucket) as Map<string, { dados: Buffer }>;
const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");
async function lerStream(stream: Readable): Promise<Buffer> {
  const partes: Buffer[] = [];
  for await (const c of stream) partes.push(c as Buffer);
  return Buffer.concat(partes);
}

describe("S3-compatible storage driver (against a SigV4-checking fake)", () => {
  const s = criarArmazenamentoS3(opcoes());

  it("writes, reads, streams, checks and removes objects, signed and private", async () => {
    const desde = s3.pedidos.length;
    await s.gravar("empresa/lead/1.txt", Buffer.from("olá"));
    expect(objetos().get("empresa/lead/1.txt")?.dados.toString()).toBe("olá");
    const put = s3.pedidos[desde];
    expect(put).toMatchObject({ metodo: "PUT", caminho: "/crm-arquivos/empresa/lead/1.txt", status: 200 });
    // the payload is signed (its SHA-256 is part of the signature), no public ACL, no aws-chunked/CRC32 extras
    expect(put?.cabecalhos["x-amz-content-sha256"]).toBe(sha256(Buffer.from("olá")));
    expect(put?.cabecalhos["x-amz-acl"]).toBeUndefined();
    expect(put?.cabecalhos["content-length"]).toBe("4");
    expect(Object.keys(put?.cabecalhos ?? {}).filter((h) => h.startsWith("x-amz-checksum"))).toEqual([]);

    expect((await s.ler("empresa/lead/1.txt")).toString()).toBe("olá");
    const { stream, tamanho } = await s.abrir("empresa/lead/1.txt");
    expect(tamanho).toBe(4);
    expect((await lerStream(stream)).toString()).toBe("olá");
    expect(await s.existe("empresa/lead/1.txt")).toBe(true);

    await s.remover("empresa/lead/1.txt");
    expect(objetos().has("empresa/lead/1.txt")).toBe(false);
    expect(await s.existe("empresa/lead/1.txt")).toBe(false);
    await s.remover("empresa/lead/1.txt"); // idempotent, as S3's DeleteObject
    expect(s3.pedidos.slice(desde).map((p) => `${p.metodo} ${p.status}`)).toEqual([
      "PUT 200",
      "GET 200",
      "GET 200",
      "HEAD 200",
      "DELETE 204",
      "HEAD 404",
      "DELETE 204",
    ]);
  });

  it("lists every key, or one company's folder, in key order across pages (ListObjectsV2: backup and 'Exportar empresa')", async () => {
    const chaves = ["emp-a/lead/1.txt", "emp-a/lead/2.txt", "emp-a/z.pdf", "emp-ab/x.txt", "emp-b/y.txt"];
    for (const k of chaves) await s.gravar(k, Buffer.from(k));
    s3.paginaListagem = 2;
    try {
      const todas: string[] = [];
      for await (const k of s.listar()) todas.push(k);
      expect(todas.filter((k) => chaves.includes(k))).toEqual(chaves);
      const daPasta: string[] = [];
      for await (const k of s.listar("emp-a")) daPasta.push(k);
      // a folder, not a prefix: emp-ab is another company
      expect(daPasta).toEqual(["emp-a/lead/1.txt", "emp-a/lead/2.txt", "emp-a/z.pdf"]);
      await expect(s.listar("../x")[Symbol.asyncIterator]().next()).rejects.toThrow("chave de armazenamento inválida");
    } finally {
      s3.paginaListagem = 1000;
      for (const k of chaves) await s.remover(k);
    }
  });

  it("answers a missing object: existe false, ler and abrir reject with S3's NoSuchKey", async () => {
    expect(await s.existe("empresa/lead/nao-existe.pdf")).toBe(false);
    await expect(s.ler("empresa/lead/nao-existe.pdf")).rejects.toThrow(
      "S3 GetObject empresa/lead/nao-existe.pdf: NoSuchKey (HTTP 404) The specified key does not exist.",
    );
    await expect(s.abrir("empresa/lead/nao-existe.pdf")).rejects.toThrow(/NoSuchKey \(HTTP 404\)/);
  });

  it("fails loudly with a wrong secret (SignatureDoesNotMatch) or key, and writes nothing", async () => {
    const antes = objetos().size;
    const segredoErrado = criarArmazenamentoS3(opcoes({ secretKey: `${s3.segredo}x` }));
    await expect(segredoErrado.gravar("empresa/lead/x.txt", Buffer.from("x"))).rejects.toThrow(
      "S3 PutObject empresa/lead/x.txt: SignatureDoesNotMatch (HTTP 403) The request signature we calculated does not match",
    );
    // a refused HEAD is an error, never "the file does not exist"
    await expect(segredoErrado.existe("empresa/lead/x.txt")).rejects.toThrow(/HeadObject empresa\/lead\/x.txt: .*HTTP 403/);
    const chaveErrada = criarArmazenamentoS3(opcoes({ accessKey: "AKIADESCONHECIDA0000" }));
    await expect(chaveErrada.gravar("empresa/lead/x.txt", Buffer.from("x"))).rejects.toThrow(/InvalidAccessKeyId \(HTTP 403\)/);
    const outroBucket = criarArmazenamentoS3(opcoes({ bucket: "nao-existe" }));
    await expect(outroBucket.gravar("empresa/lead/x.txt", Buffer.from("x"))).rejects.toThrow(/NoSuchBucket \(HTTP 404\)/);
    expect(objetos().size).toBe(antes);
    expect(objetos().has("empresa/lead/x.txt")).toBe(false);
  });

  it("refuses invalid keys before any request", async () => {
    const desde = s3.pedidos.length;
    for (const k of ["../x", "/etc/passwd", "a/../../b", "a//b", "a\\b", ""]) {
      await expect(s.gravar(k, Buffer.from("x"))).rejects.toThrow("chave de armazenamento inválida");
      await expect(s.ler(k)).rejects.toThrow("chave de armazenamento inválida");
      await expect(s.abrir(k)).rejects.toThrow("chave de armazenamento inválida");
      await expect(s.existe(k)).rejects.toThrow("chave de armazenamento inválida");
      await expect(s.remover(k)).rejects.toThrow("chave de armazenamento inválida");
    }
    expect(s3.pedidos.length).toBe(desde);
  });

  it("round-trips a 1 MB binary file byte for byte", async () => {
    const dados = randomBytes(1024 * 1024);
    await s.gravar("empresa/lead/binario.bin", dados);
    expect(objetos().get("empresa/lead/binario.bin")?.dados.equals(dados)).toBe(true);
    expect((await s.ler("empresa/lead/binario.bin")).equals(dados)).toBe(true);
    const { stream, tamanho } = await s.abrir("empresa/lead/binario.bin");
    expect(tamanho).toBe(dados.length);
    expect((await lerStream(stream)).equals(dados)).toBe(true);
  });

  it("streams a local file in (gravarArquivo: legal documents spooled to disk), byte for byte", async () => {
    const dados = randomBytes(3 * 1024 * 1024 + 7);
    const arquivo = path.join(tmpdir(), `crm-s3-arquivo-${process.pid}`);
    await writeFile(arquivo, dados);
    try {
      await s.gravarArquivo("empresa/documentos/lead/1-a.pdf", arquivo);
    } finally {
      await rm(arquivo, { force: true });
    }
    expect(objetos().get("empresa/documentos/lead/1-a.pdf")?.dados.equals(dados)).toBe(true);
  });
});

describe("STORAGE_* configuration", () => {
  const base = { NODE_ENV: "test", APP_SECRET: "x".repeat(40), DATA_DIR: "/tmp/crm-test-data", STORAGE_DRIVER: "s3" } as const;
  it("refuses to start with STORAGE_DRIVER=s3 and no bucket or keys", () => {
    expect(() => loadConfig(base)).toThrow(
      "Configuração inválida:\n" +
        "  STORAGE_S3_BUCKET: obrigatório quando STORAGE_DRIVER=s3\n" +
        "  STORAGE_S3_ACCESS_KEY: obrigatório quando STORAGE_DRIVER=s3\n" +
        "  STORAGE_S3_SECRET_KEY: obrigatório quando STORAGE_DRIVER=s3",
    );
    expect(() => loadConfig({ ...base, STORAGE_S3_BUCKET: "b", STORAGE_S3_ACCESS_KEY: "k" })).toThrow(
      /^Configuração inválida:\n {2}STORAGE_S3_SECRET_KEY: obrigatório quando STORAGE_DRIVER=s3$/,
    );
  });
  it("uses path-style URLs by default when an endpoint is given (MinIO, Ceph, R2), virtual-hosted for AWS", () => {
    const completo = { ...base, STORAGE_S3_BUCKET: "b", STORAGE_S3_ACCESS_KEY: "k", STORAGE_S3_SECRET_KEY: "s" };
    expect(loadConfig({ ...completo, STORAGE_S3_ENDPOINT: "http://minio:9000" }).storage.s3.forcePathStyle).toBe(true);
    expect(loadConfig(completo).storage.s3.forcePathStyle).toBe(false);
    const r2 = loadConfig({ ...completo, STORAGE_S3_ENDPOINT: "https://x.r2.dev", STORAGE_S3_FORCE_PATH_STYLE: "false" });
    expect(r2.storage.s3.forcePathStyle).toBe(false);
  });
});

describe("the product on S3 storage (STORAGE_DRIVER=s3)", () => {
  const t = useTestApp({
    storage: {
      driver: "s3",
      s3: {
        endpoint: s3App.url,
        bucket: s3App.bucket,
        region: s3App.regiao,
        accessKey: s3App.chaveAcesso,
        secretKey: s3App.segredo,
        forcePathStyle: true,
      },
    },
  });

  it("keeps a chat attachment in the bucket and streams it back byte for byte through the authorized route", async () => {
    const a = await criarEmpresaComUsuarios(t);
    const b = await criarEmpresaComUsuarios(t);
    const lead = await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      const l = await criarLead(tx, { id_empresa_fk: a.empresa.id, nome: "Ana Lima", telefone: "11 91234-5678" });
      await tx.query("UPDATE leads_juros_check SET ultima_mensagem_lead_em = now() WHERE id = $1", [l.id]);
      return l;
    });
    // a PDF by its magic number, then 300 KB of random bytes: any re-encoding on the way would show
    const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(300 * 1024)]);
    const form = new FormData();
    form.set("tipo", "document");
    form.set("arquivo", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), "contrato.pdf");
    const corpo = new Request("http://x", { method: "POST", body: form });
    const nav = a.navegadores.consultor;
    const res = await nav.req({
      method: "POST",
      url: `/api/chat/${lead.id}/midia`,
      headers: { "content-type": corpo.headers.get("content-type") as string },
      payload: Buffer.from(await corpo.arrayBuffer()),
    });
    expect(res.statusCode).toBe(201);
    const m = res.json() as TMensagem;

    const guardados = [...(s3App.buckets.get("crm-app")?.entries() ?? [])];
    expect(guardados).toHaveLength(1);
    const [chave, objeto] = guardados[0] as [string, { dados: Buffer }];
    expect(chave).toMatch(new RegExp(`^${a.empresa.id}/${lead.id}/\\d+-[0-9a-f]{8}\\.pdf$`));
    expect(objeto.dados.equals(pdf)).toBe(true);

    const baixado = await nav.req({ url: `/api/chat/${lead.id}/mensagens/${m.id}/midia` });
    expect(baixado.statusCode).toBe(200);
    expect(baixado.headers["content-type"]).toBe("application/pdf");
    expect(baixado.headers["content-length"]).toBe(String(pdf.length));
    expect(baixado.rawPayload.equals(pdf)).toBe(true);
    // the WhatsApp send job reads the file back from the bucket too, and the (sandbox) provider takes it
    let atual = m;
    for (const fim = Date.now() + 10_000; atual.status === "pending" && Date.now() < fim; ) {
      await new Promise((r) => setTimeout(r, 100));
      atual = (await nav.req({ url: `/api/chat/${lead.id}/mensagens/${m.id}` })).json();
    }
    expect(atual.status).not.toBe("pending");
    expect(atual.status).not.toBe("failed");
    expect(
      s3App.pedidos.filter((p) => p.metodo === "GET" && p.chave === chave && p.status === 200).length,
    ).toBeGreaterThanOrEqual(2);
    // private: another company gets 404 and S3 is not even asked
    const pedidosAntes = s3App.pedidos.length;
    const alheio = await b.navegadores.admin.req({ url: `/api/chat/${lead.id}/mensagens/${m.id}/midia` });
    expect(alheio.statusCode).toBe(404);
    expect(s3App.pedidos.slice(pedidosAntes).filter((p) => p.chave === chave)).toEqual([]);
    // every request the app made was signed correctly
    expect(s3App.pedidos.filter((p) => p.status >= 400)).toEqual([]);
  });
});

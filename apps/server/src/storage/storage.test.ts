import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { criarArmazenamentoLocal, validarChave } from "./storage.js";

const raiz = mkdtempSync(path.join(tmpdir(), "crm-storage-"));
afterAll(() => rmSync(raiz, { recursive: true, force: true }));

describe("local storage", () => {
  const s = criarArmazenamentoLocal(raiz);
  it("writes, reads, streams and removes", async () => {
    await s.gravar("empresa/lead/1.txt", Buffer.from("olá"));
    expect((await s.ler("empresa/lead/1.txt")).toString()).toBe("olá");
    const { stream, tamanho } = await s.abrir("empresa/lead/1.txt");
    expect(tamanho).toBe(4);
    stream.destroy();
    expect(await s.existe("empresa/lead/1.txt")).toBe(true);
    await s.remover("empresa/lead/1.txt");
    expect(await s.existe("empresa/lead/1.txt")).toBe(false);
  });
  it("copies a local file in (gravarArquivo), leaving no temporary file beside it", async () => {
    const origem = path.join(raiz, "origem.bin");
    writeFileSync(origem, Buffer.from("conteúdo do documento"));
    await s.gravarArquivo("empresa/documentos/lead/1.txt", origem);
    expect((await s.ler("empresa/documentos/lead/1.txt")).toString()).toBe("conteúdo do documento");
    expect(readdirSync(path.join(raiz, "empresa/documentos/lead"))).toEqual(["1.txt"]);
  });
  it("refuses keys that could leave the root", () => {
    for (const k of ["../x", "/etc/passwd", "a/../../b", "a//b", "a/./b", "a\\b", ""]) expect(() => validarChave(k)).toThrow();
    expect(validarChave("a1/b-2/c_3.pdf")).toBe("a1/b-2/c_3.pdf");
  });
});

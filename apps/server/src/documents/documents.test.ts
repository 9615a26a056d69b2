import { readdir } from "node:fs/promises";
import path from "node:path";
import { TAMANHO_MAXIMO_DOCUMENTO } from "@crm/domain/documents";
import type { TDocumento, TOpcaoLeadDocumento, TPaginaDocumentos } from "@crm/domain/schemas/documents";
import { beforeAll, describe, expect, it } from "vitest";
import type { TNavegador } from "../../test/app.js";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, criarUsuario, entrar, type TEmpresaComUsuarios } from "../../test/factories.js";
import { ouvirTempoReal } from "../../test/realtime.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { gerarDocx, gerarOle, gerarPdf, gerarPng, gerarTxt, gerarXlsx } from "./sample-files.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
let processoA: string;
let processoA2: string;
let processoB: string;
let juridico2: TNavegador;
let juridico2Id: string;

const MSG_TIPO = "Tipo de arquivo não permitido. Por favor, selecione um arquivo PDF, Word, Excel, imagem ou texto.";
const MSG_GRANDE = "O arquivo é muito grande. O tamanho máximo permitido é 10MB.";

const sql = async (texto: string, valores: unknown[] = []) => (await t.dono.query(texto, valores)).rows;
const novoProcesso = (e: TEmpresaComUsuarios, p: Record<string, unknown> = {}) =>
  unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
    criarLead(tx, {
      id_empresa_fk: e.empresa.id,
      status_lead: "Convertido (Ganho)",
      status_juridico_lead: "Documentação Solicitada",
      ...p,
    }),
  );

/** The multipart body a browser's FormData makes: the description first, then the file. */
async function enviar(nav: TNavegador, leadId: string, nome: string, dados: Buffer, descricao?: string, qs = "") {
  const form = new FormData();
  if (descricao !== undefined) form.set("descricao", descricao);
  form.set("arquivo", new Blob([new Uint8Array(dados)], { type: "application/octet-stream" }), nome);
  const r = new Request("http://x", { method: "POST", body: form });
  return nav.req({
    method: "POST",
    url: `/api/processos/${leadId}/documentos${qs}`,
    headers: { "content-type": r.headers.get("content-type") as string },
    payload: Buffer.from(await r.arrayBuffer()),
  });
}

const contarDocumentos = async (empresaId: string) =>
  (await sql("SELECT count(*)::int AS n FROM documentos WHERE id_empresa_fk = $1", [empresaId]))[0].n as number;
const arquivosGuardados = async (empresaId: string) =>
  readdir(path.join(t.deps.config.dataDir, "storage", empresaId), { recursive: true }).then(
    (l) => l.filter((f) => /\.\w+$/.test(f)).length,
    () => 0,
  );

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
  // a second Jurídico of company A, the legal professional of processoA
  const u = await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
    criarUsuario(tx, { id_empresa_fk: a.empresa.id, papel: "Jurídico" }),
  );
  juridico2Id = u.id;
  juridico2 = t.navegador();
  await entrar(juridico2, u.email);
  processoA = (await novoProcesso(a, { nome: "Rosa Tavares", profissional_juridico_atribuido_id: u.id })).id;
  processoA2 = (await novoProcesso(a, { nome: "Otávio Lins" })).id;
  processoB = (await novoProcesso(b, { nome: "Lead da Outra" })).id;
});

describe("upload (001 §5): by content, at most 10MB, description defaulting to the file name", () => {
  it("the Jurídico uploads a PDF: stored privately, recorded with its uploader, the people concerned notified, live", async () => {
    const ws = ouvirTempoReal(t.deps, { usuarioId: a.usuarios.admin.id, empresaId: a.empresa.id, papel: a.usuarios.admin.papel });
    try {
      const pdf = gerarPdf("Contrato de financiamento", ["Parcela: R$ 1.234,56"]);
      const res = await enviar(a.navegadores.juridico, processoA, "contrato.pdf", pdf);
      expect(res.statusCode).toBe(201);
      const doc = res.json() as TDocumento;
      expect(doc).toMatchObject({
        lead_id: processoA,
        lead_nome: "Rosa Tavares",
        nome_arquivo: "contrato.pdf",
        descricao: "contrato.pdf",
        tipo_arquivo: "application/pdf",
        tamanho_arquivo: pdf.length,
        uploader_nome: a.usuarios.juridico.nome, // by name (decision 1633)
        uploader_email: a.usuarios.juridico.email,
        pode_excluir: true,
      });
      const [row] = await sql("SELECT url_storage, id_usuario_upload_fk FROM documentos WHERE id = $1", [doc.id]);
      expect(row.id_usuario_upload_fk).toBe(a.usuarios.juridico.id);
      expect(row.url_storage).toMatch(new RegExp(`^${a.empresa.id}/documentos/${processoA}/\\d+-[0-9a-f]+\\.pdf$`));
      expect(await t.deps.storage.ler(row.url_storage)).toEqual(pdf);
      const fim = Date.now() + 3000;
      while (!ws.recebidos.some((e) => e.tipo === "documentos.alterados") && Date.now() < fim)
        await new Promise((r) => setTimeout(r, 20));
      expect(ws.recebidos).toContainEqual({
        tipo: "documentos.alterados",
        dados: { empresaId: a.empresa.id, leadId: processoA },
      });
    } finally {
      ws.sair();
    }
    // the other Jurídico (the process's legal professional) hears of it; the author does not notify themselves
    const n = await sql("SELECT id_usuario_fk, titulo, conteudo FROM notificacoes WHERE dados_extras->>'leadId' = $1", [
      processoA,
    ]);
    expect(n).toEqual([
      { id_usuario_fk: juridico2Id, titulo: "Novo documento", conteudo: "contrato.pdf foi anexado ao processo de Rosa Tavares." },
    ]);
  });

  it("an admin's upload reaches every Jurídico of the company; a typed description is kept", async () => {
    const res = await enviar(a.navegadores.admin, processoA2, "foto.png", gerarPng(40, 40), "  RG do cliente  ");
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ descricao: "RG do cliente", tipo_arquivo: "image/png", pode_excluir: true });
    const n = await sql("SELECT id_usuario_fk FROM notificacoes WHERE dados_extras->>'leadId' = $1 ORDER BY 1", [processoA2]);
    expect(n.map((r) => r.id_usuario_fk).sort()).toEqual([a.usuarios.juridico.id, juridico2Id].sort());
  });

  it("accepts DOCX, XLSX, DOC, XLS and TXT proven by their bytes", async () => {
    const casos: [string, Buffer, string][] = [
      ["peticao.docx", gerarDocx(["Petição inicial"]), "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
      [
        "parcelas.xlsx",
        await gerarXlsx("Parcelas", ["Nº", "Valor"], [[1, 512.3]]),
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      ],
      ["antigo.doc", gerarOle("WordDocument"), "application/msword"],
      ["planilha.xls", gerarOle("Workbook"), "application/vnd.ms-excel"],
      ["notas.txt", gerarTxt(["Cliente pediu revisão", "Ligação às 14h"]), "text/plain"],
    ];
    for (const [nome, dados, mime] of casos) {
      const res = await enviar(a.navegadores.juridico, processoA2, nome, dados);
      expect(res.statusCode, nome).toBe(201);
      expect((res.json() as TDocumento).tipo_arquivo).toBe(mime);
    }
  });

  it("refuses, by content, a renamed executable, binary '.txt', OLE files that are not Word or Excel; nothing is kept", async () => {
    const antes = await contarDocumentos(a.empresa.id);
    const arquivosAntes = await arquivosGuardados(a.empresa.id);
    const casos: [string, Buffer][] = [
      ["contrato.pdf", Buffer.from("MZ\x90\x00\x03\x00\x00\x00 programa do windows", "latin1")],
      ["contrato.pdf", Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200)])],
      ["notas.txt", Buffer.from([0x41, 0x42, 0x00, 0x43, 0x44])],
      ["notas.txt", Buffer.from([0x41, 0xff, 0xfe, 0x43])],
      ["instalador.doc", gerarOle("\u0005SummaryInformation")],
    ];
    for (const [nome, dados] of casos) {
      const res = await enviar(a.navegadores.juridico, processoA, nome, dados);
      expect(res.statusCode, nome).toBe(415);
      expect(res.json().erro).toBe(MSG_TIPO);
    }
    expect(await contarDocumentos(a.empresa.id)).toBe(antes);
    expect(await arquivosGuardados(a.empresa.id)).toBe(arquivosAntes);
  });

  it("refuses an executable, HTML or extensionless name whatever the content, and a name that disagrees with it", async () => {
    const antes = await contarDocumentos(a.empresa.id);
    const arquivosAntes = await arquivosGuardados(a.empresa.id);
    const texto = gerarTxt(["Pague até 10/12"]);
    const casos: [string, Buffer][] = [
      ["boleto.bat", texto],
      ["fatura.hta", Buffer.from("<html><script>alert(1)</script></html>")],
      ["script.ps1", texto],
      ["atalho.lnk", texto],
      ["extrato.html", Buffer.from("<html><body>extrato</body></html>")],
      ["contrato", gerarPdf("Contrato", [])],
      // shows as 'contratosj.pdf' in a listing that honours the override; stripped, it is a '.js'
      ["contrato\u202Efdp.js", gerarPdf("Contrato", [])],
    ];
    for (const [nome, dados] of casos) {
      const res = await enviar(a.navegadores.juridico, processoA, nome, dados);
      expect(res.statusCode, nome).toBe(415);
      expect(res.json().erro, nome).toBe(MSG_TIPO);
    }
    const trocado: [string, Buffer, string][] = [
      ["laudo.png", gerarPdf("Laudo", []), "O nome do arquivo termina em .png, mas o conteúdo é um PDF."],
      ["foto.pdf", gerarPng(10, 10), "O nome do arquivo termina em .pdf, mas o conteúdo é uma imagem PNG."],
      [
        "planilha.docx",
        await gerarXlsx("P", ["a"], [[1]]),
        "O nome do arquivo termina em .docx, mas o conteúdo é uma planilha Excel (.xlsx).",
      ],
    ];
    for (const [nome, dados, inicio] of trocado) {
      const res = await enviar(a.navegadores.juridico, processoA, nome, dados);
      expect(res.statusCode, nome).toBe(415);
      expect(res.json().erro, nome).toBe(`${inicio} Renomeie o arquivo com a extensão certa e envie de novo.`);
    }
    expect(await contarDocumentos(a.empresa.id)).toBe(antes);
    expect(await arquivosGuardados(a.empresa.id)).toBe(arquivosAntes);
  });

  it("stores a name without control or bidi characters (decision 1654)", async () => {
    const res = await enviar(a.navegadores.juridico, processoA, "rel\u202Eatorio\u2066\u200F\u0007.pdf", gerarPdf("R", []));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ nome_arquivo: "relatorio.pdf", descricao: "relatorio.pdf" });
    const [linha] = await sql("SELECT nome_arquivo FROM documentos WHERE id = $1", [res.json().id]);
    expect(linha.nome_arquivo).toBe("relatorio.pdf");
  });

  it("refuses a file of 10MB + 1 byte with the spec's message (exactly 10MB passes), and an empty file", async () => {
    const antes = await contarDocumentos(a.empresa.id);
    const grande = Buffer.alloc(TAMANHO_MAXIMO_DOCUMENTO + 1, 0x41);
    const res = await enviar(a.navegadores.juridico, processoA, "grande.txt", grande);
    expect(res.statusCode).toBe(413);
    expect(res.json().erro).toBe(MSG_GRANDE);
    const vazio = await enviar(a.navegadores.juridico, processoA, "vazio.pdf", Buffer.alloc(0));
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json().erro).toBe("O arquivo está vazio.");
    expect(await contarDocumentos(a.empresa.id)).toBe(antes);
    const limite = await enviar(a.navegadores.juridico, processoA, "limite.txt", Buffer.alloc(TAMANHO_MAXIMO_DOCUMENTO, 0x41));
    expect(limite.statusCode).toBe(201);
    await a.navegadores.juridico.req({ method: "DELETE", url: `/api/documentos/${limite.json().id}` });
    // no spooled file is left behind
    const tmp = await readdir(path.join(t.deps.config.dataDir, "tmp")).catch(() => []);
    expect(tmp.filter((f) => f.startsWith("upload-"))).toEqual([]);
  });

  it("refuses a form without a file, a description too long, a lead that is not a process, another company's process", async () => {
    const form = new FormData();
    form.set("descricao", "só texto");
    const r = new Request("http://x", { method: "POST", body: form });
    const semArquivo = await a.navegadores.juridico.req({
      method: "POST",
      url: `/api/processos/${processoA}/documentos`,
      headers: { "content-type": r.headers.get("content-type") as string },
      payload: Buffer.from(await r.arrayBuffer()),
    });
    expect(semArquivo.statusCode).toBe(400);
    expect(semArquivo.json().erro).toBe("Selecione um arquivo.");
    const longa = await enviar(a.navegadores.juridico, processoA, "a.pdf", gerarPdf("x", []), "x".repeat(501));
    expect(longa.statusCode).toBe(400);
    const naoProcesso = await unsafeWithSystem(t.deps.db.app, "teste", (tx) => criarLead(tx, { id_empresa_fk: a.empresa.id }));
    const r1 = await enviar(a.navegadores.juridico, naoProcesso.id, "a.pdf", gerarPdf("x", []));
    expect(r1.statusCode).toBe(404);
    expect(r1.json().erro).toBe("Processo não encontrado.");
    const r2 = await enviar(a.navegadores.juridico, processoB, "a.pdf", gerarPdf("x", []));
    expect(r2.statusCode).toBe(404);
    expect(await contarDocumentos(b.empresa.id)).toBe(0);
  });
});

describe("who may read, upload and delete (decision 1102)", () => {
  let docDoAdmin: TDocumento;
  let docDoJuridico: TDocumento;
  beforeAll(async () => {
    docDoAdmin = (await enviar(a.navegadores.admin, processoA, "laudo.pdf", gerarPdf("Laudo", ["ok"]))).json();
    docDoJuridico = (await enviar(a.navegadores.juridico, processoA, "extrato.png", gerarPng(30, 30))).json();
  });

  it("the Consultor is refused everything with a pt-BR 403", async () => {
    const c = a.navegadores.consultor;
    for (const url of [
      "/api/documentos",
      "/api/documentos/leads",
      `/api/documentos/${docDoAdmin.id}`,
      `/api/documentos/${docDoAdmin.id}/conteudo`,
    ]) {
      const res = await c.req({ url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().erro).toBe("Acesso negado. Apenas o jurídico e os administradores da empresa podem ver os documentos.");
    }
    const up = await enviar(c, processoA, "a.pdf", gerarPdf("x", []));
    expect(up.statusCode).toBe(403);
    expect(up.json().erro).toBe("Apenas o jurídico e os administradores da empresa podem enviar ou excluir documentos.");
    expect((await c.req({ method: "DELETE", url: `/api/documentos/${docDoAdmin.id}` })).statusCode).toBe(403);
  });

  it("the platform admin reads any company's with ?empresaId= but uploads and deletes nothing", async () => {
    const p = a.navegadores.plataforma;
    const lista = await p.req({ url: `/api/documentos?empresaId=${a.empresa.id}` });
    expect(lista.statusCode).toBe(200);
    expect((lista.json() as TPaginaDocumentos).itens.some((d) => d.id === docDoAdmin.id)).toBe(true);
    expect((lista.json() as TPaginaDocumentos).itens.every((d) => !d.pode_excluir)).toBe(true);
    const conteudo = await p.req({ url: `/api/documentos/${docDoAdmin.id}/conteudo?empresaId=${a.empresa.id}` });
    expect(conteudo.statusCode).toBe(200);
    expect((await p.req({ url: "/api/documentos" })).statusCode).toBe(400);
    expect((await enviar(p, processoA, "a.pdf", gerarPdf("x", []), undefined, `?empresaId=${a.empresa.id}`)).statusCode).toBe(
      403,
    );
    expect(
      (await p.req({ method: "DELETE", url: `/api/documentos/${docDoAdmin.id}?empresaId=${a.empresa.id}` })).statusCode,
    ).toBe(403);
  });

  it("another company's document id is 404 on metadata, content and delete, and stays", async () => {
    for (const nav of [b.navegadores.admin, b.navegadores.juridico]) {
      expect((await nav.req({ url: `/api/documentos/${docDoAdmin.id}` })).statusCode).toBe(404);
      const c = await nav.req({ url: `/api/documentos/${docDoAdmin.id}/conteudo` });
      expect(c.statusCode).toBe(404);
      expect(c.json().erro).toBe("Documento não encontrado.");
      expect((await nav.req({ method: "DELETE", url: `/api/documentos/${docDoAdmin.id}` })).statusCode).toBe(404);
    }
    expect((await sql("SELECT 1 FROM documentos WHERE id = $1", [docDoAdmin.id])).length).toBe(1);
    const lista = (await b.navegadores.admin.req({ url: "/api/documentos" })).json() as TPaginaDocumentos;
    expect(lista.total).toBe(0);
  });

  it("a Jurídico may not delete what someone else uploaded (403, data unchanged); the admin may delete anything", async () => {
    const res = await juridico2.req({ method: "DELETE", url: `/api/documentos/${docDoJuridico.id}` });
    expect(res.statusCode).toBe(403);
    expect(res.json().erro).toBe("Apenas quem enviou o documento ou um administrador da empresa pode excluí-lo.");
    const [row] = await sql("SELECT url_storage FROM documentos WHERE id = $1", [docDoJuridico.id]);
    expect(await t.deps.storage.existe(row.url_storage)).toBe(true);
    const meta = (await juridico2.req({ url: `/api/documentos/${docDoJuridico.id}` })).json() as TDocumento;
    expect(meta.pode_excluir).toBe(false);
    const doAdmin = await a.navegadores.juridico.req({ method: "DELETE", url: `/api/documentos/${docDoAdmin.id}` });
    expect(doAdmin.statusCode).toBe(403);

    const ok = await a.navegadores.admin.req({ method: "DELETE", url: `/api/documentos/${docDoJuridico.id}` });
    expect(ok.statusCode).toBe(204);
    expect(await sql("SELECT 1 FROM documentos WHERE id = $1", [docDoJuridico.id])).toEqual([]);
    expect(await t.deps.storage.existe(row.url_storage)).toBe(false);
    expect((await a.navegadores.admin.req({ url: `/api/documentos/${docDoJuridico.id}/conteudo` })).statusCode).toBe(404);
  });

  it("the uploader deletes their own; the storage object goes too", async () => {
    const doc = (await enviar(juridico2, processoA, "proprio.txt", gerarTxt(["meu"]))).json() as TDocumento;
    const [row] = await sql("SELECT url_storage FROM documentos WHERE id = $1", [doc.id]);
    expect((await juridico2.req({ method: "DELETE", url: `/api/documentos/${doc.id}` })).statusCode).toBe(204);
    expect(await t.deps.storage.existe(row.url_storage)).toBe(false);
  });
});

describe("preview and download: only through the authorized route, with safe headers", () => {
  it("PDFs and images inline, the rest as attachments; nosniff; a restrictive CSP", async () => {
    const pdf = gerarPdf("Prévia", ["conteúdo"]);
    const png = gerarPng(20, 20);
    const xlsx = await gerarXlsx("A", ["x"], [[1]]);
    const dPdf = (await enviar(a.navegadores.juridico, processoA2, "previa.pdf", pdf)).json() as TDocumento;
    const dPng = (await enviar(a.navegadores.juridico, processoA2, "imagem ção.png", png)).json() as TDocumento;
    const dXlsx = (await enviar(a.navegadores.juridico, processoA2, "calculo.xlsx", xlsx)).json() as TDocumento;

    const rPdf = await a.navegadores.admin.req({ url: `/api/documentos/${dPdf.id}/conteudo` });
    expect(rPdf.statusCode).toBe(200);
    expect(rPdf.rawPayload).toEqual(pdf);
    expect(rPdf.headers["content-type"]).toBe("application/pdf");
    expect(rPdf.headers["content-disposition"]).toBe("inline; filename*=UTF-8''previa.pdf");
    expect(rPdf.headers["x-content-type-options"]).toBe("nosniff");
    expect(rPdf.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(rPdf.headers["content-security-policy"]).toContain("frame-ancestors 'self'");

    const rPng = await a.navegadores.juridico.req({ url: `/api/documentos/${dPng.id}/conteudo` });
    expect(rPng.rawPayload).toEqual(png);
    expect(rPng.headers["content-type"]).toBe("image/png");
    expect(rPng.headers["content-disposition"]).toBe(`inline; filename*=UTF-8''${encodeURIComponent("imagem ção.png")}`);
    expect(rPng.headers["content-security-policy"]).toMatch(/^sandbox; default-src 'none'/);

    const rXlsx = await a.navegadores.juridico.req({ url: `/api/documentos/${dXlsx.id}/conteudo` });
    expect(rXlsx.headers["content-disposition"]).toBe("attachment; filename*=UTF-8''calculo.xlsx");
    const baixar = await a.navegadores.juridico.req({ url: `/api/documentos/${dPdf.id}/conteudo?download=1` });
    expect(baixar.headers["content-disposition"]).toBe("attachment; filename*=UTF-8''previa.pdf");
    // signed out: nothing
    expect((await t.navegador().req({ url: `/api/documentos/${dPdf.id}/conteudo` })).statusCode).toBe(401);
  });
});

describe("/documentos: newest first, paged on the server, filters and search", () => {
  it("filters by lead, type, period and searches file name, description and lead name", async () => {
    const j = a.navegadores.juridico;
    const pagina = async (qs: string) => {
      const res = await j.req({ url: `/api/documentos${qs}` });
      expect(res.statusCode, qs).toBe(200);
      return res.json() as TPaginaDocumentos;
    };
    const tudo = await pagina("?tamanho=100");
    expect(tudo.total).toBe(tudo.itens.length);
    const datas = tudo.itens.map((d) => d.data_upload);
    expect([...datas].sort().reverse()).toEqual(datas);

    const p1 = await pagina("?tamanho=2&pagina=1");
    const p2 = await pagina("?tamanho=2&pagina=2");
    expect(p1.itens.map((d) => d.id)).toEqual(tudo.itens.slice(0, 2).map((d) => d.id));
    expect(p2.itens.map((d) => d.id)).toEqual(tudo.itens.slice(2, 4).map((d) => d.id));
    expect(p1.total).toBe(tudo.total);

    const doLead = await pagina(`?leadId=${processoA2}&tamanho=100`);
    expect(doLead.itens.length).toBeGreaterThan(0);
    expect(doLead.itens.every((d) => d.lead_id === processoA2)).toBe(true);
    const imagens = await pagina("?tipo=imagem&tamanho=100");
    expect(imagens.itens.length).toBeGreaterThan(0);
    expect(imagens.itens.every((d) => d.tipo_arquivo.startsWith("image/"))).toBe(true);
    const word = await pagina("?tipo=word&tamanho=100");
    expect(word.itens.map((d) => d.nome_arquivo).sort()).toEqual(["antigo.doc", "peticao.docx"]);

    expect((await pagina("?busca=RG%20do")).itens.map((d) => d.nome_arquivo)).toEqual(["foto.png"]);
    expect((await pagina("?busca=PETICAO")).itens.map((d) => d.nome_arquivo)).toEqual(["peticao.docx"]);
    expect((await pagina("?busca=Rosa%20Tav&tamanho=100")).itens.every((d) => d.lead_nome === "Rosa Tavares")).toBe(true);
    expect((await pagina("?busca=100%25")).total).toBe(0);

    expect((await pagina("?periodo=today&tamanho=100")).total).toBe(tudo.total);
    expect((await pagina("?periodo=lastMonth")).total).toBe(0);
    expect((await j.req({ url: "/api/documentos?periodo=custom" })).statusCode).toBe(400);
    expect((await j.req({ url: "/api/documentos?tipo=exe" })).statusCode).toBe(400);

    const leads = (await j.req({ url: "/api/documentos/leads" })).json() as TOpcaoLeadDocumento[];
    expect(leads.map((l) => l.nome)).toEqual(["Otávio Lins", "Rosa Tavares"]);
  });
});

import type { TPainelPrivacidade, TPedidoPrivacidade } from "@crm/domain/schemas/privacy-requests";
import { extractText, getDocumentProxy } from "unpdf";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { relogio } from "../core/clock.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { criarTitularComPedido } from "../seed/demo-privacy-package.js";
import { esperarAte } from "../whatsapp/testing/wait.js";
import { expirarPacotesDaEmpresa } from "./package-job.js";

/** Decisions 1865–1867: the access and portability package — the ZIP, the declaration, the link, its downloads. */
const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
});
afterEach(() => relogio.fixar(null));

const sql = async (texto: string, valores: unknown[] = []) => (await t.dono.query(texto, valores)).rows;
const DIA = 86_400_000;

const titular = (p: { mensagens?: number; midias?: number; direito?: "acesso" | "portabilidade" | "eliminacao_consentimento" }) =>
  unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
    criarTitularComPedido(tx, t.deps.storage, {
      empresaId: a.empresa.id,
      mensagens: p.mensagens ?? 30,
      midias: p.midias ?? 3,
      direito: p.direito,
      agora: relogio.agora(),
    }),
  );

const pedidoNoPainel = async (id: string, e = a) => {
  const res = await e.navegadores.admin.req({ url: "/api/privacidade/pedidos" });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as TPainelPrivacidade).pedidos.find((p) => p.id === id) as TPedidoPrivacidade;
};
const iniciar = (id: string, e = a) => e.navegadores.admin.req({ method: "POST", url: `/api/privacidade/pedidos/${id}/pacote` });
const pronto = (id: string) =>
  esperarAte(
    async () => {
      const p = await pedidoNoPainel(id);
      return p.pacote?.status === "pronto" ? p : null;
    },
    60_000,
    "pacote pronto",
  );

/** The ZIP's entries, read as a reader would (yauzl). */
function lerZip(buf: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((ok, erro) => {
    const entradas = new Map<string, Buffer>();
    yauzl.fromBuffer(buf, { lazyEntries: true }, (e, zip) => {
      if (e || !zip) return erro(e);
      zip.on("entry", (entrada: yauzl.Entry) => {
        zip.openReadStream(entrada, (e2, s) => {
          if (e2 || !s) return erro(e2);
          const partes: Buffer[] = [];
          s.on("data", (c: Buffer) => partes.push(c));
          s.on("end", () => {
            entradas.set(entrada.fileName, Buffer.concat(partes));
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => ok(entradas));
      zip.on("error", erro);
      zip.readEntry();
    });
  });
}

/** The link the titular received on WhatsApp (the newest system message of the lead that carries one). */
const linkDoTitular = async (leadId: string) => {
  const [m] = await sql(
    `SELECT message, natureza_envio FROM mensagens_whatsapp WHERE id_lead_fk = $1 AND sender = 'sistema'
        AND message LIKE '%/pacote/%' ORDER BY timestamp DESC LIMIT 1`,
    [leadId],
  );
  const token = /\/pacote\/([A-Za-z0-9_-]{43})/.exec(m.message)?.[1] as string;
  return { mensagem: m, token };
};

describe("the admin starts the package of a verified access request", () => {
  let pedidoId: string;
  let leadId: string;
  let zip: Map<string, Buffer>;

  beforeAll(async () => {
    const r = await titular({ mensagens: 30, midias: 3 });
    pedidoId = r.pedidoId;
    leadId = r.leadId;
    const res = await iniciar(pedidoId);
    expect(res.statusCode, res.body).toBe(202);
    await pronto(pedidoId);
    const baixado = await a.navegadores.admin.req({ url: `/api/privacidade/pedidos/${pedidoId}/pacote/arquivo` });
    expect(baixado.statusCode, baixado.body).toBe(200);
    expect(baixado.headers["content-type"]).toBe("application/zip");
    expect(baixado.headers["content-disposition"]).toBe(`attachment; filename="dados-pessoais-${r.protocolo}.zip"`);
    zip = await lerZip(baixado.rawPayload);
  });

  it("holds every message of the lead in a dados.json that parses, with its files beside it", async () => {
    const dados = JSON.parse((zip.get("dados.json") as Buffer).toString("utf8"));
    expect(dados.formato).toBe("crm-revisional/pacote-do-titular");
    expect(dados.titular.nome).toBe("Titular do Pacote");
    expect(dados.mensagens).toHaveLength(30);
    expect(dados.mensagens.map((m: { texto: string }) => m.texto)).toEqual(
      Array.from({ length: 30 }, (_, i) => `Mensagem ${i + 1} da conversa do titular`),
    );
    // the media named in the JSON are the files inside the ZIP, byte for byte the stored ones
    const comArquivo = dados.mensagens.filter((m: { arquivo: unknown }) => m.arquivo);
    expect(comArquivo).toHaveLength(3);
    for (const m of comArquivo) {
      const conteudo = zip.get(m.arquivo.arquivo_no_pacote) as Buffer;
      expect(conteudo, m.arquivo.arquivo_no_pacote).toBeDefined();
      expect(conteudo.subarray(1, 4).toString()).toBe("PNG");
    }
    expect(zip.get(dados.documentos[0].arquivo_no_pacote)?.subarray(0, 5).toString()).toBe("%PDF-");
    // the screening's inputs, outputs and review; the consent ledger; the legal process; who it was shared with
    expect(dados.triagens_ia[0]).toMatchObject({
      entradas: { banco: "Banco Exemplo" },
      decisao: "duvidas",
      revisao: { decisao: "qualificado", motivo: "Cliente enviou o contrato" },
    });
    expect(dados.consentimentos[0]).toMatchObject({ finalidade: "atendimento", situacao: "concedido" });
    expect(dados.processo_juridico.status_juridico).toBe("Documentação Solicitada");
    expect(dados.compartilhamento.join("\n")).toContain("WhatsApp");
  });

  it("holds the PDF declaration with its sections", async () => {
    const pdf = zip.get("declaracao.pdf") as Buffer;
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    for (const secao of [
      "Declaração completa de tratamento de dados pessoais",
      "Origem dos dados",
      "Critérios utilizados",
      "Finalidades",
      "Base legal",
      "Destinatários e compartilhamento",
      "Provedor de inteligência artificial",
      "Mensagens da conversa: 30",
    ])
      expect(text).toContain(secao);
  });

  it("sends the titular the link on WhatsApp, shows 100% and records each download on the request and the log", async () => {
    const { mensagem } = await linkDoTitular(leadId);
    expect(mensagem.message).toContain(`/privacidade/${a.empresa.id}/pacote/`);
    expect(mensagem.natureza_envio).toBe("confirmacao");
    const p = await pedidoNoPainel(pedidoId);
    expect(p.pacote).toMatchObject({ status: "pronto", progresso: 100, downloads: 1 });
    // 7 days from the generation's start (the declaration states that day), so a few seconds short of 7 days after ready
    const validade = new Date(p.pacote?.expira_em as string).getTime() - new Date(p.pacote?.pronto_em as string).getTime();
    expect(validade).toBeLessThanOrEqual(7 * DIA);
    expect(validade).toBeGreaterThan(7 * DIA - 10 * 60_000);
    const log = await sql("SELECT tipo FROM mudancas WHERE id_entidade = $1 AND entidade = 'privacidade' ORDER BY id", [
      pedidoId,
    ]);
    expect(log.map((l) => l.tipo)).toEqual([
      "privacidade.solicitada",
      "privacidade.pacote_solicitado",
      "privacidade.pacote_pronto",
      "privacidade.pacote_baixado",
    ]);
    // a second download is a second record
    await a.navegadores.admin.req({ url: `/api/privacidade/pedidos/${pedidoId}/pacote/arquivo` });
    expect((await pedidoNoPainel(pedidoId)).pacote?.downloads).toBe(2);
  });

  it("another company cannot start nor download it, by id or by the titular's token", async () => {
    const { token } = await linkDoTitular(leadId);
    expect((await b.navegadores.admin.req({ url: `/api/privacidade/pedidos/${pedidoId}/pacote/arquivo` })).statusCode).toBe(404);
    expect((await iniciar(pedidoId, b)).statusCode).toBe(404);
    const plataforma = await a.navegadores.plataforma.req({
      url: `/api/privacidade/pedidos/${pedidoId}/pacote/arquivo?empresaId=${b.empresa.id}`,
    });
    expect(plataforma.statusCode).toBe(404);
    const outraEmpresa = await t.navegador().req({ url: `/api/publico/privacidade/${b.empresa.id}/pacote/${token}/arquivo` });
    expect(outraEmpresa.statusCode).toBe(404);
    expect(outraEmpresa.json().erro).toBe("Link de download inválido. Confira o endereço recebido pelo WhatsApp.");
    // the consultant of the same company has no access to privacy requests
    expect((await a.navegadores.consultor.req({ url: `/api/privacidade/pedidos/${pedidoId}/pacote/arquivo` })).statusCode).toBe(
      403,
    );
    const n = await sql("SELECT count(*)::int AS n FROM privacidade_pacote_downloads WHERE id_empresa_fk = $1", [a.empresa.id]);
    expect(n[0].n).toBe(2);
  });

  it("the titular's link downloads until its 7 days pass (injected clock), then says it expired; the job deletes the file", async () => {
    const { token } = await linkDoTitular(leadId);
    const anonimo = t.navegador();
    const pagina = await anonimo.req({ url: `/api/publico/privacidade/${a.empresa.id}/pacote/${token}` });
    expect(pagina.statusCode, pagina.body).toBe(200);
    expect(pagina.json()).toMatchObject({ status: "pronto", empresa: a.empresa.nome_empresa });
    const baixado = await anonimo.req({ url: `/api/publico/privacidade/${a.empresa.id}/pacote/${token}/arquivo` });
    expect(baixado.statusCode).toBe(200);
    expect((await lerZip(baixado.rawPayload)).has("dados.json")).toBe(true);
    const [ultimo] = await sql(
      "SELECT canal, id_usuario_fk FROM privacidade_pacote_downloads WHERE id_empresa_fk = $1 ORDER BY baixado_em DESC LIMIT 1",
      [a.empresa.id],
    );
    expect(ultimo).toEqual({ canal: "link_titular", id_usuario_fk: null });

    relogio.fixar(new Date(Date.now() + 7 * DIA + 60_000));
    expect((await anonimo.req({ url: `/api/publico/privacidade/${a.empresa.id}/pacote/${token}` })).json().status).toBe(
      "expirado",
    );
    const expirado = await anonimo.req({ url: `/api/publico/privacidade/${a.empresa.id}/pacote/${token}/arquivo` });
    expect(expirado.statusCode).toBe(410);
    expect(expirado.json().erro).toMatch(/^Este link expirou em \d{2}\/\d{2}\/\d{4}/);
    expect((await pedidoNoPainel(pedidoId)).pacote?.status).toBe("expirado");

    const [{ storage_key: chave }] = await sql("SELECT storage_key FROM privacidade_pacotes WHERE id_pedido_fk = $1", [pedidoId]);
    expect(await t.deps.storage.existe(chave)).toBe(true);
    expect(await expirarPacotesDaEmpresa(t.deps, a.empresa.id)).toBe(1);
    expect(await t.deps.storage.existe(chave)).toBe(false);
    expect(await sql("SELECT status, storage_key FROM privacidade_pacotes WHERE id_pedido_fk = $1", [pedidoId])).toEqual([
      { status: "expirado", storage_key: null },
    ]);
    // the old link still answers that it expired, and a refused download leaves no record
    expect((await anonimo.req({ url: `/api/publico/privacidade/${a.empresa.id}/pacote/${token}/arquivo` })).statusCode).toBe(410);
    const n = await sql("SELECT count(*)::int AS n FROM privacidade_pacote_downloads WHERE id_empresa_fk = $1", [a.empresa.id]);
    expect(n[0].n).toBe(3);
  });
});

describe("what cannot have a package gets a pt-BR 4xx and changes nothing", () => {
  it("a right without package, an unverified request, a second start, a malformed link", async () => {
    const eliminacao = await titular({ mensagens: 1, midias: 0, direito: "eliminacao_consentimento" });
    const r1 = await iniciar(eliminacao.pedidoId);
    expect(r1.statusCode).toBe(409);
    expect(r1.json().erro).toBe("O pacote de dados é para pedidos de acesso, portabilidade ou confirmação.");

    const semVerificar = await titular({ mensagens: 1, midias: 0 });
    await sql("UPDATE privacidade_pedidos SET status = 'aguardando_verificacao', verificado_em = NULL WHERE id = $1", [
      semVerificar.pedidoId,
    ]);
    const r2 = await iniciar(semVerificar.pedidoId);
    expect(r2.statusCode).toBe(409);
    expect(r2.json().erro).toBe("Confirme a identidade do titular antes de gerar o pacote.");
    expect(
      await sql("SELECT 1 FROM privacidade_pacotes WHERE id_pedido_fk = ANY($1)", [[eliminacao.pedidoId, semVerificar.pedidoId]]),
    ).toEqual([]);

    const malformado = await t.navegador().req({ url: `/api/publico/privacidade/${a.empresa.id}/pacote/curto/arquivo` });
    expect(malformado.statusCode).toBe(400);
    expect(malformado.body).toContain("Link de download inválido");
    expect((await iniciar("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });
});

describe("a job that dies mid-way", () => {
  it("is retried by the queue and completes", async () => {
    const r = await titular({ mensagens: 20, midias: 2 });
    const gravar = t.deps.storage.gravarArquivo;
    let falhas = 0;
    // the first try dies after the ZIP is written, before it reaches storage (as a killed process would)
    t.deps.storage.gravarArquivo = async (chave, caminho) => {
      if (chave.includes("/pacote-") && falhas === 0) {
        falhas++;
        throw new Error("processo interrompido no meio do pacote");
      }
      return gravar(chave, caminho);
    };
    try {
      expect((await iniciar(r.pedidoId)).statusCode).toBe(202);
      const p = await pronto(r.pedidoId);
      expect(p.pacote?.progresso).toBe(100);
    } finally {
      t.deps.storage.gravarArquivo = gravar;
    }
    expect(falhas).toBe(1);
    expect(await sql("SELECT tentativas, status FROM privacidade_pacotes WHERE id_pedido_fk = $1", [r.pedidoId])).toEqual([
      { tentativas: 2, status: "pronto" },
    ]);
    // one link, sent once: the failed try sent nothing
    const links = await sql(
      "SELECT count(*)::int AS n FROM mensagens_whatsapp WHERE id_lead_fk = $1 AND sender = 'sistema' AND message LIKE '%/pacote/%'",
      [r.leadId],
    );
    expect(links[0].n).toBe(1);
  });
});

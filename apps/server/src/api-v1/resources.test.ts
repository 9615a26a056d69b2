import type { TChaveApiCriada } from "@crm/domain/api-keys";
import type { TLeadApi } from "@crm/domain/schemas/api-leads";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { multipart } from "../../test/cross-tenant-support.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { encadearTudo } from "../audit-trail/chain.js";
import { gerarPdf } from "../documents/sample-files.js";
import { OPERACOES_API } from "./operations.js";
import { chamarApi, criarChaveApi, novoLeadApi } from "./test-helpers.js";

/**
 * /api/v1 beyond leads and messages (decisions 1895, 1896): every write through the screen's own writer, logged with
 * origin 'api' and the key; every operation refused to a key without its scope.
 */
const t = useTestApp();
let a: TEmpresaComUsuarios;
let chave: TChaveApiCriada;
beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  chave = await criarChaveApi(a);
});

const api = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object, headers?: Record<string, string>) =>
  chamarApi(t, chave.chave, { method, url: `/api/v1${url}`, ...(payload ? { payload } : {}), ...(headers ? { headers } : {}) });
const ok = async (r: ReturnType<typeof api>, status = 200) => {
  const res = await r;
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const registro = async (id: string) =>
  (await t.dono.query("SELECT tipo, origem, id_chave_api, id_usuario_fk FROM mudancas WHERE id_entidade = $1 ORDER BY id", [id]))
    .rows;
const daChave = (linhas: { origem: string; id_chave_api: string; id_usuario_fk: string | null }[]) =>
  linhas.length > 0 && linhas.every((r) => r.origem === "api" && r.id_chave_api === chave.id && r.id_usuario_fk === null);
const novoLead = async (telefone: string) => (await ok(api("POST", "/leads", novoLeadApi(telefone)), 201)) as TLeadApi;

describe("scopes, every operation", () => {
  it("a key without the operation's scope gets 403 escopo_insuficiente, before anything is read", async () => {
    const soLeads = await criarChaveApi(a, { escopos: ["leads:read"] });
    const soProcessos = await criarChaveApi(a, { escopos: ["processes:read"] });
    const falhas: string[] = [];
    for (const o of OPERACOES_API) {
      const k = o.escopo === "leads:read" ? soProcessos : soLeads;
      const url = `/api/v1${o.url.replace(/:\w+/g, "0193a4c2-7d1e-7c3a-9b2f-4e5d6a7b8c9d")}`;
      const res = await chamarApi(t, k.chave, { method: o.method, url, ...(o.exemplo.pedido ? { payload: {} } : {}) });
      if (res.statusCode !== 403 || res.json().code !== "escopo_insuficiente")
        falhas.push(`${o.method} ${o.url}: ${res.statusCode}`);
    }
    expect(falhas).toEqual([]);
  });
});

describe("tags and notes through the API", () => {
  it("creates, renames and deletes a tag, puts it on and off a lead, each logged with the key", async () => {
    const lead = await novoLead("11 96666-0001");
    const tag = await ok(api("POST", "/etiquetas", { nome: "Prioridade", cor: "#dc2626" }), 201);
    expect(tag).toMatchObject({ nome: "Prioridade", cor: "#dc2626" });
    const dup = await api("POST", "/etiquetas", { nome: "PRIORIDADE", cor: "#dc2626" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: "conflito" });
    expect((await ok(api("GET", "/etiquetas"))).itens.map((e: { id: string }) => e.id)).toContain(tag.id);
    expect(await ok(api("PATCH", `/leads/${lead.id}/etiquetas`, { adicionar: [tag.id] }))).toEqual([
      { id: tag.id, nome: "Prioridade", cor: "#dc2626" },
    ]);
    expect(await ok(api("GET", `/leads/${lead.id}/etiquetas`))).toHaveLength(1);
    // an empty change is a clear 400, not a silent success
    expect((await api("PATCH", `/leads/${lead.id}/etiquetas`, {})).statusCode).toBe(400);
    expect(await ok(api("PATCH", `/etiquetas/${tag.id}`, { nome: "Urgente", cor: "#dc2626" }))).toMatchObject({
      nome: "Urgente",
    });
    expect(await ok(api("PATCH", `/leads/${lead.id}/etiquetas`, { remover: [tag.id] }))).toEqual([]);
    expect((await api("DELETE", `/etiquetas/${tag.id}`)).statusCode).toBe(204);
    expect((await api("DELETE", `/etiquetas/${tag.id}`)).statusCode).toBe(404);
    const log = await registro(tag.id);
    expect(log.map((r) => r.tipo)).toEqual(["etiqueta.criada", "etiqueta.alterada", "etiqueta.excluida"]);
    expect(daChave(log)).toBe(true);
    const doLead = (await registro(lead.id)).filter((r) => r.tipo === "lead.etiquetas");
    expect(doLead).toHaveLength(2);
    expect(daChave(doLead)).toBe(true);
  });

  it("a repeated POST with the same Idempotency-Key creates one tag and replays the first answer", async () => {
    const cab = { "idempotency-key": "etiqueta-reenvio-1" };
    const um = await api("POST", "/etiquetas", { nome: "Reenvio", cor: "#2563eb" }, cab);
    const dois = await api("POST", "/etiquetas", { nome: "Reenvio", cor: "#2563eb" }, cab);
    expect(um.statusCode).toBe(201);
    expect(dois.statusCode).toBe(201);
    expect(dois.headers["idempotent-replayed"]).toBe("true");
    expect(dois.body).toBe(um.body);
    const { rows } = await t.dono.query(
      "SELECT count(*)::int AS n FROM etiquetas WHERE id_empresa_fk = $1 AND nome = 'Reenvio'",
      [a.empresa.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it("writes a note that mentions a person (bell) and lists the lead's notes by cursor", async () => {
    const lead = await novoLead("11 96666-0002");
    const nota = await ok(
      api("POST", `/leads/${lead.id}/notas`, { texto: "Retornar às 18h", mencoes: [a.usuarios.consultor.id] }),
      201,
    );
    expect(nota).toMatchObject({ lead_id: lead.id, autor_id: null, autor_nome: "Integração (API)", texto: "Retornar às 18h" });
    await ok(api("POST", `/leads/${lead.id}/notas`, { texto: "Segunda nota" }), 201);
    const p1 = await ok(api("GET", `/leads/${lead.id}/notas?limit=1`));
    expect(p1.itens.map((n: { texto: string }) => n.texto)).toEqual(["Retornar às 18h"]);
    const p2 = await ok(api("GET", `/leads/${lead.id}/notas?limit=1&starting_after=${p1.proximo_cursor}`));
    expect(p2.itens.map((n: { texto: string }) => n.texto)).toEqual(["Segunda nota"]);
    expect(daChave(await registro(nota.id))).toBe(true);
    const { rows } = await t.dono.query("SELECT count(*)::int AS n FROM notificacoes WHERE id_usuario_fk = $1", [
      a.usuarios.consultor.id,
    ]);
    expect(rows[0].n).toBeGreaterThan(0);
    // a mention of someone outside the company is refused and writes nothing
    const ruim = await api("POST", `/leads/${lead.id}/notas`, { texto: "x", mencoes: ["0193a4c2-7d1e-7c3a-9b2f-4e5d6a7b8c9d"] });
    expect(ruim.statusCode).toBe(400);
    expect((await ok(api("GET", `/leads/${lead.id}/notas`))).itens).toHaveLength(2);
  });
});

describe("processes, deadlines and documents through the API", () => {
  it("a converted lead is a process: read, legal status changed, a deadline added and completed, a document uploaded", async () => {
    const lead = await novoLead("11 96666-0003");
    expect((await api("GET", `/processos/${lead.id}`)).statusCode).toBe(404);
    await ok(api("PATCH", `/leads/${lead.id}/status`, { status: "Convertido (Ganho)" }));
    const lista = await ok(api("GET", "/processos?limit=100"));
    expect(lista.itens.map((p: { id: string }) => p.id)).toContain(lead.id);
    expect(await ok(api("GET", `/processos/${lead.id}`))).toMatchObject({ status_juridico_lead: "Aguardando Contato Jurídico" });
    const mudado = await ok(api("PATCH", `/processos/${lead.id}/status`, { status_juridico_lead: "Em Contato Jurídico" }));
    expect(mudado).toMatchObject({ status_juridico_lead: "Em Contato Jurídico" });
    const { rows: hist } = await t.dono.query(
      "SELECT valor_novo, origem FROM lead_status_historico WHERE id_lead_fk = $1 AND campo = 'status_juridico_lead' ORDER BY created_at DESC LIMIT 1",
      [lead.id],
    );
    expect(hist[0]).toEqual({ valor_novo: "Em Contato Jurídico", origem: "api" });
    expect((await api("PATCH", `/processos/${lead.id}/status`, { status_juridico_lead: "Inventado" })).statusCode).toBe(400);

    const prazo = await ok(api("POST", `/processos/${lead.id}/prazos`, { titulo: "Protocolar", data_fatal: "2027-03-10" }), 201);
    expect(prazo).toMatchObject({ processo_id: lead.id, estado: "pendente", responsavel_id: null, data_seguranca: "2027-03-09" });
    const doProcesso = await ok(api("GET", `/processos/${lead.id}/prazos`));
    expect(doProcesso.itens.map((p: { id: string }) => p.id)).toContain(prazo.id);
    const concluido = await ok(api("PATCH", `/prazos/${prazo.id}/estado`, { estado: "concluido" }));
    expect(concluido.estado).toBe("concluido");
    expect(concluido.concluido_em).not.toBeNull();
    expect((await ok(api("GET", "/prazos?limit=100"))).itens.map((p: { id: string }) => p.id)).toContain(prazo.id);
    const logPrazo = await registro(prazo.id);
    expect(logPrazo.map((r) => r.tipo)).toEqual(["prazo.criado", "prazo.alterado"]);
    expect(daChave(logPrazo)).toBe(true);

    const pdf = gerarPdf("Contrato", ["Parcela: R$ 1.234,56"]);
    const form = multipart({ descricao: "Contrato assinado" }, { nome: "contrato.pdf", dados: pdf, mime: "application/pdf" });
    const doc = await ok(
      chamarApi(t, chave.chave, { method: "POST", url: `/api/v1/processos/${lead.id}/documentos`, ...form }),
      201,
    );
    expect(doc).toMatchObject({
      lead_id: lead.id,
      nome_arquivo: "contrato.pdf",
      descricao: "Contrato assinado",
      uploader_id: null,
    });
    expect(doc).not.toHaveProperty("pode_excluir");
    expect((await ok(api("GET", `/processos/${lead.id}/documentos`))).itens.map((d: { id: string }) => d.id)).toEqual([doc.id]);
    expect(daChave(await registro(doc.id))).toBe(true);
    const baixado = await chamarApi(t, chave.chave, { url: `/api/v1/documentos/${doc.id}/arquivo` });
    expect(baixado.statusCode).toBe(200);
    expect(baixado.headers["content-type"]).toBe("application/pdf");
    expect(baixado.headers["content-disposition"]).toMatch(/^attachment; filename\*=UTF-8''contrato\.pdf$/);
    expect(baixado.rawPayload.equals(pdf)).toBe(true);
  });

  it("a document is checked like on the screen: content that is not its type is 415, more than 10 MB is 413", async () => {
    const lead = await novoLead("11 96666-0004");
    await ok(api("PATCH", `/leads/${lead.id}/status`, { status: "Convertido (Ganho)" }));
    const enviar = (nome: string, dados: Buffer, mime: string) =>
      chamarApi(t, chave.chave, {
        method: "POST",
        url: `/api/v1/processos/${lead.id}/documentos`,
        ...multipart({}, { nome, dados, mime }),
      });
    const falso = await enviar("laudo.pdf", Buffer.from("MZ não sou um PDF"), "application/pdf");
    expect(falso.statusCode).toBe(415);
    expect(falso.json()).toMatchObject({ code: "tipo_arquivo_nao_permitido" });
    const grande = Buffer.concat([gerarPdf("Grande", ["x"]), Buffer.alloc(10 * 1024 * 1024 + 10, 0x20)]);
    const res = await enviar("grande.pdf", grande, "application/pdf");
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: "arquivo_muito_grande" });
    expect((await ok(api("GET", `/processos/${lead.id}/documentos`))).itens).toEqual([]);
  });
});

describe("costs, people, privacy requests and the audit trail through the API", () => {
  it("adds a cost with the screen's metrics and lists it; a bad value is a 400 that writes nothing", async () => {
    const custo = await ok(
      api("POST", "/custos", {
        data_custo: "2026-12-01",
        plataforma: "Facebook",
        valor_gasto: "350,00",
        campanhas_ativas: 2,
        impressoes: 10000,
        cliques: 250,
      }),
      201,
    );
    expect(custo).toMatchObject({ valor_gasto: "350.00", ctr: "2.5000", cpc: "1.4000", cpm: "35.0000" });
    expect((await ok(api("GET", "/custos"))).itens.map((c: { id: string }) => c.id)).toEqual([custo.id]);
    expect(daChave(await registro(custo.id))).toBe(true);
    const ruim = await api("POST", "/custos", { data_custo: "2026-13-40", plataforma: "Facebook", valor_gasto: "x" });
    expect(ruim.statusCode).toBe(400);
    expect((await ok(api("GET", "/custos"))).itens).toHaveLength(1);
  });

  it("lists the company's users and consultants, never another company's", async () => {
    const outra = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
    const usuarios = (await ok(api("GET", "/usuarios?limit=100"))).itens.map((u: { id: string }) => u.id);
    expect(usuarios).toContain(a.usuarios.admin.id);
    expect(usuarios).toContain(a.usuarios.juridico.id);
    expect(usuarios).not.toContain(outra.usuarios.admin.id);
    const consultores = (await ok(api("GET", "/consultores"))).itens;
    expect(consultores.map((c: { id: string }) => c.id)).toEqual([a.consultor.id]);
  });

  it("opens a privacy request on the 'api' channel with its clock and reads it back", async () => {
    const lead = await novoLead("11 96666-0005");
    const s = await ok(
      api("POST", "/solicitacoes-privacidade", {
        direito: "acesso",
        nome: "Maria Souza",
        telefone: "11 96666-0005",
        cpf: "529.982.247-25",
      }),
      201,
    );
    expect(s).toMatchObject({ canal: "api", direito: "acesso", lead_id: lead.id, status: "aguardando_verificacao" });
    expect(s.dias_restantes).toBeGreaterThan(0);
    expect(await ok(api("GET", `/solicitacoes-privacidade/${s.id}`))).toEqual(s);
    expect((await ok(api("GET", "/solicitacoes-privacidade"))).itens.map((x: { id: string }) => x.id)).toContain(s.id);
    expect(daChave((await registro(s.id)).filter((r) => r.tipo === "privacidade.solicitada"))).toBe(true);
  });

  it("reads the audit trail in its chain's order, by cursor, and only the company's", async () => {
    await encadearTudo(t.deps.db.app);
    const p1 = await ok(api("GET", "/eventos-auditoria?limit=2"));
    expect(p1.itens.length).toBeGreaterThan(0);
    const seqs: number[] = p1.itens.map((e: { seq: number }) => e.seq);
    expect([...seqs].sort((x, y) => x - y)).toEqual(seqs);
    expect(p1.proximo_cursor).not.toBeNull();
    if (p1.tem_mais) {
      const p2 = await ok(api("GET", `/eventos-auditoria?limit=2&starting_after=${p1.proximo_cursor}`));
      expect(p2.itens[0].seq).toBeGreaterThan(seqs.at(-1) as number);
    }
    const { rows } = await t.dono.query("SELECT count(*)::int AS n FROM auditoria_eventos WHERE cadeia = $1", [a.empresa.id]);
    const todos = await ok(api("GET", "/eventos-auditoria?limit=100"));
    expect(todos.itens.length).toBe(Math.min(rows[0].n, 100));
    expect((await api("GET", "/eventos-auditoria?starting_after=abc")).statusCode).toBe(400);
  });
});

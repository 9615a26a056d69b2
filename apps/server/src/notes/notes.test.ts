import type { TNota } from "@crm/domain/schemas/notes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { iniciarEvolutionFalsa, type TEvolutionFalsa } from "../../../../test-support/fake-evolution.js";
import { iniciarGraphFalso, type TGraphFalso } from "../../../../test-support/fake-graph.js";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, type TEmpresaComUsuarios } from "../../test/factories.js";
import type { TConfig } from "../config/config.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { processarEnvio } from "../whatsapp/outbound/send-message.js";
import { configurarNaoOficial, configurarOficial } from "../whatsapp/testing/setup.js";

/**
 * Decision 1832: internal notes are seen by the company's users only and never reach the lead, on every provider
 * (official Cloud API, gateway, sandbox), with the existing fake providers listening.
 */
const over: Partial<TConfig> = {};
let graph: TGraphFalso;
let gw: TEvolutionFalsa;
beforeAll(async () => {
  graph = await iniciarGraphFalso();
  gw = await iniciarEvolutionFalsa();
  over.whatsappGraphUrl = graph.url;
});
afterAll(async () => {
  await graph?.fechar();
  await gw?.fechar();
});
const t = useTestApp(over);

type TProvedor = "official" | "unofficial" | "sandbox";
const empresas = {} as Record<TProvedor, TEmpresaComUsuarios>;
beforeAll(async () => {
  for (const p of ["official", "unofficial", "sandbox"] as const) empresas[p] = await criarEmpresaComUsuarios(t);
  await configurarOficial(empresas.official.navegadores.admin, graph);
  await configurarNaoOficial(empresas.unofficial.navegadores.admin, {
    url: `${gw.url}/`,
    apiKey: gw.apiKey,
    instancia: gw.instancia,
  });
});

const sql = async (texto: string, valores: unknown[] = []) => (await t.dono.query(texto, valores)).rows;
const lead = (e: TEmpresaComUsuarios, telefone: string) =>
  unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
    criarLead(tx, { id_empresa_fk: e.empresa.id, nome: "Lia Nota", telefone, status_lead: "Em Atendimento" } as never),
  );
/** Every request the provider's fake received whose body holds `texto` (the sandbox has no fake: none). */
const recebidos = (p: TProvedor, texto: string) =>
  (p === "official" ? graph.enviados() : p === "unofficial" ? gw.enviados() : []).filter((r) =>
    JSON.stringify(r).includes(texto),
  );
/** A pending outbound row of the lead, with the given id, straight in the database, and its send job run. */
async function enviarLinha(e: TEmpresaComUsuarios, leadId: string, id: string, texto: string) {
  await sql(
    `INSERT INTO mensagens_whatsapp (id, id_empresa_fk, id_lead_fk, direcao, sender, message, message_type, status)
     VALUES ($1, $2, $3, 'saida', 'consultor', $4, 'text', 'pending')`,
    [id, e.empresa.id, leadId, texto],
  );
  await processarEnvio(t.deps, {
    id: "teste",
    dados: { empresaId: e.empresa.id, mensagemId: id },
    tentativa: 1,
    ultimaTentativa: true,
  });
  return (await sql("SELECT status FROM mensagens_whatsapp WHERE id = $1", [id]))[0].status as string;
}

describe.each(["official", "unofficial", "sandbox"] as const)("an internal note with the %s provider", (provedor) => {
  it("is shown to the company's users, notifies the person mentioned, and never reaches the lead", async () => {
    const e = empresas[provedor];
    const l = await lead(e, "(11) 97654-3210");
    const texto = `Cliente pediu desconto, @Admin veja (${provedor} ${l.id.slice(0, 8)})`;
    const res = await e.navegadores.consultor.req({
      method: "POST",
      url: `/api/chat/${l.id}/notas`,
      payload: { texto, mencoes: [e.usuarios.admin.id] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const nota = res.json() as TNota;
    expect(nota).toMatchObject({ texto, autor_id: e.usuarios.consultor.id, mencoes: [e.usuarios.admin.id] });

    // the legal team reads it (the process's view), the platform admin does not
    const doJuridico = (await e.navegadores.juridico.req({ url: `/api/chat/${l.id}/notas` })).json() as TNota[];
    expect(doJuridico.map((n) => n.id)).toEqual([nota.id]);
    expect((await e.navegadores.plataforma.req({ url: `/api/chat/${l.id}/notas` })).statusCode).toBe(403);

    const sino = (await e.navegadores.admin.req({ url: "/api/notificacoes" })).json();
    expect(sino.itens[0]).toMatchObject({
      titulo: `${e.usuarios.consultor.nome || e.usuarios.consultor.email} mencionou você em uma nota`,
      dados_extras: { tipo: "mencao", leadId: l.id, notaId: nota.id },
    });
    expect((await sql("SELECT tipo, depois FROM mudancas WHERE id_entidade = $1", [nota.id]))[0]).toEqual({
      tipo: "nota.criada",
      depois: { id_lead: l.id, mencoes: 1 },
    });

    // not a message: not in the timeline's messages, nothing queued, nothing received by the provider
    expect(await sql("SELECT 1 FROM mensagens_whatsapp WHERE id_lead_fk = $1", [l.id])).toEqual([]);
    expect(recebidos(provedor, texto)).toEqual([]);

    // the send path's guard: even a pending outbound row carrying the note's id (a bug that copied a note into the
    // messages) is not sent, while an ordinary one is
    expect(await enviarLinha(e, l.id, nota.id, texto)).toBe("pending");
    expect(recebidos(provedor, texto)).toEqual([]);
    const controle = `Mensagem comum ${provedor} ${l.id.slice(0, 8)}`;
    expect(await enviarLinha(e, l.id, crypto.randomUUID(), controle)).toBe("sent");
    if (provedor !== "sandbox") expect(recebidos(provedor, controle)).toHaveLength(1);
  });
});

describe("internal notes' input", () => {
  it("refuses an empty note, a mention of someone outside the company, and other companies' leads", async () => {
    const e = empresas.sandbox;
    const outra = empresas.official;
    const l = await lead(e, "(11) 97654-1111");
    const nav = e.navegadores.consultor;
    let res = await nav.req({ method: "POST", url: `/api/chat/${l.id}/notas`, payload: { texto: "   " } });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("Escreva a nota.");
    res = await nav.req({
      method: "POST",
      url: `/api/chat/${l.id}/notas`,
      payload: { texto: "oi", mencoes: [outra.usuarios.admin.id] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("Só é possível mencionar pessoas ativas da empresa.");
    res = await outra.navegadores.consultor.req({
      method: "POST",
      url: `/api/chat/${l.id}/notas`,
      payload: { texto: "intruso" },
    });
    expect(res.statusCode).toBe(404);
    expect(await sql("SELECT 1 FROM notas_lead WHERE id_lead_fk = $1", [l.id])).toEqual([]);
    const pessoas = (await nav.req({ url: "/api/notas/mencionaveis" })).json() as { id: string }[];
    expect(pessoas.map((p) => p.id).sort()).toEqual(
      [e.usuarios.admin.id, e.usuarios.consultor.id, e.usuarios.juridico.id].sort(),
    );
  });
});

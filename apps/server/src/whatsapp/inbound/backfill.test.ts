import type { TMensagem } from "@crm/domain/schemas/chat";
import type { TConfiguracoes } from "@crm/domain/schemas/settings";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  evolutionConexao,
  evolutionDoRegistro,
  iniciarEvolutionFalsa,
  registroTexto,
  type TEvolutionFalsa,
} from "../../../../../test-support/fake-evolution.js";
import { useTestApp } from "../../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../../test/factories.js";
import { caminhoWebhook, configurarNaoOficial, contar, linha } from "../testing/setup.js";
import { esperarAte } from "../testing/wait.js";
import { agendarRecuperacaoGateway, recuperarEmpresa } from "./backfill.js";

/**
 * Decision 0408: the gateway POSTs each event once (and gives up on a 4xx), so what it got while the product was
 * down, restarting or refusing is read back from its history (POST /chat/findMessages/{instance}, decision 0408).
 */
let gw: TEvolutionFalsa;
beforeAll(async () => {
  gw = await iniciarEvolutionFalsa();
});
afterAll(() => gw?.fechar());
const t = useTestApp();

let a: TEmpresaComUsuarios;
let cfg: TConfiguracoes;
const agora = () => Math.floor(Date.now() / 1000);
const b = () => ({ instancia: gw.instancia, apiKey: null });

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  cfg = await configurarNaoOficial(a.navegadores.admin, { url: gw.url, apiKey: gw.apiKey, instancia: gw.instancia });
  const v = await a.navegadores.admin.req({ method: "POST", url: "/api/whatsapp/conexao/verificar", payload: {} });
  expect(v.json()).toMatchObject({ conectado: true });
});

const postar = (payload: unknown) =>
  t.app.inject({
    method: "POST",
    url: caminhoWebhook(cfg),
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });
const mensagensGravadas = () =>
  contar(t, "SELECT count(*) AS n FROM mensagens_whatsapp WHERE id_empresa_fk = $1 AND direcao = 'entrada'", [a.empresa.id]);
const copias = () =>
  contar(
    t,
    `SELECT count(*) AS n FROM (SELECT provider_message_id FROM mensagens_whatsapp WHERE id_empresa_fk = $1
        GROUP BY 1 HAVING count(*) > 1) x`,
    [a.empresa.id],
  );
/** The inbox job took every event (instead of sleeping a fixed time). */
const drenado = () =>
  esperarAte(
    async () =>
      (await contar(t, "SELECT count(*) AS n FROM whatsapp_eventos WHERE id_empresa_fk = $1 AND processado_em IS NULL", [
        a.empresa.id,
      ])) === 0,
    15_000,
    "fila de entrada vazia",
  );
const temMensagem = (id: string) =>
  contar(t, "SELECT count(*) AS n FROM mensagens_whatsapp WHERE id_empresa_fk = $1 AND provider_message_id = $2", [
    a.empresa.id,
    id,
  ]);

describe("reading the gateway's history back", () => {
  it("stores once every message the gateway got while the product was down, page after page, and nothing on a second run", async () => {
    // 230 messages from 23 people reached the gateway while nothing reached us (its webhook POSTs were lost)
    const desde = agora() - 20 * 60;
    for (let i = 0; i < 230; i++)
      gw.historico.push(
        registroTexto({
          de: `55119600${String(Math.floor(i / 10)).padStart(5, "0")}`,
          id: `3EB0PERDIDA${String(i).padStart(4, "0")}`,
          nome: `Pessoa ${Math.floor(i / 10)}`,
          texto: `mensagem ${i}`,
          quando: desde + i,
        }),
      );
    // a group message and the phone's history from before the product knew the number are not ours to import
    gw.historico.push({
      ...registroTexto({ de: "x", id: "3EB0GRUPO", texto: "grupo", quando: desde }),
      key: { remoteJid: "120363@g.us", fromMe: false, id: "3EB0GRUPO" },
    });
    gw.historico.push(registroTexto({ de: "5511960099999", id: "3EB0ANTIGA", texto: "de antes", quando: agora() - 2 * 3600 }));

    // (the every-5-minutes reading may run meanwhile: counts are checked in the database)
    const r = await recuperarEmpresa(t.deps, a.empresa.id);
    expect(r).toMatchObject({ lidas: 231, paginas: 3 });
    const pedido = gw.de(/^\/chat\/findMessages\//).at(-1)!;
    expect(pedido.caminho).toBe(`/chat/findMessages/${gw.instancia}`);
    expect(pedido.cabecalhos.apikey).toBe(gw.apiKey);
    expect(pedido.json).toMatchObject({
      where: { messageTimestamp: { gte: expect.any(String), lte: expect.any(String) } },
      offset: 100,
    });

    await esperarAte(async () => (await mensagensGravadas()) === 230, 20_000, "230 mensagens gravadas");
    await drenado();
    expect(await copias()).toBe(0);
    // the same path as a live delivery: one lead per person, named by the push name, 'Novo Lead' from WhatsApp
    const leads = await linha<{ n: number; nomes: string[] }>(
      t,
      `SELECT count(*)::int AS n, array_agg(DISTINCT status_lead) AS nomes FROM leads_juros_check
        WHERE id_empresa_fk = $1 AND origem_lead = 'WhatsApp' AND nome LIKE 'Pessoa %'`,
      [a.empresa.id],
    );
    expect(leads).toEqual({ n: 23, nomes: ["Novo Lead"] });
    expect(await temMensagem("3EB0GRUPO")).toBe(0);
    expect(await temMensagem("3EB0ANTIGA")).toBe(0);

    // nothing missing: a second reading stores nothing and writes nothing to the inbox
    const antes = await contar(t, "SELECT count(*) AS n FROM whatsapp_eventos WHERE id_empresa_fk = $1", [a.empresa.id]);
    expect(await recuperarEmpresa(t.deps, a.empresa.id)).toMatchObject({ novas: 0, status: 0 });
    expect(await contar(t, "SELECT count(*) AS n FROM whatsapp_eventos WHERE id_empresa_fk = $1", [a.empresa.id])).toBe(antes);
    expect(await mensagensGravadas()).toBe(230);
  });

  it("stores a message once when its live delivery and the reading race", async () => {
    const antes = await mensagensGravadas();
    const novos = Array.from({ length: 40 }, (_, i) =>
      registroTexto({ de: "5511960100001", id: `3EB0CORRIDA${i}`, nome: "Corrida", texto: `corrida ${i}`, quando: agora() }),
    );
    gw.historico.push(...novos);
    const [r, ...respostas] = await Promise.all([
      recuperarEmpresa(t.deps, a.empresa.id),
      ...novos.map((n) => postar(evolutionDoRegistro(b(), n))),
    ]);
    expect(respostas.every((x) => x.statusCode === 200)).toBe(true);
    expect(r.novas).toBeLessThanOrEqual(40);
    await esperarAte(async () => (await mensagensGravadas()) === antes + 40, 15_000, "40 mensagens da corrida");
    await drenado();
    expect(await copias()).toBe(0);
    expect(await mensagensGravadas()).toBe(antes + 40);
  });

  it("recovers a delivery that could not be stored (5xx to the gateway) through agendarRecuperacaoGateway", async () => {
    const r = registroTexto({ de: "5511960200002", id: "3EB0RECUSADA", nome: "Recusada", texto: "não gravada", quando: agora() });
    gw.historico.push(r);
    const pool = t.deps.db.app;
    const original = pool.query.bind(pool);
    const espiao = vi.spyOn(pool, "query").mockImplementation(((q: unknown, ...resto: unknown[]) => {
      if (q && typeof q === "object" && (q as { name?: string }).name === "whatsapp-inbox-gravar")
        return Promise.reject(Object.assign(new Error("the database is restarting"), { code: "57P03" }));
      return (original as (...x: unknown[]) => unknown)(q, ...resto);
    }) as typeof pool.query);
    try {
      expect((await postar(evolutionDoRegistro(b(), r))).statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      espiao.mockRestore();
    }
    expect(await temMensagem("3EB0RECUSADA")).toBe(0);
    // what the composition root calls at start-up and when the database returns
    await agendarRecuperacaoGateway(t.deps);
    await esperarAte(async () => (await temMensagem("3EB0RECUSADA")) === 1, 15_000, "mensagem recuperada");
  });

  it("after a reconnection, reads back from when the instance went down", async () => {
    // the instance went down three hours ago; a message from then reached the gateway only when it came back
    await linha(
      t,
      "UPDATE whatsapp_sessions SET status = 'disconnected', updated_at = now() - interval '3 hours' WHERE id_empresa_fk = $1 RETURNING 1",
      [a.empresa.id],
    );
    gw.historico.push(
      registroTexto({
        de: "5511960300003",
        id: "3EB0DURANTEQUEDA",
        nome: "Queda",
        texto: "escrevi ontem",
        quando: agora() - 2 * 3600,
      }),
    );
    expect((await postar(evolutionConexao({ ...b(), state: "open" }))).statusCode).toBe(200);
    await esperarAte(async () => (await temMensagem("3EB0DURANTEQUEDA")) === 1, 15_000, "mensagem da queda");
  });

  it("recovers a lost read report of our own message", async () => {
    const lead = await linha<{ id: string }>(
      t,
      "SELECT id FROM leads_juros_check WHERE id_empresa_fk = $1 AND telefone_normalizado = '5511960300003'",
      [a.empresa.id],
    );
    const res = await a.navegadores.admin.req({
      method: "POST",
      url: `/api/chat/${lead.id}/mensagens`,
      payload: { texto: "Recebeu?" },
    });
    expect(res.statusCode).toBe(201);
    const m = res.json() as TMensagem;
    const pid = await esperarAte(
      async () =>
        (await linha<{ p: string | null }>(t, "SELECT provider_message_id AS p FROM mensagens_whatsapp WHERE id = $1", [m.id])).p,
    );
    // the phone read it, the gateway recorded it, its messages.update never reached us
    const registro = gw.historico.find((r) => r.key.id === pid)!;
    registro.MessageUpdate.push({ status: "DELIVERY_ACK" }, { status: "READ" });
    expect((await recuperarEmpresa(t.deps, a.empresa.id)).novas).toBe(0);
    await esperarAte(
      async () =>
        (await linha<{ s: string }>(t, "SELECT status AS s FROM mensagens_whatsapp WHERE id = $1", [m.id])).s === "read",
    );
  });

  it("keeps its mark when the gateway cannot answer, so the next reading covers the same time", async () => {
    const marca = () =>
      linha<{ m: string | null }>(t, "SELECT gateway_recuperado_ate::text AS m FROM whatsapp_sessions WHERE id_empresa_fk = $1", [
        a.empresa.id,
      ]);
    const antes = await marca();
    expect(antes.m).not.toBeNull();
    gw.falhaHistorico.status = 500;
    try {
      await expect(recuperarEmpresa(t.deps, a.empresa.id)).rejects.toThrow();
    } finally {
      gw.falhaHistorico.status = null;
    }
    expect(await marca()).toEqual(antes);
  });
});

import type { TPainelPrivacidade } from "@crm/domain/schemas/privacy-requests";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { iniciarGraphFalso, type TGraphFalso } from "../../../../test-support/fake-graph.js";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { novoLeadApi } from "../api-v1/test-helpers.js";
import type { TConfig } from "../config/config.js";
import { cofreDe } from "../crypto/secrets.js";
import { configurarOficial } from "../whatsapp/testing/setup.js";

/**
 * Decision 1942: an erasure's reply reaches the titular on WhatsApp, at the phone on file, though that phone is
 * erased in the same action; the phone waits encrypted on the request only until the send ends, either way.
 * The company is on the official Cloud API, played by a local server that speaks Graph's protocol.
 */
const over: Partial<TConfig> = {};
let graph: TGraphFalso;
beforeAll(async () => {
  graph = await iniciarGraphFalso();
  over.whatsappGraphUrl = graph.url;
});
afterAll(async () => {
  await graph?.fechar();
});
const t = useTestApp(over);
let a: TEmpresaComUsuarios;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  await configurarOficial(a.navegadores.admin, graph);
});

const sql = async (texto: string, valores: unknown[] = []) => (await t.dono.query(texto, valores)).rows;

/** A lead with the phone, an erasure request for it, verified, then erased from /privacidade's action. */
async function eliminarTitular(telefone: string, nome: string, antesDeEliminar?: () => Promise<void>) {
  const lead = await a.navegadores.admin.req({ method: "POST", url: "/api/leads", payload: novoLeadApi(telefone, nome) });
  expect(lead.statusCode, lead.body).toBe(201);
  const res = await a.navegadores.admin.req({
    method: "POST",
    url: "/api/privacidade/pedidos",
    payload: { direito: "anonimizacao_bloqueio_eliminacao", nome, telefone },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [p] = await sql(
    `UPDATE privacidade_pedidos SET status = 'em_andamento', verificado_em = now()
      WHERE id_empresa_fk = $1 AND protocolo = $2 RETURNING id, protocolo`,
    [a.empresa.id, res.json().protocolo],
  );
  await antesDeEliminar?.();
  const eliminado = await a.navegadores.admin.req({
    method: "POST",
    url: `/api/privacidade/pedidos/${p.id}/eliminar`,
    payload: {},
  });
  expect(eliminado.statusCode, eliminado.body).toBe(200);
  return p as { id: string; protocolo: string };
}

/** The request as /privacidade lists it. */
async function naTela(id: string) {
  const res = await a.navegadores.admin.req({ url: "/api/privacidade/pedidos" });
  return (res.json() as TPainelPrivacidade).pedidos.find((p) => p.id === id);
}

/** What Graph received for the number with the erasure's reply in it. */
const respostasPara = (numero: string) =>
  graph.enviados().filter((r) => {
    const c = r.json as { to?: string; text?: { body?: string } };
    return c.to === numero && c.text?.body?.includes("Eliminamos:");
  });

describe("an erasure's reply on WhatsApp", () => {
  it("reaches the phone on file with the reply's text; the phone is then gone from the request and the jobs", async () => {
    const p = await eliminarTitular("(11) 98222-0001", "Rita Resposta");
    await vi.waitFor(async () => expect((await naTela(p.id))?.resposta_envio?.status).toBe("enviada"), { timeout: 30_000 });

    const enviadas = respostasPara("5511982220001");
    expect(enviadas).toHaveLength(1);
    const corpo = (enviadas[0].json as { text: { body: string } }).text.body;
    expect(corpo).toContain(`Protocolo ${p.protocolo} — atendido.`);
    expect(corpo).toMatch(/expiram até \d{2}\/\d{2}\/\d{4}/);
    expect((await naTela(p.id))?.resposta_envio?.em).toEqual(expect.any(String));
    // nothing of the phone stays: not on the request, not in a job's payload
    const [pedido] = await sql("SELECT resposta_para_cifrado, telefone_normalizado FROM privacidade_pedidos WHERE id = $1", [
      p.id,
    ]);
    expect(pedido).toEqual({ resposta_para_cifrado: null, telefone_normalizado: null });
    expect(await sql("SELECT 1 FROM pgboss.job WHERE data::text LIKE '%982220001%'")).toEqual([]);
  });

  it("a refusal (the 24-hour window closed) ends at once with the provider's reason for the admin, and the phone goes", async () => {
    graph.falhas.set("5511982220002", {
      code: 131047,
      message: "Re-engagement message: more than 24 hours have passed since the recipient last replied",
    });
    const p = await eliminarTitular("(11) 98222-0002", "Otávio Janela");
    await vi.waitFor(async () => expect((await naTela(p.id))?.resposta_envio?.status).toBe("falhou"), { timeout: 30_000 });

    const envio = (await naTela(p.id))?.resposta_envio;
    expect(envio?.erro).toContain("Re-engagement message");
    // one try: a refusal is not tried again
    expect(respostasPara("5511982220002")).toHaveLength(1);
    const [pedido] = await sql("SELECT resposta_para_cifrado FROM privacidade_pedidos WHERE id = $1", [p.id]);
    expect(pedido.resposta_para_cifrado).toBeNull();
  });

  it("a provider that answers 500 is tried again, and the reply is delivered", async () => {
    // the request's protocol goes to the lead first (decision 1824): the failure is armed once it went
    const p = await eliminarTitular("(11) 98222-0003", "Paula Instável", async () => {
      await vi.waitFor(
        () => expect(graph.enviados().some((r) => (r.json as { to?: string }).to === "5511982220003")).toBe(true),
        { timeout: 30_000 },
      );
      graph.instavel.restantes = 1;
    });
    // while it waits for the next try, the phone is on the request only encrypted with the installation's key
    const [espera] = await sql("SELECT resposta_envio, resposta_para_cifrado FROM privacidade_pedidos WHERE id = $1", [p.id]);
    expect(espera.resposta_envio).toBe("pendente");
    expect(espera.resposta_para_cifrado).not.toContain("982220003");
    expect(cofreDe(t.deps.config.appSecret).decifrar(espera.resposta_para_cifrado)).toBe("5511982220003");
    await vi.waitFor(async () => expect((await naTela(p.id))?.resposta_envio?.status).toBe("enviada"), {
      timeout: 60_000,
      interval: 500,
    });
    // two tries reached Graph: the one answered 500 and the one delivered; the request saw one send, 'enviada'
    expect(respostasPara("5511982220003")).toHaveLength(2);
    expect((await naTela(p.id))?.resposta_envio?.erro).toBeNull();
  }, 90_000);
});

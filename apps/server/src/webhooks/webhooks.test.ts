import { MSG } from "@crm/domain/messages";
import type { TEndpointWebhookComSegredo, TListaEntregasWebhook } from "@crm/domain/webhooks";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { criarReceptor, type TReceptor } from "../../test/webhook-receiver.js";
import { definirPoliticaSaida } from "../net/outbound.js";
import { lerPoliticaSaida } from "../net/outbound-policy.js";

/** Outbound webhooks to Standard Webhooks 1.0 (decisions 1801–1805), against local receivers that verify each request. */
const t = useTestApp();
const receptores: TReceptor[] = [];
const novoReceptor = async () => {
  const r = await criarReceptor();
  receptores.push(r);
  return r;
};
afterAll(async () => {
  await Promise.all(receptores.map((r) => r.fechar()));
});
afterEach(() => {
  vi.useRealTimers();
});

/** Waits (real time) until `cond` holds; the deadline only keeps a broken run from hanging. */
async function esperar<T>(
  cond: () => Promise<T | undefined | false> | T | undefined | false,
  oque: string,
  ms = 30_000,
): Promise<T> {
  const fim = performance.now() + ms;
  for (;;) {
    const v = await cond();
    if (v) return v;
    if (performance.now() > fim) throw new Error(`não aconteceu: ${oque}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const consultar = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  (await t.dono.query(sql, params)).rows as T[];

let n = 0;
const criarLeadPorApi = async (e: TEmpresaComUsuarios) => {
  n++;
  const res = await e.navegadores.admin.req({
    method: "POST",
    url: "/api/leads",
    payload: {
      nome: `Pessoa Sigilosa ${n}`,
      email: `sigilo${n}@exemplo.com`,
      telefone: `(11) 9${String(40_000_000 + n).padStart(8, "0")}`,
      tipo_financiamento: "Casa",
      valor_total_financiado: "R$ 250.000,00",
      valor_parcela: "2.345,67",
      objetivo_cliente: "Reduzir juros",
      origem_lead: "Indicação",
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};

async function criarEndpoint(e: TEmpresaComUsuarios, r: TReceptor, tipos: string[] | null = ["lead.created"]) {
  const res = await e.navegadores.admin.req({
    method: "POST",
    url: "/api/empresa/webhooks",
    payload: { url: r.url, descricao: "ERP", tipos_evento: tipos },
  });
  expect(res.statusCode, res.body).toBe(201);
  const ep = res.json() as TEndpointWebhookComSegredo;
  r.segredos.push(ep.segredo);
  return ep;
}

const doTipo = (r: TReceptor, tipo: string) => r.recebidos.filter((x) => JSON.parse(x.corpo).type === tipo);

let a: TEmpresaComUsuarios;
beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
});

describe("outbound webhooks", () => {
  it("delivers a lead's event signed to the spec, verified by the standardwebhooks library, without personal data", async () => {
    const r = await novoReceptor();
    const ep = await criarEndpoint(a, r);
    expect(ep.segredo).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(ep.segredo.slice(6), "base64").length).toBe(32);
    const [guardado] = await consultar<{ segredo_cifrado: string }>(
      "SELECT segredo_cifrado FROM webhook_endpoints WHERE id = $1",
      [ep.id],
    );
    expect(guardado.segredo_cifrado).not.toContain(ep.segredo.slice(6));
    const lista = await a.navegadores.admin.req({ url: "/api/empresa/webhooks" });
    expect(lista.body).not.toContain(ep.segredo);

    const leadId = await criarLeadPorApi(a);
    const [recebido] = await esperar(() => doTipo(r, "lead.created").length > 0 && doTipo(r, "lead.created"), "lead.created");
    expect(recebido.verificado).toBe(true);
    expect(recebido.headers["webhook-id"]).toMatch(/^msg_[0-9]+_0_[0-9a-f]{32}$/);
    expect(recebido.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const corpo = JSON.parse(recebido.corpo);
    expect(corpo).toMatchObject({ type: "lead.created", data: { object: "lead", id: leadId, company_id: a.empresa.id } });
    expect(Date.parse(corpo.timestamp)).not.toBeNaN();
    expect(recebido.corpo).not.toMatch(/Pessoa Sigilosa|sigilo\d+@|940000/);
    // only the wanted type
    expect(r.recebidos.every((x) => JSON.parse(x.corpo).type === "lead.created")).toBe(true);

    const log = await esperar(async () => {
      const l = (
        await a.navegadores.admin.req({ url: `/api/empresa/webhooks/${ep.id}/entregas` })
      ).json() as TListaEntregasWebhook;
      return l.entregas[0]?.estado === "entregue" && l;
    }, "entrega registrada");
    expect(log.entregas[0]).toMatchObject({ tipo: "lead.created", tentativas: 1, id_mensagem: recebido.headers["webhook-id"] });
    expect(log.entregas[0].historico[0]).toMatchObject({ tentativa: 1, status_resposta: 200, corpo_resposta: "ok", erro: null });
    expect(log.entregas[0].historico[0].cabecalhos["webhook-signature"]).toBe(recebido.headers["webhook-signature"]);
  });

  it("a receiver failing the first 3 attempts gets each event exactly once by id, on the spec's schedule", async () => {
    const r = await novoReceptor();
    r.responder = (_x, vezes) => (vezes <= 3 ? { status: 500 } : { status: 204 });
    const ep = await criarEndpoint(a, r);
    // the clock runs on; the test moves it past each wait of the schedule
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now(), shouldAdvanceTime: true });
    const leads = [await criarLeadPorApi(a), await criarLeadPorApi(a), await criarLeadPorApi(a)];
    const tentativas = async (k: number) =>
      (
        await consultar<{ n: number }>(
          "SELECT count(*)::int AS n FROM webhook_entregas WHERE id_endpoint_fk = $1 AND tentativas >= $2",
          [ep.id, k],
        )
      )[0].n === 3;
    await esperar(() => tentativas(1), "primeiras tentativas");
    // each wait of the schedule (5 s, 5 min, 30 min) plus its 10 % jitter: nothing is sent before it is due
    for (const [k, espera] of [
      [2, 5],
      [3, 300],
      [4, 1_800],
    ] as const) {
      // short of the earliest due time (−10 % jitter) by a margin the real seconds of a loaded machine cannot eat:
      // the clock runs on while the sender's loop gets its chance
      const antes = Math.min(espera * 0.85, espera * 0.9 - 3);
      vi.setSystemTime(Date.now() + antes * 1000);
      await new Promise((ok) => setTimeout(ok, 1_500));
      expect(await tentativas(k), `tentativa ${k} antes da hora`).toBe(false);
      // then just past the latest due time (+10 % jitter)
      vi.setSystemTime(Date.now() + (espera * 1.1 - antes - 1.5 + 0.2) * 1000);
      await esperar(() => tentativas(k), `tentativa ${k}`);
    }
    await esperar(
      async () =>
        (await consultar("SELECT 1 FROM webhook_entregas WHERE id_endpoint_fk = $1 AND estado = 'entregue'", [ep.id])).length ===
        3,
      "entregues",
    );
    const ids = [...new Set(r.recebidos.map((x) => x.id))];
    expect(ids).toHaveLength(3);
    expect(r.recebidos).toHaveLength(12);
    expect(r.recebidos.every((x) => x.verificado)).toBe(true);
    expect([...r.processados.values()].map((p) => (p as { data: { id: string } }).data.id).sort()).toEqual([...leads].sort());
    // the attempts' times follow the schedule, each within its jitter
    const historico = await consultar<{ id_entrega_fk: string; em: Date }>(
      `SELECT t.id_entrega_fk, t.em FROM webhook_tentativas t JOIN webhook_entregas d ON d.id = t.id_entrega_fk
        WHERE d.id_endpoint_fk = $1 ORDER BY t.id_entrega_fk, t.tentativa`,
      [ep.id],
    );
    for (const ent of new Set(historico.map((h) => h.id_entrega_fk))) {
      const em = historico.filter((h) => h.id_entrega_fk === ent).map((h) => h.em.getTime());
      const esperas = em.slice(1).map((x, i) => (x - em[i]) / 1000);
      for (const [i, base] of [5, 300, 1_800].entries()) {
        expect(esperas[i]).toBeGreaterThanOrEqual(base * 0.9 - 0.01);
        expect(esperas[i]).toBeLessThanOrEqual(base * 1.15 + 3);
      }
    }
  }, 90_000);

  it("410 disables the endpoint: later events make no delivery", async () => {
    const r = await novoReceptor();
    r.responder = () => ({ status: 410 });
    const ep = await criarEndpoint(a, r);
    await criarLeadPorApi(a);
    await esperar(async () => {
      const [e] = await consultar<{ ativo: boolean; desativado_motivo: string }>(
        "SELECT ativo, desativado_motivo FROM webhook_endpoints WHERE id = $1",
        [ep.id],
      );
      return !e.ativo && e;
    }, "desativado").then((e) => expect(e.desativado_motivo).toBe("gone"));
    const [{ n: antes }] = await consultar<{ n: number }>(
      "SELECT count(*)::int AS n FROM webhook_entregas WHERE id_endpoint_fk = $1",
      [ep.id],
    );
    const outro = await novoReceptor();
    await criarEndpoint(a, outro);
    await criarLeadPorApi(a);
    await esperar(() => outro.recebidos.length > 0, "o outro endpoint recebe");
    const [{ n: depois }] = await consultar<{ n: number }>(
      "SELECT count(*)::int AS n FROM webhook_entregas WHERE id_endpoint_fk = $1",
      [ep.id],
    );
    expect(depois).toBe(antes);
    expect(r.recebidos).toHaveLength(1);
    const lista = (await a.navegadores.admin.req({ url: "/api/empresa/webhooks" })).json();
    expect(lista.endpoints.find((e: { id: string }) => e.id === ep.id)).toMatchObject({
      ativo: false,
      desativado_motivo: "gone",
    });
  });

  it("refuses an endpoint resolving to a private address, when saved and at every attempt", async () => {
    const r = await novoReceptor();
    const interno = await novoReceptor();
    // an operator who allows only the receiver (the test app allows all of loopback)
    definirPoliticaSaida(lerPoliticaSaida(`127.0.0.1:${r.porta}`), { logLevel: "silent" });
    try {
      const salvar = await a.navegadores.admin.req({
        method: "POST",
        url: "/api/empresa/webhooks",
        payload: { url: `http://localhost:${interno.porta}/x`, tipos_evento: null },
      });
      expect(salvar.statusCode).toBe(400);
      expect(salvar.json().erro).toBe(MSG.destinoNaoPermitido);
      // saved while allowed, then its name resolves to a refused address: the attempt is refused, nothing connects
      const ep = await criarEndpoint(a, r);
      await t.dono.query("UPDATE webhook_endpoints SET url = $2 WHERE id = $1", [ep.id, `http://localhost:${interno.porta}/x`]);
      await criarLeadPorApi(a);
      const [tentativa] = await esperar(
        () =>
          consultar<{ erro: string; status_resposta: number | null }>(
            "SELECT t.erro, t.status_resposta FROM webhook_tentativas t JOIN webhook_entregas d ON d.id = t.id_entrega_fk WHERE d.id_endpoint_fk = $1",
            [ep.id],
          ).then((l) => l.length > 0 && l),
        "tentativa recusada",
      );
      expect(tentativa).toMatchObject({ erro: MSG.destinoNaoPermitido, status_resposta: null });
      expect(interno.recebidos).toHaveLength(0);
    } finally {
      definirPoliticaSaida(lerPoliticaSaida("127.0.0.1,localhost,::1"), { logLevel: "silent" });
    }
  });

  it("after a rotation signs with both secrets for 24 h, then with the new one only", async () => {
    const r = await novoReceptor();
    const ep = await criarEndpoint(a, r);
    const antigo = ep.segredo;
    const rot = await a.navegadores.admin.req({ method: "POST", url: `/api/empresa/webhooks/${ep.id}/rotacionar` });
    expect(rot.statusCode, rot.body).toBe(200);
    const novo = (rot.json() as TEndpointWebhookComSegredo).segredo;
    expect(novo).not.toBe(antigo);
    expect(rot.json().segredo_anterior_ate).not.toBeNull();
    await criarLeadPorApi(a);
    const [x] = await esperar(() => r.recebidos.length > 0 && r.recebidos, "entrega após rotação");
    expect(x.headers["webhook-signature"].split(" ")).toHaveLength(2);
    for (const s of [antigo, novo]) expect(() => new Webhook(s).verify(x.corpo, x.headers)).not.toThrow();
    // 24 h later the old secret no longer signs
    await t.dono.query("UPDATE webhook_endpoints SET segredo_anterior_ate = now() - interval '1 second' WHERE id = $1", [ep.id]);
    await criarLeadPorApi(a);
    const [, y] = await esperar(() => r.recebidos.length > 1 && r.recebidos, "entrega após 24 h");
    expect(y.headers["webhook-signature"].split(" ")).toHaveLength(1);
    expect(() => new Webhook(novo).verify(y.corpo, y.headers)).not.toThrow();
    expect(() => new Webhook(antigo).verify(y.corpo, y.headers)).toThrow();
  });

  it("delivers nothing across companies, and another company's admin cannot see or touch the endpoint", async () => {
    const b = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
    const ra = await novoReceptor();
    const rb = await novoReceptor();
    const epA = await criarEndpoint(a, ra, null);
    await criarEndpoint(b, rb, null);
    const leadA = await criarLeadPorApi(a);
    await esperar(() => ra.recebidos.some((x) => JSON.parse(x.corpo).data.id === leadA), "A recebe");
    const leadB = await criarLeadPorApi(b);
    await esperar(() => rb.recebidos.some((x) => JSON.parse(x.corpo).data.id === leadB), "B recebe");
    expect(rb.recebidos.map((x) => JSON.parse(x.corpo).data.company_id)).not.toContain(a.empresa.id);
    expect(ra.recebidos.map((x) => JSON.parse(x.corpo).data.company_id)).not.toContain(b.empresa.id);
    for (const req of [
      { url: `/api/empresa/webhooks/${epA.id}/entregas` },
      { method: "PATCH" as const, url: `/api/empresa/webhooks/${epA.id}`, payload: { ativo: false } },
      { method: "POST" as const, url: `/api/empresa/webhooks/${epA.id}/teste` },
      { method: "DELETE" as const, url: `/api/empresa/webhooks/${epA.id}` },
    ])
      expect((await b.navegadores.admin.req(req)).statusCode).toBe(404);
    expect((await b.navegadores.admin.req({ url: "/api/empresa/webhooks" })).body).not.toContain(epA.id);
  });

  it("after 5 days of failures disables the endpoint and tells the company's admins (bell and e-mail)", async () => {
    const r = await novoReceptor();
    r.responder = () => ({ status: 503 });
    const ep = await criarEndpoint(a, r);
    await t.dono.query("UPDATE webhook_endpoints SET falhando_desde = now() - interval '5 days 1 minute' WHERE id = $1", [ep.id]);
    await criarLeadPorApi(a);
    await esperar(
      async () =>
        (await consultar("SELECT 1 FROM webhook_endpoints WHERE id = $1 AND NOT ativo AND desativado_motivo = 'falhas'", [ep.id]))
          .length,
      "desativado por falhas",
    );
    const sino = await consultar<{ conteudo: string }>(
      "SELECT conteudo FROM notificacoes WHERE id_usuario_fk = $1 AND titulo = 'Webhook desativado'",
      [a.usuarios.admin.id],
    );
    expect(sino.map((s) => s.conteudo)).toContain(
      `O endpoint ${r.url} falhou por 5 dias seguidos e foi desativado. Corrija o receptor e reative-o em Configurações → Webhooks; as entregas que falharam podem ser reenviadas de lá.`,
    );
    const emails = await consultar("SELECT 1 FROM emails_saida WHERE para = $1 AND assunto = 'Webhook desativado'", [
      a.usuarios.admin.email,
    ]);
    expect(emails.length).toBeGreaterThan(0);
    // nobody else is told
    expect(
      await consultar("SELECT 1 FROM notificacoes WHERE id_usuario_fk = $1 AND titulo = 'Webhook desativado'", [
        a.usuarios.consultor.id,
      ]),
    ).toHaveLength(0);
  });

  it("sends a test event, resends one delivery with the same id, and resends the failed ones of a period", async () => {
    const r = await novoReceptor();
    const ep = await criarEndpoint(a, r);
    expect((await a.navegadores.admin.req({ method: "POST", url: `/api/empresa/webhooks/${ep.id}/teste` })).statusCode).toBe(202);
    const [teste] = await esperar(() => doTipo(r, "webhook.test").length > 0 && doTipo(r, "webhook.test"), "evento de teste");
    expect(teste.verificado).toBe(true);
    const log = await esperar(async () => {
      const l = (
        await a.navegadores.admin.req({ url: `/api/empresa/webhooks/${ep.id}/entregas` })
      ).json() as TListaEntregasWebhook;
      return l.entregas[0]?.estado === "entregue" && l;
    }, "teste registrado");
    const reenviar = await a.navegadores.admin.req({
      method: "POST",
      url: `/api/empresa/webhooks/${ep.id}/entregas/${log.entregas[0].id}/reenviar`,
    });
    expect(reenviar.statusCode).toBe(202);
    await esperar(() => r.recebidos.length === 2, "reenvio");
    expect(r.recebidos[1].id).toBe(teste.id);

    r.responder = () => ({ status: 500 });
    await t.dono.query("UPDATE webhook_entregas SET estado = 'falhou' WHERE id_endpoint_fk = $1", [ep.id]);
    const periodo = { de: new Date(Date.now() - 3_600_000).toISOString(), ate: new Date(Date.now() + 60_000).toISOString() };
    r.responder = () => ({ status: 200 });
    const falhas = await a.navegadores.admin.req({
      method: "POST",
      url: `/api/empresa/webhooks/${ep.id}/reenviar-falhas`,
      payload: periodo,
    });
    expect(falhas.json()).toEqual({ reenviadas: 1 });
    await esperar(() => r.recebidos.length === 3, "reenvio das falhas");
    const invalido = await a.navegadores.admin.req({
      method: "POST",
      url: `/api/empresa/webhooks/${ep.id}/reenviar-falhas`,
      payload: { de: periodo.ate, ate: periodo.de },
    });
    expect(invalido.statusCode).toBe(400);
  });

  it("is for Enterprise (the plans table) and for the company admin only", async () => {
    const p = await criarEmpresaComUsuarios(t, { plano_assinatura: "Premium" });
    const r = await novoReceptor();
    const res = await p.navegadores.admin.req({ method: "POST", url: "/api/empresa/webhooks", payload: { url: r.url } });
    expect(res.statusCode).toBe(403);
    expect(res.json().erro).toContain("Webhooks faz parte do plano Enterprise");
    for (const papel of ["consultor", "juridico"] as const)
      expect((await a.navegadores[papel].req({ url: "/api/empresa/webhooks" })).statusCode).toBe(403);
    const ruim = await a.navegadores.admin.req({ method: "POST", url: "/api/empresa/webhooks", payload: { url: "ftp://x" } });
    expect(ruim.statusCode).toBe(400);
  });
});

import { MSG_CAMPANHAS, type TRitmo, violacoesDoRitmo } from "@crm/domain/campaigns";
import type { TCampanha, TModelosCampanha, TNovaCampanhaEntrada } from "@crm/domain/schemas/campaigns";
import { MODELOS_PADRAO } from "@crm/domain/templates";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evolutionTexto, iniciarEvolutionFalsa, type TEvolutionFalsa } from "../../../../test-support/fake-evolution.js";
import { iniciarGraphFalso } from "../../../../test-support/fake-graph.js";
import { useTestApp } from "../../test/app.js";
import { consentirMarketing } from "../../test/consent.js";
import { criarEmpresaComUsuarios, criarLead, type TEmpresaComUsuarios } from "../../test/factories.js";
import { esperarFilasOciosas } from "../../test/queues.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { sql } from "../screening/testing.js";
import { caminhoWebhook, configurarNaoOficial, configurarOficial } from "../whatsapp/testing/setup.js";
import { enviarCampanhasDaEmpresa } from "./sender.js";

/**
 * Opt-in campaigns (decisions 1891–1894) through the API, the sender's passes at instants of a fake clock (far ahead
 * of the real one, so the background sweep, which reads the real clock, never finds them due) and, for the gateway
 * company, the real send job talking to a local server shaped like Evolution API v2.
 */
const t = useTestApp();
let gw: TEvolutionFalsa;
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
let webhookA: string;
let seq = 0;

beforeAll(async () => {
  gw = await iniciarEvolutionFalsa();
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
  const cfg = await configurarNaoOficial(a.navegadores.admin, { url: gw.url, apiKey: gw.apiKey, instancia: gw.instancia });
  webhookA = caminhoWebhook(cfg);
  await a.navegadores.admin.req({ method: "POST", url: "/api/whatsapp/conexao/verificar", payload: {} });
  // company B keeps the default provider, the built-in sandbox (its delivery and read reports come by themselves)
});
afterAll(() => gw?.fechar());

const novoNumero = () => `55119${String(60_000_000 + Math.floor(Math.random() * 9_999_999)).padStart(8, "0")}`;

type TPerfil = { consentimento: "concedido" | "revogado" | null; telefone?: boolean };

/** Leads of a company, each with a tag of the test (the audience's filter) and a marketing consent history. */
async function criarLeads(e: TEmpresaComUsuarios, etiqueta: string, perfis: TPerfil[]): Promise<{ id: string; fone: string }[]> {
  return unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    const criados: { id: string; fone: string }[] = [];
    for (const p of perfis) {
      const fone = novoNumero();
      const lead = await criarLead(tx, {
        id_empresa_fk: e.empresa.id,
        nome: `Maria ${criados.length} Silva`,
        ...(p.telefone === false ? { telefone: null, telefone_normalizado: null } : { telefone: fone }),
      });
      await tx.query("INSERT INTO leads_etiquetas (id_empresa_fk, id_lead_fk, id_etiqueta_fk) VALUES ($1, $2, $3)", [
        e.empresa.id,
        lead.id,
        etiqueta,
      ]);
      if (p.consentimento)
        await consentirMarketing(tx, { empresaId: e.empresa.id, leadId: lead.id, adminId: e.usuarios.admin.id }, p.consentimento);
      criados.push({ id: lead.id, fone });
    }
    return criados;
  });
}

async function novaEtiqueta(e: TEmpresaComUsuarios): Promise<string> {
  seq += 1;
  const [r] = await sql<{ id: string }>(
    t,
    "INSERT INTO etiquetas (id_empresa_fk, nome, cor) VALUES ($1, $2, '#2563eb') RETURNING id",
    [e.empresa.id, `Campanha teste ${seq}`],
  );
  return r.id;
}

const criar = (e: TEmpresaComUsuarios, c: Partial<TNovaCampanhaEntrada> & { etiqueta: string }) => {
  const { etiqueta, ...resto } = c;
  return e.navegadores.admin.req({
    method: "POST",
    url: "/api/campanhas",
    payload: {
      nome: `Campanha ${etiqueta.slice(0, 8)}`,
      filtros: { etiquetas: [etiqueta] },
      tipo_mensagem: "texto",
      texto: "Olá, {{nome}}! A {{empresa}} tem uma condição especial para revisar o seu contrato.",
      janela_inicio: 0,
      janela_fim: 24,
      limite_diario: 1000,
      espaco_min_s: 60,
      espaco_max_s: 60,
      inicio_em: "2030-01-07T12:00:00.000Z",
      ...resto,
    },
  });
};

const destinatarios = (campanhaId: string) =>
  sql<{ id_lead_fk: string; estado: string; motivo: string | null; enviado_em: Date | null; planejado_em: Date }>(
    t,
    "SELECT id_lead_fk, estado, motivo, enviado_em, planejado_em FROM campanhas_whatsapp_destinatarios WHERE id_campanha_fk = $1 ORDER BY planejado_em",
    [campanhaId],
  );

const mensagensDaCampanha = (campanhaId: string) =>
  sql<{ id: string; id_lead_fk: string; message: string; natureza_envio: string }>(
    t,
    `SELECT m.id, m.id_lead_fk, m.message, m.natureza_envio FROM mensagens_whatsapp m
       JOIN campanhas_whatsapp_destinatarios d ON d.id_empresa_fk = m.id_empresa_fk AND d.id_mensagem_fk = m.id
      WHERE d.id_campanha_fk = $1`,
    [campanhaId],
  );

/** What the gateway was asked to send to this number. */
const enviadosPara = (numero: string) =>
  gw
    .enviados()
    .map((p) => p.json as { number?: string; text?: string })
    .filter((j) => j.number === numero)
    .map((j) => j.text ?? "");

async function escreve(numero: string, texto: string): Promise<void> {
  seq += 1;
  const res = await t.app.inject({
    method: "POST",
    url: webhookA,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(
      evolutionTexto({
        instancia: gw.instancia,
        apiKey: null,
        de: numero,
        id: `3EB0CAMP${seq.toString().padStart(6, "0")}`,
        texto,
        quando: Math.floor(Date.now() / 1000),
      }),
    ),
  });
  expect(res.statusCode).toBe(200);
  await esperarFilasOciosas(t.dono);
}

const em = (iso: string, segundos = 0) => new Date(new Date(iso).getTime() + segundos * 1000);

describe("GET /api/campanhas/modelos: the approved-template picker (decision 1944)", () => {
  it("lists the provider's approved templates with language and variables; the gateway has none; another company's provider is not asked", async () => {
    // company B's sandbox approves the six built-in templates, as the official API would list them
    const res = await b.navegadores.admin.req({ url: "/api/campanhas/modelos" });
    expect(res.statusCode, res.body).toBe(200);
    const { aprovados, erro } = res.json() as TModelosCampanha;
    expect(erro).toBeNull();
    expect(aprovados.length).toBe(MODELOS_PADRAO.length);
    expect(aprovados[0]).toMatchObject({ idioma: "pt_BR", parametros: expect.any(Number), corpo: expect.any(String) });
    // company A sends through a gateway: no Meta templates (the form falls back to a typed name)
    const gateway = await a.navegadores.admin.req({ url: "/api/campanhas/modelos" });
    expect(gateway.json()).toEqual({ aprovados: [], erro: null });
    // a consultant may not build campaigns
    expect((await a.navegadores.consultor.req({ url: "/api/campanhas/modelos" })).statusCode).toBe(403);
  });

  it("reads the official API's approved templates only, and says why when Graph refuses", async () => {
    const graph = await iniciarGraphFalso();
    const c = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
    const antes = t.deps.config.whatsappGraphUrl;
    try {
      t.deps.config.whatsappGraphUrl = graph.url;
      await configurarOficial(c.navegadores.admin, graph);
      const res = await c.navegadores.admin.req({ url: "/api/campanhas/modelos" });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as TModelosCampanha).aprovados).toEqual([
        {
          nome: "retomar_contato",
          idioma: "pt_BR",
          categoria: "MARKETING",
          corpo: "Olá {{1}}, ainda podemos revisar seu contrato. Podemos conversar?",
          parametros: 1,
        },
      ]);
      // a revoked token: Graph answers 401 to the listing, and the picker says so
      await configurarOficial(c.navegadores.admin, { ...graph, token: "EAAG-token-revogado" });
      const recusa = (await c.navegadores.admin.req({ url: "/api/campanhas/modelos" })).json() as TModelosCampanha;
      expect(recusa.aprovados).toEqual([]);
      expect(recusa.erro).toMatch(/./);
    } finally {
      t.deps.config.whatsappGraphUrl = antes;
      await graph.fechar();
    }
  });
});

describe("the audience", () => {
  it("counts the excluded by reason: no consent, opted out, no WhatsApp; only the opted-in are planned", async () => {
    const etiqueta = await novaEtiqueta(a);
    await criarLeads(a, etiqueta, [
      { consentimento: "concedido" },
      { consentimento: "concedido" },
      { consentimento: "concedido" },
      { consentimento: "concedido", telefone: false },
      { consentimento: null },
      { consentimento: null },
      { consentimento: "revogado" },
    ]);
    const contagem = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/campanhas/publico",
      payload: { filtros: { etiquetas: [etiqueta] } },
    });
    expect(contagem.statusCode).toBe(200);
    expect(contagem.json()).toEqual({
      total: 7,
      elegiveis: 3,
      exclusoes: { descadastrado: 1, sem_consentimento: 2, sem_whatsapp: 1 },
    });
    // another filter that the tag's leads do not match: nobody
    const nenhum = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/campanhas/publico",
      payload: { filtros: { etiquetas: [etiqueta], status: ["Convertido (Ganho)"] } },
    });
    expect(nenhum.json()).toMatchObject({ total: 0, elegiveis: 0 });

    const res = await criar(a, { etiqueta });
    expect(res.statusCode).toBe(201);
    const c = res.json() as TCampanha;
    expect(c).toMatchObject({ estado: "ativa", total_destinatarios: 3 });
    expect(c.exclusoes).toEqual({ descadastrado: 1, sem_consentimento: 2, sem_whatsapp: 1 });
    expect((await destinatarios(c.id)).length).toBe(3);
    // created and planned: one campanha.criada row by the admin, with the counts
    const log = await sql<{ tipo: string; origem: string; depois: Record<string, unknown> }>(
      t,
      "SELECT tipo, origem, depois FROM mudancas WHERE entidade = 'campanha' AND id_entidade = $1",
      [c.id],
    );
    expect(log).toEqual([
      expect.objectContaining({
        tipo: "campanha.criada",
        origem: "usuario",
        depois: expect.objectContaining({ total_destinatarios: 3 }),
      }),
    ]);
    // one at a time per number: a second one is refused while this one runs
    const outra = await criar(a, { etiqueta });
    expect(outra.statusCode).toBe(409);
    expect(outra.json().erro).toBe(MSG_CAMPANHAS.outraEmCurso);
    const cancelada = await a.navegadores.admin.req({
      method: "POST",
      url: `/api/campanhas/${c.id}/estado`,
      payload: { acao: "cancelar" },
    });
    expect(cancelada.statusCode).toBe(200);
    expect(cancelada.json()).toMatchObject({ estado: "cancelada", funil: { pendentes: 0, ignorados: 3 } });
  });

  it("refuses bad input with a pt-BR message and leaves nothing behind", async () => {
    const etiqueta = await novaEtiqueta(a);
    const antes = await sql<{ n: number }>(t, "SELECT count(*)::int AS n FROM campanhas_whatsapp WHERE id_empresa_fk = $1", [
      a.empresa.id,
    ]);
    const janela = await criar(a, { etiqueta, janela_inicio: 18, janela_fim: 9 });
    expect(janela.statusCode).toBe(400);
    expect(janela.body).toContain(MSG_CAMPANHAS.janelaInvalida);
    const espaco = await criar(a, { etiqueta, espaco_min_s: 90, espaco_max_s: 30 });
    expect(espaco.statusCode).toBe(400);
    expect(espaco.body).toContain(MSG_CAMPANHAS.espacoInvalido);
    // the gateway sends text: a template is refused
    const modelo = await criar(a, { etiqueta, tipo_mensagem: "modelo", modelo: { nome: "boas_vindas", parametros: [] } });
    expect(modelo.statusCode).toBe(400);
    expect(modelo.json().erro).toBe(MSG_CAMPANHAS.textoNoGateway);
    // nobody opted in under this tag
    const vazio = await criar(a, { etiqueta });
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json().erro).toBe(MSG_CAMPANHAS.publicoVazio);
    const depois = await sql<{ n: number }>(t, "SELECT count(*)::int AS n FROM campanhas_whatsapp WHERE id_empresa_fk = $1", [
      a.empresa.id,
    ]);
    expect(depois[0].n).toBe(antes[0].n);
  });
});

describe("sending on the gateway", () => {
  it("skips a lead who opted out after planning, and a lead who answered 'SAIR' gets nothing from the next campaign", async () => {
    const etiqueta = await novaEtiqueta(a);
    const leads = await criarLeads(a, etiqueta, [{ consentimento: "concedido" }, { consentimento: "concedido" }]);
    const c = (await criar(a, { etiqueta })).json() as TCampanha;
    const [primeiro, segundo] = (await destinatarios(c.id)).map((d) => leads.find((l) => l.id === d.id_lead_fk) ?? leads[0]);

    // the first send at the start; the second is due 60 s later
    expect(await enviarCampanhasDaEmpresa(t.deps, a.empresa.id, em(c.inicio_em))).toMatchObject({ enviados: 1 });
    await esperarFilasOciosas(t.dono);
    expect(enviadosPara(primeiro.fone)).toEqual([
      expect.stringMatching(/^Olá, Maria! A .+ tem uma condição especial para revisar o seu contrato\.$/),
    ]);
    // the second lead writes 'SAIR' before their turn (decision 1828): the sender re-reads consent and skips them
    await escreve(segundo.fone, "SAIR");
    const depoisDoSair = enviadosPara(segundo.fone);
    expect(depoisDoSair.length).toBe(1); // the opt-out's one confirmation
    expect(await enviarCampanhasDaEmpresa(t.deps, a.empresa.id, em(c.inicio_em, 60))).toMatchObject({
      enviados: 0,
      ignorados: 1,
      concluidas: 1,
    });
    await esperarFilasOciosas(t.dono);
    expect(enviadosPara(segundo.fone)).toEqual(depoisDoSair);
    expect((await destinatarios(c.id)).map((d) => [d.id_lead_fk, d.estado, d.motivo])).toEqual([
      [primeiro.id, "enviado", null],
      [segundo.id, "ignorado", "descadastrado"],
    ]);
    const tipos = await sql<{ tipo: string }>(
      t,
      "SELECT tipo FROM mudancas WHERE entidade = 'campanha' AND id_entidade = $1 ORDER BY id",
      [c.id],
    );
    expect(tipos.map((r) => r.tipo)).toEqual(["campanha.criada", "campanha.lead_ignorado", "campanha.concluida"]);

    // the first lead answers 'SAIR' to the campaign: replied, and out of the next one
    await escreve(primeiro.fone, "SAIR");
    const detalhe = await a.navegadores.admin.req({ method: "GET", url: `/api/campanhas/${c.id}` });
    expect(detalhe.json().funil).toMatchObject({ destinatarios: 2, enviadas: 1, respondidas: 1, ignorados: 1 });
    const jaRecebido = enviadosPara(primeiro.fone);
    const contagem = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/campanhas/publico",
      payload: { filtros: { etiquetas: [etiqueta] } },
    });
    expect(contagem.json()).toMatchObject({ total: 2, elegiveis: 0, exclusoes: { descadastrado: 2 } });
    const outra = await criar(a, { etiqueta, inicio_em: "2030-01-08T12:00:00.000Z" });
    expect(outra.statusCode).toBe(400);
    expect(outra.json().erro).toBe(MSG_CAMPANHAS.publicoVazio);
    await esperarFilasOciosas(t.dono);
    expect(enviadosPara(primeiro.fone)).toEqual(jaRecebido);
  });
});

describe("pacing with the fake clock", () => {
  const ritmo: TRitmo = { janelaInicio: 9, janelaFim: 18, limiteDiario: 4, espacoMinS: 300, espacoMaxS: 600 };

  it("never exceeds the rate: inside the window, at least the minimum gap apart, at most the cap per day, even after a stop", async () => {
    const etiqueta = await novaEtiqueta(b);
    const perfis: TPerfil[] = Array.from({ length: 11 }, () => ({ consentimento: "concedido" }));
    await criarLeads(b, etiqueta, perfis);
    // starts at 10:30 in São Paulo: day 0 has 7.5 hours of window left
    const res = await criar(b, {
      etiqueta,
      janela_inicio: ritmo.janelaInicio,
      janela_fim: ritmo.janelaFim,
      limite_diario: ritmo.limiteDiario,
      espaco_min_s: ritmo.espacoMinS,
      espaco_max_s: ritmo.espacoMaxS,
      inicio_em: "2030-03-04T10:30:00-03:00",
    });
    expect(res.statusCode).toBe(201);
    const c = res.json() as TCampanha;
    const plano = await destinatarios(c.id);
    expect(plano.length).toBe(11);
    expect(
      violacoesDoRitmo(
        plano.map((d) => new Date(d.planejado_em)),
        ritmo,
      ),
    ).toEqual([]);

    // the clock runs in 2-minute steps (30 minutes at night) for four days; on day 1 the server is down from 9:00 to
    // 12:00, so a backlog is due when it returns
    const inicio = new Date("2030-03-04T08:00:00-03:00").getTime();
    const fim = inicio + 4 * 86_400_000;
    let total = 0;
    for (let agora = inicio; agora < fim && total < 11; ) {
      const h = Number(
        new Intl.DateTimeFormat("en-GB", { timeZone: "America/Sao_Paulo", hour: "2-digit", hourCycle: "h23" }).format(agora),
      );
      const fora = agora >= inicio + 86_400_000 + 3_600_000 && agora < inicio + 86_400_000 + 4 * 3_600_000;
      if (!fora) total += (await enviarCampanhasDaEmpresa(t.deps, b.empresa.id, new Date(agora))).enviados;
      agora += h >= 8 && h < 19 ? 180_000 : 3_600_000;
    }
    const enviados = (await destinatarios(c.id)).filter((d) => d.estado === "enviado");
    expect(enviados.length).toBe(11);
    const instantes = enviados.map((d) => new Date(d.enviado_em as Date));
    expect(violacoesDoRitmo(instantes, ritmo)).toEqual([]);
    // explicitly: the cap per São Paulo day, and the window's hours
    const porDia = new Map<string, number>();
    for (const i of instantes) {
      const dia = i.toLocaleDateString("en-CA", { timeZone: "America/Sao_Paulo" });
      porDia.set(dia, (porDia.get(dia) ?? 0) + 1);
      const hora = Number(i.toLocaleString("en-GB", { timeZone: "America/Sao_Paulo", hour: "2-digit", hourCycle: "h23" }));
      expect(hora).toBeGreaterThanOrEqual(9);
      expect(hora).toBeLessThan(18);
    }
    expect([...porDia.values()].every((n) => n <= ritmo.limiteDiario)).toBe(true);
    expect((await mensagensDaCampanha(c.id)).length).toBe(11);
    const detalhe = await b.navegadores.admin.req({ method: "GET", url: `/api/campanhas/${c.id}` });
    expect(detalhe.json()).toMatchObject({ estado: "concluida", funil: { destinatarios: 11, pendentes: 0 } });
  }, 180_000);

  it("a pause holds every send; resuming goes on at the campaign's pace", async () => {
    const etiqueta = await novaEtiqueta(b);
    await criarLeads(b, etiqueta, [
      { consentimento: "concedido" },
      { consentimento: "concedido" },
      { consentimento: "concedido" },
    ]);
    const c = (await criar(b, { etiqueta, inicio_em: "2030-05-06T12:00:00.000Z" })).json() as TCampanha;
    const acao = (x: string) =>
      b.navegadores.admin.req({ method: "POST", url: `/api/campanhas/${c.id}/estado`, payload: { acao: x } });
    expect((await acao("pausar")).json()).toMatchObject({ estado: "pausada" });
    expect((await acao("pausar")).statusCode).toBe(409);
    expect(await enviarCampanhasDaEmpresa(t.deps, b.empresa.id, em(c.inicio_em, 3600))).toMatchObject({ enviados: 0 });
    expect((await acao("retomar")).json()).toMatchObject({ estado: "ativa" });
    // all three are overdue now, yet one per minimum gap
    expect(await enviarCampanhasDaEmpresa(t.deps, b.empresa.id, em(c.inicio_em, 3600))).toMatchObject({ enviados: 1 });
    expect(await enviarCampanhasDaEmpresa(t.deps, b.empresa.id, em(c.inicio_em, 3630))).toMatchObject({ enviados: 0 });
    expect(await enviarCampanhasDaEmpresa(t.deps, b.empresa.id, em(c.inicio_em, 3660))).toMatchObject({ enviados: 1 });
    expect((await acao("cancelar")).json()).toMatchObject({ estado: "cancelada", funil: { ignorados: 1 } });
    expect(await enviarCampanhasDaEmpresa(t.deps, b.empresa.id, em(c.inicio_em, 7200))).toMatchObject({ enviados: 0 });
    const tipos = await sql<{ tipo: string }>(
      t,
      "SELECT tipo FROM mudancas WHERE entidade = 'campanha' AND id_entidade = $1 ORDER BY id",
      [c.id],
    );
    expect(tipos.map((r) => r.tipo)).toEqual(["campanha.criada", "campanha.pausada", "campanha.retomada", "campanha.cancelada"]);
  });
});

describe("a crash mid-send", () => {
  it("sends nobody twice: a pass killed before it commits leaves the lead pending, and passes run twice send once", async () => {
    const etiqueta = await novaEtiqueta(b);
    const leads = await criarLeads(b, etiqueta, [{ consentimento: "concedido" }, { consentimento: "concedido" }]);
    const c = (await criar(b, { etiqueta, inicio_em: "2030-07-01T12:00:00.000Z" })).json() as TCampanha;
    const primeiro = (await destinatarios(c.id))[0].id_lead_fk;
    expect(leads.map((l) => l.id)).toContain(primeiro);
    // the pass the creation queued (at the real clock: nothing due) is over; the earlier tests' sends may still be
    // pacing through the sandbox's queue, which this test does not wait for
    await esperarFilasOciosas(t.dono, { filas: ["campanhas.envio"] });

    // the owner holds the lead's row: the pass inserts its message, then waits on the lead's update, and is killed
    const dono = await t.dono.connect();
    try {
      await dono.query("BEGIN");
      await dono.query("SELECT 1 FROM leads_juros_check WHERE id = $1 FOR UPDATE", [primeiro]);
      const passe = enviarCampanhasDaEmpresa(t.deps, b.empresa.id, em(c.inicio_em));
      const falhou = passe.then(
        () => false,
        () => true,
      );
      let pid: number | undefined;
      for (let i = 0; i < 200 && !pid; i++) {
        const { rows } = await t.dono.query(
          "SELECT pid FROM pg_stat_activity WHERE application_name = 'crm:campanhas-envio' AND wait_event_type = 'Lock'",
        );
        pid = rows[0]?.pid;
        if (!pid) await new Promise((r) => setImmediate(r));
      }
      expect(pid).toBeDefined();
      await t.dono.query("SELECT pg_terminate_backend($1)", [pid]);
      expect(await falhou).toBe(true);
    } finally {
      await dono.query("ROLLBACK");
      dono.release();
    }
    expect((await destinatarios(c.id)).every((d) => d.estado === "pendente")).toBe(true);
    expect(await mensagensDaCampanha(c.id)).toEqual([]);

    // the job runs again (twice, at once, as two instances would): one message
    const [x, y] = await Promise.all([
      enviarCampanhasDaEmpresa(t.deps, b.empresa.id, em(c.inicio_em, 1)),
      enviarCampanhasDaEmpresa(t.deps, b.empresa.id, em(c.inicio_em, 1)),
    ]);
    expect(x.enviados + y.enviados).toBe(1);
    expect(await enviarCampanhasDaEmpresa(t.deps, b.empresa.id, em(c.inicio_em, 2))).toMatchObject({ enviados: 0 });
    const msgs = await mensagensDaCampanha(c.id);
    expect(msgs.map((m) => [m.id_lead_fk, m.natureza_envio])).toEqual([[primeiro, "campanha"]]);
    const cancelar = await b.navegadores.admin.req({
      method: "POST",
      url: `/api/campanhas/${c.id}/estado`,
      payload: { acao: "cancelar" },
    });
    expect(cancelar.statusCode).toBe(200);
  });
});

describe("figures and isolation", () => {
  it("shows receipts, replies, qualified, converted and the marketing cost that names it; another company sees none of it", async () => {
    const etiqueta = await novaEtiqueta(b);
    const leads = await criarLeads(b, etiqueta, [{ consentimento: "concedido" }, { consentimento: "concedido" }]);
    const c = (
      await criar(b, {
        etiqueta,
        espaco_min_s: 0,
        espaco_max_s: 0,
        inicio_em: "2030-09-02T12:00:00.000Z",
        campanha_marketing: "Revisão Setembro",
      })
    ).json() as TCampanha;
    expect(await enviarCampanhasDaEmpresa(t.deps, b.empresa.id, em(c.inicio_em))).toMatchObject({ enviados: 2, concluidas: 1 });
    // the receipts: the sandbox paces its sends, and the earlier tests' may be ahead of these two in its queue
    await esperarFilasOciosas(t.dono, { emBreveSegundos: 5, ms: 90_000 });
    for (const l of leads) {
      const r = await b.navegadores.admin.req({
        method: "PATCH",
        url: `/api/leads/${l.id}/status`,
        payload: { status: "Qualificado para Atendente" },
      });
      expect(r.statusCode).toBe(204);
    }
    const conv = await b.navegadores.admin.req({
      method: "PATCH",
      url: `/api/leads/${leads[0].id}/status`,
      payload: { status: "Convertido (Ganho)" },
    });
    expect(conv.statusCode).toBe(204);
    for (const [data, valor] of [
      ["2030-09-01", "100,00"],
      ["2030-09-03", "50,50"],
    ])
      expect(
        (
          await b.navegadores.admin.req({
            method: "POST",
            url: "/api/custos-marketing",
            payload: { data_custo: data, plataforma: "Facebook", valor_gasto: valor, campanha: "Revisão Setembro" },
          })
        ).statusCode,
      ).toBe(201);
    const detalhe = (await b.navegadores.admin.req({ method: "GET", url: `/api/campanhas/${c.id}` })).json() as TCampanha;
    expect(detalhe.funil).toMatchObject({ destinatarios: 2, enviadas: 2, qualificados: 2, convertidos: 1, falhas: 0 });
    // the sandbox reports delivery and reading after the send
    expect(detalhe.funil.entregues).toBe(2);
    expect(detalhe.custo).toBe("150.50");

    // company A's admin, consultant and another company's ids
    const adminA = a.navegadores.admin;
    expect((await adminA.req({ method: "GET", url: `/api/campanhas/${c.id}` })).statusCode).toBe(404);
    const acao = await adminA.req({ method: "POST", url: `/api/campanhas/${c.id}/estado`, payload: { acao: "cancelar" } });
    expect(acao.statusCode).toBe(404);
    const lista = (await adminA.req({ method: "GET", url: "/api/campanhas" })).json() as TCampanha[];
    expect(lista.some((x) => x.id === c.id)).toBe(false);
    const contagem = await adminA.req({
      method: "POST",
      url: "/api/campanhas/publico",
      payload: { filtros: { etiquetas: [etiqueta] } },
    });
    expect(contagem.json()).toMatchObject({ total: 0 });
    const consultor = await b.navegadores.consultor.req({ method: "GET", url: "/api/campanhas" });
    expect(consultor.statusCode).toBe(403);
    expect(consultor.json().erro).toBe(MSG_CAMPANHAS.acessoNegado);
  }, 150_000);
});

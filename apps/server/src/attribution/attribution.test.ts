import { figurasDaCampanha, STATUS_QUALIFICADOS_IA } from "@crm/domain/attribution";
import { MSG } from "@crm/domain/messages";
import type { TAtribuicao, TConversoesMeta } from "@crm/domain/schemas/attribution";
import type { TConfiguracoes } from "@crm/domain/schemas/settings";
import { STATUS_CONVERTIDOS, STATUS_LEAD } from "@crm/domain/status";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { iniciarConversoesFalsa, type TConversoesFalsa } from "../../../../test-support/fake-conversions.js";
import { assinarGraph, webhookTexto } from "../../../../test-support/fake-graph.js";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, type TEmpresaComUsuarios } from "../../test/factories.js";
import { excluirLeads, mudarLeads } from "../../test/logged-writes.js";
import type { TConfig } from "../config/config.js";
import { unsafeWithSystem, withCompanyJob } from "../db/tenant.js";
import { resumoExato } from "../derived/rollup.js";
import { inserirVarios } from "../seed/bulk.js";
import { APP_SECRET_META, caminhoWebhook, configurarOficial, contar, linha } from "../whatsapp/testing/setup.js";
import { esperarAte } from "../whatsapp/testing/wait.js";

const over: Partial<TConfig> = {};
let capi: TConversoesFalsa;
beforeAll(async () => {
  capi = await iniciarConversoesFalsa();
  // the Conversions API is on the Graph host: the fake answers there
  over.whatsappGraphUrl = capi.url;
});
afterAll(() => capi?.fechar());
const t = useTestApp(over);

const META = { token: "EAAG-whatsapp", phoneNumberId: "106540352242922", wabaId: "102290129340398" };
let a: TEmpresaComUsuarios;
let cfg: TConfiguracoes;
let url: string;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  cfg = await configurarOficial(a.navegadores.admin, META);
  url = caminhoWebhook(cfg);
});

/** The referral object exactly as Meta's Cloud API webhook reference shows it (messages[].referral). */
const referralDoc = (p: Partial<Record<string, string>> = {}) => ({
  source_url: "https://fb.me/3cr4Wqqkk",
  source_id: "120210000000000001",
  source_type: "ad",
  body: "Pagou juros demais no financiamento do carro? Fale com a gente.",
  headline: "Revisão de juros - Veículos",
  media_type: "image",
  image_url: "https://scontent.xx.fbcdn.net/v/t45.1600-4/anuncio.jpg",
  ctwa_clid: "Aff-n8ZTODiE79d22KtAwQKj9e_mIEOOj27vDVwFjN80dp4_0N",
  welcome_message: { text: "Olá! Quer revisar seu contrato?" },
  ...p,
});

async function postarMensagem(m: { de: string; id: string; texto: string; referral?: unknown }) {
  const payload = webhookTexto({ phoneNumberId: META.phoneNumberId, wabaId: META.wabaId, ...m });
  const valor = payload.entry[0].changes[0].value as unknown as { messages: Record<string, unknown>[] };
  if (m.referral) valor.messages[0].referral = m.referral;
  const corpo = JSON.stringify(payload);
  const res = await t.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/json", "x-hub-signature-256": assinarGraph(corpo, APP_SECRET_META) },
    payload: corpo,
  });
  expect(res.statusCode).toBe(200);
}

type TLeadToque = {
  id: string;
  origem_lead: string;
  campanha_origem: string | null;
  anuncio_id: string | null;
  ctwa_clid: string | null;
  plataforma_anuncio: string | null;
  primeiro_toque_em: Date | null;
};
const leadDe = (tel: string) =>
  linha<TLeadToque>(
    t,
    `SELECT id, origem_lead, campanha_origem, anuncio_id, ctwa_clid, plataforma_anuncio, primeiro_toque_em
       FROM leads_juros_check WHERE id_empresa_fk = $1 AND telefone_normalizado = $2`,
    [a.empresa.id, tel],
  );
/** The lead of a phone once its first touch is stored (the inbox is processed by a job). */
const leadComToque = (tel: string) =>
  esperarAte(
    async () => {
      const l = await leadDe(tel);
      return l?.ctwa_clid ? l : null;
    },
    10_000,
    `lead ${tel}`,
  );
const mensagem = (id: string) =>
  esperarAte(
    () => linha<{ referral: unknown }>(t, "SELECT referral FROM mensagens_whatsapp WHERE provider_message_id = $1", [id]),
    10_000,
    `mensagem ${id}`,
  );

describe("referral of a click-to-WhatsApp ad (Cloud API webhook)", () => {
  const tel = "5511987650001";
  it("keeps the raw referral on the message and sets the lead's first touch", async () => {
    await postarMensagem({ de: tel, id: "wamid.ANUNCIO1", texto: "Oi, vi o anúncio", referral: referralDoc() });
    const m = await mensagem("wamid.ANUNCIO1");
    expect(m.referral).toMatchObject({
      source_url: "https://fb.me/3cr4Wqqkk",
      source_id: "120210000000000001",
      source_type: "ad",
      headline: "Revisão de juros - Veículos",
      ctwa_clid: "Aff-n8ZTODiE79d22KtAwQKj9e_mIEOOj27vDVwFjN80dp4_0N",
      media_type: "image",
    });
    const lead = await esperarAte(() => leadDe(tel), 10_000, "lead");
    expect(lead).toMatchObject({
      origem_lead: "Facebook Ads",
      campanha_origem: "Revisão de juros - Veículos",
      anuncio_id: "120210000000000001",
      ctwa_clid: "Aff-n8ZTODiE79d22KtAwQKj9e_mIEOOj27vDVwFjN80dp4_0N",
      plataforma_anuncio: "Facebook",
    });
    expect(lead.primeiro_toque_em).not.toBeNull();
  });

  it("a later message, with another ad or none, never overwrites the first touch", async () => {
    const antes = await leadDe(tel);
    await postarMensagem({
      de: tel,
      id: "wamid.ANUNCIO2",
      texto: "Cliquei em outro anúncio",
      referral: referralDoc({
        source_url: "https://www.instagram.com/p/C9xyz/",
        source_id: "120210000000000999",
        headline: "Outra campanha",
        ctwa_clid: "OUTRO-CLID",
      }),
    });
    await postarMensagem({ de: tel, id: "wamid.SEMANUNCIO", texto: "Mais uma dúvida" });
    expect((await mensagem("wamid.ANUNCIO2")).referral).toMatchObject({ ctwa_clid: "OUTRO-CLID" });
    expect((await mensagem("wamid.SEMANUNCIO")).referral).toBeNull();
    expect(await leadDe(tel)).toEqual(antes);
  });

  it("an Instagram ad's platform comes from its URL; a lead without referral stays organic", async () => {
    await postarMensagem({
      de: "5511987650002",
      id: "wamid.INSTA",
      texto: "Olá",
      referral: referralDoc({ source_url: "https://www.instagram.com/p/C9xyz/", headline: "Stories juros" }),
    });
    await postarMensagem({ de: "5511987650003", id: "wamid.ORGANICO", texto: "Achei vocês no Google" });
    const insta = await esperarAte(() => leadDe("5511987650002"), 10_000, "lead instagram");
    expect(insta).toMatchObject({
      plataforma_anuncio: "Instagram",
      campanha_origem: "Stories juros",
      origem_lead: "Facebook Ads",
    });
    const organico = await esperarAte(() => leadDe("5511987650003"), 10_000, "lead orgânico");
    expect(organico).toMatchObject({ origem_lead: "WhatsApp", campanha_origem: null, anuncio_id: null, ctwa_clid: null });
  });
});

describe("per-campaign figures", () => {
  let b: TEmpresaComUsuarios;
  // custom period 01/10/2026 – 31/10/2026 (São Paulo): October 1st 00:00 -03 is 03:00Z
  const periodo = "periodo=custom&inicio=2026-10-01&fim=2026-10-31";
  beforeAll(async () => {
    b = await criarEmpresaComUsuarios(t);
    await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      const e = { id_empresa_fk: b.empresa.id };
      const lead = (p: Record<string, unknown>) => criarLead(tx, { ...e, ...p } as never);
      const A = { campanha_origem: "Veículos", anuncio_id: "ad-1", ctwa_clid: "c", origem_lead: "Facebook Ads" };
      // in the period, across its São Paulo edges
      await lead({
        ...A,
        created_at: "2026-10-01T03:00:00Z",
        status_lead: "Convertido (Ganho)",
        valor_contrato_fechado: 3000,
        data_processamento_ia: "2026-10-01T04:00:00Z",
      });
      await lead({
        ...A,
        created_at: "2026-10-15T12:00:00Z",
        status_lead: "Qualificado para Atendente",
        data_processamento_ia: "2026-10-15T13:00:00Z",
      });
      await lead({ ...A, anuncio_id: "ad-2", created_at: "2026-11-01T02:59:59Z", status_lead: "Em Atendimento" });
      await lead({
        campanha_origem: "Casa própria",
        anuncio_id: "ad-9",
        created_at: "2026-10-20T12:00:00Z",
        status_lead: "Convertido",
        valor_contrato_fechado: 1000,
      });
      await lead({ created_at: "2026-10-10T12:00:00Z", status_lead: "Convertido (Ganho)", valor_contrato_fechado: 500 });
      await lead({ created_at: "2026-10-11T12:00:00Z", status_lead: "Novo Lead" });
      // outside: the day before and the day after, São Paulo time
      await lead({ ...A, created_at: "2026-10-01T02:59:59Z", status_lead: "Convertido (Ganho)", valor_contrato_fechado: 99999 });
      await lead({ ...A, created_at: "2026-11-01T03:00:00Z" });
      const custo = (data_custo: string, valor_gasto: number, campanha: string | null, anuncio_id: string | null) =>
        inserirVarios(tx, "custos_marketing", [
          { id_empresa_fk: b.empresa.id, data_custo, plataforma: "Facebook", valor_gasto, campanha, anuncio_id },
        ]);
      await custo("2026-10-01", 400, "Veículos", null);
      await custo("2026-10-31", 200, "Veículos", "ad-2");
      await custo("2026-10-05", 150.5, null, "ad-9");
      await custo("2026-10-06", 70, null, null);
      await custo("2026-09-30", 5000, "Veículos", null);
      await custo("2026-11-01", 5000, "Veículos", null);
    });
  });

  it("equal an independent SQL over the same rows, with an organic row and per ad", async () => {
    const res = await b.navegadores.admin.req({ url: `/api/atribuicao/campanhas?${periodo}` });
    expect(res.statusCode).toBe(200);
    const r = res.json() as TAtribuicao;
    const { rows } = await t.dono.query(
      `WITH l AS (
         SELECT coalesce(campanha_origem, '(organico)') AS campanha, count(*)::int AS leads,
                count(*) FILTER (WHERE data_processamento_ia IS NOT NULL AND status_lead = ANY ($2))::int AS qia,
                count(*) FILTER (WHERE status_lead = ANY ($3))::int AS conv,
                coalesce(sum(valor_contrato_fechado) FILTER (WHERE status_lead = ANY ($3)), 0) AS receita
           FROM leads_juros_check WHERE id_empresa_fk = $1
            AND created_at >= '2026-10-01 00:00 America/Sao_Paulo' AND created_at < '2026-11-01 00:00 America/Sao_Paulo'
          GROUP BY 1),
       c AS (
         SELECT coalesce(c.campanha, (SELECT max(campanha_origem) FROM leads_juros_check x WHERE x.id_empresa_fk = $1 AND x.anuncio_id = c.anuncio_id)) AS campanha,
                sum(valor_gasto) AS custo
           FROM custos_marketing c WHERE id_empresa_fk = $1 AND data_custo BETWEEN '2026-10-01' AND '2026-10-31' GROUP BY 1)
       SELECT coalesce(l.campanha, c.campanha) AS campanha, coalesce(leads, 0) AS leads, coalesce(qia, 0) AS qia,
              coalesce(conv, 0) AS conv, coalesce(receita, 0)::text AS receita, coalesce(custo, 0)::text AS custo,
              round(custo / nullif(leads, 0), 2)::float8 AS cpl, round(custo / nullif(qia, 0), 2)::float8 AS cpq,
              round(custo / nullif(conv, 0), 2)::float8 AS cac,
              CASE WHEN coalesce(custo, 0) > 0 THEN round((coalesce(receita, 0) - custo) / custo * 100, 1) ELSE 0 END::float8 AS roi
         FROM l FULL JOIN c ON c.campanha = l.campanha WHERE coalesce(l.campanha, c.campanha) IS NOT NULL`,
      [b.empresa.id, STATUS_QUALIFICADOS_IA, STATUS_CONVERTIDOS],
    );
    const esperado = (nome: string) => rows.find((x) => x.campanha === nome);
    for (const linhaApi of [...r.campanhas, r.organico]) {
      const x = esperado(linhaApi.campanha ?? "(organico)");
      expect(x, linhaApi.campanha ?? "orgânico").toBeDefined();
      expect({
        leads: linhaApi.leads,
        qia: linhaApi.qualificadosIa,
        conv: linhaApi.conversoes,
        receita: Number(linhaApi.receita),
        custo: Number(linhaApi.custo),
        cpl: linhaApi.custoPorLead,
        cpq: linhaApi.custoPorQualificado,
        cac: linhaApi.custoPorCliente,
        roi: linhaApi.roi,
      }).toEqual({
        leads: x.leads,
        qia: x.qia,
        conv: x.conv,
        receita: Number(x.receita),
        custo: Number(x.custo),
        cpl: x.cpl,
        cpq: x.cpq,
        cac: x.cac,
        roi: linhaApi.campanha ? x.roi : 0,
      });
    }
    expect(r.campanhas.map((c) => c.campanha)).toEqual(["Veículos", "Casa própria"]);
    // by hand: Veículos has 3 leads in the period, 2 processed by the AI and approved, 1 converted for R$ 3.000
    expect(r.campanhas[0]).toMatchObject({ leads: 3, qualificadosIa: 2, conversoes: 1, receita: "3000.00", custo: "600.00" });
    expect(r.campanhas[0]).toMatchObject(
      figurasDaCampanha({ leads: 3, qualificadosIa: 2, conversoes: 1, receita: 3000, custo: 600 }),
    );
    expect(r.organico).toMatchObject({ campanha: null, leads: 2, conversoes: 1, receita: "500.00", custo: "0.00", roi: 0 });
    expect(r.custoSemCampanha).toBe("70.00");
    expect(r.anuncios.find((x) => x.anuncio_id === "ad-2")).toMatchObject({ campanha: "Veículos", leads: 1, custo: "200.00" });
    expect(r.anuncios.find((x) => x.anuncio_id === "ad-9")).toMatchObject({
      campanha: "Casa própria",
      custo: "150.50",
      roi: 564.5,
    });
    expect(r).toMatchObject({ inicio: "2026-10-01", fim: "2026-10-31" });
  });

  it("periods with loose days at their ends (whole months of migration 0039 plus or minus day rows) equal the rows'", async () => {
    for (const [de, ate] of [
      ["2026-09-30", "2026-10-15"],
      ["2026-10-02", "2026-11-01"],
      ["2026-10-11", "2026-10-31"],
      ["2026-09-01", "2026-11-30"],
    ]) {
      const res = await b.navegadores.admin.req({ url: `/api/atribuicao/campanhas?periodo=custom&inicio=${de}&fim=${ate}` });
      expect(res.statusCode).toBe(200);
      const r = res.json() as TAtribuicao;
      const { rows } = await t.dono.query(
        `WITH l AS (
           SELECT coalesce(campanha_origem, '(organico)') AS campanha, count(*)::int AS leads,
                  count(*) FILTER (WHERE status_lead = ANY ($2))::int AS conv,
                  coalesce(sum(valor_contrato_fechado) FILTER (WHERE status_lead = ANY ($2)), 0)::float8 AS receita
             FROM leads_juros_check
            WHERE id_empresa_fk = $1 AND (created_at AT TIME ZONE 'America/Sao_Paulo')::date BETWEEN $3::date AND $4::date
            GROUP BY 1),
         -- an ad's campaign as the period's leads or costs naming both say (decision 1213); an ad's cost of no known
         -- campaign counts for the ad only
         anuncio AS (
           SELECT anuncio_id, max(campanha_origem) AS campanha FROM leads_juros_check
            WHERE id_empresa_fk = $1 AND (created_at AT TIME ZONE 'America/Sao_Paulo')::date BETWEEN $3::date AND $4::date
              AND anuncio_id IS NOT NULL AND campanha_origem IS NOT NULL GROUP BY 1
           UNION
           SELECT anuncio_id, max(campanha) FROM custos_marketing
            WHERE id_empresa_fk = $1 AND data_custo BETWEEN $3::date AND $4::date AND anuncio_id IS NOT NULL AND campanha IS NOT NULL
            GROUP BY 1),
         c AS (
           SELECT coalesce(c.campanha, (SELECT max(a.campanha) FROM anuncio a WHERE a.anuncio_id = c.anuncio_id),
                           CASE WHEN c.anuncio_id IS NULL THEN '(sem campanha)' ELSE '(só o anúncio)' END) AS campanha,
                  sum(valor_gasto)::float8 AS custo
             FROM custos_marketing c WHERE id_empresa_fk = $1 AND data_custo BETWEEN $3::date AND $4::date GROUP BY 1)
         SELECT coalesce(l.campanha, c.campanha) AS campanha, coalesce(leads, 0) AS leads, coalesce(conv, 0) AS conv,
                coalesce(receita, 0) AS receita, coalesce(custo, 0) AS custo
           FROM l FULL JOIN c ON c.campanha = l.campanha WHERE coalesce(l.campanha, c.campanha) <> '(só o anúncio)'`,
        [b.empresa.id, STATUS_CONVERTIDOS, de, ate],
      );
      const tela = [
        ...r.campanhas.map((x) => [x.campanha, x.leads, x.conversoes, Number(x.receita), Number(x.custo)]),
        ["(organico)", r.organico.leads, r.organico.conversoes, Number(r.organico.receita), 0],
        ["(sem campanha)", 0, 0, 0, Number(r.custoSemCampanha)],
      ].filter((x) => x[1] !== 0 || x[4] !== 0);
      const sql = rows
        .map((x) => [x.campanha, x.leads, x.conv, x.receita, x.campanha === "(organico)" ? 0 : x.custo])
        .filter((x) => x[1] !== 0 || x[4] !== 0);
      expect(tela.sort(), `${de} a ${ate}`).toEqual(sql.sort());
    }
  });

  it("read a day summary (migration 0035) that equals a recount after status, value, ad, day changes and deletes", async () => {
    const { rows: sets } = await t.dono.query(
      "SELECT s, crm_status_aprovado_ia(s) AS q, crm_status_convertido(s) AS c FROM unnest($1::text[]) s",
      [[...STATUS_LEAD, "Status desconhecido"]],
    );
    for (const x of sets) {
      expect([x.s, x.q]).toEqual([x.s, STATUS_QUALIFICADOS_IA.includes(x.s) ? 1 : 0]);
      expect([x.s, x.c]).toEqual([x.s, STATUS_CONVERTIDOS.includes(x.s) ? 1 : 0]);
    }
    const c = await criarEmpresaComUsuarios(t);
    await withCompanyJob(t.deps.db.app, c.empresa.id, "teste", async (tx) => {
      const e = { id_empresa_fk: c.empresa.id };
      for (let i = 0; i < 12; i++)
        await criarLead(tx, {
          ...e,
          campanha_origem: i % 3 ? `Camp ${i % 2}` : null,
          anuncio_id: i % 4 ? `ad-${i % 3}` : null,
          plataforma_anuncio: i % 4 ? "Facebook" : null,
          created_at: new Date(Date.UTC(2026, 9, 10 + (i % 4), 2, 30)),
          status_lead: i % 2 ? "Qualificado para Atendente" : "Novo Lead",
          data_processamento_ia: i % 5 ? "2026-10-12T12:00:00Z" : null,
        } as never);
      const ids = (await tx.query("SELECT id FROM leads_juros_check ORDER BY id")).rows.map((r) => r.id);
      await mudarLeads(tx, "status_lead = 'Convertido (Ganho)', valor_contrato_fechado = 1234.56", "id = ANY ($1)", [
        ids.slice(0, 4),
      ]);
      await mudarLeads(tx, "valor_contrato_fechado = 99.99", "id = $1", [ids[0]]);
      await mudarLeads(tx, "anuncio_id = 'ad-novo', plataforma_anuncio = 'Instagram'", "id = $1", [ids[5]]);
      await mudarLeads(tx, "created_at = created_at + interval '1 hour'", "id = ANY ($1)", [ids.slice(6, 9)]);
      await mudarLeads(tx, "data_processamento_ia = NULL", "id = $1", [ids[9]]);
      await excluirLeads(tx, "id = ANY ($1)", [ids.slice(10)]);
    });
    const { rows: dif } = await t.dono.query(
      `WITH contagem AS (
         SELECT id_empresa_fk, (created_at AT TIME ZONE 'America/Sao_Paulo')::date AS dia, coalesce(campanha_origem, '') AS campanha,
                coalesce(anuncio_id, '') AS anuncio_id, coalesce(plataforma_anuncio, '') AS plataforma, count(*)::int AS leads,
                count(*) FILTER (WHERE data_processamento_ia IS NOT NULL AND status_lead = ANY ($2))::int AS qualificados,
                count(*) FILTER (WHERE status_lead = ANY ($3))::int AS conversoes,
                coalesce(sum(valor_contrato_fechado) FILTER (WHERE status_lead = ANY ($3)), 0)::numeric(16,2) AS receita
           FROM leads_juros_check WHERE id_empresa_fk = $1 GROUP BY 1, 2, 3, 4, 5),
       resumo AS (SELECT id_empresa_fk, dia, campanha, anuncio_id, plataforma, leads, qualificados, conversoes, receita
                    FROM ${resumoExato("campanhas_leads_diaria")} WHERE id_empresa_fk = $1 AND leads <> 0)
       (SELECT * FROM contagem EXCEPT SELECT * FROM resumo) UNION ALL (SELECT * FROM resumo EXCEPT SELECT * FROM contagem)`,
      [c.empresa.id, STATUS_QUALIFICADOS_IA, STATUS_CONVERTIDOS],
    );
    expect(dif).toEqual([]);
    const { rows: n } = await t.dono.query(
      `SELECT count(*)::int AS n FROM ${resumoExato("campanhas_leads_diaria")} WHERE id_empresa_fk = $1 AND leads <> 0`,
      [c.empresa.id],
    );
    expect(n[0].n).toBeGreaterThan(4);
  });

  it("a marketing cost names its campaign and ad through the form's route", async () => {
    const res = await b.navegadores.admin.req({
      method: "POST",
      url: "/api/custos-marketing",
      payload: {
        data_custo: "2026-10-20",
        plataforma: "Instagram",
        valor_gasto: "49,50",
        campanha: " Casa própria ",
        id_anuncio: "ad-9",
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ campanha: "Casa própria", id_anuncio: "ad-9" });
    const r = (await b.navegadores.admin.req({ url: `/api/atribuicao/campanhas?${periodo}` })).json() as TAtribuicao;
    expect(r.campanhas.find((c) => c.campanha === "Casa própria")?.custo).toBe("200.00");
    const longa = await b.navegadores.admin.req({
      method: "POST",
      url: "/api/custos-marketing",
      payload: { data_custo: "2026-10-20", plataforma: "Instagram", valor_gasto: "10", campanha: "x".repeat(201) },
    });
    expect(longa.statusCode).toBe(400);
    expect(longa.body).toContain(MSG.campanhaLonga);
  });

  it("only the roles of /marketing read them; a bad period is a 400", async () => {
    for (const papel of ["consultor", "juridico"] as const) {
      const res = await b.navegadores[papel].req({ url: `/api/atribuicao/campanhas?${periodo}` });
      expect(res.statusCode).toBe(403);
      expect(res.json().erro).toBe(MSG.acessoNegadoMarketing);
    }
    const ruim = await b.navegadores.admin.req({ url: "/api/atribuicao/campanhas?periodo=custom&inicio=2026-10-05" });
    expect(ruim.statusCode).toBe(400);
    const plataforma = await b.navegadores.plataforma.req({
      url: `/api/atribuicao/campanhas?${periodo}&empresaId=${b.empresa.id}`,
    });
    expect(plataforma.statusCode).toBe(200);
  });
});

describe("Conversions API for business messaging", () => {
  const salvar = (payload: Record<string, unknown>, nav = a.navegadores.admin) =>
    nav.req({ method: "PUT", url: "/api/atribuicao/conversoes-meta", payload });
  const eventosDoLead = (leadId: string) =>
    t.dono
      .query(
        "SELECT evento, status, tentativas, erro, valor::text, fbtrace_id FROM conversoes_meta_eventos WHERE id_lead_fk = $1 ORDER BY evento",
        [leadId],
      )
      .then((r) => r.rows);
  const mudarStatus = async (leadId: string, status: string) =>
    expect(
      (await a.navegadores.admin.req({ method: "PATCH", url: `/api/leads/${leadId}/status`, payload: { status } })).statusCode,
    ).toBe(204);
  const enviadosDoClid = (clid: string) =>
    capi.aceitos().filter((e) => (e.user_data as Record<string, unknown>).ctwa_clid === clid);

  it("is off by default: a qualified ad lead sends nothing", async () => {
    const lead = await leadDe("5511987650002");
    await mudarStatus(lead.id, "Qualificado para Atendente");
    expect(await eventosDoLead(lead.id)).toEqual([]);
    const r = (await a.navegadores.admin.req({ url: "/api/atribuicao/conversoes-meta" })).json() as TConversoesMeta;
    expect(r).toMatchObject({ ativo: false, access_token: { definido: false } });
  });

  it("refuses to turn on without a dataset or a token, and a dataset that is not a number", async () => {
    const sem = await salvar({ ativo: true, id_dataset: "", access_token: "x" });
    expect(sem.statusCode).toBe(400);
    expect(sem.json().erro).toBe(MSG.datasetObrigatorio);
    const semToken = await salvar({ ativo: true, id_dataset: capi.datasetId, access_token: "" });
    expect(semToken.json().erro).toBe(MSG.tokenConversoesObrigatorio);
    const ruim = await salvar({ ativo: true, id_dataset: "abc", access_token: "x" });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.body).toContain(MSG.datasetInvalido);
    expect(await contar(t, "SELECT count(*) AS n FROM conversoes_meta_config WHERE id_empresa_fk = $1", [a.empresa.id])).toBe(0);
  });

  it("the Jurídico and the Consultor cannot read or change the settings; the token never goes back", async () => {
    for (const papel of ["consultor", "juridico"] as const) {
      expect((await a.navegadores[papel].req({ url: "/api/atribuicao/conversoes-meta" })).statusCode).toBe(403);
      expect((await salvar({ ativo: false, id_dataset: "1" }, a.navegadores[papel])).statusCode).toBe(403);
    }
    const ok = await salvar({ ativo: true, id_dataset: capi.datasetId, access_token: capi.token });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).not.toContain(capi.token);
    expect(ok.json()).toMatchObject({ ativo: true, id_dataset: capi.datasetId, access_token: { definido: true } });
    const { rows } = await t.dono.query("SELECT access_token FROM conversoes_meta_config WHERE id_empresa_fk = $1", [
      a.empresa.id,
    ]);
    expect(rows[0].access_token).toMatch(/^v1\./);
    // saving again with an empty token keeps it
    expect((await salvar({ ativo: true, id_dataset: capi.datasetId, access_token: "" })).json().access_token.definido).toBe(true);
  });

  it("'Testar' reads the dataset with the token", async () => {
    const ok = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/atribuicao/conversoes-meta/teste",
      payload: { ativo: true, id_dataset: capi.datasetId },
    });
    expect(ok.json()).toEqual({ ok: true, mensagem: MSG.conversoesMetaTesteOk("Conjunto de dados de teste") });
    const errado = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/atribuicao/conversoes-meta/teste",
      payload: { ativo: true, id_dataset: capi.datasetId, access_token: "outro" },
    });
    expect(errado.json().ok).toBe(false);
    expect(errado.json().mensagem).toContain("#190");
  });

  it("sends exactly one LeadSubmitted when qualified and one Purchase with the value when converted, retried after a 500", async () => {
    const lead = await leadDe("5511987650001");
    await mudarLeads(t.dono, "valor_contrato_fechado = 4500.75", "id = $1", [lead.id]);
    await mudarStatus(lead.id, "Qualificado para Atendente");
    await esperarAte(async () => enviadosDoClid(lead.ctwa_clid as string).length === 1, 20_000, "LeadSubmitted");
    // another qualified status is not a new moment
    await mudarStatus(lead.id, "Em Atendimento");
    capi.instavel.restantes = 1;
    await mudarStatus(lead.id, "Convertido (Ganho)");
    await esperarAte(async () => enviadosDoClid(lead.ctwa_clid as string).length === 2, 30_000, "Purchase");
    const [qualificado, compra] = enviadosDoClid(lead.ctwa_clid as string);
    expect(qualificado).toMatchObject({
      event_name: "LeadSubmitted",
      action_source: "business_messaging",
      messaging_channel: "whatsapp",
      user_data: { ctwa_clid: lead.ctwa_clid, whatsapp_business_account_id: META.wabaId },
    });
    expect(qualificado.custom_data).toBeUndefined();
    expect(compra).toMatchObject({ event_name: "Purchase", custom_data: { currency: "BRL", value: 4500.75 } });
    const eventos = await esperarAte(
      async () => {
        const ev = await eventosDoLead(lead.id);
        return ev.every((e) => e.status === "enviado") ? ev : null;
      },
      10_000,
      "eventos enviados",
    );
    expect(eventos).toMatchObject([
      { evento: "LeadSubmitted", status: "enviado", tentativas: 1, erro: null },
      { evento: "Purchase", status: "enviado", tentativas: 2, valor: "4500.75" },
    ]);
    expect(eventos[1].fbtrace_id).toMatch(/^AtraceCapi/);
    // 500 once, then accepted: three calls for two events
    expect(capi.eventos().filter((p) => JSON.stringify(p.json).includes(lead.ctwa_clid as string))).toHaveLength(3);
    // the same moments again send nothing more
    await mudarStatus(lead.id, "Qualificado para Atendente");
    await mudarStatus(lead.id, "Convertido (Ganho)");
    expect(await eventosDoLead(lead.id)).toHaveLength(2);
  });

  it("a refusal (bad token) ends the event as failed with Meta's reason, shown in the settings", async () => {
    await salvar({ ativo: true, id_dataset: capi.datasetId, access_token: "token-revogado" });
    await postarMensagem({
      de: "5511987650009",
      id: "wamid.RECUSA",
      texto: "Oi",
      referral: referralDoc({ ctwa_clid: "CLID-RECUSA" }),
    });
    const lead = await leadComToque("5511987650009");
    await mudarStatus(lead.id, "Qualificado para Atendente");
    const [ev] = await esperarAte(
      async () => {
        const e = await eventosDoLead(lead.id);
        return e[0]?.status === "falhou" ? e : null;
      },
      20_000,
      "falhou",
    );
    expect(ev.erro).toContain("#190");
    const tela = (await a.navegadores.admin.req({ url: "/api/atribuicao/conversoes-meta" })).json() as TConversoesMeta;
    expect(tela.eventos[0]).toMatchObject({ evento: "LeadSubmitted", status: "falhou" });
    expect(enviadosDoClid("CLID-RECUSA")).toEqual([]);
  });

  it("never sends for a lead without ctwa_clid, nor after the company turns it off", async () => {
    await salvar({ ativo: false, id_dataset: capi.datasetId, access_token: capi.token });
    await postarMensagem({
      de: "5511987650010",
      id: "wamid.DESLIGADO",
      texto: "Oi",
      referral: referralDoc({ ctwa_clid: "CLID-OFF" }),
    });
    const lead = await leadComToque("5511987650010");
    await mudarStatus(lead.id, "Convertido (Ganho)");
    const organico = await leadDe("5511987650003");
    await salvar({ ativo: true, id_dataset: capi.datasetId, access_token: capi.token });
    await mudarStatus(organico.id, "Convertido (Ganho)");
    expect(await eventosDoLead(lead.id)).toEqual([]);
    expect(await eventosDoLead(organico.id)).toEqual([]);
    expect(enviadosDoClid("CLID-OFF")).toEqual([]);
  });
});

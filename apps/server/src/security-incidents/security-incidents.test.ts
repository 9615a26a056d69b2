import { MSG_CONSENTIMENTO } from "@crm/domain/consent";
import type { TDetalheIncidente, TIncidentesPlataforma, TListaIncidentes } from "@crm/domain/schemas/incidents";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, type TEmpresaComUsuarios } from "../../test/factories.js";
import { relogio } from "../core/clock.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { esperarAte } from "../whatsapp/testing/wait.js";

/** Decisions 1875–1877: the register of security incidents, its business-day clock, drafts, notices and the platform's. */
const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
let c: TEmpresaComUsuarios;
const leadsA: string[] = [];

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { nome_empresa: "Alfa Revisões Ltda" } as never);
  b = await criarEmpresaComUsuarios(t, { nome_empresa: "Beta Crédito Ltda" } as never);
  c = await criarEmpresaComUsuarios(t, { nome_empresa: "Gama Assessoria Ltda" } as never);
  await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    for (const [i, nome] of ["Ana Titular", "Bruno Titular", "Carla Titular"].entries()) {
      const l = await criarLead(tx, {
        id_empresa_fk: a.empresa.id,
        nome,
        telefone: `(11) 98888-10${i}0`,
        email: i === 2 ? null : `titular${i}@exemplo.com.br`,
      } as never);
      leadsA.push(l.id);
    }
    await criarLead(tx, { id_empresa_fk: b.empresa.id, nome: "Beto Titular B", telefone: "(21) 98888-2000" } as never);
    await tx.query(
      `INSERT INTO privacidade_config (id_empresa_fk, encarregado_nome, encarregado_email, encarregado_telefone)
       VALUES ($1, 'Dra. Encarregada Alfa', 'dpo@alfa.com.br', '(11) 3333-4444')`,
      [a.empresa.id],
    );
  });
});
afterEach(() => relogio.fixar(null));

const sql = async (texto: string, valores: unknown[] = []) => (await t.dono.query(texto, valores)).rows;

/** An incident's body: known Wednesday 18/11/2026 14:00 in São Paulo (Friday 20/11 is a national holiday). */
const corpo = (extra: Record<string, unknown> = {}) => ({
  titulo: "Planilha de leads enviada a destinatário errado",
  descricao: "Um consultor enviou por email a planilha de leads a um endereço externo por engano.",
  categoria: "envio_indevido",
  impactos: ["confidencialidade"],
  categorias_dados: ["identificacao", "contato", "financeiros"],
  afeta_significativamente: true,
  criterios: ["financeiros", "idosos"],
  ocorrido_em: "2026-11-17",
  conhecido_em: "2026-11-18T14:00:00-03:00",
  medidas_seguranca: "Acesso por senha e registro de auditoria.",
  medidas_mitigacao: "Pedido de exclusão ao destinatário e troca de senhas.",
  riscos: "Contato indevido e tentativa de fraude com dados do contrato.",
  titulares: { modo: "todos" },
  ...extra,
});

const registrar = async (e = a, extra: Record<string, unknown> = {}) => {
  const res = await e.navegadores.admin.req({ method: "POST", url: "/api/privacidade/incidentes", payload: corpo(extra) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; numero: string };
};
const listar = async (e = a) => {
  const res = await e.navegadores.admin.req({ url: "/api/privacidade/incidentes" });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as TListaIncidentes).incidentes;
};
const detalhe = async (id: string, e = a) => {
  const res = await e.navegadores.admin.req({ url: `/api/privacidade/incidentes/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TDetalheIncidente;
};
const logDe = async (id: string) =>
  (await sql("SELECT tipo FROM mudancas WHERE id_entidade = $1 AND entidade = 'privacidade' ORDER BY id", [id])).map(
    (r) => r.tipo,
  );

describe("the clock: 3 business days from knowing, skipping the weekend and a national holiday", () => {
  it("known Wed 18/11 → due Tue 24/11 (Fri 20/11 Consciência Negra, Sat, Sun skipped); the countdown moves with the clock", async () => {
    relogio.fixar("2026-11-18T15:00:00-03:00");
    const { id, numero } = await registrar();
    expect(numero).toMatch(/^INC-2026-\d{3}$/);
    const i = (await listar()).find((x) => x.id === id);
    expect(i).toMatchObject({ vence_em: "2026-11-24", prazo_dias_uteis: 3, status: "em_avaliacao", risco_relevante: true });
    // Wed 15:00: Thu 19, Mon 23, Tue 24 are left
    expect(i?.contagem).toEqual({ dias_uteis: 3, horas: 6 * 24 + 8, cor: "verde", vencido: false });

    // Friday (the holiday) at noon: Mon and Tue left → still green; Monday 10:00: one business day left → amber
    relogio.fixar("2026-11-20T12:00:00-03:00");
    expect((await listar()).find((x) => x.id === id)?.contagem).toMatchObject({ dias_uteis: 2, cor: "verde" });
    relogio.fixar("2026-11-23T10:00:00-03:00");
    expect((await listar()).find((x) => x.id === id)?.contagem).toMatchObject({ dias_uteis: 1, horas: 37, cor: "amarelo" });
    // the due day itself: hours left, red; the day after: overdue
    relogio.fixar("2026-11-24T20:30:00-03:00");
    expect((await listar()).find((x) => x.id === id)?.contagem).toEqual({
      dias_uteis: 0,
      horas: 3,
      cor: "vermelho",
      vencido: false,
    });
    relogio.fixar("2026-11-25T09:00:00-03:00");
    expect((await listar()).find((x) => x.id === id)?.contagem).toMatchObject({ vencido: true, cor: "vermelho", dias_uteis: -1 });
  });

  it("a small agent gets double (6 business days): known Fri 18/12 → due Tue 29/12 (Christmas skipped)", async () => {
    relogio.fixar("2026-12-18T09:00:00-03:00");
    const { id } = await registrar(a, { conhecido_em: "2026-12-18T08:00:00-03:00", ocorrido_em: null, pequeno_porte: true });
    // 21, 22, 23, 24, (25 Natal), 28, 29
    expect((await listar()).find((x) => x.id === id)).toMatchObject({ vence_em: "2026-12-29", prazo_dias_uteis: 6 });
  });
});

describe("the drafts hold what Res. 15/2024 asks", () => {
  it("the ANPD communication lists every item of art. 6; the titular's notice the items of art. 9", async () => {
    relogio.fixar("2026-11-19T10:00:00-03:00");
    const { id, numero } = await registrar(a, { titulares_idosos: 2 });
    const d = await detalhe(id);
    expect(d.incidente.titulares_afetados).toBe(3);
    const anpd = d.rascunho_anpd;
    for (const trecho of [
      numero,
      "Alfa Revisões Ltda",
      "Dra. Encarregada Alfa",
      "dpo@alfa.com.br",
      "Descrição do incidente e causa principal: Planilha de leads enviada a destinatário errado",
      "Data da ocorrência: 17/11/2026",
      "Data do conhecimento pelo controlador: 18/11/2026 14:00",
      "Natureza e categoria dos dados pessoais afetados: Identificação (nome, CPF); Contato (telefone, email); Financeiros",
      "Dados financeiros",
      "Dados de idosos",
      "Número de titulares afetados: 3",
      "idosos: 2",
      "Total de titulares cujos dados são tratados nas atividades afetadas: 3",
      "Medidas técnicas e de segurança",
      "Acesso por senha e registro de auditoria.",
      "Riscos relacionados ao incidente",
      "tentativa de fraude",
      "Pedido de exclusão ao destinatário",
      "Motivos da demora: Comunicação dentro do prazo",
      "risco ou dano relevante",
      "até 24/11/2026",
    ])
      expect(anpd, trecho).toContain(trecho);
    // the titular's notice: simple language, data, risks, measures, date known, contact; no late reason when on time
    expect(d.rascunho_aviso).toContain("Olá, Ana.");
    for (const trecho of [
      "Alfa Revisões Ltda",
      "Soubemos em 18/11/2026",
      "Dados envolvidos",
      "Riscos para você",
      "dpo@alfa.com.br",
      numero,
    ])
      expect(d.rascunho_aviso, trecho).toContain(trecho);
    expect(d.rascunho_aviso).not.toContain("não chegou antes");
    // past the due day both drafts ask for (or carry) the reasons of the delay
    relogio.fixar("2026-11-26T10:00:00-03:00");
    expect((await detalhe(id)).rascunho_anpd).toContain("PREENCHER: a comunicação está fora do prazo");
  });
});

describe("actions: edit, notices, ANPD, closing — each a change-log row and a history row; nothing deleted", () => {
  it("walks an incident to the end", async () => {
    relogio.fixar("2026-11-19T10:00:00-03:00");
    const { id } = await registrar(a, { titulares: { modo: "lista", ids: [leadsA[0], leadsA[2]] } });
    expect((await detalhe(id)).titulares.map((x) => x.nome)).toEqual(["Ana Titular", "Carla Titular"]);

    // edit: the known instant moves the clock; the selection changes the titulares
    const admin = a.navegadores.admin;
    const ed = await admin.req({
      method: "PUT",
      url: `/api/privacidade/incidentes/${id}`,
      payload: corpo({ conhecido_em: "2026-11-19T09:00:00-03:00", titulares: { modo: "lista", ids: leadsA } }),
    });
    expect(ed.statusCode, ed.body).toBe(200);
    let d = await detalhe(id);
    expect(d.incidente).toMatchObject({ vence_em: "2026-11-25", titulares_afetados: 3 });

    // a notice by email (outbox) and by WhatsApp (the outbound queue, an automatic message the send guard reads)
    const email = await admin.req({
      method: "POST",
      url: `/api/privacidade/incidentes/${id}/titulares/${leadsA[0]}/avisar`,
      payload: { canal: "email" },
    });
    expect(email.statusCode, email.body).toBe(200);
    const [saida] = await sql("SELECT assunto, texto FROM emails_saida WHERE para = 'titular0@exemplo.com.br'");
    expect(saida.assunto).toBe("Alfa Revisões Ltda: aviso de incidente de segurança com seus dados");
    expect(saida.texto).toContain("Olá, Ana.");
    const semEmail = await admin.req({
      method: "POST",
      url: `/api/privacidade/incidentes/${id}/titulares/${leadsA[2]}/avisar`,
      payload: { canal: "email" },
    });
    expect(semEmail.statusCode).toBe(400);
    expect(semEmail.json().erro).toBe("Este titular não tem email cadastrado: envie pelo WhatsApp.");
    const zap = await admin.req({
      method: "POST",
      url: `/api/privacidade/incidentes/${id}/titulares/${leadsA[2]}/avisar`,
      payload: { canal: "whatsapp" },
    });
    expect(zap.statusCode, zap.body).toBe(200);
    const [msg] = await sql(
      "SELECT natureza_envio, sender, message FROM mensagens_whatsapp WHERE id_lead_fk = $1 AND sender = 'sistema'",
      [leadsA[2]],
    );
    expect(msg).toMatchObject({ natureza_envio: "automatica", sender: "sistema" });
    expect(msg.message).toContain("Olá, Carla.");
    d = await detalhe(id);
    expect(d.incidente.titulares_avisados).toBe(2);
    expect(d.titulares.find((x) => x.lead_id === leadsA[2])).toMatchObject({ aviso_canal: "whatsapp" });

    // a narrower selection keeps the notified titulares (a notice sent is part of the register)
    await admin.req({
      method: "PUT",
      url: `/api/privacidade/incidentes/${id}`,
      payload: corpo({ conhecido_em: "2026-11-19T09:00:00-03:00", titulares: { modo: "lista", ids: [] } }),
    });
    expect((await detalhe(id)).titulares.map((x) => x.nome)).toEqual(["Ana Titular", "Carla Titular"]);

    // late: the communication on 26/11 needs its reasons; with them it is recorded, out of time
    relogio.fixar("2026-11-26T10:00:00-03:00");
    const semMotivo = await admin.req({
      method: "POST",
      url: `/api/privacidade/incidentes/${id}/comunicar`,
      payload: { comunicado_em: "2026-11-26", protocolo_anpd: "00261.000123/2026-11" },
    });
    expect(semMotivo.statusCode).toBe(400);
    expect(semMotivo.json().erro).toBe("A comunicação está fora do prazo: informe os motivos da demora (Res. 15/2024, art. 6º).");
    expect((await detalhe(id)).incidente.status).toBe("em_avaliacao");
    const futuro = await admin.req({
      method: "POST",
      url: `/api/privacidade/incidentes/${id}/comunicar`,
      payload: { comunicado_em: "2026-11-27", protocolo_anpd: "x123", motivo_demora: "Apuração do alcance." },
    });
    expect(futuro.statusCode).toBe(400);
    const com = await admin.req({
      method: "POST",
      url: `/api/privacidade/incidentes/${id}/comunicar`,
      payload: { comunicado_em: "2026-11-26", protocolo_anpd: "00261.000123/2026-11", motivo_demora: "Apuração do alcance." },
    });
    expect(com.statusCode, com.body).toBe(200);
    d = await detalhe(id);
    expect(d.incidente).toMatchObject({
      status: "comunicado_anpd",
      comunicado_em: "2026-11-26",
      protocolo_anpd: "00261.000123/2026-11",
      fora_do_prazo: true,
      contagem: null,
    });

    const fim = await admin.req({
      method: "POST",
      url: `/api/privacidade/incidentes/${id}/encerrar`,
      payload: { conclusao: "Destinatário confirmou a exclusão." },
    });
    expect(fim.statusCode, fim.body).toBe(200);
    const depois = await admin.req({ method: "PUT", url: `/api/privacidade/incidentes/${id}`, payload: corpo() });
    expect(depois.statusCode).toBe(409);
    expect(depois.json().erro).toBe("Incidente encerrado: o registro não pode mais ser alterado.");

    const esperado = [
      "privacidade.incidente_registrado",
      "privacidade.incidente_alterado",
      "privacidade.incidente_titular_avisado",
      "privacidade.incidente_titular_avisado",
      "privacidade.incidente_alterado",
      "privacidade.incidente_comunicado",
      "privacidade.incidente_encerrado",
    ];
    expect(await logDe(id)).toEqual(esperado);
    expect((await detalhe(id)).historico.map((h) => h.acao)).toEqual([
      "Incidente registrado",
      "Incidente alterado",
      "Titular avisado",
      "Titular avisado",
      "Incidente alterado",
      "Comunicado à ANPD",
      "Incidente encerrado",
    ]);
    // no personal value in the log: a notice's row names the lead by id and the channel only
    const linhas = await sql("SELECT depois::text AS d FROM mudancas WHERE id_entidade = $1", [id]);
    for (const l of linhas) for (const p of ["Ana", "Carla", "titular0@", "98888"]) expect(l.d).not.toContain(p);
    // the register cannot be deleted by the application (art. 10: kept at least 5 years)
    const [priv] = await sql(
      `SELECT has_table_privilege('crm_app', 'privacidade_incidentes', 'DELETE') AS inc,
              has_table_privilege('crm_app', 'privacidade_incidente_historico', 'DELETE') AS hist,
              has_table_privilege('crm_app', 'privacidade_incidente_historico', 'UPDATE') AS hist_upd`,
    );
    expect(priv).toEqual({ inc: false, hist: false, hist_upd: false });
  });

  it("'Avisar todos' notifies every titular not notified yet, by WhatsApp or else email, each on its own record", async () => {
    relogio.fixar("2026-11-19T10:00:00-03:00");
    // a company of its own: the other tests count company A's leads
    const e = await criarEmpresaComUsuarios(t, { nome_empresa: "Delta Revisões Ltda" } as never);
    const admin = e.navegadores.admin;
    const [ana, bruno, davi, eva] = await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      const lead = (nome: string, telefone: string | null, email: string | null) =>
        criarLead(tx, {
          id_empresa_fk: e.empresa.id,
          nome,
          telefone,
          ...(telefone ? {} : { telefone_normalizado: null }),
          email,
        } as never);
      return [
        await lead("Ana Delta", "(11) 97777-1000", "ana@exemplo.com.br"),
        await lead("Bruno Delta", "(11) 97777-2000", null),
        await lead("Davi Sem Contato", null, null),
        await lead("Eva Só Email", null, "eva@exemplo.com.br"),
      ];
    });
    const { id } = await registrar(e, { titulares: { modo: "todos" } });
    // Ana already got hers by email: she is not notified twice
    const primeiro = await admin.req({
      method: "POST",
      url: `/api/privacidade/incidentes/${id}/titulares/${ana?.id}/avisar`,
      payload: { canal: "email" },
    });
    expect(primeiro.statusCode, primeiro.body).toBe(200);
    expect((await detalhe(id, e)).nao_avisados).toBe(3);
    const emails = async () => (await sql("SELECT count(*)::int AS n FROM emails_saida")).at(0)?.n as number;
    const emailsAntes = await emails();

    const todos = `/api/privacidade/incidentes/${id}/titulares/avisar-todos`;
    const res = await admin.req({ method: "POST", url: todos, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    // Bruno has a phone (WhatsApp), Eva only an email, Davi nothing
    expect(res.json()).toEqual({ whatsapp: 1, email: 1, semContato: 1 });
    const d = await detalhe(id, e);
    expect(d.nao_avisados).toBe(1);
    expect(d.incidente.titulares_avisados).toBe(3);
    const canal = (lead?: { id: string }) => d.titulares.find((x) => x.lead_id === lead?.id)?.aviso_canal ?? null;
    expect([canal(ana), canal(bruno), canal(davi), canal(eva)]).toEqual(["email", "whatsapp", null, "email"]);
    expect(await emails()).toBe(emailsAntes + 1);
    const [paraEva] = await sql("SELECT texto FROM emails_saida WHERE para = 'eva@exemplo.com.br'");
    expect(paraEva.texto).toContain("Olá, Eva.");
    const [zap] = await sql("SELECT natureza_envio, message FROM mensagens_whatsapp WHERE id_lead_fk = $1", [bruno?.id]);
    expect(zap).toMatchObject({ natureza_envio: "automatica" });
    expect(zap.message).toContain("Olá, Bruno.");
    // one history row and one change-log row per notice, as when sent one by one
    const avisos = async () => (await logDe(id)).filter((x) => x === "privacidade.incidente_titular_avisado");
    expect(await avisos()).toHaveLength(3);
    // again: nobody left with a contact, nothing sent twice
    const outra = await admin.req({ method: "POST", url: todos, payload: {} });
    expect(outra.json()).toEqual({ whatsapp: 0, email: 0, semContato: 1 });
    expect(await avisos()).toHaveLength(3);
    // another company's admin cannot notify these titulares
    expect((await a.navegadores.admin.req({ method: "POST", url: todos, payload: {} })).statusCode).toBe(404);
  });

  it("a WhatsApp notice to a lead who opted out is refused by the send guard, with its reason on the titular's row", async () => {
    relogio.fixar(null);
    const optout = await a.navegadores.admin.req({
      method: "POST",
      url: `/api/chat/${leadsA[1]}/consentimento`,
      payload: { situacao: "revogado", canal: "whatsapp", texto: "SAIR", versao_texto: "v1" },
    });
    expect(optout.statusCode, optout.body).toBe(200);
    const { id } = await registrar(a, { conhecido_em: new Date().toISOString(), ocorrido_em: null });
    const r = await a.navegadores.admin.req({
      method: "POST",
      url: `/api/privacidade/incidentes/${id}/titulares/${leadsA[1]}/avisar`,
      payload: { canal: "whatsapp" },
    });
    expect(r.statusCode, r.body).toBe(200);
    const t1 = await esperarAte(async () => {
      const x = (await detalhe(id)).titulares.find((y) => y.lead_id === leadsA[1]);
      return x?.aviso_status === "failed" ? x : null;
    }, 15_000);
    expect(t1.aviso_erro).toBe(MSG_CONSENTIMENTO.envioRecusado);
  });

  it("the form's search finds the company's leads by name or phone, and counts a filter", async () => {
    const nav = a.navegadores.admin;
    const porNome = await nav.req({ url: "/api/privacidade/incidentes/leads?busca=bruno" });
    expect(porNome.statusCode, porNome.body).toBe(200);
    expect(porNome.json().leads.map((l: { id: string }) => l.id)).toEqual([leadsA[1]]);
    const porFone = await nav.req({ url: "/api/privacidade/incidentes/leads?busca=98888-1020" });
    expect(porFone.json().leads.map((l: { id: string }) => l.id)).toEqual([leadsA[2]]);
    expect((await b.navegadores.admin.req({ url: "/api/privacidade/incidentes/leads?busca=titular" })).json().leads).toHaveLength(
      1,
    );
    const filtro = await nav.req({
      method: "POST",
      url: "/api/privacidade/incidentes/titulares/contar",
      payload: { modo: "filtro", criados_de: "2000-01-01", status: [] },
    });
    expect(filtro.json()).toEqual({ titulares: 3 });
  });

  it("bad input is a pt-BR 400 and changes nothing", async () => {
    const antes = (await listar()).length;
    const r = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/privacidade/incidentes",
      payload: corpo({ titulo: "", impactos: [] }),
    });
    expect(r.statusCode).toBe(400);
    expect(r.body).toContain("Informe um título.");
    const futuro = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/privacidade/incidentes",
      payload: corpo({ conhecido_em: "2099-01-01T10:00:00-03:00" }),
    });
    expect(futuro.statusCode).toBe(400);
    expect(futuro.json().erro).toBe("A data do conhecimento não pode estar no futuro.");
    expect((await listar()).length).toBe(antes);
  });
});

describe("tenants", () => {
  it("another company's admin cannot read, edit, notify or close A's incident, nor see it listed", async () => {
    const { id } = await registrar();
    const nav = b.navegadores.admin;
    expect((await nav.req({ url: `/api/privacidade/incidentes/${id}` })).statusCode).toBe(404);
    expect((await nav.req({ method: "PUT", url: `/api/privacidade/incidentes/${id}`, payload: corpo() })).statusCode).toBe(404);
    expect(
      (
        await nav.req({
          method: "POST",
          url: `/api/privacidade/incidentes/${id}/titulares/${leadsA[0]}/avisar`,
          payload: { canal: "email" },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await nav.req({ method: "POST", url: `/api/privacidade/incidentes/${id}/encerrar`, payload: { conclusao: "x fim" } }))
        .statusCode,
    ).toBe(404);
    // naming A's company is answered as if it did not exist (decision 1791)
    expect((await nav.req({ url: `/api/privacidade/incidentes?empresaId=${a.empresa.id}` })).statusCode).toBe(404);
    expect((await listar(b)).map((x) => x.id)).not.toContain(id);
    // B's selection by list cannot take A's leads: they are not B's
    const sel = await nav.req({
      method: "POST",
      url: "/api/privacidade/incidentes/titulares/contar",
      payload: { modo: "lista", ids: leadsA },
    });
    expect(sel.json()).toEqual({ titulares: 0 });
    expect((await sql("SELECT status FROM privacidade_incidentes WHERE id = $1", [id]))[0].status).toBe("em_avaliacao");
    // consultants and the legal team have no access (permission table)
    expect((await a.navegadores.consultor.req({ url: "/api/privacidade/incidentes" })).statusCode).toBe(403);
    expect((await a.navegadores.juridico.req({ url: `/api/privacidade/incidentes/${id}` })).statusCode).toBe(403);
  });

  it("the platform admin's incident reaches each affected company as its own part, and no other company", async () => {
    relogio.fixar("2026-11-18T15:00:00-03:00");
    const p = a.navegadores.plataforma;
    // companies' admins cannot open a platform incident
    expect(
      (
        await a.navegadores.admin.req({
          method: "POST",
          url: "/api/privacidade/incidentes-plataforma",
          payload: { ...corpo(), empresas: [a.empresa.id] },
        })
      ).statusCode,
    ).toBe(403);
    const r = await p.req({
      method: "POST",
      url: "/api/privacidade/incidentes-plataforma",
      payload: { ...corpo({ titulo: "Vazamento no provedor de hospedagem" }), empresas: [a.empresa.id, b.empresa.id] },
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().mensagem).toBe("Incidente registrado em 2 empresas.");

    const deA = (await listar(a)).filter((x) => x.titulo === "Vazamento no provedor de hospedagem");
    const deB = (await listar(b)).filter((x) => x.titulo === "Vazamento no provedor de hospedagem");
    const deC = (await listar(c)).filter((x) => x.titulo === "Vazamento no provedor de hospedagem");
    expect(deA).toHaveLength(1);
    expect(deB).toHaveLength(1);
    expect(deC).toHaveLength(0);
    expect(deA[0]).toMatchObject({ da_plataforma: true, titulares_afetados: 3, vence_em: "2026-11-24" });
    expect(deB[0]).toMatchObject({ da_plataforma: true, titulares_afetados: 1 });
    expect(deA[0].id).not.toBe(deB[0].id);
    // each company's part says nothing of the other company, and B cannot open A's part
    const dB = await detalhe(deB[0].id, b);
    expect(JSON.stringify(dB)).not.toContain("Alfa Revisões");
    expect(JSON.stringify(dB)).not.toContain(a.empresa.id);
    expect((await b.navegadores.admin.req({ url: `/api/privacidade/incidentes/${deA[0].id}` })).statusCode).toBe(404);
    // each company's log has its own part's row; the admins were told on the bell
    expect(await logDe(deA[0].id)).toEqual(["privacidade.incidente_registrado"]);
    const [log] = await sql("SELECT id_empresa_fk FROM mudancas WHERE id_entidade = $1", [deB[0].id]);
    expect(log.id_empresa_fk).toBe(b.empresa.id);
    const sinos = await sql(
      "SELECT id_empresa_fk FROM notificacoes WHERE titulo = 'Novo incidente de segurança registrado pela plataforma'",
    );
    expect(new Set(sinos.map((s) => s.id_empresa_fk))).toEqual(new Set([a.empresa.id, b.empresa.id]));
    // the platform admin sees the incident with both parts
    const lista = (await p.req({ url: "/api/privacidade/incidentes-plataforma" })).json() as TIncidentesPlataforma;
    const g = lista.incidentes.find((x) => x.titulo === "Vazamento no provedor de hospedagem");
    expect(g?.partes.map((x) => x.empresa).sort()).toEqual(["Alfa Revisões Ltda", "Beta Crédito Ltda"]);
    // an unknown company is refused whole: no part is created
    const antes = (await listar(a)).length;
    const ruim = await p.req({
      method: "POST",
      url: "/api/privacidade/incidentes-plataforma",
      payload: { ...corpo(), empresas: [a.empresa.id, "00000000-0000-4000-8000-000000000000"] },
    });
    expect(ruim.statusCode).toBe(404);
    expect((await listar(a)).length).toBe(antes);
  });
});

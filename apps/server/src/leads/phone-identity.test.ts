import { MSG } from "@crm/domain/messages";
import { normalizarTelefone } from "@crm/domain/phone";
import type { TPaginaLeads, TQuadroLeads } from "@crm/domain/schemas/leads";
import type { TResultadoBusca } from "@crm/domain/schemas/search";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evolutionTexto, iniciarEvolutionFalsa, type TEvolutionFalsa } from "../../../../test-support/fake-evolution.js";
import { type TNavegador, useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, type TEmpresaComUsuarios } from "../../test/factories.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { buscar } from "../search/search.js";
import { caminhoWebhook, configurarNaoOficial } from "../whatsapp/testing/setup.js";
import { esperarAte } from "../whatsapp/testing/wait.js";
import { CABECALHO_CSV, importarCsvAteOFim, lerComoSistema } from "./test-helpers.js";

const t = useTestApp();
let gw: TEvolutionFalsa;
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
let webhookA = "";

beforeAll(async () => {
  gw = await iniciarEvolutionFalsa();
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  b = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  const cfg = await configurarNaoOficial(a.navegadores.admin, { url: `${gw.url}/`, apiKey: gw.apiKey, instancia: gw.instancia });
  webhookA = caminhoWebhook(cfg);
});
afterAll(() => gw?.fechar());

const leadsDoTelefone = (empresaId: string, tn: string) =>
  lerComoSistema(
    t,
    "SELECT id, nome, telefone, telefone_normalizado FROM leads_juros_check WHERE id_empresa_fk = $1 AND telefone_normalizado = $2",
    [empresaId, tn],
  );
let seqMsg = 0;
/** A person writes to company A's WhatsApp through the gateway's webhook; waits until the message is stored. */
async function escreveNoWhatsApp(de: string, texto: string): Promise<void> {
  const id = `MSG${Date.now()}${++seqMsg}`;
  const res = await t.app.inject({
    method: "POST",
    url: webhookA,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(
      evolutionTexto({ instancia: gw.instancia, apiKey: gw.tokenInstancia, de, id, nome: "Pessoa", texto }),
    ),
  });
  expect(res.statusCode, res.body).toBe(200);
  await esperarAte(
    async () =>
      (
        await lerComoSistema(t, "SELECT 1 FROM mensagens_whatsapp WHERE id_empresa_fk = $1 AND provider_message_id = $2", [
          a.empresa.id,
          id,
        ])
      ).length > 0,
  );
}

const NOVO = {
  nome: "Manual Identidade",
  email: "manual.identidade@exemplo.com",
  tipo_financiamento: "Carro",
  valor_total_financiado: "10.000,00",
  valor_parcela: "500,00",
  quantidade_parcelas_pagas: "3",
  objetivo_cliente: "",
  origem_lead: "Manual",
};

describe("one phone identity on every entry path (decision 1501)", () => {
  it("a CSV lead typed '11 97000-2222' is stored canonical, and its WhatsApp messages land on it (no second lead)", async () => {
    const csv = `${CABECALHO_CSV}\r\nCliente Csv,11 97000-2222,Carro,"1.000,00",100,1,\r\n`;
    const { importacao } = await importarCsvAteOFim(a.navegadores.admin, csv);
    expect(importacao?.inseridos).toBe(1);
    const [lead] = await leadsDoTelefone(a.empresa.id, "5511970002222");
    expect(lead).toMatchObject({ nome: "Cliente Csv", telefone: "5511970002222" });

    await escreveNoWhatsApp("5511970002222", "Oi, vi o anúncio");
    // an old 8-digit form of the same mobile is the same person too
    await escreveNoWhatsApp("551170002222", "Sou eu de novo");
    const depois = await leadsDoTelefone(a.empresa.id, "5511970002222");
    expect(depois.map((l) => l.id)).toEqual([lead.id]);
    const msgs = await lerComoSistema(t, "SELECT message FROM mensagens_whatsapp WHERE id_empresa_fk = $1 AND id_lead_fk = $2", [
      a.empresa.id,
      lead.id,
    ]);
    expect(msgs.map((m) => m.message).sort()).toEqual(["Oi, vi o anúncio", "Sou eu de novo"]);
  });

  it("the manual form stores the canonical phone; WhatsApp finds the same lead; foreign numbers keep their code", async () => {
    const res = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/leads",
      payload: { ...NOVO, telefone: "(11) 7000-3333" },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [lead] = await leadsDoTelefone(a.empresa.id, "5511970003333");
    expect(lead).toMatchObject({ id: res.json().id, telefone: "5511970003333" });
    await escreveNoWhatsApp("5511970003333", "Olá");
    expect((await leadsDoTelefone(a.empresa.id, "5511970003333")).map((l) => l.id)).toEqual([lead.id]);

    const fora = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/leads",
      payload: { ...NOVO, email: "fora@exemplo.com", telefone: "+1 (415) 555-2671" },
    });
    expect(fora.statusCode, fora.body).toBe(201);
    await escreveNoWhatsApp("14155552671", "Hello");
    expect((await leadsDoTelefone(a.empresa.id, "14155552671")).map((l) => [l.id, l.telefone])).toEqual([
      [fora.json().id, "14155552671"],
    ]);
    // the same number typed another way is the same lead: refused as a duplicate
    const dup = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/leads",
      payload: { ...NOVO, telefone: "+55 11 97000-3333" },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().erro).toBe(MSG.leadTelefoneDuplicado);
  });

  it("refuses what cannot be a phone with the spec's message, and stores nothing", async () => {
    for (const telefone of ["9700-3333", "(10) 97000-3333", "+55 11 1234"]) {
      const res = await a.navegadores.admin.req({ method: "POST", url: "/api/leads", payload: { ...NOVO, telefone } });
      expect(res.statusCode, telefone).toBe(400);
      expect(res.json().campos?.telefone ?? res.json().erro, telefone).toBe(MSG.leadTelefoneInvalido);
    }
    const csv = `${CABECALHO_CSV}\r\nSem Ddd,9700-3333,Carro,100,10,,\r\n`;
    const { res } = await importarCsvAteOFim(a.navegadores.admin, csv);
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(MSG.csvTelefoneInvalido("9700-3333"));
  });

  it("team phones are stored canonical too (consultant WhatsApp, legal team, profile)", async () => {
    const perfil = await a.navegadores.admin.req({
      method: "PATCH",
      url: "/api/perfil",
      payload: { nome: "Admin A", telefone: "(11) 97777-6666" },
    });
    expect(perfil.statusCode, perfil.body).toBe(200);
    const [u] = await lerComoSistema(t, "SELECT telefone FROM usuarios_plataforma WHERE id = $1", [a.usuarios.admin.id]);
    expect(u.telefone).toBe("5511977776666");
    const ruim = await a.navegadores.admin.req({
      method: "PATCH",
      url: "/api/perfil",
      payload: { nome: "Admin A", telefone: "1234-5678" },
    });
    expect(ruim.statusCode).toBe(400);
  });
});

describe("the migration's data step (0027 telefones_migrar) over rows stored as typed", () => {
  it("mirrors the domain normalization in SQL", async () => {
    const exemplos = fc.sample(
      fc.oneof(
        fc.stringMatching(/^[+0]?[\d ()\-.]{0,20}$/),
        fc.constantFrom(
          "(11) 98765-4321",
          "+1 415 555 2671",
          "0044 20 7946 0958",
          "11 8765-4321",
          "abc",
          "",
          "5511@s.whatsapp.net",
        ),
      ),
      400,
    );
    for (const internacional of [false, true]) {
      const { rows } = await t.dono.query(
        "SELECT x.t, telefone_canonico(x.t, $2) AS c FROM unnest($1::text[]) WITH ORDINALITY AS x (t, i) ORDER BY x.i",
        [exemplos, internacional],
      );
      for (const r of rows)
        expect(r.c, `${JSON.stringify(r.t)} internacional=${internacional}`).toBe(normalizarTelefone(r.t, { internacional }));
    }
  });

  it("stores canonical digits, keeps what it cannot read, reports every change, and marks (never merges) duplicates", async () => {
    const e = { id_empresa_fk: b.empresa.id };
    const velhos = await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => ({
      // as the original product stored them: typed text, no normalized phone
      antigo: await criarLead(tx, {
        ...e,
        nome: "Antigo",
        telefone: "(21) 97000-4444",
        telefone_normalizado: null,
        created_at: new Date(Date.now() - 86_400_000),
      }),
      novo: await criarLead(tx, { ...e, nome: "Novo", telefone: "+55 21 7000-4444", telefone_normalizado: "552170004444" }),
      fixo: await criarLead(tx, { ...e, nome: "Fixo", telefone: "21 3456-7890", telefone_normalizado: "552134567890" }),
      ilegivel: await criarLead(tx, { ...e, nome: "Ilegível", telefone: "ramal 12", telefone_normalizado: null }),
    }));
    const { rows } = await t.dono.query("SELECT telefones_migrar() AS n");
    expect(rows[0].n).toBe(3);
    const linhas = await lerComoSistema(
      t,
      "SELECT id, telefone, telefone_normalizado FROM leads_juros_check WHERE id_empresa_fk = $1",
      [b.empresa.id],
    );
    const por = Object.fromEntries(linhas.map((l) => [l.id, [l.telefone, l.telefone_normalizado]]));
    expect(por[velhos.antigo.id]).toEqual(["5521970004444", "5521970004444"]);
    expect(por[velhos.novo.id]).toEqual(["5521970004444", "5521970004444"]);
    expect(por[velhos.fixo.id]).toEqual(["552134567890", "552134567890"]);
    expect(por[velhos.ilegivel.id]).toEqual(["ramal 12", null]);
    const relatorio = await lerComoSistema(
      t,
      "SELECT id_lead_fk, telefone_anterior, telefone_novo, id_lead_duplicado_de_fk FROM leads_telefones_migrados WHERE id_empresa_fk = $1",
      [b.empresa.id],
    );
    const rel = Object.fromEntries(relatorio.map((r) => [r.id_lead_fk, r]));
    expect(rel[velhos.novo.id]).toMatchObject({
      telefone_anterior: "+55 21 7000-4444",
      telefone_novo: "5521970004444",
      id_lead_duplicado_de_fk: velhos.antigo.id,
    });
    expect(rel[velhos.antigo.id]).toMatchObject({ telefone_anterior: "(21) 97000-4444", id_lead_duplicado_de_fk: null });
    expect(rel[velhos.ilegivel.id]).toMatchObject({ telefone_anterior: "ramal 12", telefone_novo: null });
    // the search index follows the new phones
    const achados = await lerComoSistema(
      t,
      "SELECT DISTINCT id_lead_fk FROM leads_telefone_busca WHERE id_empresa_fk = $1 AND sufixo LIKE '970004444%'",
      [b.empresa.id],
    );
    expect(achados.map((r) => r.id_lead_fk).sort()).toEqual([velhos.antigo.id, velhos.novo.id].sort());
    // a second run changes nothing
    expect((await t.dono.query("SELECT telefones_migrar() AS n")).rows[0].n).toBe(0);
  });
});

describe("search by part of a phone (decision 1501)", () => {
  let alvo = "";
  beforeAll(async () => {
    await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      alvo = (await criarLead(tx, { id_empresa_fk: a.empresa.id, nome: "Procurada Fone", telefone: "(31) 97000-1111" })).id;
      await criarLead(tx, { id_empresa_fk: a.empresa.id, nome: "Outra Pessoa", telefone: "(31) 96000-2222" });
      // another company's lead with the very same digits is never found from A
      await criarLead(tx, { id_empresa_fk: b.empresa.id, nome: "Lead da B", telefone: "(31) 97000-1111" });
    });
  });

  const lista = async (nav: TNavegador, busca: string) => {
    const res = await nav.req({ url: `/api/leads?periodo=all&busca=${encodeURIComponent(busca)}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as TPaginaLeads).itens.map((l) => l.nome);
  };
  const quadro = async (nav: TNavegador, busca: string) => {
    const res = await nav.req({ url: `/api/meus-leads?periodo=all&busca=${encodeURIComponent(busca)}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as TQuadroLeads).colunas.flatMap((c) => c.itens.map((i) => i.nome));
  };
  const topo = async (nav: TNavegador, q: string) => {
    const res = await nav.req({ url: `/api/busca?q=${encodeURIComponent(q)}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as TResultadoBusca).leads.map((l) => l.nome);
  };

  for (const q of ["1111", "97000-1111", "70001111", "(31) 97000", "31 97000-1111", "(31) 7000-1111", "+55 31 97000-1111"]) {
    it(`'${q}' finds the lead on /leads, /meus-leads and the top bar, only in its company`, async () => {
      expect(await lista(a.navegadores.admin, q)).toEqual(["Procurada Fone"]);
      expect(await quadro(a.navegadores.admin, q)).toEqual(["Procurada Fone"]);
      expect(await topo(a.navegadores.admin, q)).toEqual(["Procurada Fone"]);
      expect(await lista(b.navegadores.admin, q)).toEqual(["Lead da B"]);
    });
  }

  it("the top bar finds it by index too, beyond the recent leads it scans", async () => {
    const ctx = { empresaId: a.empresa.id, usuarioId: a.usuarios.admin.id, papel: "Admin Empresa" as const };
    const r = await buscar(t.deps, ctx, "0001111", { recentes: 0 });
    expect(r.leads.map((l) => l.id)).toEqual([alvo]);
  });

  it("fewer than 4 digits, or digits mixed with words, are no phone search", async () => {
    expect(await lista(a.navegadores.admin, "111")).toEqual([]);
    expect(await lista(a.navegadores.admin, "Procurada 1111")).toEqual([]);
    expect(await lista(a.navegadores.admin, "Procurada")).toEqual(["Procurada Fone"]);
  });
});

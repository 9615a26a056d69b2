import type { TPaginaLeads, TQuadroLeads, TResumoLeads } from "@crm/domain/schemas/leads";
import { beforeAll, describe, expect, it } from "vitest";
import type { TNavegador } from "../../../test/app.js";
import { useTestApp } from "../../../test/app.js";
import {
  criarConsultor,
  criarEmpresaComUsuarios,
  criarLead,
  type TConsultor,
  type TEmpresaComUsuarios,
} from "../../../test/factories.js";
import { unsafeWithSystem } from "../../db/tenant.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
let outro: TConsultor;
const DIA = 86_400_000;
const haDias = (n: number) => new Date(Date.now() - n * DIA);

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
  await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    const e = { id_empresa_fk: a.empresa.id };
    outro = await criarConsultor(tx, { ...e, nome: "Otávio Prado" });
    const l = (p: Parameters<typeof criarLead>[1]) => criarLead(tx, p);
    await l({
      ...e,
      nome: "João da Silva",
      email: "joao.silva@gmail.com",
      telefone: "+55 11 98765-4321",
      valor_contrato: 50000,
      status_lead: "Em Negociação",
      consultor_atribuido_id: a.consultor.id,
      origem_lead: "Site",
      created_at: haDias(1),
    });
    await l({
      ...e,
      nome: "Ângela Souza",
      email: "ANGELA@Hotmail.com",
      telefone: "(21) 8877-6655",
      valor_contrato: 1200.5,
      status_lead: "Qualificado para Atendente",
      created_at: haDias(2),
    });
    await l({
      ...e,
      nome: "Bruno Silveira",
      telefone: "11 3456-7890",
      valor_contrato: 9000,
      status_lead: "Convertido (Ganho)",
      consultor_atribuido_id: outro.id,
      origem_lead: "Indicação",
      created_at: haDias(3),
    });
    await l({ ...e, nome: "Carla 100% Real_x", valor_contrato: 0, status_lead: "Novo Lead", created_at: haDias(4) });
    await l({ ...e, nome: "Antiga Maria", valor_contrato: 10, status_lead: "Perdido", created_at: haDias(90) });
    await l({ id_empresa_fk: b.empresa.id, nome: "João de Outra Empresa", telefone: "11987654321", created_at: haDias(1) });
  });
});

async function pagina(nav: TNavegador, qs = ""): Promise<TPaginaLeads> {
  const res = await nav.req({ url: `/api/leads?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const nomes = (p: TPaginaLeads) => p.itens.map((l) => l.nome);
async function resumo(qs = "", nav = a.navegadores.admin): Promise<TResumoLeads> {
  const res = await nav.req({ url: `/api/leads/resumo?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe("GET /api/leads (000 §2.12)", () => {
  it("lists the company's leads of the last 30 days by default, newest first, with the consultant's name", async () => {
    const p = await pagina(a.navegadores.admin);
    expect(nomes(p)).toEqual(["João da Silva", "Ângela Souza", "Bruno Silveira", "Carla 100% Real_x"]);
    expect(p.itens[0]).toMatchObject({
      consultor_nome: a.consultor.nome,
      valor_contrato: "50000.00",
      status_lead: "Em Negociação",
      origem_lead: "Site",
      email: "joao.silva@gmail.com",
    });
    expect(p.itens[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(p.temMais).toBe(false);
  });

  it("covers every period preset; Total reaches old leads; Personalizado needs both dates", async () => {
    for (const periodo of ["today", "yesterday", "last7days", "thisMonth", "lastMonth", "last30days", "thisYear", "all"]) {
      const res = await a.navegadores.admin.req({ url: `/api/leads?periodo=${periodo}` });
      expect(res.statusCode, periodo).toBe(200);
    }
    expect(nomes(await pagina(a.navegadores.admin, "periodo=all"))).toContain("Antiga Maria");
    expect(nomes(await pagina(a.navegadores.admin, "periodo=last7days"))).not.toContain("Antiga Maria");
    const hoje = new Date().toISOString().slice(0, 10);
    const antes = haDias(100).toISOString().slice(0, 10);
    expect(nomes(await pagina(a.navegadores.admin, `periodo=custom&inicio=${antes}&fim=${hoje}`))).toHaveLength(5);
    const sem = await a.navegadores.admin.req({ url: `/api/leads?periodo=custom&inicio=${antes}` });
    expect(sem.statusCode).toBe(400);
    expect(sem.json().erro).toBe("Informe a data inicial e a data final do período.");
  });

  it("pages without repeating or skipping rows", async () => {
    const p1 = await pagina(a.navegadores.admin, "periodo=all&tamanho=2");
    const p2 = await pagina(a.navegadores.admin, "periodo=all&tamanho=2&pagina=2");
    const p3 = await pagina(a.navegadores.admin, "periodo=all&tamanho=2&pagina=3");
    expect([p1.temMais, p2.temMais, p3.temMais]).toEqual([true, true, false]);
    expect([...nomes(p1), ...nomes(p2), ...nomes(p3)]).toHaveLength(5);
    expect(new Set([...nomes(p1), ...nomes(p2), ...nomes(p3)]).size).toBe(5);
  });

  it("reads deep pages (ids first, then the page's rows) in the same order, with every column", async () => {
    const c = await criarEmpresaComUsuarios(t);
    await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      for (let i = 0; i < 130; i++)
        await criarLead(tx, {
          id_empresa_fk: c.empresa.id,
          nome: `Página ${String(i).padStart(3, "0")}`,
          valor_contrato: (i * 37) % 50,
          consultor_atribuido_id: i % 2 ? c.consultor.id : null,
          created_at: haDias(i % 20),
        });
    });
    for (const ordem of ["ordem=created_at&direcao=desc", "ordem=nome&direcao=asc", "ordem=valor_contrato&direcao=desc"]) {
      // two pages of 65 skip fewer than 100 rows: read the plain way, they are the reference
      const tudo = await pagina(c.navegadores.admin, `periodo=all&tamanho=65&${ordem}`);
      const resto = await pagina(c.navegadores.admin, `periodo=all&tamanho=65&pagina=2&${ordem}`);
      const esperado = [...tudo.itens, ...resto.itens];
      const lidos = [];
      for (let n = 1; n <= 13; n++)
        lidos.push(...(await pagina(c.navegadores.admin, `periodo=all&tamanho=10&pagina=${n}&${ordem}`)).itens);
      expect(lidos, ordem).toEqual(esperado);
      expect(new Set(lidos.map((l) => l.id)).size).toBe(130);
      // page 12 and 13 skip 110 and 120 rows: the deferred join, consultant names included
      expect(lidos.slice(110).some((l) => l.consultor_nome === c.consultor.nome)).toBe(true);
    }
    expect((await pagina(c.navegadores.admin, "periodo=all&tamanho=10&pagina=14")).itens).toEqual([]);
  });

  it("sorts by name (accents as pt-BR reads them), value and status, both ways", async () => {
    expect(nomes(await pagina(a.navegadores.admin, "ordem=nome&direcao=asc"))).toEqual([
      "Ângela Souza",
      "Bruno Silveira",
      "Carla 100% Real_x",
      "João da Silva",
    ]);
    expect(nomes(await pagina(a.navegadores.admin, "ordem=valor_contrato&direcao=desc"))[0]).toBe("João da Silva");
    expect(nomes(await pagina(a.navegadores.admin, "ordem=valor_contrato&direcao=asc"))[0]).toBe("Carla 100% Real_x");
    expect(nomes(await pagina(a.navegadores.admin, "ordem=status_lead&direcao=asc"))[0]).toBe("Bruno Silveira");
    expect((await a.navegadores.admin.req({ url: "/api/leads?ordem=senha" })).statusCode).toBe(400);
  });

  it("filters by status, consultant, origin, value range and assignment", async () => {
    expect(nomes(await pagina(a.navegadores.admin, "status=Qualificado%20para%20Atendente"))).toEqual(["Ângela Souza"]);
    expect(nomes(await pagina(a.navegadores.admin, `consultor=${outro.id}`))).toEqual(["Bruno Silveira"]);
    expect(nomes(await pagina(a.navegadores.admin, "origem=Indica%C3%A7%C3%A3o"))).toEqual(["Bruno Silveira"]);
    expect(nomes(await pagina(a.navegadores.admin, "valorMin=1000&valorMax=10000"))).toEqual(["Ângela Souza", "Bruno Silveira"]);
    expect(nomes(await pagina(a.navegadores.admin, "atribuicao=nao_atribuidos"))).toEqual(["Ângela Souza", "Carla 100% Real_x"]);
    expect(nomes(await pagina(a.navegadores.admin, "atribuicao=atribuidos"))).toEqual(["João da Silva", "Bruno Silveira"]);
  });

  it("searches nome and email case- and accent-insensitively, by any word's beginning", async () => {
    expect(nomes(await pagina(a.navegadores.admin, "busca=joao"))).toEqual(["João da Silva"]);
    expect(nomes(await pagina(a.navegadores.admin, "busca=SILV"))).toEqual(["João da Silva", "Bruno Silveira"]);
    expect(nomes(await pagina(a.navegadores.admin, "busca=joão%20silva"))).toEqual(["João da Silva"]);
    expect(nomes(await pagina(a.navegadores.admin, "busca=angela@hot"))).toEqual(["Ângela Souza"]);
    expect(nomes(await pagina(a.navegadores.admin, "busca=100%25"))).toEqual(["Carla 100% Real_x"]);
    expect(nomes(await pagina(a.navegadores.admin, "busca=%25"))).toEqual([]);
    expect(nomes(await pagina(a.navegadores.admin, "busca=zzz"))).toEqual([]);
  });

  it("finds pieces of an e-mail ('josue.moura87', 'yahoo') on /leads, /meus-leads and the top bar alike (decision 1644)", async () => {
    const c = await criarEmpresaComUsuarios(t);
    const lead = await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      criarLead(tx, { id_empresa_fk: c.empresa.id, nome: "Josué Moura", email: "Josue.Moura87@Yahoo.com.br" }),
    );
    const naLista = async (q: string) => nomes(await pagina(c.navegadores.admin, `busca=${encodeURIComponent(q)}`));
    const noQuadro = async (q: string) => {
      const res = await c.navegadores.consultor.req({ url: `/api/meus-leads?busca=${encodeURIComponent(q)}` });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as TQuadroLeads).colunas.flatMap((col) => col.itens.map((l) => l.nome));
    };
    const naBarra = async (q: string) =>
      (await c.navegadores.admin.req({ url: `/api/busca?q=${encodeURIComponent(q)}` }))
        .json()
        .leads.map((l: { nome: string }) => l.nome);
    for (const q of ["josue.moura87", "moura87", "yahoo", "YAHOO.com", "josue.moura87@yahoo"]) {
      expect(await naLista(q), q).toEqual(["Josué Moura"]);
      expect(await noQuadro(q), q).toEqual(["Josué Moura"]);
      expect(await naBarra(q), q).toEqual(["Josué Moura"]);
    }
    // a changed e-mail takes its old words away
    await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      tx.query("UPDATE leads_juros_check SET email = 'jm@gmail.com' WHERE id = $1", [lead.id]),
    );
    expect(await naLista("yahoo")).toEqual([]);
    expect(await naLista("gmail")).toEqual(["Josué Moura"]);
  });

  it("matches phones typed in any format, with or without the ninth digit or country code", async () => {
    for (const q of ["(11) 98765-4321", "5511987654321", "11 98765", "+55 11 9876"]) {
      expect(nomes(await pagina(a.navegadores.admin, `busca=${encodeURIComponent(q)}`)), q).toEqual(["João da Silva"]);
    }
    expect(nomes(await pagina(a.navegadores.admin, `busca=${encodeURIComponent("21 98877-6655")}`))).toEqual(["Ângela Souza"]);
    expect(nomes(await pagina(a.navegadores.admin, `busca=${encodeURIComponent("(11) 3456-7890")}`))).toEqual(["Bruno Silveira"]);
  });

  it("keeps search in step with renamed and deleted leads", async () => {
    const id = await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      const l = await criarLead(tx, { id_empresa_fk: a.empresa.id, nome: "Zélia Nova" });
      await tx.query("UPDATE leads_juros_check SET nome = 'Zuleica Trocada', email = 'zu@x.com' WHERE id = $1", [l.id]);
      return l.id;
    });
    expect(nomes(await pagina(a.navegadores.admin, "busca=zelia"))).toEqual([]);
    expect(nomes(await pagina(a.navegadores.admin, "busca=zuleica"))).toEqual(["Zuleica Trocada"]);
    expect(nomes(await pagina(a.navegadores.admin, "busca=zu@x"))).toEqual(["Zuleica Trocada"]);
    await unsafeWithSystem(t.deps.db.app, "teste", (tx) => tx.query("DELETE FROM leads_juros_check WHERE id = $1", [id]));
    const sobras = await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      tx.query("SELECT count(*)::int AS n FROM leads_busca WHERE id_lead_fk = $1", [id]),
    );
    expect(sobras.rows[0].n).toBe(0);
  });
});

describe("GET /api/leads/resumo: the four counters", () => {
  it("counts total, qualified, in service and converted over the same filters", async () => {
    // 'Qualificados no período' counts the leads that reached qualification: in service and converted too (decision 1632)
    expect(await resumo()).toEqual({ total: 4, qualificados: 3, emAtendimento: 1, convertidos: 1 });
    expect(await resumo("periodo=all")).toEqual({ total: 5, qualificados: 3, emAtendimento: 1, convertidos: 1 });
    expect(await resumo("busca=silv")).toEqual({ total: 2, qualificados: 2, emAtendimento: 1, convertidos: 1 });
  });
});

describe("who may list which company", () => {
  it("shows each company only its own leads", async () => {
    expect(nomes(await pagina(b.navegadores.admin))).toEqual(["João de Outra Empresa"]);
    expect(nomes(await pagina(b.navegadores.admin, "busca=joao"))).toEqual(["João de Outra Empresa"]);
  });

  it("lets the platform admin work on a chosen company through ?empresaId= (decision 1641)", async () => {
    const naA = `empresaId=${a.empresa.id}`;
    expect(nomes(await pagina(a.navegadores.plataforma, naA))).toHaveLength(4);
    expect((await a.navegadores.plataforma.req({ url: `/api/leads/resumo?${naA}` })).json().total).toBe(4);
    const semEmpresa = await a.navegadores.plataforma.req({ url: "/api/leads" });
    expect(semEmpresa.statusCode).toBe(400);
    expect(semEmpresa.json().erro).toBe("Selecione uma empresa.");
    const inexistente = await a.navegadores.plataforma.req({ url: "/api/leads?empresaId=00000000-0000-4000-8000-000000000000" });
    expect(inexistente.statusCode).toBe(404);
    expect(inexistente.json().erro).toBe("Empresa não encontrada");
    // a company admin naming another company is answered as if it did not exist (decision 1791)
    const outra = await b.navegadores.admin.req({ url: `/api/leads?${naA}` });
    expect([outra.statusCode, outra.json().erro]).toEqual([404, "Empresa não encontrada"]);
  });

  it("serves no company's leads under /api/empresas/{id}/leads: one URL shape (decision 1641)", async () => {
    for (const caminho of ["", "/resumo", "/consultores", "/importacoes", "/telefones-repetidos"]) {
      const res = await a.navegadores.plataforma.req({ url: `/api/empresas/${a.empresa.id}/leads${caminho}` });
      expect(res.statusCode, caminho).toBe(404);
    }
  });

  it("refuses Consultor and Jurídico (403) and signed-out visitors (401)", async () => {
    for (const nav of [a.navegadores.consultor, a.navegadores.juridico]) {
      expect((await nav.req({ url: "/api/leads" })).statusCode).toBe(403);
      expect((await nav.req({ url: "/api/leads/resumo" })).statusCode).toBe(403);
    }
    expect((await t.navegador().req({ url: "/api/leads" })).statusCode).toBe(401);
  });
});

import type { AddressInfo } from "node:net";
import { STATUS_CONVERTIDOS_DASHBOARD, STATUS_QUALIFICADOS } from "@crm/domain/dashboard";
import { MSG } from "@crm/domain/messages";
import type {
  TConfiguracoesPlataforma,
  TIndicadoresPlataforma,
  TListaUsuariosPlataforma,
  TResultadoAcaoUsuario,
} from "@crm/domain/schemas/platform";
import { STATUS_LEAD } from "@crm/domain/status";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { iniciarGraphFalso, type TGraphFalso } from "../../../../test-support/fake-graph.js";
import { type TNavegador, useTestApp } from "../../test/app.js";
import {
  criarAleatorio,
  criarEmpresaComUsuarios,
  criarUsuario,
  entrar,
  linhaLead,
  SENHA_FACTORY,
  type TEmpresaComUsuarios,
} from "../../test/factories.js";
import { excluirLeads, mudarLeads } from "../../test/logged-writes.js";
import type { TConfig } from "../config/config.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { resumoExato } from "../derived/rollup.js";
import { inserirVarios } from "../seed/bulk.js";
import { configurarOficial } from "../whatsapp/testing/setup.js";

// a real SMTP server and a Graph-shaped server on local ports: the settings are checked where they are used
const recebidos: { de: string; bruto: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    const partes: Buffer[] = [];
    stream.on("data", (c: Buffer) => partes.push(c));
    stream.on("end", () => {
      recebidos.push({
        de: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        bruto: Buffer.concat(partes).toString(),
      });
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
const over: Partial<TConfig> = {
  smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}/?ignoreTLS=true`,
  mailFrom: "CRM Revisional <nao-responda@crm.test>",
};
let graph: TGraphFalso;
beforeAll(async () => {
  graph = await iniciarGraphFalso({ versao: "v26.0" });
  over.whatsappGraphUrl = graph.url;
});
afterAll(async () => {
  await graph?.fechar();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});
const t = useTestApp(over);

let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
let op: TNavegador;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { nome_empresa: "Alfa Revisões", plano_assinatura: "Premium" } as never);
  b = await criarEmpresaComUsuarios(t, { nome_empresa: "Beta Créditos", plano_assinatura: "Básico" } as never);
  op = a.navegadores.plataforma;
});

const ok = async <T>(nav: TNavegador, opts: Parameters<TNavegador["req"]>[0], status = 200): Promise<T> => {
  const res = await nav.req(opts);
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};
const usuarios = (qs = "") => ok<TListaUsuariosPlataforma>(op, { url: `/api/plataforma/usuarios?${qs}` });
const agir = (id: string, acao: string, nav = op) => nav.req({ method: "POST", url: `/api/plataforma/usuarios/${id}/${acao}` });
const auditoria = async (entidadeId: string) =>
  (
    await t.dono.query(
      "SELECT acao, id_usuario_fk, id_empresa_fk, dados, created_at FROM auditoria WHERE entidade_id = $1 ORDER BY id",
      [entidadeId],
    )
  ).rows;

const ROTAS = [
  { method: "GET", url: "/api/plataforma/usuarios" },
  { method: "POST", url: "/api/plataforma/usuarios/00000000-0000-4000-8000-000000000000/desativar" },
  { method: "POST", url: "/api/plataforma/usuarios/00000000-0000-4000-8000-000000000000/reativar" },
  { method: "POST", url: "/api/plataforma/usuarios/00000000-0000-4000-8000-000000000000/encerrar-sessoes" },
  { method: "PUT", url: "/api/plataforma/usuarios/00000000-0000-4000-8000-000000000000/papel", payload: { papel: "Consultor" } },
  { method: "GET", url: "/api/plataforma/indicadores" },
  { method: "GET", url: "/api/plataforma/configuracoes" },
  {
    method: "PUT",
    url: "/api/plataforma/configuracoes",
    payload: { graphVersaoPadrao: "", remetenteNome: "", remetenteEmail: "" },
  },
] as const;

describe("access", () => {
  it("refuses every platform route to the company roles (403) and to signed-out visitors (401)", async () => {
    for (const r of ROTAS) {
      const anonimo = await t.navegador().req({ ...r });
      expect(anonimo.statusCode, `${r.method} ${r.url}`).toBe(401);
      for (const papel of ["admin", "consultor", "juridico"] as const) {
        const res = await a.navegadores[papel].req({ ...r });
        expect(res.statusCode, `${papel} ${r.method} ${r.url}`).toBe(403);
      }
    }
    const antes = await t.dono.query("SELECT graph_versao_padrao FROM configuracoes_plataforma");
    expect(antes.rows[0].graph_versao_padrao).toBeNull();
  });
});

describe("/usuarios", () => {
  it("lists every company's users, newest first, with search, filters and pages equal to SQL", async () => {
    await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      for (let i = 0; i < 23; i++)
        await criarUsuario(tx, {
          id_empresa_fk: b.empresa.id,
          papel: "Jurídico",
          nome: `Pessoa Lote ${i}`,
          email: `lote${i}@beta.com.br`,
        });
    });
    const todos = await usuarios();
    const { rows } = await t.dono.query("SELECT id FROM usuarios_plataforma ORDER BY created_at DESC, id");
    expect(todos.total).toBe(rows.length);
    expect(todos.usuarios.map((u) => u.id)).toEqual(rows.slice(0, 20).map((r) => r.id));
    const p2 = await usuarios("pagina=2");
    expect(p2.usuarios.map((u) => u.id)).toEqual(rows.slice(20, 40).map((r) => r.id));
    expect(todos.empresas.map((e) => e.nome)).toEqual(expect.arrayContaining(["Alfa Revisões", "Beta Créditos"]));

    const busca = await usuarios(`busca=${encodeURIComponent("LOTE 1")}`);
    expect(busca.usuarios.map((u) => u.nome).sort()).toEqual(
      ["Pessoa Lote 1", ...Array.from({ length: 10 }, (_, i) => `Pessoa Lote 1${i}`)].sort(),
    );
    const porEmail = await usuarios("busca=lote22%40beta");
    expect(porEmail.usuarios.map((u) => u.email)).toEqual(["lote22@beta.com.br"]);
    // LIKE's wildcards are literal
    expect((await usuarios("busca=%25")).total).toBe(0);

    const daAlfa = await usuarios(`empresaId=${a.empresa.id}`);
    expect(daAlfa.usuarios.map((u) => u.empresaNome)).toEqual(["Alfa Revisões", "Alfa Revisões", "Alfa Revisões"]);
    const consultores = await usuarios(`papel=Consultor&empresaId=${b.empresa.id}`);
    expect(consultores.usuarios.map((u) => u.id)).toEqual([b.usuarios.consultor.id]);
    expect((await usuarios("status=inativo")).total).toBe(0);
    expect((await usuarios("busca=ninguem-com-este-nome")).usuarios).toEqual([]);
    expect((await op.req({ url: "/api/plataforma/usuarios?papel=Gerente" })).statusCode).toBe(400);
  });

  it("deactivates a user: their session ends, their sign-in is refused, the audit says who and when; reactivates", async () => {
    const alvo = a.usuarios.juridico;
    const nav = a.navegadores.juridico;
    expect((await nav.req({ url: "/api/auth/sessao" })).statusCode).toBe(200);
    const antes = new Date();
    const r = await agir(alvo.id, "desativar");
    expect(r.statusCode, r.body).toBe(200);
    const corpo = r.json() as TResultadoAcaoUsuario;
    expect(corpo.usuario).toMatchObject({ id: alvo.id, ativo: false, sessoes: 0 });
    expect(corpo.sessoesEncerradas).toBe(1);
    expect((await nav.req({ url: "/api/auth/sessao" })).statusCode).toBe(401);
    const login = await t
      .navegador()
      .req({ method: "POST", url: "/api/auth/login", payload: { email: alvo.email, password: SENHA_FACTORY } });
    expect(login.statusCode).toBe(401);
    expect(login.json().erro).toBe(MSG.credenciaisInvalidas);
    expect((await usuarios("status=inativo")).usuarios.map((u) => u.id)).toEqual([alvo.id]);

    expect((await agir(alvo.id, "reativar")).statusCode).toBe(200);
    await entrar(t.navegador(), alvo.email);
    const linhas = await auditoria(alvo.id);
    expect(linhas.map((l) => l.acao)).toEqual(
      expect.arrayContaining(["plataforma.usuario_desativado", "plataforma.usuario_reativado"]),
    );
    const desativou = linhas.find((l) => l.acao === "plataforma.usuario_desativado");
    expect(desativou).toMatchObject({ id_usuario_fk: a.usuarios.plataforma.id, id_empresa_fk: a.empresa.id });
    expect(desativou.dados).toMatchObject({ email: alvo.email, sessoesEncerradas: 1 });
    // this action's row, not an older one: written after the request was sent (no age bound, decision 1931)
    expect(desativou.created_at.getTime()).toBeGreaterThanOrEqual(antes.getTime());
  });

  it("ends a user's sessions without deactivating them", async () => {
    const nav = t.navegador();
    await entrar(nav, b.usuarios.admin.email);
    const r = await agir(b.usuarios.admin.id, "encerrar-sessoes");
    expect(r.statusCode).toBe(200);
    expect((r.json() as TResultadoAcaoUsuario).sessoesEncerradas).toBe(2);
    expect((await nav.req({ url: "/api/auth/sessao" })).statusCode).toBe(401);
    expect((await b.navegadores.admin.req({ url: "/api/auth/sessao" })).statusCode).toBe(401);
    b.navegadores.admin = t.navegador();
    await entrar(b.navegadores.admin, b.usuarios.admin.email);
    expect((await auditoria(b.usuarios.admin.id)).map((l) => l.acao)).toContain("plataforma.usuario_sessoes_encerradas");
  });

  it("changes a role within the plan's limits and keeps the team records right", async () => {
    const papel = (id: string, p: string) =>
      op.req({ method: "PUT", url: `/api/plataforma/usuarios/${id}/papel`, payload: { papel: p } });
    // Básico has one admin seat, taken by b's admin: the consultant cannot become a second admin
    const cheio = await papel(b.usuarios.consultor.id, "Admin Empresa");
    expect(cheio.statusCode).toBe(409);
    expect(cheio.json().erro).toBe(MSG.limitePlanoAdmins("Básico", 1));
    expect(
      (await t.dono.query("SELECT papel FROM usuarios_plataforma WHERE id = $1", [b.usuarios.consultor.id])).rows[0].papel,
    ).toBe("Consultor");
    // Premium has three: a's consultant becomes an admin and leaves the consultants
    const r = await papel(a.usuarios.consultor.id, "Admin Empresa");
    expect(r.statusCode, r.body).toBe(200);
    expect((r.json() as TResultadoAcaoUsuario).usuario.papel).toBe("Admin Empresa");
    expect(
      (await t.dono.query("SELECT count(*)::int AS n FROM consultores WHERE id_usuario_fk = $1", [a.usuarios.consultor.id]))
        .rows[0].n,
    ).toBe(0);
    // a Jurídico becomes a Consultor with a consultores row
    expect((await papel(a.usuarios.juridico.id, "Consultor")).statusCode).toBe(200);
    const c = await t.dono.query("SELECT nome, email FROM consultores WHERE id_usuario_fk = $1", [a.usuarios.juridico.id]);
    expect(c.rows).toEqual([{ nome: a.usuarios.juridico.nome, email: a.usuarios.juridico.email }]);
    expect((await papel(a.usuarios.juridico.id, "Consultor")).json().erro).toBe(MSG.usuarioJaTemPapel("Consultor"));
    expect((await papel(a.usuarios.juridico.id, "Admin Plataforma")).statusCode).toBe(400);
    expect((await papel(a.usuarios.plataforma.id, "Consultor")).statusCode).toBe(409);
    expect((await papel("00000000-0000-4000-8000-000000000000", "Consultor")).statusCode).toBe(404);
    const linhas = await auditoria(a.usuarios.consultor.id);
    expect(linhas.at(-1)).toMatchObject({
      acao: "plataforma.usuario_papel_alterado",
      dados: { de: "Consultor", para: "Admin Empresa" },
    });
  });
});

describe("the platform figures", () => {
  beforeAll(async () => {
    const r = criarAleatorio(1307);
    await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      await tx.query("UPDATE empresas SET data_adesao = '2024-11-05', ciclo_cobranca = 'anual', teste_ate = NULL WHERE id = $1", [
        a.empresa.id,
      ]);
      await tx.query("UPDATE empresas SET data_adesao = '2025-02-20', teste_ate = NULL WHERE id = $1", [b.empresa.id]);
      for (const [e, inicio] of [
        [a, Date.UTC(2024, 11, 1)],
        [b, Date.UTC(2025, 1, 20, 3)],
      ] as const) {
        const linhas = Array.from({ length: 400 }, () =>
          linhaLead({
            id: r.uuid(),
            id_empresa_fk: e.empresa.id,
            status_lead: r.escolher(STATUS_LEAD),
            created_at: new Date(inicio + r.int(0, 200 * 86_400) * 1000),
          }),
        );
        await inserirVarios(tx, "leads_juros_check", linhas);
      }
      // the counters follow status changes and deletions
      await mudarLeads(tx, "status_lead = 'Convertido'", "id_empresa_fk = $1 AND status_lead = 'Perdido'", [a.empresa.id]);
      await excluirLeads(tx, "id_empresa_fk = $1 AND status_lead = 'Novo Lead'", [b.empresa.id]);
    });
  });

  /** The figures straight from the leads, with São Paulo calendar days (no counters, no domain code but the sets). */
  async function esperado(de: string, ate: string) {
    const { rows } = await t.dono.query(
      `SELECT id_empresa_fk AS id, count(*)::int AS leads,
              count(*) FILTER (WHERE status_lead = ANY ($3))::int AS qualificados,
              count(*) FILTER (WHERE status_lead = ANY ($4))::int AS convertidos
         FROM leads_juros_check WHERE (created_at AT TIME ZONE 'America/Sao_Paulo')::date BETWEEN $1 AND $2
        GROUP BY 1`,
      [de, ate, STATUS_QUALIFICADOS, STATUS_CONVERTIDOS_DASHBOARD],
    );
    return new Map(rows.map((r) => [r.id, r]));
  }

  it("keeps the monthly counter equal to the leads", async () => {
    const { rows } = await t.dono.query(
      `SELECT coalesce(m.id_empresa_fk, l.id_empresa_fk) AS e, coalesce(m.mes, l.mes) AS mes, coalesce(m.status_lead, l.status_lead) AS s,
              coalesce(m.n, 0) AS contado, coalesce(l.n, 0) AS real
         FROM ${resumoExato("leads_contagem_mensal", "m")}
         FULL JOIN (SELECT id_empresa_fk, date_trunc('month', leads_dia_sp(created_at))::date AS mes, status_lead, count(*)::int AS n
                      FROM leads_juros_check GROUP BY 1, 2, 3) l USING (id_empresa_fk, mes, status_lead)
        WHERE coalesce(m.n, 0) <> coalesce(l.n, 0)`,
    );
    expect(rows).toEqual([]);
  });

  for (const [de, ate] of [
    ["2025-01-01", "2025-03-31"],
    ["2024-12-15", "2025-04-10"],
    ["2025-02-03", "2025-02-17"],
    ["2024-01-01", "2026-12-31"],
  ]) {
    it(`equals the leads counted in SQL for ${de} to ${ate}`, async () => {
      const f = await ok<TIndicadoresPlataforma>(op, { url: `/api/plataforma/indicadores?de=${de}&ate=${ate}&porEmpresa=1` });
      const sql = await esperado(de, ate);
      const soma = (k: string) => [...sql.values()].reduce((s, r) => s + r[k], 0);
      expect(f.cartoes).toMatchObject({
        leads: soma("leads"),
        qualificados: soma("qualificados"),
        convertidos: soma("convertidos"),
      });
      expect(f.cartoes.taxaConversao).toBe(Math.round((soma("convertidos") / soma("qualificados")) * 100));
      const { rows: aderiram } = await t.dono.query("SELECT id FROM empresas WHERE data_adesao <= $1", [ate]);
      expect(f.empresas?.map((e) => e.id).sort()).toEqual(aderiram.map((r) => r.id).sort());
      for (const e of f.empresas ?? []) {
        const r = sql.get(e.id) ?? { leads: 0, qualificados: 0, convertidos: 0 };
        expect(e, e.nome).toMatchObject({ leads: r.leads, qualificados: r.qualificados, convertidos: r.convertidos });
      }
      // /dashboard asks without the per-company rows and gets the same figures
      const semLinhas = await ok<TIndicadoresPlataforma>(op, { url: `/api/plataforma/indicadores?de=${de}&ate=${ate}` });
      expect(semLinhas.empresas).toBeUndefined();
      expect({ ...semLinhas, empresas: f.empresas }).toEqual(f);
    });
  }

  it("counts companies, users, plans, growth and today's MRR/ARR", async () => {
    const f = await ok<TIndicadoresPlataforma>(op, {
      url: "/api/plataforma/indicadores?de=2025-01-01&ate=2025-03-31&porEmpresa=1",
    });
    expect(f.empresas?.map((e) => e.nome)).toEqual(["Alfa Revisões", "Beta Créditos"]);
    const usuariosSql = await t.dono.query(
      "SELECT id_empresa_fk AS id, count(*)::int AS n FROM usuarios_plataforma WHERE ativo AND id_empresa_fk IS NOT NULL GROUP BY 1",
    );
    for (const r of usuariosSql.rows) expect(f.empresas?.find((e) => e.id === r.id)?.usuarios).toBe(r.n);
    expect(f.cartoes.usuarios).toBe(usuariosSql.rows.reduce((s, r) => s + r.n, 0));
    expect(f.empresas?.map((e) => e.mrr)).toEqual([415.83, 199]);
    expect(f.cartoes).toMatchObject({ empresas: 2, ativas: 2, suspensas: 0, emTeste: 0 });
    // Premium yearly 4990/12 + Básico monthly 199
    expect(f.cartoes.mrr).toBe(614.83);
    expect(f.cartoes.arr).toBe(7377.96);
    expect(f.planos).toEqual([
      { plano: "Básico", empresas: 1 },
      { plano: "Premium", empresas: 1 },
      { plano: "Enterprise", empresas: 0 },
    ]);
    expect(f.crescimento.map((m) => [m.rotulo, m.novas, m.total])).toEqual([
      ["jan/25", 0, 1],
      ["fev/25", 1, 2],
      ["mar/25", 0, 2],
    ]);
    // a period that ends before Beta joined leaves it out
    const antes = await ok<TIndicadoresPlataforma>(op, {
      url: "/api/plataforma/indicadores?de=2025-01-01&ate=2025-01-31&porEmpresa=1",
    });
    expect(antes.empresas?.map((e) => e.nome)).toEqual(["Alfa Revisões"]);
    expect(antes.cartoes).toMatchObject({ empresas: 1, ativas: 1 });
    expect(antes.planos.find((p) => p.plano === "Básico")?.empresas).toBe(0);
    // a lead Beta has from before it joined counts only once Beta is in the period's list, with or without the rows
    const cedo = await t.dono.query(
      "INSERT INTO leads_juros_check (id_empresa_fk, nome, status_lead, created_at) VALUES ($1, 'Antes da adesão', 'Convertido', '2025-01-15T15:00:00Z') RETURNING id",
      [b.empresa.id],
    );
    const soDeA = await t.dono.query(
      `SELECT count(*)::int AS n FROM leads_juros_check
        WHERE id_empresa_fk = $1 AND (created_at AT TIME ZONE 'America/Sao_Paulo')::date BETWEEN '2025-01-01' AND '2025-01-31'`,
      [a.empresa.id],
    );
    for (const qs of ["", "&porEmpresa=1"]) {
      const jan = await ok<TIndicadoresPlataforma>(op, { url: `/api/plataforma/indicadores?de=2025-01-01&ate=2025-01-31${qs}` });
      expect(jan.cartoes.leads, qs).toBe(soDeA.rows[0].n);
      const ateMarco = await ok<TIndicadoresPlataforma>(op, {
        url: `/api/plataforma/indicadores?de=2025-01-01&ate=2025-03-31${qs}`,
      });
      expect(ateMarco.cartoes.leads, qs).toBe(f.cartoes.leads + 1);
    }
    await excluirLeads(t.dono, "id = $1", [cedo.rows[0].id]);
    // suspended and on trial: no revenue
    await t.dono.query("UPDATE empresas SET status_assinatura = 'Suspenso' WHERE id = $1", [b.empresa.id]);
    await t.dono.query("UPDATE empresas SET teste_ate = current_date + 3 WHERE id = $1", [a.empresa.id]);
    const depois = await ok<TIndicadoresPlataforma>(op, { url: "/api/plataforma/indicadores?porEmpresa=true" });
    expect(depois.cartoes).toMatchObject({ suspensas: 1, emTeste: 1, mrr: 0, arr: 0 });
    expect(depois.empresas?.map((e) => [e.nome, e.status, e.emTeste, e.mrr])).toEqual([
      ["Alfa Revisões", "Ativo", true, 0],
      ["Beta Créditos", "Suspenso", false, 0],
    ]);
    await t.dono.query("UPDATE empresas SET status_assinatura = 'Ativo', teste_ate = NULL WHERE id = ANY ($1)", [
      [a.empresa.id, b.empresa.id],
    ]);
  });

  it("refuses bad dates with a pt-BR message and no 500", async () => {
    for (const [qs, msg] of [
      ["de=2025-03-10&ate=2025-03-01", MSG.periodoDeDepoisDoAte],
      ["de=2025-02-30", MSG.dataInvalida],
      ["de=ontem", MSG.dataInvalida],
      ["de=2000-01-01&ate=2025-01-01", MSG.periodoLongoDemais],
      ["porEmpresa=talvez", MSG.dadosInvalidos],
    ]) {
      const res = await op.req({ url: `/api/plataforma/indicadores?${qs}` });
      expect(res.statusCode, qs).toBe(400);
      expect(res.body).toContain(msg);
    }
  });
});

describe("the platform's /configuracoes", () => {
  it("saves the settings with an audit row, refuses invalid ones, and empty means the default", async () => {
    const inicial = await ok<TConfiguracoesPlataforma>(op, { url: "/api/plataforma/configuracoes" });
    expect(inicial).toMatchObject({
      graphVersaoPadrao: "",
      efetivos: { graphVersao: "v25.0", remetente: '"CRM Revisional" <nao-responda@crm.test>' },
    });
    const ruim = await op.req({
      method: "PUT",
      url: "/api/plataforma/configuracoes",
      payload: { graphVersaoPadrao: "18", remetenteNome: "A <b>", remetenteEmail: "sem-arroba" },
    });
    expect(ruim.statusCode).toBe(400);
    for (const m of [MSG.versaoGraphInvalida, MSG.remetenteNomeInvalido, MSG.emailInvalido]) expect(ruim.body).toContain(m);
    const salvo = await ok<TConfiguracoesPlataforma>(op, {
      method: "PUT",
      url: "/api/plataforma/configuracoes",
      payload: { graphVersaoPadrao: "v26.0", remetenteNome: "Revisa Já", remetenteEmail: "Contato@Revisa.com.br" },
    });
    expect(salvo).toMatchObject({
      graphVersaoPadrao: "v26.0",
      remetenteEmail: "contato@revisa.com.br",
      efetivos: { graphVersao: "v26.0", remetente: '"Revisa Já" <contato@revisa.com.br>' },
      atualizadoPor: a.usuarios.plataforma.nome, // by name (decision 1633)
    });
    const { rows } = await t.dono.query(
      "SELECT acao, id_usuario_fk, dados FROM auditoria WHERE entidade = 'configuracoes_plataforma'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ acao: "plataforma.configuracoes_salvas", id_usuario_fk: a.usuarios.plataforma.id });
    expect(rows[0].dados.depois.graphVersaoPadrao).toBe("v26.0");
  });

  it("the WhatsApp Cloud API calls use the platform's Graph version when the company sets none", async () => {
    await configurarOficial(a.navegadores.admin, graph);
    // the company's own version wins; without one, the platform's
    await t.dono.query("UPDATE empresas SET config_whatsapp_api = config_whatsapp_api - 'graph_version' WHERE id = $1", [
      a.empresa.id,
    ]);
    const antes = graph.pedidos.length;
    await a.navegadores.admin.req({ method: "POST", url: "/api/whatsapp/conexao/verificar", payload: {} });
    const caminhos = graph.pedidos.slice(antes).map((p) => p.caminho);
    expect(caminhos.length).toBeGreaterThan(0);
    for (const c of caminhos) expect(c.startsWith("/v26.0/"), c).toBe(true);
  });

  it("mail goes out with the platform's sender", async () => {
    const res = await t
      .navegador()
      .req({ method: "POST", url: "/api/auth/esqueci-senha", payload: { email: b.usuarios.admin.email } });
    expect(res.statusCode).toBeLessThan(300);
    await vi.waitFor(() => expect(recebidos.length).toBeGreaterThan(0), { timeout: 10_000 });
    const m = recebidos.at(-1)!;
    expect(m.de).toBe("contato@revisa.com.br");
    expect(m.bruto).toMatch(/^From: .*<contato@revisa\.com\.br>/m);
  });
});

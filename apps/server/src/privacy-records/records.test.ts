import type { TPainelRegistro, TVersaoRopa } from "@crm/domain/schemas/privacy-records";
import ExcelJS from "exceljs";
import { extractText, getDocumentProxy } from "unpdf";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, criarMensagem, type TEmpresaComUsuarios } from "../../test/factories.js";
import { encadearTudo } from "../audit-trail/chain.js";
import { verificarTrilhas } from "../audit-trail/verify-all.js";
import { registrarAuditoria } from "../auth/audit.js";
import { relogio } from "../core/clock.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { NOME_ANONIMIZADO } from "./erase-leads.js";
import { executarRetencaoDaEmpresa } from "./retention.js";
import { varrerRetencao } from "./retention-job.js";

/**
 * The company's records (decisions 1872–1874): the ROPA's dated versions as PDF and XLSX, the controller's data, the
 * retention rules and their nightly run under the injected clock, and what the plan includes.
 */
const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
let basico: TEmpresaComUsuarios;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { nome_empresa: "Alfa Revisões Ltda", plano_assinatura: "Premium" });
  b = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  basico = await criarEmpresaComUsuarios(t, { plano_assinatura: "Básico" });
});
afterEach(() => relogio.fixar(null));

const sql = async (texto: string, valores: unknown[] = []) => (await t.dono.query(texto, valores)).rows;
const painel = async (e = a) => {
  const res = await e.navegadores.admin.req({ url: "/api/privacidade/registro" });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TPainelRegistro;
};
const gerar = (e = a) => e.navegadores.admin.req({ method: "POST", url: "/api/privacidade/registro/ropa" });
const baixar = (id: string, formato: "pdf" | "xlsx", e = a) =>
  e.navegadores.admin.req({ url: `/api/privacidade/registro/ropa/${id}/${formato}` });
const textoDoPdf = async (pdf: Buffer) =>
  (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text.replace(/\s+/g, " ");

describe("o registro de operações (ROPA, art. 37) em versões datadas", () => {
  let v1: TVersaoRopa;
  let v2: TVersaoRopa;

  it("grava os dados do controlador e recusa um CNPJ inválido sem mudar nada", async () => {
    const nav = a.navegadores.admin;
    const ruim = await nav.req({
      method: "PUT",
      url: "/api/privacidade/registro/controlador",
      payload: { cnpj: "123", endereco: null, atividade: null, responsavel: null },
    });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.body).toContain("Informe um CNPJ com 14 dígitos.");
    expect((await painel()).controlador.cnpj).toBeNull();
    const ok = await nav.req({
      method: "PUT",
      url: "/api/privacidade/registro/controlador",
      payload: {
        cnpj: "12.345.678/0001-90",
        endereco: "Rua das Flores, 100, São Paulo/SP",
        atividade: "Assessoria em revisão de contratos de crédito",
        responsavel: "Marta Sócia",
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ cnpj: "12345678000190", responsavel: "Marta Sócia" });
    await nav.req({
      method: "PUT",
      url: "/api/privacidade/configuracao",
      payload: {
        encarregado_nome: "Davi Encarregado",
        encarregado_email: "dpo@alfa.com.br",
        encarregado_telefone: "(11) 3333-4444",
        palavras_chave: [{ palavra: "PRIVACIDADE", direito: "confirmacao" }],
        prazos_dias: {},
      },
    });
  });

  it("gera versões numeradas, cada uma com a sua data, e lista a mais nova primeiro", async () => {
    relogio.fixar("2026-11-30T10:00:00-03:00");
    const r1 = await gerar();
    expect(r1.statusCode, r1.body).toBe(201);
    v1 = r1.json();
    relogio.fixar("2026-12-07T15:30:00-03:00");
    v2 = (await gerar()).json();
    expect([v1.versao, v2.versao]).toEqual([1, 2]);
    // the clock runs on from the instant it was set: compare to the minute
    const minuto = (iso: string) => iso.slice(0, 16);
    expect(minuto(v1.gerada_em)).toBe("2026-11-30T13:00");
    const p = await painel();
    expect(p.versoes.map((v) => [v.versao, minuto(v.gerada_em), v.gerada_por])).toEqual([
      [2, "2026-12-07T18:30", a.usuarios.admin.nome],
      [1, "2026-11-30T13:00", a.usuarios.admin.nome],
    ]);
    expect(p.versoes[0].operacoes).toBeGreaterThanOrEqual(8);
    const log = await sql("SELECT tipo, depois FROM mudancas WHERE id_empresa_fk = $1 AND tipo = 'privacidade.ropa_gerado'", [
      a.empresa.id,
    ]);
    expect(log.map((l) => l.depois.versao)).toEqual([1, 2]);
  });

  it("o PDF traz o controlador, o encarregado, as operações com base legal e as datas de cada versão", async () => {
    const res = await baixar(v2.id, "pdf");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(String(res.headers["content-disposition"])).toBe('attachment; filename="registro-de-operacoes-v2-2026-12-07.pdf"');
    const texto = await textoDoPdf(res.rawPayload);
    for (const trecho of [
      "Registro das operações de tratamento de dados pessoais",
      "Alfa Revisões Ltda",
      "12.345.678/0001-90",
      "Marta Sócia",
      "Davi Encarregado",
      "dpo@alfa.com.br",
      "Atendimento de leads e análise prévia do contrato de crédito",
      "Art. 7º, V",
      "leads_juros_check.telefone",
      "12 meses após a última mensagem",
      "v1 (30/11/2026",
      "v2 (07/12/2026",
    ])
      expect(texto, trecho).toContain(trecho);
    // the CRM's own billing is not the company's processing
    expect(texto).not.toContain("Assinatura e cobrança do CRM");
    // an earlier version downloads as it was: v1 knows nothing of v2
    const antigo = await textoDoPdf((await baixar(v1.id, "pdf")).rawPayload);
    expect(antigo).toContain("v1 (30/11/2026");
    expect(antigo).not.toContain("v2 (");
    // two PDFs rendered and read back: seconds each on a loaded machine
  }, 60_000);

  it("o XLSX tem a identificação, uma linha por operação e as versões", async () => {
    const res = await baixar(v2.id, "xlsx");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    const livro = new ExcelJS.Workbook();
    await livro.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(livro.worksheets.map((w) => w.name)).toEqual(["Identificação", "Operações", "Versões"]);
    const ident = livro.getWorksheet("Identificação") as ExcelJS.Worksheet;
    const campos = new Map<string, string>();
    ident.eachRow((r, i) => i > 1 && campos.set(String(r.getCell(1).value), String(r.getCell(2).value)));
    expect(campos.get("CNPJ")).toBe("12.345.678/0001-90");
    expect(campos.get("Encarregado (DPO)")).toBe("Davi Encarregado");
    const ops = livro.getWorksheet("Operações") as ExcelJS.Worksheet;
    expect(ops.getRow(1).getCell(3).value).toBe("Base legal");
    expect(ops.rowCount - 1).toBe(v2.operacoes);
    const versoes = livro.getWorksheet("Versões") as ExcelJS.Worksheet;
    expect(versoes.getRow(2).getCell(1).value).toBe(1);
    expect(String(versoes.getRow(3).getCell(2).value)).toContain("07/12/2026");
  });

  it("outra empresa não baixa nem vê as versões de A; o Consultor não tem acesso", async () => {
    expect((await baixar(v1.id, "pdf", b)).statusCode).toBe(404);
    expect((await painel(b)).versoes).toEqual([]);
    expect((await a.navegadores.consultor.req({ url: "/api/privacidade/registro" })).statusCode).toBe(403);
    expect((await a.navegadores.consultor.req({ method: "POST", url: "/api/privacidade/registro/ropa" })).statusCode).toBe(403);
    expect((await a.navegadores.admin.req({ url: `/api/privacidade/registro/ropa/${v1.id}/doc` })).statusCode).toBe(400);
  });
});

describe("a retenção por categoria, rodada com o relógio injetado", () => {
  const AGORA = new Date("2026-12-07T04:00:00-03:00");
  const ids = {} as Record<"velho" | "convertido" | "recente" | "comPedido" | "deB", string>;

  beforeAll(async () => {
    await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      const lead = async (empresaId: string, nome: string, ultima: string, extra: Record<string, unknown> = {}) => {
        const l = await criarLead(tx, {
          id_empresa_fk: empresaId,
          nome,
          email: `${nome.split(" ")[0].toLowerCase()}@exemplo.com.br`,
          telefone: `(11) 9${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
          cidade: "Campinas",
          observacoes: `${nome}: renda de 3 mil`,
          created_at: new Date("2025-08-01T12:00:00-03:00"),
          ultima_mensagem_em: new Date(ultima),
          valor_contrato: 45_000,
          ...extra,
        } as never);
        await criarMensagem(tx, { id_empresa_fk: empresaId, id_lead_fk: l.id, message: `Oi, sou ${nome}` });
        await criarMensagem(tx, { id_empresa_fk: empresaId, id_lead_fk: l.id, sender: "ia", message: "Olá! Conte do contrato." });
        return l.id as string;
      };
      // 14 months of silence, never converted: due
      ids.velho = await lead(a.empresa.id, "Vera Antiga", "2025-10-01T12:00:00-03:00");
      // just as old, but converted: a client, kept
      ids.convertido = await lead(a.empresa.id, "Caio Cliente", "2025-10-01T12:00:00-03:00", {
        status_lead: "Convertido (Ganho)",
        convertido_em: new Date("2025-10-01T12:00:00-03:00"),
        valor_contrato_fechado: 3_000,
      });
      // 6 months: not due
      ids.recente = await lead(a.empresa.id, "Rita Recente", "2026-06-01T12:00:00-03:00");
      // due, but the titular has an open request: kept until it is answered
      ids.comPedido = await lead(a.empresa.id, "Pedro Pedido", "2025-09-01T12:00:00-03:00");
      // another company's old lead: its own rules, its own run
      ids.deB = await lead(b.empresa.id, "Bia Outra", "2025-09-01T12:00:00-03:00");
    });
    await sql(
      `INSERT INTO notas_lead (id_empresa_fk, id_lead_fk, id_autor_fk, autor_nome, texto)
       VALUES ($1, $2, $3, 'Admin', 'cliente disse que tem dívidas')`,
      [a.empresa.id, ids.velho, a.usuarios.admin.id],
    );
    await sql(
      `INSERT INTO privacidade_pedidos (id_empresa_fk, protocolo, direito, canal, status, id_lead_fk, aberto_em, prazo_dias, vence_em)
       VALUES ($1, '2026-000901', 'acesso', 'registrada_pela_empresa', 'em_andamento', $2, now(), 15, current_date + 15)`,
      [a.empresa.id, ids.comPedido],
    );
  });

  const totais = async () => {
    const nav = a.navegadores.admin;
    const d = await nav.req({ url: "/api/dashboard/empresa?periodo=all" });
    const f = await nav.req({ url: "/api/financeiro?periodo=all" });
    expect([d.statusCode, f.statusCode]).toEqual([200, 200]);
    return { dashboard: d.json(), financeiro: f.json() };
  };
  const lead = async (id: string) => (await sql("SELECT * FROM leads_juros_check WHERE id = $1", [id]))[0];
  const mensagens = async (id: string) =>
    (await sql("SELECT count(*)::int AS n FROM mensagens_whatsapp WHERE id_lead_fk = $1", [id]))[0].n;

  it("as regras começam nos padrões e recusam meses fora de 1 a 120 sem mudar nada", async () => {
    expect((await painel()).regras).toEqual([
      { categoria: "leads_nao_convertidos", meses: 12, ativa: true },
      { categoria: "pedidos_privacidade_encerrados", meses: 60, ativa: true },
    ]);
    const res = await a.navegadores.admin.req({
      method: "PUT",
      url: "/api/privacidade/registro/retencao",
      payload: { regras: [{ categoria: "leads_nao_convertidos", meses: 0, ativa: true }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("Informe de 1 a 120 meses.");
    expect((await painel()).regras[0].meses).toBe(12);
  });

  // a retention run, the audit chain and its verification: on a loaded 2-core machine, more than the default 20 s
  it("com 24 meses nada vence; com 12 o lead nunca convertido é anonimizado e os convertidos ficam", async () => {
    const nav = a.navegadores.admin;
    const salvar = (meses: number) =>
      nav.req({
        method: "PUT",
        url: "/api/privacidade/registro/retencao",
        payload: { regras: [{ categoria: "leads_nao_convertidos", meses, ativa: true }] },
      });
    expect((await salvar(24)).statusCode).toBe(200);
    const antes = await totais();
    relogio.fixar(AGORA);
    const nada = await executarRetencaoDaEmpresa(t.deps, a.empresa.id);
    expect(nada?.total).toBe(0);
    expect(await mensagens(ids.velho)).toBe(2);

    // an audited view of the lead, with its name and the viewer's address, already in the chain
    await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      registrarAuditoria(tx, {
        empresaId: a.empresa.id,
        usuarioId: a.usuarios.admin.id,
        acao: "lead.contrato_visto",
        entidade: "lead",
        entidadeId: ids.velho,
        dados: { nome: "Vera Antiga" },
        ip: "203.0.113.44",
      }),
    );
    await encadearTudo(t.deps.db.app);

    expect((await salvar(12)).json().regras[0]).toEqual({ categoria: "leads_nao_convertidos", meses: 12, ativa: true });
    const r = await executarRetencaoDaEmpresa(t.deps, a.empresa.id);
    // its personal values left the trail, and the chain still verifies (decisions 1821, 1861)
    const eventos = await sql(
      "SELECT ip, pessoais, redigido_em FROM auditoria_eventos WHERE cadeia = $1 AND entidade = 'lead' AND entidade_id = $2",
      [a.empresa.id, ids.velho],
    );
    expect(eventos.length).toBeGreaterThan(0);
    for (const e of eventos) expect(e).toMatchObject({ ip: null, pessoais: null, redigido_em: expect.any(Date) });
    expect((await verificarTrilhas(t.dono, a.empresa.id)).quebradas).toBe(0);
    expect(r?.executada_em.slice(0, 16)).toBe("2026-12-07T07:00");
    expect(r).toMatchObject({
      origem: "agendada",
      total: 1,
      itens: [
        { categoria: "leads_nao_convertidos", meses: 12, removidos: 1 },
        { categoria: "pedidos_privacidade_encerrados", meses: 60, removidos: 0 },
      ],
    });
    const velho = await lead(ids.velho);
    expect(velho).toMatchObject({
      nome: NOME_ANONIMIZADO,
      email: null,
      telefone: null,
      telefone_normalizado: null,
      cidade: null,
      observacoes: null,
      status_lead: "Novo Lead",
      valor_contrato: "45000.00",
    });
    expect(velho.anonimizado_em.toISOString()).toBe(r?.executada_em);
    expect(await mensagens(ids.velho)).toBe(0);
    expect((await sql("SELECT count(*)::int AS n FROM notas_lead WHERE id_lead_fk = $1", [ids.velho]))[0].n).toBe(0);
    // nobody finds the lead by its old name any more
    expect(
      (await sql("SELECT count(*)::int AS n FROM leads_busca WHERE id_lead_fk = $1 AND termo = 'vera'", [ids.velho]))[0].n,
    ).toBe(0);
    for (const id of [ids.convertido, ids.recente, ids.comPedido, ids.deB]) {
      expect((await lead(id)).anonimizado_em, id).toBeNull();
      expect(await mensagens(id), id).toBe(2);
    }
    // the dashboards' totals did not move: the lead is still counted, anonymous
    expect(await totais()).toEqual(antes);
    // the log: one lead.alterado naming the personal fields (never their values), one row per message, the run
    const log = await sql(
      `SELECT tipo, entidade, depois FROM mudancas WHERE id_empresa_fk = $1 AND origem = 'sistema' AND tipo <> 'lead.criado'
          AND (id_entidade = $2 OR antes ->> 'lead_id' = $2::text OR tipo = 'privacidade.retencao_executada')
          AND ocorrido_em > now() - interval '1 minute' ORDER BY id`,
      [a.empresa.id, ids.velho],
    );
    expect(log.map((l) => l.tipo).sort()).toEqual(
      [
        "lead.alterado",
        "mensagem.excluida",
        "mensagem.excluida",
        "privacidade.retencao_executada",
        "privacidade.retencao_executada",
      ].sort(),
    );
    const alterado = log.find((l) => l.tipo === "lead.alterado");
    expect(alterado.depois.campos_pessoais).toEqual(expect.arrayContaining(["nome", "email", "telefone"]));
    expect(JSON.stringify(log)).not.toContain("Vera");
  }, 60_000);

  it("o relatório de cada execução fica visível ao admin; uma nova execução não remove de novo", async () => {
    relogio.fixar(new Date("2026-12-08T04:00:00-03:00"));
    const deNovo = await executarRetencaoDaEmpresa(t.deps, a.empresa.id);
    expect(deNovo?.total).toBe(0);
    const p = await painel();
    expect(p.execucoes.map((e) => [e.executada_em.slice(0, 16), e.total])).toEqual([
      ["2026-12-08T07:00", 0],
      ["2026-12-07T07:00", 1],
      ["2026-12-07T07:00", 0],
    ]);
    expect((await painel(b)).execucoes).toEqual([]);
  });

  it("solicitações encerradas há mais de 60 meses perdem os dados do titular; o protocolo fica", async () => {
    await sql(
      `INSERT INTO privacidade_pedidos (id_empresa_fk, protocolo, direito, canal, status, nome_titular, cpf, email,
                                        aberto_em, prazo_dias, vence_em, encerrado_em, resposta)
       VALUES ($1, '2020-000001', 'acesso', 'registrada_pela_empresa', 'atendida', 'Ana Antiga', '12345678909',
               'ana@exemplo.com.br', '2020-01-02', 15, '2020-01-17', '2020-01-10', 'Enviamos seus dados.')`,
      [a.empresa.id],
    );
    const r = await executarRetencaoDaEmpresa(t.deps, a.empresa.id, "agendada", new Date("2026-12-09T04:00:00-03:00"));
    expect(r?.itens.find((i) => i.categoria === "pedidos_privacidade_encerrados")?.removidos).toBe(1);
    const [p] = await sql("SELECT * FROM privacidade_pedidos WHERE protocolo = '2020-000001' AND id_empresa_fk = $1", [
      a.empresa.id,
    ]);
    expect(p).toMatchObject({ nome_titular: null, cpf: null, email: null, status: "atendida", resposta: "Enviamos seus dados." });
  });
});

describe("o plano decide o gerador do ROPA e as regras de retenção (decision 1874)", () => {
  it("o Básico vê o registro, mas não gera versão nem muda regras, e a retenção noturna não roda para ele", async () => {
    const p = await painel(basico);
    expect(p.plano).toEqual({ geradorRopa: false, regrasRetencao: false });
    for (const res of [
      await gerar(basico),
      await basico.navegadores.admin.req({
        method: "PUT",
        url: "/api/privacidade/registro/retencao",
        payload: { regras: [{ categoria: "leads_nao_convertidos", meses: 6, ativa: true }] },
      }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().codigo).toBe("limite_plano");
      expect(res.json().erro).toContain("o plano Básico não inclui");
    }
    expect(await executarRetencaoDaEmpresa(t.deps, basico.empresa.id)).toBeNull();
    expect(
      (await sql("SELECT count(*)::int AS n FROM retencao_execucoes WHERE id_empresa_fk = $1", [basico.empresa.id]))[0].n,
    ).toBe(0);
    const enfileiradas = await varrerRetencao(t.deps);
    expect(enfileiradas).toContain(a.empresa.id);
    expect(enfileiradas).toContain(b.empresa.id);
    expect(enfileiradas).not.toContain(basico.empresa.id);
    expect((await painel(a)).plano).toEqual({ geradorRopa: true, regrasRetencao: true });
  });
});

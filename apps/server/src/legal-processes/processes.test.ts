import type { TLeadChat } from "@crm/domain/schemas/chat";
import {
  type TPaginaProcessos,
  type TProcesso,
  type TProcessoDetalhe,
  type TResumoProcessos,
  ZProcesso,
} from "@crm/domain/schemas/processes";
import { STATUS_JURIDICO } from "@crm/domain/status";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, criarUsuario, type TEmpresaComUsuarios } from "../../test/factories.js";
import { ouvirTempoReal } from "../../test/realtime.js";
import { mudarStatusLead } from "../chat/change-status.js";
import { isoDeTimestamptz } from "../db/pool.js";
import { unsafeWithSystem, withTenant } from "../db/tenant.js";
import { registrarTriagem } from "../screening/testing.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
});

const sql = async (texto: string, valores: unknown[] = []) => (await t.dono.query(texto, valores)).rows;

const novoLead = (empresaId: string, p: Record<string, unknown> = {}) =>
  unsafeWithSystem(t.deps.db.app, "teste", (tx) => criarLead(tx, { id_empresa_fk: empresaId, ...p }));

/** A lead of `e` converted through the board, as its consultant does it: a process from then on. */
async function processo(e: TEmpresaComUsuarios, p: Record<string, unknown> = {}) {
  const lead = await novoLead(e.empresa.id, { consultor_atribuido_id: e.consultor.id, ...p });
  const res = await e.navegadores.consultor.req({
    method: "PATCH",
    url: `/api/meus-leads/${lead.id}/status`,
    payload: { status: "Convertido (Ganho)" },
  });
  expect(res.statusCode).toBe(204);
  return lead;
}

const notificacoesJuridico = (e: TEmpresaComUsuarios, leadId: string) =>
  sql("SELECT titulo, conteudo FROM notificacoes WHERE id_usuario_fk = $1 AND dados_extras->>'leadId' = $2", [
    e.usuarios.juridico.id,
    leadId,
  ]);

describe("a lead reaching 'Convertido (Ganho)' becomes a legal process", () => {
  it("from the board: initial legal status, conversion date, a history entry and the Jurídico notified", async () => {
    const lead = await processo(a, { nome: "Marta Quadro" });
    const [l] = await sql("SELECT status_juridico_lead, convertido_em FROM leads_juros_check WHERE id = $1", [lead.id]);
    expect(l.status_juridico_lead).toBe("Aguardando Contato Jurídico");
    expect(l.convertido_em).toBeInstanceOf(Date);
    const h = await sql(
      "SELECT valor_anterior, valor_novo, id_usuario_fk FROM lead_status_historico WHERE id_lead_fk = $1 AND campo = 'status_juridico_lead'",
      [lead.id],
    );
    expect(h).toEqual([
      { valor_anterior: null, valor_novo: "Aguardando Contato Jurídico", id_usuario_fk: a.usuarios.consultor.id },
    ]);
    const n = await notificacoesJuridico(a, lead.id);
    expect(n).toEqual([
      { titulo: "Novo processo jurídico", conteudo: "Marta Quadro foi convertido e aguarda contato jurídico." },
    ]);
    // nobody else in the company, and nobody in another company, is told
    const outros = await sql(
      "SELECT count(*)::int AS n FROM notificacoes WHERE dados_extras->>'leadId' = $1 AND id_usuario_fk <> $2",
      [lead.id, a.usuarios.juridico.id],
    );
    expect(outros[0].n).toBe(0);
  });

  it("from /leads bulk: every converted lead is a process, the Jurídico told once per lead", async () => {
    const l1 = await novoLead(a.empresa.id);
    const l2 = await novoLead(a.empresa.id);
    const res = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/leads/em-massa",
      payload: { acao: "status", ids: [l1.id, l2.id], status: "Convertido (Ganho)" },
    });
    expect(res.statusCode).toBe(200);
    const rows = await sql("SELECT status_juridico_lead FROM leads_juros_check WHERE id = ANY ($1::uuid[])", [[l1.id, l2.id]]);
    expect(rows.map((r) => r.status_juridico_lead)).toEqual(["Aguardando Contato Jurídico", "Aguardando Contato Jurídico"]);
    expect(await notificacoesJuridico(a, l1.id)).toHaveLength(1);
    expect(await notificacoesJuridico(a, l2.id)).toHaveLength(1);
  });

  it("from /leads single and from the chat's status change (chat/change-status.ts)", async () => {
    const l1 = await novoLead(a.empresa.id);
    const res = await a.navegadores.admin.req({
      method: "PATCH",
      url: `/api/leads/${l1.id}/status`,
      payload: { status: "Convertido (Ganho)" },
    });
    expect(res.statusCode).toBe(204);
    expect((await sql("SELECT status_juridico_lead FROM leads_juros_check WHERE id = $1", [l1.id]))[0].status_juridico_lead).toBe(
      "Aguardando Contato Jurídico",
    );

    const l2 = await novoLead(a.empresa.id);
    const ctx = { empresaId: a.empresa.id, usuarioId: a.usuarios.consultor.id, papel: a.usuarios.consultor.papel };
    await withTenant(t.deps.db.app, ctx, (tx) =>
      mudarStatusLead(
        t.deps,
        tx,
        { id: l2.id, empresaId: a.empresa.id, status_lead: "Em Atendimento" } as never,
        "Convertido (Ganho)",
        {
          usuarioId: a.usuarios.consultor.id,
          motivo: "teste",
        },
      ),
    );
    expect((await sql("SELECT status_juridico_lead FROM leads_juros_check WHERE id = $1", [l2.id]))[0].status_juridico_lead).toBe(
      "Aguardando Contato Jurídico",
    );
    expect(await notificacoesJuridico(a, l2.id)).toHaveLength(1);
  });

  it("the chat's 'Lead Qualificado' sets 'Convertido' (001 §2), which is not a legal process (000 §4)", async () => {
    const lead = await novoLead(a.empresa.id, { consultor_atribuido_id: a.consultor.id, status_lead: "Em Atendimento" });
    const res = await a.navegadores.consultor.req({
      method: "POST",
      url: `/api/chat/${lead.id}/status`,
      payload: { acao: "qualificado" },
    });
    expect(res.statusCode).toBe(200);
    const [l] = await sql("SELECT status_lead, status_juridico_lead FROM leads_juros_check WHERE id = $1", [lead.id]);
    expect(l).toEqual({ status_lead: "Convertido", status_juridico_lead: null });
    expect(await notificacoesJuridico(a, lead.id)).toHaveLength(0);
  });

  it("the screening's human review moves the lead through the same hook, and never to a legal process", async () => {
    const lead = await novoLead(a.empresa.id, { status_lead: "Perdido" });
    const triagem = await registrarTriagem(t, a.empresa.id, lead.id, { decisao: "rejeitado", motivo: "teste" });
    const res = await a.navegadores.admin.req({
      method: "POST",
      url: `/api/ia-triagem/${triagem}/revisao`,
      payload: { decisao: "qualificado", motivo: "Cliente confirmou interesse por telefone" },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const [l] = await sql("SELECT status_lead, status_juridico_lead FROM leads_juros_check WHERE id = $1", [lead.id]);
    expect(l).toEqual({ status_lead: "Qualificado para Atendente", status_juridico_lead: null });
    expect(await notificacoesJuridico(a, lead.id)).toHaveLength(0);
  });

  it("a process converted again keeps its legal status and is not announced twice", async () => {
    const lead = await processo(a);
    await sql("UPDATE leads_juros_check SET status_juridico_lead = 'Laudo em Andamento' WHERE id = $1", [lead.id]);
    for (const status of ["Em Negociação", "Convertido (Ganho)"]) {
      const r = await a.navegadores.consultor.req({
        method: "PATCH",
        url: `/api/meus-leads/${lead.id}/status`,
        payload: { status },
      });
      expect(r.statusCode).toBe(204);
    }
    const [l] = await sql("SELECT status_juridico_lead FROM leads_juros_check WHERE id = $1", [lead.id]);
    expect(l.status_juridico_lead).toBe("Laudo em Andamento");
    expect(await notificacoesJuridico(a, lead.id)).toHaveLength(1);
  });
});

describe("GET /api/processos: roles and tenancy", () => {
  it("Jurídico and Admin Empresa read their company's; Consultor is refused; the platform admin names a company", async () => {
    const lead = await processo(a);
    for (const nav of [a.navegadores.juridico, a.navegadores.admin]) {
      const res = await nav.req({ url: "/api/processos?tamanho=100" });
      expect(res.statusCode).toBe(200);
      expect((res.json() as TPaginaProcessos).itens.some((p) => p.id === lead.id)).toBe(true);
    }
    expect((await a.navegadores.consultor.req({ url: "/api/processos" })).statusCode).toBe(403);
    expect((await a.navegadores.plataforma.req({ url: "/api/processos" })).statusCode).toBe(400);
    const plat = await a.navegadores.plataforma.req({ url: `/api/processos?empresaId=${a.empresa.id}&tamanho=100` });
    expect(plat.statusCode).toBe(200);
    expect((plat.json() as TPaginaProcessos).itens.some((p) => p.id === lead.id)).toBe(true);
    // reading is all the platform admin does
    const put = await a.navegadores.plataforma.req({
      method: "PUT",
      url: `/api/processos/${lead.id}?empresaId=${a.empresa.id}`,
      payload: { status_juridico_lead: "Em Contato Jurídico", profissional_juridico_atribuido_id: null },
    });
    expect(put.statusCode).toBe(403);
  });

  it("another company's process is not found, read or changed, and its list never shows it", async () => {
    const deA = await processo(a);
    const lista = (await b.navegadores.juridico.req({ url: "/api/processos?tamanho=100" })).json() as TPaginaProcessos;
    expect(lista.itens.some((p) => p.id === deA.id)).toBe(false);
    expect((await b.navegadores.juridico.req({ url: `/api/processos/${deA.id}` })).statusCode).toBe(404);
    const put = await b.navegadores.juridico.req({
      method: "PUT",
      url: `/api/processos/${deA.id}`,
      payload: { status_juridico_lead: "Jurídico Pendente", profissional_juridico_atribuido_id: null },
    });
    expect(put.statusCode).toBe(404);
    expect(put.json().erro).toBe("Processo não encontrado.");
    const [l] = await sql("SELECT status_juridico_lead FROM leads_juros_check WHERE id = $1", [deA.id]);
    expect(l.status_juridico_lead).toBe("Aguardando Contato Jurídico");
    // assigning another company's Jurídico is refused
    const alheio = await a.navegadores.juridico.req({
      method: "PUT",
      url: `/api/processos/${deA.id}`,
      payload: { status_juridico_lead: "Em Contato Jurídico", profissional_juridico_atribuido_id: b.usuarios.juridico.id },
    });
    expect(alheio.statusCode).toBe(400);
    expect(alheio.json().erro).toBe("Escolha um profissional jurídico da empresa.");
  });

  it("a lead that is not a process is not found on /processos", async () => {
    const lead = await novoLead(a.empresa.id);
    expect((await a.navegadores.juridico.req({ url: `/api/processos/${lead.id}` })).statusCode).toBe(404);
  });
});

describe("PUT /api/processos/:id (edit dialog)", () => {
  it("changes status, professional, notes and closed value; history says who, from → to; consultant told live", async () => {
    const lead = await processo(a, { nome: "Rui Edição" });
    const ws = ouvirTempoReal(t.deps, { usuarioId: a.usuarios.admin.id, empresaId: a.empresa.id, papel: a.usuarios.admin.papel });
    try {
      const res = await a.navegadores.juridico.req({
        method: "PUT",
        url: `/api/processos/${lead.id}`,
        payload: {
          status_juridico_lead: "Documentação Solicitada",
          profissional_juridico_atribuido_id: a.usuarios.juridico.id,
          observacoes_juridicas: "  Pedir extratos  ",
          valor_contrato_fechado: "R$ 12.345,67",
        },
      });
      expect(res.statusCode).toBe(200);
      const p = res.json() as TProcesso;
      expect(p).toMatchObject({
        status_juridico_lead: "Documentação Solicitada",
        profissional_email: a.usuarios.juridico.email,
        observacoes_juridicas: "Pedir extratos",
        valor_contrato_fechado: "12345.67",
      });
      const fim = Date.now() + 3000;
      while (!ws.recebidos.some((e) => e.tipo === "leads.alterados") && Date.now() < fim)
        await new Promise((r) => setTimeout(r, 20));
      expect(ws.recebidos.some((e) => e.tipo === "leads.alterados")).toBe(true);
    } finally {
      ws.sair();
    }
    const det = (await a.navegadores.admin.req({ url: `/api/processos/${lead.id}` })).json() as TProcessoDetalhe;
    const status = det.historico.find((h) => h.campo === "status_juridico_lead" && h.para === "Documentação Solicitada");
    expect(status).toMatchObject({ de: "Aguardando Contato Jurídico", usuario: a.usuarios.juridico.nome });
    const prof = det.historico.find((h) => h.campo === "profissional_juridico_atribuido_id");
    expect(prof).toMatchObject({ de: null, paraRotulo: a.usuarios.juridico.email });
    // the consultant hears of it in the bell; the author (the Jurídico) does not notify themselves
    const doConsultor = await sql("SELECT conteudo FROM notificacoes WHERE id_usuario_fk = $1 AND dados_extras->>'leadId' = $2", [
      a.usuarios.consultor.id,
      lead.id,
    ]);
    expect(doConsultor).toEqual([{ conteudo: 'Rui Edição agora está em "Documentação Solicitada".' }]);
    expect(await notificacoesJuridico(a, lead.id)).toHaveLength(1); // only the conversion's
    // and reads it read-only in the chat's side panel
    const chat = (await a.navegadores.consultor.req({ url: `/api/chat/${lead.id}` })).json() as TLeadChat;
    expect(chat.lead.status_juridico_lead).toBe("Documentação Solicitada");
  });

  it("a legal-team member with an account can be assigned; the options list them", async () => {
    const membro = await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      const u = await criarUsuario(tx, { id_empresa_fk: a.empresa.id, papel: "Consultor", nome: "Ana Equipe" });
      await tx.query(
        `INSERT INTO profissionais_juridicos (id_empresa_fk, id_usuario_fk, nome, email, telefone, especialidade)
         VALUES ($1, $2, 'Ana Equipe', $3, '11999990000', 'Direito Bancário')`,
        [a.empresa.id, u.id, u.email],
      );
      return u;
    });
    const opcoes = (await a.navegadores.admin.req({ url: "/api/processos/profissionais" })).json() as { id: string }[];
    expect(opcoes.map((o) => o.id).sort()).toEqual([a.usuarios.juridico.id, membro.id].sort());
    const lead = await processo(a);
    const res = await a.navegadores.admin.req({
      method: "PUT",
      url: `/api/processos/${lead.id}`,
      payload: { status_juridico_lead: "Em Contato Jurídico", profissional_juridico_atribuido_id: membro.id },
    });
    expect(res.statusCode).toBe(200);
    const n = await sql("SELECT titulo FROM notificacoes WHERE id_usuario_fk = $1 AND dados_extras->>'leadId' = $2", [
      membro.id,
      lead.id,
    ]);
    // the process, once; and the task chain of 'Em Contato Jurídico' now owned by them (decision 1106)
    const titulos = n.map((x: { titulo: string }) => x.titulo);
    expect(titulos.filter((x: string) => x === "Processo jurídico atribuído a você")).toHaveLength(1);
    expect(titulos.filter((x: string) => x !== "Processo jurídico atribuído a você")).toEqual(
      titulos.filter((x: string) => x === "Novo prazo atribuído a você"),
    );
  });

  it("bad input is a 4xx in pt-BR and changes nothing", async () => {
    const lead = await processo(a);
    const casos: [unknown, string][] = [
      [{ status_juridico_lead: "approved", profissional_juridico_atribuido_id: null }, "Escolha um status jurídico válido."],
      [
        { status_juridico_lead: "Finalizado Jurídico", profissional_juridico_atribuido_id: null, valor_contrato_fechado: "-5" },
        "Informe um valor fechado válido (zero ou mais).",
      ],
      [
        { status_juridico_lead: "Finalizado Jurídico", profissional_juridico_atribuido_id: null, valor_contrato_fechado: "abc" },
        "Informe um valor fechado válido (zero ou mais).",
      ],
      [
        { status_juridico_lead: "Finalizado Jurídico", profissional_juridico_atribuido_id: "x" },
        "Escolha um profissional jurídico da empresa.",
      ],
    ];
    for (const [payload, erro] of casos) {
      const res = await a.navegadores.juridico.req({
        method: "PUT",
        url: `/api/processos/${lead.id}`,
        payload: payload as object,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain(erro);
    }
    const [l] = await sql("SELECT status_juridico_lead, valor_contrato_fechado FROM leads_juros_check WHERE id = $1", [lead.id]);
    expect(l).toEqual({ status_juridico_lead: "Aguardando Contato Jurídico", valor_contrato_fechado: null });
    expect((await a.navegadores.juridico.req({ url: "/api/processos?statusJuridico=approved" })).statusCode).toBe(400);
    expect((await a.navegadores.juridico.req({ url: "/api/processos?periodo=custom" })).statusCode).toBe(400);
    expect((await a.navegadores.juridico.req({ url: "/api/processos?ordem=senha" })).statusCode).toBe(400);
  });
});

describe("filters, counters, sorting and paging against the same question asked in SQL", () => {
  let c: TEmpresaComUsuarios;
  beforeAll(async () => {
    c = await criarEmpresaComUsuarios(t);
    const nomes = ["Alice Souza", "Bruno Lima", "Carla Dias", "Diego Rocha", "Elisa Mota", "Fábio Nunes", "Gina Reis"];
    for (const [i, nome] of nomes.entries()) {
      const lead = await processo(c, {
        nome,
        email: `${nome.split(" ")[0].toLowerCase()}@cliente.com.br`,
        telefone: `(11) 9${String(8000_0000 + i * 1111).padStart(8, "0")}`,
        valor_contrato: 1000 * (i + 1),
        consultor_atribuido_id: i % 2 ? c.consultor.id : null,
      });
      await sql(
        `UPDATE leads_juros_check SET status_juridico_lead = $2, valor_contrato_fechado = $3,
                profissional_juridico_atribuido_id = $4, convertido_em = now() - make_interval(days => $5),
                updated_at = now() - make_interval(mins => $5)
          WHERE id = $1`,
        [
          lead.id,
          STATUS_JURIDICO[i % STATUS_JURIDICO.length],
          i % 3 ? 500 * i : null,
          i % 2 ? c.usuarios.juridico.id : null,
          i * 20,
        ],
      );
    }
    await novoLead(c.empresa.id, { nome: "Não Processo" }); // not converted: never listed
  });

  const pagina = (q: string) =>
    c.navegadores.juridico.req({ url: `/api/processos?${q}` }).then((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json() as TPaginaProcessos;
    });
  const resumo = (q: string) =>
    c.navegadores.juridico.req({ url: `/api/processos/resumo?${q}` }).then((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json() as TResumoProcessos;
    });

  it("counters per legal status and totals", async () => {
    const p = await resumo("");
    const esperado = await sql(
      `SELECT status_juridico_lead AS s, count(*)::int AS n FROM leads_juros_check
        WHERE id_empresa_fk = $1 AND status_lead = 'Convertido (Ganho)' GROUP BY 1`,
      [c.empresa.id],
    );
    for (const s of STATUS_JURIDICO) expect(p.contadores.porStatus[s]).toBe(esperado.find((e) => e.s === s)?.n ?? 0);
    expect(p.total).toBe(7);
    expect(p.contadores.total).toBe(7);
    const filtro = `statusJuridico=${encodeURIComponent("Em Contato Jurídico")}`;
    const so = await resumo(filtro);
    expect(so.total).toBe(esperado.find((e) => e.s === "Em Contato Jurídico")?.n);
    expect((await pagina(filtro)).itens.every((i) => i.status_juridico_lead === "Em Contato Jurídico")).toBe(true);
    expect(so.contadores.total).toBe(7); // the counters ignore the legal-status filter
    // and follow the other filters
    const doConsultor = await resumo(`consultor=${c.consultor.id}`);
    expect(doConsultor.total).toBe(3);
  });

  it("professional, consultant, period and search filters", async () => {
    const ids = async (where: string, v: unknown[] = []) =>
      (
        await sql(
          `SELECT id FROM leads_juros_check WHERE id_empresa_fk = $1 AND status_lead = 'Convertido (Ganho)' AND ${where} ORDER BY id`,
          [c.empresa.id, ...v],
        )
      ).map((r) => r.id);
    const daApi = async (q: string) => (await pagina(`${q}&tamanho=100`)).itens.map((i) => i.id).sort();
    expect(await daApi(`profissional=${c.usuarios.juridico.id}`)).toEqual(
      await ids("profissional_juridico_atribuido_id = $2", [c.usuarios.juridico.id]),
    );
    expect(await daApi("profissional=nenhum")).toEqual(await ids("profissional_juridico_atribuido_id IS NULL"));
    expect(await daApi(`consultor=${c.consultor.id}`)).toEqual(await ids("consultor_atribuido_id = $2", [c.consultor.id]));
    expect(await daApi("periodo=last30days")).toEqual(await ids("convertido_em >= now() - interval '30 days'"));
    expect(await daApi("busca=carla")).toEqual(await ids("nome = 'Carla Dias'"));
    expect(await daApi("busca=bruno%40cliente")).toEqual(await ids("nome = 'Bruno Lima'"));
    expect(await daApi("busca=(11)%2098000-1111")).toEqual(await ids("nome = 'Bruno Lima'"));
    expect(await daApi("busca=11%2098000")).toEqual(await ids("true"));
    // a search asked again (its words remembered per text) and after other filters (its parameters numbered after theirs)
    for (let vez = 0; vez < 2; vez++) {
      expect(await daApi("busca=carla")).toEqual(await ids("nome = 'Carla Dias'"));
      expect(await daApi(`consultor=${c.consultor.id}&profissional=${c.usuarios.juridico.id}&busca=bruno%20lima`)).toEqual(
        await ids("nome = 'Bruno Lima'"),
      );
      expect(await daApi(`consultor=${c.consultor.id}&busca=carla`)).toEqual([]); // Carla has no consultant
      expect(await daApi("profissional=nenhum&busca=(11)%2098000-1111")).toEqual([]); // Bruno has a professional
      expect(await daApi(`profissional=${c.usuarios.juridico.id}&busca=(11)%2098000-1111`)).toEqual(
        await ids("nome = 'Bruno Lima'"),
      );
      expect((await resumo(`consultor=${c.consultor.id}&busca=bruno%20lima`)).total).toBe(1);
    }
  });

  it("sorting and paging on the server", async () => {
    const esperado = (
      await sql(
        `SELECT id FROM leads_juros_check WHERE id_empresa_fk = $1 AND status_lead = 'Convertido (Ganho)'
          ORDER BY valor_contrato DESC, id DESC`,
        [c.empresa.id],
      )
    ).map((r) => r.id);
    const p1 = await pagina("ordem=valor_contrato&direcao=desc&tamanho=3&pagina=1");
    const p3 = await pagina("ordem=valor_contrato&direcao=desc&tamanho=3&pagina=3");
    expect(p1.itens.map((i) => i.id)).toEqual(esperado.slice(0, 3));
    expect(p3.itens.map((i) => i.id)).toEqual(esperado.slice(6, 9));
    expect(p1.temMais).toBe(true);
    expect(p3.temMais).toBe(false);
    const nomes = (await pagina("ordem=nome&direcao=asc")).itens.map((i) => i.nome);
    expect(nomes).toEqual([...nomes].sort((x, y) => x.localeCompare(y, "pt-BR")));
  });

  it("each item of the page is the process its detail reads, key by key (PostgreSQL writes the page's JSON)", async () => {
    // the edge values: quotes, a backslash, a line break, a tab, accents and an emoji in the notes; a professional
    // without a name (the e-mail stands in); a revision ratio and its band; a deep page (the other statement)
    const [alvo] = (await pagina("ordem=nome&direcao=asc&tamanho=1")).itens;
    const notas = 'Disse "não" \\ à tarde\n\tçã 😀 </script>';
    await sql(
      `UPDATE leads_juros_check SET observacoes_juridicas = $2, revisional_razao = 1.2345, revisional_faixa = 'de_1_1_a_1_5',
              profissional_juridico_atribuido_id = $3 WHERE id = $1`,
      [alvo.id, notas, c.usuarios.juridico.id],
    );
    await sql("UPDATE usuarios_plataforma SET nome = '' WHERE id = $1", [c.usuarios.juridico.id]);
    const primeira = await pagina("tamanho=100");
    expect(primeira.itens).toHaveLength(7);
    expect(primeira.temMais).toBe(false);
    // a deep page (100+ rows skipped: the ids from the sort's index, then the page's rows) over 110 more processes
    await sql(
      `INSERT INTO leads_juros_check (id_empresa_fk, nome, valor_contrato, status_lead, origem_lead, status_juridico_lead,
                                      convertido_em, updated_at)
       SELECT $1, 'Lote ' || g, g, 'Convertido (Ganho)', 'Manual', 'Em Contato Jurídico', now(), now() - make_interval(hours => g)
         FROM generate_series(1, 110) g`,
      [c.empresa.id],
    );
    const ordem = (
      await sql(
        `SELECT id FROM leads_juros_check WHERE id_empresa_fk = $1 AND status_lead = 'Convertido (Ganho)'
          ORDER BY updated_at DESC, id DESC`,
        [c.empresa.id],
      )
    ).map((r) => r.id);
    const profunda = await pagina("tamanho=25&pagina=5");
    expect(profunda.itens.map((i) => i.id)).toEqual(ordem.slice(100, 125));
    expect(profunda).toMatchObject({ pagina: 5, tamanho: 25, temMais: false });
    const anterior = await pagina("tamanho=25&pagina=4");
    expect(anterior.itens.map((i) => i.id)).toEqual(ordem.slice(75, 100));
    expect(anterior.temMais).toBe(true);
    expect((await pagina("tamanho=20&pagina=6")).temMais).toBe(false); // the last row, 101-120 of 117: none after
    expect((await pagina("tamanho=2&pagina=60")).itens).toEqual([]); // past the end
    const chaves = Object.keys(ZProcesso.shape);
    for (const item of [...primeira.itens, ...profunda.itens.slice(-3)]) {
      expect(Object.keys(item)).toEqual(chaves);
      const detalhe = (await c.navegadores.juridico.req({ url: `/api/processos/${item.id}` })).json() as TProcessoDetalhe;
      const { historico: _, ...processo } = detalhe;
      // the times as the read pool wrote them before (isoDeTimestamptz of PostgreSQL's UTC text)
      const [t] = await sql(
        `SELECT (convertido_em AT TIME ZONE 'UTC')::text || '+00' AS c, (updated_at AT TIME ZONE 'UTC')::text || '+00' AS u
           FROM leads_juros_check WHERE id = $1`,
        [item.id],
      );
      expect(item).toEqual({ ...processo, convertido_em: t.c && isoDeTimestamptz(t.c), updated_at: isoDeTimestamptz(t.u) });
    }
    expect(primeira.itens.find((i) => i.id === alvo.id)).toMatchObject({
      observacoes_juridicas: notas,
      revisional_razao: 1.2345,
      revisional_faixa: "de_1_1_a_1_5",
      profissional_id: c.usuarios.juridico.id,
      profissional_nome: c.usuarios.juridico.email,
      profissional_email: c.usuarios.juridico.email,
    });
  });
});

import type { TListaTarefas, TTarefa } from "@crm/domain/schemas/follow-ups";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, type TEmpresaComUsuarios } from "../../test/factories.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { lembrarRetornosDaEmpresa, varrerRetornos } from "./reminders.js";

/** Decision 1831: follow-up tasks, 'Agendar Retorno', 'Meus retornos' and the reminder job. */
const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
});

const sql = async (texto: string, valores: unknown[] = []) => (await t.dono.query(texto, valores)).rows;
const lead = (e: TEmpresaComUsuarios, p: Record<string, unknown> = {}) =>
  unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
    criarLead(tx, {
      id_empresa_fk: e.empresa.id,
      status_lead: "Em Atendimento",
      consultor_atribuido_id: e.consultor.id,
      ...p,
    } as never),
  );
const emMinutos = (n: number, de = new Date()) => new Date(de.getTime() + n * 60_000).toISOString();
const logDe = (id: string) =>
  sql("SELECT tipo, origem, id_usuario_fk, antes, depois FROM mudancas WHERE id_entidade = $1 ORDER BY id", [id]);

/** An overdue task straight in the database (the API refuses a time gone by). */
const tarefaAtrasada = async (e: TEmpresaComUsuarios, leadId: string, dono: string, minutos: number) =>
  (
    await sql(
      `INSERT INTO tarefas_lead (id_empresa_fk, id_lead_fk, titulo, vence_em, id_responsavel_fk, lembrada_em)
       VALUES ($1, $2, 'Atrasada', now() - make_interval(mins => $3), $4, now()) RETURNING id`,
      [e.empresa.id, leadId, minutos, dono],
    )
  )[0].id as string;

describe("'Agendar Retorno' in the chat", () => {
  it("asks for the time: without it nothing changes, with it the status and the task change together", async () => {
    const l = await lead(a, { nome: "Bia Retorno" });
    const c = a.navegadores.consultor;
    let res = await c.req({ method: "POST", url: `/api/chat/${l.id}/status`, payload: { acao: "agendar_retorno" } });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("Para agendar o retorno, informe a data e a hora.");
    expect((await sql("SELECT status_lead FROM leads_juros_check WHERE id = $1", [l.id]))[0].status_lead).toBe("Em Atendimento");

    res = await c.req({
      method: "POST",
      url: `/api/chat/${l.id}/status`,
      payload: { acao: "agendar_retorno", retorno: { vence_em: emMinutos(-30) } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("Escolha uma data e hora que ainda não passaram.");
    expect((await sql("SELECT count(*)::int AS n FROM tarefas_lead WHERE id_lead_fk = $1", [l.id]))[0].n).toBe(0);

    const vence = emMinutos(90);
    res = await c.req({
      method: "POST",
      url: `/api/chat/${l.id}/status`,
      payload: { acao: "agendar_retorno", retorno: { vence_em: vence, nota: "Ligar depois do almoço" } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status_lead).toBe("Aguardando Retorno");
    const chat = (await c.req({ url: `/api/chat/${l.id}` })).json();
    expect(chat.proxima_tarefa).toMatchObject({
      titulo: "Retorno ao lead",
      nota: "Ligar depois do almoço",
      vence_em: vence,
      estado: "pendente",
      responsavel_id: a.usuarios.consultor.id,
      lead_nome: "Bia Retorno",
    });
    expect(await logDe(chat.proxima_tarefa.id)).toEqual([
      {
        tipo: "tarefa.criada",
        origem: "usuario",
        id_usuario_fk: a.usuarios.consultor.id,
        antes: null,
        depois: { id_lead: l.id, id_responsavel: a.usuarios.consultor.id, vence_em: vence, estado: "pendente" },
      },
    ]);
  });

  it("creates a task from the chat for any lead of the company; the header shows the next one", async () => {
    const l = await lead(a, { consultor_atribuido_id: null });
    const adm = a.navegadores.admin;
    const depois = await adm.req({
      method: "POST",
      url: `/api/chat/${l.id}/tarefas`,
      payload: { titulo: "Enviar proposta", vence_em: emMinutos(300) },
    });
    expect(depois.statusCode, depois.body).toBe(201);
    const antes = await adm.req({
      method: "POST",
      url: `/api/chat/${l.id}/tarefas`,
      payload: { titulo: "Ligar", vence_em: emMinutos(60) },
    });
    expect((await adm.req({ url: `/api/chat/${l.id}` })).json().proxima_tarefa.id).toBe(antes.json().id);
    const lista = (await adm.req({ url: `/api/chat/${l.id}/tarefas` })).json() as TTarefa[];
    expect(lista.map((x) => x.titulo)).toEqual(["Ligar", "Enviar proposta"]);

    // the board card shows the same next follow-up
    const quadro = (await adm.req({ url: "/api/meus-leads?periodo=all" })).json();
    const cartao = quadro.colunas.flatMap((c: { itens: { id: string }[] }) => c.itens).find((x: { id: string }) => x.id === l.id);
    expect(cartao.proximo_retorno).toBe(antes.json().vence_em);

    const ruim = await adm.req({
      method: "POST",
      url: `/api/chat/${l.id}/tarefas`,
      payload: { titulo: " ", vence_em: "amanhã" },
    });
    expect(ruim.statusCode).toBe(400);
  });

  it("is refused across companies and to roles without follow-ups", async () => {
    const l = await lead(a);
    const res = await b.navegadores.consultor.req({
      method: "POST",
      url: `/api/chat/${l.id}/tarefas`,
      payload: { titulo: "Intruso", vence_em: emMinutos(10) },
    });
    expect(res.statusCode).toBe(404);
    expect((await a.navegadores.juridico.req({ url: "/api/tarefas" })).statusCode).toBe(403);
    const minha = (
      await a.navegadores.consultor.req({
        method: "POST",
        url: `/api/chat/${l.id}/tarefas`,
        payload: { titulo: "X", vence_em: emMinutos(5) },
      })
    ).json() as TTarefa;
    const fechar = await b.navegadores.admin.req({
      method: "PUT",
      url: `/api/tarefas/${minha.id}/estado`,
      payload: { estado: "concluida" },
    });
    expect(fechar.statusCode).toBe(404);
    expect((await b.navegadores.admin.req({ url: "/api/tarefas?escopo=atrasadas_todos" })).json().itens).toEqual([]);
  });
});

describe("'Meus retornos'", () => {
  it("lists the consultant's open follow-ups by due time with the overdue counted; the admin sees everybody's overdue", async () => {
    const e = await criarEmpresaComUsuarios(t);
    const l = await lead(e, { nome: "Caio Lista" });
    const c = e.navegadores.consultor;
    const futura = (
      await c.req({ method: "POST", url: `/api/chat/${l.id}/tarefas`, payload: { titulo: "Futura", vence_em: emMinutos(120) } })
    ).json();
    const atrasada = await tarefaAtrasada(e, l.id, e.usuarios.consultor.id, 45);
    const doAdmin = await tarefaAtrasada(e, l.id, e.usuarios.admin.id, 10);

    const minhas = (await c.req({ url: "/api/tarefas" })).json() as TListaTarefas;
    expect(minhas.itens.map((x) => x.id)).toEqual([atrasada, futura.id]);
    expect(minhas.atrasadas).toBe(1);
    expect((await c.req({ url: "/api/tarefas?escopo=atrasadas_todos" })).statusCode).toBe(403);

    const todas = (await e.navegadores.admin.req({ url: "/api/tarefas?escopo=atrasadas_todos" })).json() as TListaTarefas;
    expect(todas.itens.map((x) => [x.id, x.responsavel_id])).toEqual([
      [atrasada, e.usuarios.consultor.id],
      [doAdmin, e.usuarios.admin.id],
    ]);

    const feita = await c.req({ method: "PUT", url: `/api/tarefas/${atrasada}/estado`, payload: { estado: "concluida" } });
    expect(feita.json().estado).toBe("concluida");
    const outra = await c.req({ method: "PUT", url: `/api/tarefas/${atrasada}/estado`, payload: { estado: "cancelada" } });
    expect(outra.statusCode).toBe(409);
    // a consultant closes only their own
    expect(
      (await c.req({ method: "PUT", url: `/api/tarefas/${doAdmin}/estado`, payload: { estado: "cancelada" } })).statusCode,
    ).toBe(404);
    expect((await c.req({ url: "/api/tarefas" })).json().itens.map((x: TTarefa) => x.id)).toEqual([futura.id]);
    expect((await logDe(atrasada)).map((r) => r.tipo)).toEqual(["tarefa.concluida"]);
  });
});

describe("the reminder job", () => {
  it("tells the owner once in the bell when the task comes due, from the rows (a restart loses none)", async () => {
    const e = await criarEmpresaComUsuarios(t);
    const l = await lead(e, { nome: "Duda Lembrete" });
    const agora = new Date();
    const tarefa = (
      await e.navegadores.consultor.req({
        method: "POST",
        url: `/api/chat/${l.id}/tarefas`,
        payload: { titulo: "Retornar a ligação", vence_em: emMinutos(1, agora) },
      })
    ).json() as TTarefa;

    // not yet due: nobody is told
    expect(await varrerRetornos(t.deps, agora)).not.toContain(e.empresa.id);
    expect(await lembrarRetornosDaEmpresa(t.deps, e.empresa.id, agora)).toBe(0);

    const depois = new Date(agora.getTime() + 61_000);
    // what the sweep finds is in the database: any instance, after any restart, finds it
    expect(await varrerRetornos({ db: t.deps.db, jobs: { ...t.deps.jobs, enviar: async () => null } }, depois)).toContain(
      e.empresa.id,
    );
    expect(await lembrarRetornosDaEmpresa(t.deps, e.empresa.id, depois)).toBe(1);
    expect(await lembrarRetornosDaEmpresa(t.deps, e.empresa.id, depois)).toBe(0);

    const bell = (await e.navegadores.consultor.req({ url: "/api/notificacoes" })).json();
    const aviso = bell.itens.filter((n: { dados_extras: { tarefaId?: string } }) => n.dados_extras.tarefaId === tarefa.id);
    expect(aviso).toHaveLength(1);
    expect(aviso[0]).toMatchObject({ titulo: "Hora do retorno", conteudo: "Retornar a ligação: Duda Lembrete" });
    expect(aviso[0].dados_extras).toMatchObject({ tipo: "retorno", leadId: l.id, link: `/chat/${l.id}` });
    // the admin is not told of the consultant's follow-up
    const doAdmin = (await e.navegadores.admin.req({ url: "/api/notificacoes" })).json();
    expect(doAdmin.itens.some((n: { dados_extras: { tarefaId?: string } }) => n.dados_extras.tarefaId === tarefa.id)).toBe(false);
    expect((await logDe(tarefa.id)).map((r) => [r.tipo, r.origem])).toEqual([
      ["tarefa.criada", "usuario"],
      ["tarefa.lembrada", "sistema"],
    ]);
  });
});

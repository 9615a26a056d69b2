import { PAPEL } from "@crm/domain/roles";
import type { TStatusLead } from "@crm/domain/status";
import { MSG_TRANSFERENCIA } from "@crm/domain/transfer";
import { beforeAll, describe, expect, it } from "vitest";
import { type TNavegador, useTestApp } from "../../test/app.js";
import { conexaoDono } from "../../test/company-rows.js";
import {
  criarConsultor,
  criarEmpresaComUsuarios,
  criarLead,
  criarUsuario,
  entrar,
  type TEmpresaComUsuarios,
} from "../../test/factories.js";
import { esperarFilasOciosas } from "../../test/queues.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { conectar, desconectar, esperarAte, sql } from "../screening/testing.js";
import { atribuirAutomaticamente } from "./assign-lead.js";
import { reabrirCarteira } from "./carteira.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
});

/** A second consultant of the company who can sign in, with their own browser. */
async function segundoConsultor(x: TEmpresaComUsuarios) {
  const { usuario, consultor } = await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    const usuario = await criarUsuario(tx, { id_empresa_fk: x.empresa.id, papel: PAPEL.consultor });
    const consultor = await criarConsultor(tx, {
      id_empresa_fk: x.empresa.id,
      id_usuario_fk: usuario.id,
      nome: usuario.nome,
      email: usuario.email,
    });
    return { usuario, consultor };
  });
  const nav = t.navegador();
  await entrar(nav, usuario.email);
  return { usuario, consultor, nav };
}

const novoLead = (
  empresaId: string,
  p: { status_lead?: TStatusLead; consultor_atribuido_id?: string | null; telefone?: string } = {},
) =>
  unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
    criarLead(tx, { id_empresa_fk: empresaId, status_lead: p.status_lead ?? "Em Negociação", ...p }),
  );

const linhaDoLead = async (leadId: string) =>
  (
    await sql<{ consultor: string | null; status: string }>(
      t,
      "SELECT consultor_atribuido_id AS consultor, status_lead AS status FROM leads_juros_check WHERE id = $1",
      [leadId],
    )
  )[0];

const transferir = (nav: TNavegador, leadId: string, payload: Record<string, unknown>) =>
  nav.req({ method: "POST", url: `/api/chat/${leadId}/transferencia`, payload });

describe("transfer from the chat (decision 1836)", () => {
  it("the assigned consultant hands the lead to a colleague with a note: waiting, notified, one log row, history", async () => {
    const outro = await segundoConsultor(a);
    const lead = await novoLead(a.empresa.id, { consultor_atribuido_id: a.consultor.id });
    const res = await transferir(a.navegadores.consultor, lead.id, {
      consultorId: outro.consultor.id,
      nota: "  Cliente pediu atendimento à tarde  ",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      consultorId: outro.consultor.id,
      consultorNome: outro.consultor.nome,
      status_lead: "Qualificado para Atendente",
    });
    expect(await linhaDoLead(lead.id)).toEqual({ consultor: outro.consultor.id, status: "Qualificado para Atendente" });

    // one change-log row, of the new kind, with both consultants and both statuses, and no note in it
    const log = await sql<{ tipo: string; antes: Record<string, unknown>; depois: Record<string, unknown>; u: string }>(
      t,
      "SELECT tipo, antes, depois, id_usuario_fk AS u FROM mudancas WHERE id_entidade = $1 AND tipo <> 'lead.criado' ORDER BY id",
      [lead.id],
    );
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      tipo: "lead.transferido",
      u: a.usuarios.consultor.id,
      antes: { consultor_atribuido_id: a.consultor.id, status_lead: "Em Negociação" },
      depois: { consultor_atribuido_id: outro.consultor.id, status_lead: "Qualificado para Atendente" },
    });
    expect(JSON.stringify(log[0])).not.toContain("tarde");

    // the lead's history: who, from whom to whom, why
    const historico = (await a.navegadores.admin.req({ url: `/api/leads/${lead.id}/historico` })).json();
    expect(JSON.stringify(historico)).toContain("Cliente pediu atendimento à tarde");
    const hist = await sql(
      t,
      `SELECT campo, valor_anterior, valor_novo, id_usuario_fk, motivo FROM lead_status_historico
        WHERE id_lead_fk = $1 ORDER BY campo`,
      [lead.id],
    );
    expect(hist).toEqual([
      {
        campo: "consultor_atribuido_id",
        valor_anterior: a.consultor.id,
        valor_novo: outro.consultor.id,
        id_usuario_fk: a.usuarios.consultor.id,
        motivo: "Cliente pediu atendimento à tarde",
      },
      {
        campo: "status_lead",
        valor_anterior: "Em Negociação",
        valor_novo: "Qualificado para Atendente",
        id_usuario_fk: a.usuarios.consultor.id,
        motivo: "Cliente pediu atendimento à tarde",
      },
    ]);

    // the receiver's bell
    const sino = (await outro.nav.req({ url: "/api/notificacoes" })).json();
    expect(sino.itens[0]).toMatchObject({
      tipo: "lead_assigned",
      titulo: MSG_TRANSFERENCIA.notificacaoTitulo,
      dados_extras: { leadId: lead.id, tipo: "transferencia" },
    });
    expect(sino.itens[0].conteudo).toContain("Cliente pediu atendimento à tarde");
  });

  it("refuses an empty note with the pt-BR message, and changes nothing", async () => {
    const outro = await segundoConsultor(a);
    const lead = await novoLead(a.empresa.id, { consultor_atribuido_id: a.consultor.id });
    for (const nota of ["", "   ", undefined]) {
      const res = await transferir(a.navegadores.consultor, lead.id, { consultorId: outro.consultor.id, nota });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(MSG_TRANSFERENCIA.notaObrigatoria);
    }
    expect(await linhaDoLead(lead.id)).toEqual({ consultor: a.consultor.id, status: "Em Negociação" });
  });

  it("the admin may transfer any lead; another consultant and the legal team get 403", async () => {
    const outro = await segundoConsultor(a);
    const lead = await novoLead(a.empresa.id, { consultor_atribuido_id: a.consultor.id });
    const pedido = { consultorId: outro.consultor.id, nota: "Redistribuição" };
    const alheio = await transferir(outro.nav, lead.id, pedido);
    expect(alheio.statusCode).toBe(403);
    expect(alheio.body).toContain(MSG_TRANSFERENCIA.soResponsavel);
    expect((await transferir(a.navegadores.juridico, lead.id, pedido)).statusCode).toBe(403);
    expect((await transferir(a.navegadores.plataforma, lead.id, pedido)).statusCode).toBe(403);
    expect(await linhaDoLead(lead.id)).toEqual({ consultor: a.consultor.id, status: "Em Negociação" });
    expect((await transferir(a.navegadores.admin, lead.id, pedido)).statusCode).toBe(200);
    expect((await linhaDoLead(lead.id)).consultor).toBe(outro.consultor.id);
  });

  it("tenant isolation: never to a consultant of another company, never another company's lead (4xx, nothing changed)", async () => {
    const lead = await novoLead(a.empresa.id, { consultor_atribuido_id: a.consultor.id });
    const dono = await conexaoDono(t);
    try {
      const contar = async () =>
        (
          await dono.query("SELECT count(*)::int AS n FROM mudancas WHERE id_empresa_fk = ANY ($1)", [
            [a.empresa.id, b.empresa.id],
          ])
        ).rows[0].n;
      const antes = await contar();
      const paraOutra = await transferir(a.navegadores.consultor, lead.id, { consultorId: b.consultor.id, nota: "Vai para B" });
      expect(paraOutra.statusCode).toBe(400);
      expect(paraOutra.body).toContain(MSG_TRANSFERENCIA.destinoInvalido);
      const deOutra = await transferir(b.navegadores.admin, lead.id, { consultorId: b.consultor.id, nota: "Tomar de A" });
      expect(deOutra.statusCode).toBe(404);
      const destinos = await b.navegadores.admin.req({ url: `/api/chat/${lead.id}/transferencia/destinos` });
      expect(destinos.statusCode).toBe(404);
      expect(await linhaDoLead(lead.id)).toEqual({ consultor: a.consultor.id, status: "Em Negociação" });
      expect(await contar()).toBe(antes);
      const b2 = await sql(t, "SELECT count(*)::int AS n FROM notificacoes WHERE id_usuario_fk = $1", [b.usuarios.consultor.id]);
      expect(b2[0].n).toBe(0);
    } finally {
      await dono.end();
    }
  });

  it("lists the company's active consultants, online or not, as destinations", async () => {
    const x = await criarEmpresaComUsuarios(t);
    const outro = await segundoConsultor(x);
    await conectar(t, x.empresa.id, outro.consultor.id);
    await desconectar(t, x.empresa.id, x.consultor.id);
    const lead = await novoLead(x.empresa.id, { consultor_atribuido_id: x.consultor.id });
    const res = await x.navegadores.consultor.req({ url: `/api/chat/${lead.id}/transferencia/destinos` });
    expect(res.statusCode).toBe(200);
    const porId = new Map(res.json().map((d: { id: string; online: boolean }) => [d.id, d.online]));
    expect(porId.get(outro.consultor.id)).toBe(true);
    expect(porId.get(x.consultor.id)).toBe(false);
    expect(porId.has(b.consultor.id)).toBe(false);
  });

  it("back to the queue: nobody has it, and the automatic assignment skips who gave it back", async () => {
    const x = await criarEmpresaComUsuarios(t);
    const outro = await segundoConsultor(x);
    await conectar(t, x.empresa.id, x.consultor.id);
    const lead = await novoLead(x.empresa.id, { consultor_atribuido_id: x.consultor.id });
    // only the giver is online: the lead waits in the queue
    const res = await transferir(x.navegadores.consultor, lead.id, { consultorId: null, nota: "Não atendo este assunto" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ consultorId: null, status_lead: "Qualificado para Atendente" });
    const dono = await conexaoDono(t);
    try {
      await esperarFilasOciosas(dono, { filas: ["atribuicao.qualificados"] });
    } finally {
      await dono.end();
    }
    expect(await linhaDoLead(lead.id)).toEqual({ consultor: null, status: "Qualificado para Atendente" });
    // a colleague online: the queue assigns it to them
    await conectar(t, x.empresa.id, outro.consultor.id);
    const r = await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      atribuirAutomaticamente(t.deps, tx, {
        empresaId: x.empresa.id,
        leadId: lead.id,
        exceto: [x.consultor.id],
        autor: { usuarioId: null, origem: "sistema", motivo: "teste" },
      }),
    );
    expect(r).toMatchObject({ atribuido: true, consultorId: outro.consultor.id });
  });

  it("transferring to the consultant who has it, or to the queue twice, is refused", async () => {
    const lead = await novoLead(a.empresa.id, { consultor_atribuido_id: a.consultor.id });
    const mesmo = await transferir(a.navegadores.admin, lead.id, { consultorId: a.consultor.id, nota: "x" });
    expect(mesmo.statusCode).toBe(400);
    expect(mesmo.body).toContain(MSG_TRANSFERENCIA.mesmoConsultor);
    expect((await transferir(a.navegadores.admin, lead.id, { consultorId: null, nota: "fila" })).statusCode).toBe(200);
    const fila = await transferir(a.navegadores.admin, lead.id, { consultorId: null, nota: "fila de novo" });
    expect(fila.statusCode).toBe(400);
    expect(fila.body).toContain(MSG_TRANSFERENCIA.jaNaFila);
  });
});

describe("the cap of open conversations for the automatic assignment (decision 1837)", () => {
  const limitar = (x: TEmpresaComUsuarios, limite: number | string | null) =>
    x.navegadores.admin.req({
      method: "PUT",
      url: "/api/empresa/atribuicao",
      payload: { atribuir_offline_expediente: false, limite_conversas_abertas: limite },
    });
  const atribuir = (empresaId: string, leadId: string) =>
    unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      atribuirAutomaticamente(t.deps, tx, { empresaId, leadId, autor: { usuarioId: null, origem: "sistema", motivo: "teste" } }),
    );

  it("skips a consultant at the cap, leaves the lead waiting when all are, and never caps a transfer", async () => {
    const x = await criarEmpresaComUsuarios(t);
    const outro = await segundoConsultor(x);
    await conectar(t, x.empresa.id, x.consultor.id);
    await conectar(t, x.empresa.id, outro.consultor.id);
    expect((await limitar(x, 1)).json()).toMatchObject({ limite_conversas_abertas: 1 });
    // x's consultant has one open lead (and a lost one, which does not count); the other none
    await novoLead(x.empresa.id, { consultor_atribuido_id: x.consultor.id });
    await novoLead(x.empresa.id, { consultor_atribuido_id: x.consultor.id, status_lead: "Perdido" });
    const l1 = await novoLead(x.empresa.id, { status_lead: "Qualificado para Atendente", consultor_atribuido_id: null });
    expect(await atribuir(x.empresa.id, l1.id)).toMatchObject({ atribuido: true, consultorId: outro.consultor.id });
    // both at the cap: nobody
    const l2 = await novoLead(x.empresa.id, { status_lead: "Qualificado para Atendente", consultor_atribuido_id: null });
    expect(await atribuir(x.empresa.id, l2.id)).toMatchObject({ atribuido: false, motivo: "sem_consultor" });
    // a transfer goes above the cap
    const t1 = await transferir(x.navegadores.admin, l2.id, { consultorId: outro.consultor.id, nota: "Ele conhece o caso" });
    expect(t1.statusCode).toBe(200);
    expect((await linhaDoLead(l2.id)).consultor).toBe(outro.consultor.id);
    // empty: no cap
    expect((await limitar(x, "")).json()).toMatchObject({ limite_conversas_abertas: null });
    const l3 = await novoLead(x.empresa.id, { status_lead: "Qualificado para Atendente", consultor_atribuido_id: null });
    expect(await atribuir(x.empresa.id, l3.id)).toMatchObject({ atribuido: true });
  });

  it("refuses a cap that is not a whole number from 1, with the pt-BR message", async () => {
    for (const limite of [0, -1, 1.5, "abc"]) {
      const res = await limitar(a, limite);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain("Informe um número inteiro de 1 a 10000");
    }
    expect((await a.navegadores.consultor.req({ url: "/api/empresa/atribuicao" })).statusCode).toBe(403);
  });
});

describe("carteira: a lost lead that writes again (decision 1837)", () => {
  const simular = (x: TEmpresaComUsuarios, telefone: string) =>
    x.navegadores.admin.req({
      method: "POST",
      url: "/api/testes/simular-mensagem",
      payload: { telefone, texto: "Oi, voltei. Ainda dá para revisar?" },
    });

  it("goes back to its own consultant when still active in the company, waiting for them", async () => {
    const x = await criarEmpresaComUsuarios(t);
    await desconectar(t, x.empresa.id, x.consultor.id);
    const lead = await novoLead(x.empresa.id, {
      status_lead: "Perdido",
      consultor_atribuido_id: x.consultor.id,
      telefone: "(11) 97777-1001",
    });
    expect((await simular(x, "(11) 97777-1001")).statusCode).toBe(202);
    const l = await esperarAte(
      () => linhaDoLead(lead.id),
      (v) => v.status !== "Perdido",
    );
    expect(l).toEqual({ consultor: x.consultor.id, status: "Qualificado para Atendente" });
  });

  it("a lead given back to the queue earlier goes to the consultant its history last gave it", async () => {
    const x = await criarEmpresaComUsuarios(t);
    const lead = await novoLead(x.empresa.id, { status_lead: "Sem Resposta", consultor_atribuido_id: null });
    await sql(
      t,
      `INSERT INTO lead_status_historico (id_empresa_fk, id_lead_fk, campo, valor_anterior, valor_novo, origem)
       VALUES ($1, $2, 'consultor_atribuido_id', NULL, $3, 'usuario')`,
      [x.empresa.id, lead.id, x.consultor.id],
    );
    expect(await reabrirCarteira(t.deps, x.empresa.id, [lead.id])).toEqual([lead.id]);
    expect(await linhaDoLead(lead.id)).toEqual({ consultor: x.consultor.id, status: "Qualificado para Atendente" });
    const sino = (await x.navegadores.consultor.req({ url: "/api/notificacoes" })).json();
    expect(sino.itens[0]).toMatchObject({ tipo: "lead_assigned", dados_extras: { leadId: lead.id } });
    // no longer lost: a second pass changes nothing
    expect(await reabrirCarteira(t.deps, x.empresa.id, [lead.id])).toEqual([]);
  });

  it("its consultant switched off: the assignment rules decide (here, the colleague online)", async () => {
    const x = await criarEmpresaComUsuarios(t);
    const outro = await segundoConsultor(x);
    await conectar(t, x.empresa.id, outro.consultor.id);
    const lead = await novoLead(x.empresa.id, {
      status_lead: "Não Interessado",
      consultor_atribuido_id: x.consultor.id,
      telefone: "(11) 97777-1002",
    });
    await sql(t, "UPDATE usuarios_plataforma SET ativo = false WHERE id = $1", [x.usuarios.consultor.id]);
    expect((await simular(x, "(11) 97777-1002")).statusCode).toBe(202);
    const l = await esperarAte(
      () => linhaDoLead(lead.id),
      (v) => v.consultor === outro.consultor.id,
    );
    expect(l).toEqual({ consultor: outro.consultor.id, status: "Qualificado para Atendente" });
  });

  it("a converted lead keeps its status and consultant when it writes again", async () => {
    const x = await criarEmpresaComUsuarios(t);
    const lead = await novoLead(x.empresa.id, {
      status_lead: "Convertido (Ganho)",
      consultor_atribuido_id: x.consultor.id,
      telefone: "(11) 97777-1003",
    });
    expect((await simular(x, "(11) 97777-1003")).statusCode).toBe(202);
    const dono = await conexaoDono(t);
    try {
      await esperarFilasOciosas(dono);
    } finally {
      await dono.end();
    }
    expect(await linhaDoLead(lead.id)).toEqual({ consultor: x.consultor.id, status: "Convertido (Ganho)" });
  });
});

import { MSG } from "@crm/domain/messages";
import { PAPEL } from "@crm/domain/roles";
import type { TPaginaLeads } from "@crm/domain/schemas/leads";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import {
  criarConsultor,
  criarEmpresaComUsuarios,
  criarLead,
  criarUsuario,
  type TEmpresaComUsuarios,
} from "../../test/factories.js";
import { unsafeWithSystem, withTenant } from "../db/tenant.js";
import type { TAuth } from "../http/auth-context.js";
import { criarServicoPresenca } from "../presence/presence.js";
import { conectar, desconectar, esperarAte, sql } from "../screening/testing.js";
import { atribuirAutomaticamente, atribuirManualmente } from "./assign-lead.js";
import { atribuirFilaDeEspera, atribuirQualificados } from "./waiting-queue.js";
import { contarAguardando } from "./waiting-sql.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
const MIN = 60_000;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
});

/** A qualified lead nobody has, that entered the queue `haMin` minutes ago (its status history says when). */
async function leadEsperando(empresaId: string, nome: string, haMin: number) {
  return unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    const quando = new Date(Date.now() - haMin * MIN);
    const l = await criarLead(tx, {
      id_empresa_fk: empresaId,
      nome,
      status_lead: "Qualificado para Atendente",
      created_at: new Date(quando.getTime() - 60 * MIN),
    });
    await tx.query(
      `INSERT INTO lead_status_historico (id_empresa_fk, id_lead_fk, campo, valor_anterior, valor_novo, origem, created_at)
       VALUES ($1, $2, 'status_lead', 'Em Triagem IA', 'Qualificado para Atendente', 'ia', $3)`,
      [empresaId, l.id, quando],
    );
    return l;
  });
}

const atribuir = (empresaId: string, leadId: string, agora?: Date) =>
  unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
    atribuirAutomaticamente(t.deps, tx, {
      empresaId,
      leadId,
      agora,
      autor: { usuarioId: null, origem: "sistema", motivo: "teste" },
    }),
  );

const fila = async (x: TEmpresaComUsuarios, papel: "admin" | "consultor" | "juridico" = "admin") => {
  const res = await x.navegadores[papel].req({ url: "/api/atribuicao/fila" });
  return { status: res.statusCode, corpo: res.json() };
};

const consultorDe = async (leadId: string) =>
  (await sql<{ c: string | null }>(t, "SELECT consultor_atribuido_id AS c FROM leads_juros_check WHERE id = $1", [leadId]))[0].c;

const avisosDaFila = (x: TEmpresaComUsuarios) =>
  sql<{ titulo: string; conteudo: string }>(
    t,
    "SELECT titulo, conteudo FROM notificacoes WHERE id_usuario_fk = $1 AND titulo = 'Leads aguardando atribuição' ORDER BY created_at",
    [x.usuarios.admin.id],
  );

/** A company of its own, its one consultant (with a login) offline. */
async function empresaNova() {
  const x = await criarEmpresaComUsuarios(t);
  await desconectar(t, x.empresa.id, x.consultor.id);
  return x;
}

const authConsultor = (x: TEmpresaComUsuarios): TAuth => ({
  sessaoId: `s-${Math.random()}`,
  usuarioId: x.usuarios.consultor.id,
  email: x.usuarios.consultor.email,
  nome: x.usuarios.consultor.nome,
  papel: PAPEL.consultor,
  empresaId: x.empresa.id,
  empresaNome: x.empresa.nome_empresa,
});

describe("the waiting queue's count (GET /api/atribuicao/fila) and filter", () => {
  it("counts the company's qualified leads with no consultant, and only the company's", async () => {
    await desconectar(t, a.empresa.id, a.consultor.id);
    expect(await fila(a)).toEqual({ status: 200, corpo: { aguardando: 0 } });
    const l1 = await leadEsperando(a.empresa.id, "Espera Um", 30);
    await leadEsperando(a.empresa.id, "Espera Dois", 20);
    await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      // not waiting: assigned, or not qualified
      await criarLead(tx, {
        id_empresa_fk: a.empresa.id,
        status_lead: "Qualificado para Atendente",
        consultor_atribuido_id: a.consultor.id,
      });
      await criarLead(tx, { id_empresa_fk: a.empresa.id, status_lead: "Novo Lead" });
      await criarLead(tx, { id_empresa_fk: a.empresa.id, status_lead: "Confirmado pela IA" });
    });
    const [emOutroStatus] = await sql<{ id: string }>(
      t,
      "SELECT id FROM leads_juros_check WHERE id_empresa_fk = $1 AND status_lead = 'Novo Lead'",
      [a.empresa.id],
    );
    await leadEsperando(b.empresa.id, "Espera de Outra", 10);
    expect(await fila(a)).toEqual({ status: 200, corpo: { aguardando: 2 } });
    expect(await fila(b)).toEqual({ status: 200, corpo: { aguardando: 1 } });

    // /leads filtered to them ('Aguardando atribuição'): the same leads, whatever the period
    const res = await a.navegadores.admin.req({ url: "/api/leads?periodo=all&atribuicao=aguardando" });
    expect(res.statusCode).toBe(200);
    const pagina = res.json() as TPaginaLeads;
    expect(pagina.itens.map((l) => l.nome).sort()).toEqual(["Espera Dois", "Espera Um"]);
    expect(pagina.itens.map((l) => l.id)).not.toContain(emOutroStatus.id);
    expect(pagina.itens.every((l) => l.consultor_atribuido_id === null)).toBe(true);
    expect(pagina.itens.map((l) => l.id)).toContain(l1.id);
    const invalido = await a.navegadores.admin.req({ url: "/api/leads?atribuicao=espera" });
    expect(invalido.statusCode).toBe(400);
  });

  it("is the administrators': consultants and the legal team are refused", async () => {
    expect((await fila(a, "consultor")).status).toBe(403);
    expect((await fila(a, "juridico")).status).toBe(403);
    // the platform admin names the company
    const p = await a.navegadores.plataforma.req({ url: `/api/atribuicao/fila?empresaId=${b.empresa.id}` });
    expect(p.json()).toEqual({ aguardando: 1 });
  });

  it("under RLS, the application's login in company A's context counts none of B's waiting leads", async () => {
    const ctx = { empresaId: a.empresa.id, usuarioId: a.usuarios.admin.id, papel: PAPEL.admin };
    const [deA, deB] = await withTenant(t.deps.db.app, ctx, async (tx) => [
      await contarAguardando(tx, a.empresa.id),
      await contarAguardando(tx, b.empresa.id),
    ]);
    expect(deA).toBe(2);
    expect(deB).toBe(0);
    // the owner, behind RLS, sees B's
    const { rows } = await t.dono.query(
      `SELECT count(*)::int AS n FROM leads_juros_check WHERE id_empresa_fk = $1 AND consultor_atribuido_id IS NULL
          AND status_lead = 'Qualificado para Atendente'`,
      [b.empresa.id],
    );
    expect(rows[0].n).toBe(1);
  });
});

describe("the admins are told once per waiting episode", () => {
  it("notifies when the queue goes from empty to one, not for the next ones; again only after it emptied", async () => {
    const x = await empresaNova();
    const l1 = await leadEsperando(x.empresa.id, "Primeira", 3);
    expect(await atribuir(x.empresa.id, l1.id)).toMatchObject({ atribuido: false, motivo: "sem_consultor" });
    const l2 = await leadEsperando(x.empresa.id, "Segunda", 2);
    await atribuir(x.empresa.id, l2.id);
    const l3 = await leadEsperando(x.empresa.id, "Terceira", 1);
    await atribuir(x.empresa.id, l3.id);
    expect(await avisosDaFila(x)).toEqual([
      {
        titulo: "Leads aguardando atribuição",
        conteudo:
          "Primeira está qualificado, mas nenhum consultor está conectado. Os leads que aguardam serão atribuídos assim que um consultor se conectar; você também pode atribuí-los manualmente em Leads.",
      },
    ]);
    // the queue empties (a person assigns them), then a new lead waits: a new episode
    await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      for (const l of [l1, l2, l3])
        await atribuirManualmente(t.deps, tx, {
          empresaId: x.empresa.id,
          leadId: l.id,
          consultorId: x.consultor.id,
          autor: { usuarioId: x.usuarios.admin.id, origem: "usuario", motivo: "teste" },
        });
    });
    expect((await fila(x)).corpo).toEqual({ aguardando: 0 });
    const l4 = await leadEsperando(x.empresa.id, "Quarta", 0);
    await atribuir(x.empresa.id, l4.id);
    expect((await avisosDaFila(x)).map((n) => n.conteudo.split(" ")[0])).toEqual(["Primeira", "Quarta"]);
  });
});

describe("the oldest waiting leads are assigned when a consultant comes online", () => {
  it("in FIFO order (by when each entered the queue), one transaction each, idempotent", async () => {
    const x = await empresaNova();
    const novo = await leadEsperando(x.empresa.id, "Mais Novo", 5);
    const velho = await leadEsperando(x.empresa.id, "Mais Velho", 50);
    const meio = await leadEsperando(x.empresa.id, "Do Meio", 20);
    // nobody online: nothing moves
    expect(await atribuirFilaDeEspera(t.deps, x.empresa.id)).toBe(0);
    await conectar(t, x.empresa.id, x.consultor.id);
    expect(await atribuirFilaDeEspera(t.deps, x.empresa.id, { limite: 1 })).toBe(1);
    expect(await consultorDe(velho.id)).toBe(x.consultor.id);
    expect(await consultorDe(meio.id)).toBeNull();
    expect(await atribuirFilaDeEspera(t.deps, x.empresa.id)).toBe(2);
    expect(await atribuirFilaDeEspera(t.deps, x.empresa.id)).toBe(0);
    const ordem = await sql<{ id: string }>(
      t,
      `SELECT id_lead_fk AS id FROM lead_status_historico
        WHERE id_empresa_fk = $1 AND campo = 'consultor_atribuido_id' ORDER BY created_at, id`,
      [x.empresa.id],
    );
    expect(ordem.map((r) => r.id)).toEqual([velho.id, meio.id, novo.id]);
    expect((await fila(x)).corpo).toEqual({ aguardando: 0 });
  });

  it("presence going Conectado queues the job that assigns them (the real worker), and no other company's", async () => {
    const x = await empresaNova();
    const y = await empresaNova();
    const l1 = await leadEsperando(x.empresa.id, "Aguarda A", 10);
    const l2 = await leadEsperando(x.empresa.id, "Aguarda B", 5);
    const alheio = await leadEsperando(y.empresa.id, "Aguarda Outra", 15);
    expect((await fila(x)).corpo).toEqual({ aguardando: 2 });
    const s = criarServicoPresenca(t.deps, { graceMs: 300 });
    s.abrir(authConsultor(x));
    await s.aguardar();
    const depois = await esperarAte(
      async () => (await fila(x)).corpo.aguardando,
      (n) => n === 0,
      15_000,
    );
    expect(depois).toBe(0);
    expect(await consultorDe(l1.id)).toBe(x.consultor.id);
    expect(await consultorDe(l2.id)).toBe(x.consultor.id);
    expect(await consultorDe(alheio.id)).toBeNull();
    // the consultant was told, as for any assignment
    const avisos = await sql(t, "SELECT 1 FROM notificacoes WHERE id_usuario_fk = $1 AND tipo = 'lead_assigned'", [
      x.usuarios.consultor.id,
    ]);
    expect(avisos.length).toBe(2);
    s.parar();
  });
});

describe("assigning to offline consultants during business hours (PUT /api/empresa/atribuicao)", () => {
  // 2026-11-23 is a Monday; São Paulo is UTC−3
  const sp = (iso: string) => new Date(`${iso}-03:00`);

  it("is saved by the admins, validated in pt-BR, and refused to others", async () => {
    const x = await empresaNova();
    const nav = x.navegadores.admin;
    const ler = async () => (await nav.req({ url: "/api/empresa/atribuicao" })).json();
    // the hours it applies in are the company's business hours (decision 1881, PUT /api/empresa/horario)
    expect(await ler()).toEqual({ atribuir_offline_expediente: false, limite_conversas_abertas: null });
    for (const payload of [
      { atribuir_offline_expediente: true, limite_conversas_abertas: 0 },
      { atribuir_offline_expediente: true, limite_conversas_abertas: 2.5 },
    ]) {
      const ruim = await nav.req({ method: "PUT", url: "/api/empresa/atribuicao", payload });
      expect(ruim.statusCode).toBe(400);
      expect(ruim.body).toContain(MSG.limiteConversasInvalido);
    }
    const semValor = await nav.req({ method: "PUT", url: "/api/empresa/atribuicao", payload: { limite_conversas_abertas: 3 } });
    expect(semValor.statusCode).toBe(400);
    expect(await ler()).toEqual({ atribuir_offline_expediente: false, limite_conversas_abertas: null }); // unchanged
    const ok = await nav.req({
      method: "PUT",
      url: "/api/empresa/atribuicao",
      payload: { atribuir_offline_expediente: true, limite_conversas_abertas: 12 },
    });
    expect(ok.statusCode).toBe(200);
    expect(await ler()).toEqual({ atribuir_offline_expediente: true, limite_conversas_abertas: 12 });
    for (const papel of ["consultor", "juridico"] as const) {
      const r = await x.navegadores[papel].req({
        method: "PUT",
        url: "/api/empresa/atribuicao",
        payload: { atribuir_offline_expediente: false, limite_conversas_abertas: null },
      });
      expect(r.statusCode).toBe(403);
    }
    // another company's rule did not change
    const outra = await b.navegadores.admin.req({ url: "/api/empresa/atribuicao" });
    expect(outra.json()).toMatchObject({ atribuir_offline_expediente: false });
  });

  it("inside the hours an offline consultant receives the lead; at the boundaries and when off, nobody does", async () => {
    const x = await empresaNova();
    // a second consultant, offline too, with more open leads: the one with fewer gets it
    await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      const u = await criarUsuario(tx, { id_empresa_fk: x.empresa.id, papel: PAPEL.consultor });
      const c = await criarConsultor(tx, { id_empresa_fk: x.empresa.id, id_usuario_fk: u.id, nome: "Ocupadão", email: u.email });
      await criarLead(tx, { id_empresa_fk: x.empresa.id, status_lead: "Em Atendimento", consultor_atribuido_id: c.id });
    });
    const lead = await leadEsperando(x.empresa.id, "Fora do Horário", 1);
    const regra = (ativo: boolean) =>
      x.navegadores.admin.req({
        method: "PUT",
        url: "/api/empresa/atribuicao",
        payload: { atribuir_offline_expediente: ativo, limite_conversas_abertas: null },
      });
    expect((await regra(false)).statusCode).toBe(200);
    expect(await atribuir(x.empresa.id, lead.id, sp("2026-11-23T10:00:00"))).toMatchObject({ atribuido: false });
    expect((await regra(true)).statusCode).toBe(200);
    expect(await atribuir(x.empresa.id, lead.id, sp("2026-11-23T07:59:00"))).toMatchObject({ atribuido: false });
    expect(await atribuir(x.empresa.id, lead.id, sp("2026-11-23T18:00:00"))).toMatchObject({ atribuido: false });
    expect(await atribuir(x.empresa.id, lead.id, sp("2026-11-28T10:00:00"))).toMatchObject({ atribuido: false }); // Saturday
    expect(await consultorDe(lead.id)).toBeNull();
    expect(await atribuir(x.empresa.id, lead.id, sp("2026-11-23T08:00:00"))).toEqual({
      atribuido: true,
      consultorId: x.consultor.id,
      consultorNome: x.consultor.nome,
    });
    expect(await consultorDe(lead.id)).toBe(x.consultor.id);
  });
});

describe("a lead moved to 'Qualificado para Atendente' by hand is assigned like one the AI qualified", () => {
  const historicoDeAtribuicao = (leadId: string) =>
    sql<{ para: string; origem: string; motivo: string }>(
      t,
      `SELECT valor_novo AS para, origem, motivo FROM lead_status_historico
        WHERE id_lead_fk = $1 AND campo = 'consultor_atribuido_id' ORDER BY created_at, id`,
      [leadId],
    );
  const novoLead = (empresaId: string, nome: string) =>
    unsafeWithSystem(t.deps.db.app, "teste", (tx) => criarLead(tx, { id_empresa_fk: empresaId, nome, status_lead: "Novo Lead" }));

  it("with consultants online: the status change (/leads, the board) assigns it by the same rule, once, and no admin notice", async () => {
    const x = await empresaNova();
    // a second consultant, online too, with more open leads: the first gets the lead (fewest open leads)
    const ocupado = await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      const u = await criarUsuario(tx, { id_empresa_fk: x.empresa.id, papel: PAPEL.consultor });
      const c = await criarConsultor(tx, { id_empresa_fk: x.empresa.id, id_usuario_fk: u.id, nome: "Cheio", email: u.email });
      await criarLead(tx, { id_empresa_fk: x.empresa.id, status_lead: "Em Atendimento", consultor_atribuido_id: c.id });
      return c;
    });
    await conectar(t, x.empresa.id, x.consultor.id);
    await conectar(t, x.empresa.id, ocupado.id);
    const lead = await novoLead(x.empresa.id, "Qualificado à Mão");
    const res = await x.navegadores.admin.req({
      method: "PATCH",
      url: `/api/leads/${lead.id}/status`,
      payload: { status: "Qualificado para Atendente" },
    });
    expect(res.statusCode).toBe(204);
    expect(
      await esperarAte(
        () => consultorDe(lead.id),
        (c) => c !== null,
        15_000,
      ),
    ).toBe(x.consultor.id);
    expect(await historicoDeAtribuicao(lead.id)).toEqual([
      { para: x.consultor.id, origem: "sistema", motivo: "Atribuição automática após qualificação" },
    ]);
    // told as any assignment; the admins are not (nothing waited)
    const avisos = await sql(t, "SELECT 1 FROM notificacoes WHERE id_usuario_fk = $1 AND tipo = 'lead_assigned'", [
      x.usuarios.consultor.id,
    ]);
    expect(avisos.length).toBe(1);
    expect(await avisosDaFila(x)).toEqual([]);

    // the board's drag and drop (PATCH /api/meus-leads/:id/status) too
    const outro = await novoLead(x.empresa.id, "Arrastado no Quadro");
    const q = await x.navegadores.admin.req({
      method: "PATCH",
      url: `/api/meus-leads/${outro.id}/status`,
      payload: { status: "Qualificado para Atendente" },
    });
    expect(q.statusCode).toBe(204);
    // both have one open lead now; 'Cheio' has waited longer since a last assignment (never): the tie is theirs
    expect(
      await esperarAte(
        () => consultorDe(outro.id),
        (c) => c !== null,
        15_000,
      ),
    ).toBe(ocupado.id);
    // a rerun of the job (pg-boss retry) assigns nothing twice
    expect(await atribuirQualificados(t.deps, x.empresa.id, [lead.id, outro.id])).toBe(0);
    expect((await historicoDeAtribuicao(lead.id)).length).toBe(1);
    expect((await historicoDeAtribuicao(outro.id)).length).toBe(1);
    expect((await fila(x)).corpo).toEqual({ aguardando: 0 });
  });

  it("a lead that already has a consultant keeps them (the consultant's own board)", async () => {
    const x = await empresaNova();
    await conectar(t, x.empresa.id, x.consultor.id);
    const proprio = await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      criarLead(tx, { id_empresa_fk: x.empresa.id, status_lead: "Em Atendimento", consultor_atribuido_id: x.consultor.id }),
    );
    const r = await x.navegadores.consultor.req({
      method: "PATCH",
      url: `/api/meus-leads/${proprio.id}/status`,
      payload: { status: "Qualificado para Atendente" },
    });
    expect(r.statusCode).toBe(204);
    const jobs = await sql(t, "SELECT 1 FROM pgboss.job WHERE name = 'atribuicao.qualificados' AND data->>'empresaId' = $1", [
      x.empresa.id,
    ]);
    expect(jobs.length).toBe(0);
    expect(await historicoDeAtribuicao(proprio.id)).toEqual([]);
  });

  it("nobody online: a bulk change leaves them all waiting with one admin notice, a later one adds none; all are assigned when a consultant comes online", async () => {
    const x = await empresaNova();
    const leads = [];
    for (const nome of ["Lote Um", "Lote Dois", "Lote Três"]) leads.push(await novoLead(x.empresa.id, nome));
    const res = await x.navegadores.admin.req({
      method: "POST",
      url: "/api/leads/em-massa",
      payload: { acao: "status", ids: leads.map((l) => l.id), status: "Qualificado para Atendente" },
    });
    expect(res.json()).toEqual({ afetados: 3 });
    expect((await fila(x)).corpo).toEqual({ aguardando: 3 });
    const avisos = await esperarAte(
      () => avisosDaFila(x),
      (a) => a.length > 0,
      15_000,
    );
    expect(avisos.length).toBe(1);
    await esperarAte(
      () => sql(t, "SELECT 1 FROM pgboss.job WHERE name = 'atribuicao.qualificados' AND state <> 'completed'"),
      (r) => r.length === 0,
      15_000,
    );
    expect(avisos).toHaveLength(1);
    expect((await avisosDaFila(x)).length).toBe(1);
    expect(leads.map((l) => l.nome)).toContain(avisos[0].conteudo.split(" está")[0]);
    // another lead moved by hand now: the three wait since before it, so the admins hear nothing new
    const mais = await novoLead(x.empresa.id, "Lote Quatro");
    await x.navegadores.admin.req({
      method: "PATCH",
      url: `/api/leads/${mais.id}/status`,
      payload: { status: "Qualificado para Atendente" },
    });
    await esperarAte(
      () => sql(t, "SELECT 1 FROM pgboss.job WHERE name = 'atribuicao.qualificados' AND state <> 'completed'"),
      (r) => r.length === 0,
      15_000,
    );
    expect((await avisosDaFila(x)).length).toBe(1);
    leads.push(mais);
    // the job again (a retry after a crash): still nobody, nothing assigned
    expect(
      await atribuirQualificados(
        t.deps,
        x.empresa.id,
        leads.map((l) => l.id),
      ),
    ).toBe(0);
    expect((await fila(x)).corpo).toEqual({ aguardando: 4 });
    // the consultant comes online: the queue's pass assigns all four, once each
    await conectar(t, x.empresa.id, x.consultor.id);
    expect(await atribuirFilaDeEspera(t.deps, x.empresa.id)).toBe(4);
    for (const l of leads) expect((await historicoDeAtribuicao(l.id)).map((h) => h.para)).toEqual([x.consultor.id]);
  });

  it("one notice per episode when a lead moved by hand and one the AI qualified wait together, whichever assignment runs first", async () => {
    const x = await empresaNova();
    // moved by hand a minute ago; its job has not run yet
    const aMao = await leadEsperando(x.empresa.id, "Movido à Mão", 1);
    // the AI qualifies another now: it sees one waiting, says nothing
    const daIa = await leadEsperando(x.empresa.id, "Qualificado pela IA", 0);
    expect(await atribuir(x.empresa.id, daIa.id)).toMatchObject({ atribuido: false });
    expect(await avisosDaFila(x)).toEqual([]);
    // the job of the lead moved by hand: nobody waits since before it, so it starts the episode and tells the admins
    expect(await atribuirQualificados(t.deps, x.empresa.id, [aMao.id])).toBe(0);
    expect((await avisosDaFila(x)).map((a) => a.conteudo.split(" está")[0])).toEqual(["Movido à Mão"]);
    // the other order: the AI's lead waits first and told them; a lead moved by hand later adds nothing
    const y = await empresaNova();
    const primeiro = await leadEsperando(y.empresa.id, "Primeiro da IA", 2);
    await atribuir(y.empresa.id, primeiro.id);
    const depois = await leadEsperando(y.empresa.id, "Depois à Mão", 1);
    await atribuirQualificados(t.deps, y.empresa.id, [depois.id]);
    expect((await avisosDaFila(y)).map((a) => a.conteudo.split(" está")[0])).toEqual(["Primeiro da IA"]);
  });
});

import { PAPEL } from "@crm/domain/roles";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import {
  criarConsultor,
  criarEmpresaComUsuarios,
  criarLead,
  criarUsuario,
  type TEmpresaComUsuarios,
} from "../../test/factories.js";
import { ouvirTempoReal } from "../../test/realtime.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { conectar, esperarAte, sql } from "../screening/testing.js";
import { atribuirAutomaticamente } from "./assign-lead.js";

const t = useTestApp();
let e: TEmpresaComUsuarios;
let outra: TEmpresaComUsuarios;

beforeAll(async () => {
  e = await criarEmpresaComUsuarios(t);
  outra = await criarEmpresaComUsuarios(t);
});

/** A company with consultants that can sign in, each with a user account. */
async function empresaComConsultores(n: number) {
  const x = await criarEmpresaComUsuarios(t);
  const consultores = await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    const lista = [];
    for (let i = 0; i < n; i++) {
      const u = await criarUsuario(tx, { id_empresa_fk: x.empresa.id, papel: PAPEL.consultor });
      lista.push(await criarConsultor(tx, { id_empresa_fk: x.empresa.id, id_usuario_fk: u.id, nome: `C${i}`, email: u.email }));
    }
    return lista;
  });
  return { x, consultores };
}

const novoLead = (empresaId: string, p: Record<string, unknown> = {}) =>
  unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
    criarLead(tx, { id_empresa_fk: empresaId, status_lead: "Qualificado para Atendente", ...p }),
  );

const atribuir = (empresaId: string, leadId: string) =>
  unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
    atribuirAutomaticamente(t.deps, tx, { empresaId, leadId, autor: { usuarioId: null, origem: "sistema", motivo: "teste" } }),
  );

const contagem = async (empresaId: string) =>
  Object.fromEntries(
    (
      await sql<{ nome: string; n: number }>(
        t,
        `SELECT c.nome, count(l.id)::int AS n FROM consultores c
           LEFT JOIN leads_juros_check l ON l.id_empresa_fk = c.id_empresa_fk AND l.consultor_atribuido_id = c.id
          WHERE c.id_empresa_fk = $1 AND c.nome LIKE 'C%' GROUP BY c.nome`,
        [empresaId],
      )
    ).map((r) => [r.nome, r.n]),
  );

describe("automatic assignment (assign-lead)", () => {
  it("picks the connected consultant with the fewest open leads; closed leads do not count", async () => {
    const {
      x,
      consultores: [a, b, ocupado, desconectado, inativo],
    } = await empresaComConsultores(5);
    for (const c of [a, b, inativo]) await conectar(t, x.empresa.id, c.id);
    await conectar(t, x.empresa.id, ocupado.id, "Ocupado");
    await sql(t, "UPDATE usuarios_plataforma SET ativo = false WHERE id = $1", [inativo.id_usuario_fk]);
    await novoLead(x.empresa.id, { consultor_atribuido_id: a.id, status_lead: "Em Atendimento" });
    await novoLead(x.empresa.id, { consultor_atribuido_id: a.id, status_lead: "Aguardando Retorno" });
    await novoLead(x.empresa.id, { consultor_atribuido_id: b.id, status_lead: "Em Negociação" });
    for (const s of ["Convertido (Ganho)", "Perdido", "Desqualificado / Perdido"])
      await novoLead(x.empresa.id, { consultor_atribuido_id: b.id, status_lead: s });
    expect(desconectado).toBeTruthy();

    const lead = await novoLead(x.empresa.id);
    expect(await atribuir(x.empresa.id, lead.id)).toEqual({ atribuido: true, consultorId: b.id, consultorNome: "C1" });
    // now a and b have 2 open each: the one who waited longest (a, never auto-assigned) is next
    const outro = await novoLead(x.empresa.id);
    expect(await atribuir(x.empresa.id, outro.id)).toMatchObject({ consultorId: a.id });
  });

  it("ties go to whoever waited longest since their last assignment", async () => {
    const {
      x,
      consultores: [a, b],
    } = await empresaComConsultores(2);
    await conectar(t, x.empresa.id, a.id);
    await conectar(t, x.empresa.id, b.id);
    await sql(t, "UPDATE consultores SET ultima_atribuicao_em = now() - interval '1 hour' WHERE id = $1", [a.id]);
    await sql(t, "UPDATE consultores SET ultima_atribuicao_em = now() - interval '2 hours' WHERE id = $1", [b.id]);
    const lead = await novoLead(x.empresa.id);
    expect(await atribuir(x.empresa.id, lead.id)).toMatchObject({ consultorId: b.id });
    const [c] = await sql(
      t,
      "SELECT ultima_atribuicao_em > now() - interval '1 minute' AS recente FROM consultores WHERE id = $1",
      [b.id],
    );
    expect(c.recente).toBe(true);
  });

  it("nobody online: the lead stays unassigned and the admins are told (it is the first to wait)", async () => {
    const { x } = await empresaComConsultores(2);
    const lead = await novoLead(x.empresa.id, { nome: "Sem Ninguém" });
    expect(await atribuir(x.empresa.id, lead.id)).toEqual({ atribuido: false, motivo: "sem_consultor", consultorId: null });
    const [l] = await sql(t, "SELECT consultor_atribuido_id FROM leads_juros_check WHERE id = $1", [lead.id]);
    expect(l.consultor_atribuido_id).toBeNull();
    const avisos = await sql(t, "SELECT titulo, conteudo FROM notificacoes WHERE id_usuario_fk = $1", [x.usuarios.admin.id]);
    expect(avisos).toEqual([
      {
        titulo: "Leads aguardando atribuição",
        conteudo:
          "Sem Ninguém está qualificado, mas nenhum consultor está conectado. Os leads que aguardam serão atribuídos assim que um consultor se conectar; você também pode atribuí-los manualmente em Leads.",
      },
    ]);
  });

  it("never gives two simultaneous leads to one consultant while another eligible one has none", async () => {
    for (let rodada = 0; rodada < 5; rodada++) {
      const { x, consultores } = await empresaComConsultores(2);
      for (const c of consultores) await conectar(t, x.empresa.id, c.id);
      const leads = await Promise.all([novoLead(x.empresa.id), novoLead(x.empresa.id)]);
      const rs = await Promise.all(leads.map((l) => atribuir(x.empresa.id, l.id)));
      expect(new Set(rs.map((r) => r.consultorId)).size).toBe(2);
    }
    const { x, consultores } = await empresaComConsultores(3);
    for (const c of consultores) await conectar(t, x.empresa.id, c.id);
    const leads = await Promise.all(Array.from({ length: 12 }, () => novoLead(x.empresa.id)));
    await Promise.all(leads.map((l) => atribuir(x.empresa.id, l.id)));
    expect(await contagem(x.empresa.id)).toEqual({ C0: 4, C1: 4, C2: 4 });
  });
});

describe("assignment routes (/test-validation actions, 000 §2.7)", () => {
  it("'test lead assignment' answers like assign-lead and notifies the consultant live", async () => {
    await conectar(t, e.empresa.id, e.consultor.id);
    const { recebidos, sair } = ouvirTempoReal(t.deps, {
      usuarioId: e.usuarios.consultor.id,
      empresaId: e.empresa.id,
      papel: PAPEL.consultor,
      sessaoId: "s-consultor",
    });
    const lead = await novoLead(e.empresa.id, { nome: "Lead Teste Rota" });
    const r = await e.navegadores.admin.req({ method: "POST", url: "/api/testes/atribuir-lead", payload: { leadId: lead.id } });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ success: true, message: `Lead atribuído a ${e.consultor.nome}.`, consultorId: e.consultor.id });
    // the lead's own change events may come first: wait for the notice itself
    await esperarAte(
      async () => recebidos.some((ev) => ev.tipo === "notificacao.nova"),
      (chegou) => chegou,
      5_000,
    );
    sair();
    const aviso = recebidos.find((ev) => ev.tipo === "notificacao.nova");
    expect(aviso).toMatchObject({
      dados: { tipo: "lead_assigned", titulo: "Novo lead atribuído a você", dados_extras: { leadId: lead.id } },
    });
    const again = await e.navegadores.admin.req({
      method: "POST",
      url: "/api/testes/atribuir-lead",
      payload: { leadId: lead.id },
    });
    expect(again.json()).toEqual({
      success: false,
      message: "Este lead já tem um consultor atribuído.",
      consultorId: e.consultor.id,
    });
  });

  it("'test direct assignment' moves a lead in screening where the screening's assignment does, with the consultant", async () => {
    const lead = await novoLead(e.empresa.id, { status_lead: "Em Triagem IA" });
    const r = await e.navegadores.admin.req({
      method: "POST",
      url: "/api/testes/atribuicao-direta",
      payload: { leadId: lead.id, consultorId: e.consultor.id },
    });
    expect(r.statusCode).toBe(200);
    const [l] = await sql(t, "SELECT status, status_lead, consultor_atribuido_id FROM leads_juros_check WHERE id = $1", [
      lead.id,
    ]);
    // 000 §4's older field, and status_lead as after the screening qualifies and assigns (never 'Em Triagem IA')
    expect(l).toEqual({
      status: "qualificado",
      status_lead: "Qualificado para Atendente",
      consultor_atribuido_id: e.consultor.id,
    });
    const hist = await sql(
      t,
      "SELECT campo, valor_anterior, valor_novo, origem, id_usuario_fk FROM lead_status_historico WHERE id_lead_fk = $1 ORDER BY campo",
      [lead.id],
    );
    const autor = { origem: "usuario", id_usuario_fk: e.usuarios.admin.id };
    expect(hist).toEqual([
      { campo: "consultor_atribuido_id", valor_anterior: null, valor_novo: e.consultor.id, ...autor },
      { campo: "status_lead", valor_anterior: "Em Triagem IA", valor_novo: "Qualificado para Atendente", ...autor },
    ]);
    // a lead already in attendance keeps its status
    const atendido = await novoLead(e.empresa.id, { status_lead: "Em Negociação" });
    await e.navegadores.admin.req({
      method: "POST",
      url: "/api/testes/atribuicao-direta",
      payload: { leadId: atendido.id, consultorId: e.consultor.id },
    });
    const [a2] = await sql(t, "SELECT status_lead, consultor_atribuido_id FROM leads_juros_check WHERE id = $1", [atendido.id]);
    expect(a2).toEqual({ status_lead: "Em Negociação", consultor_atribuido_id: e.consultor.id });
  });

  it("refuses other roles and other companies' leads or consultants, changing nothing", async () => {
    const lead = await novoLead(e.empresa.id, { status_lead: "Novo Lead" });
    const alheio = await novoLead(outra.empresa.id);
    const post = (nav: typeof e.navegadores.admin, url: string, payload: Record<string, unknown>) =>
      nav.req({ method: "POST", url, payload });
    expect((await post(e.navegadores.consultor, "/api/testes/atribuir-lead", { leadId: lead.id })).statusCode).toBe(403);
    expect((await post(e.navegadores.juridico, "/api/atribuicao/automatica", { leadId: lead.id })).statusCode).toBe(403);
    const r404 = await post(e.navegadores.admin, "/api/testes/atribuir-lead", { leadId: alheio.id });
    expect(r404.statusCode).toBe(404);
    expect(r404.json().erro).toBe("Lead não encontrado");
    const c404 = await post(e.navegadores.admin, "/api/testes/atribuicao-direta", {
      leadId: lead.id,
      consultorId: outra.consultor.id,
    });
    expect(c404.statusCode).toBe(404);
    expect(c404.json().erro).toBe("Consultor não encontrado.");
    const ruim = await post(e.navegadores.admin, "/api/testes/atribuicao-direta", { leadId: lead.id, consultorId: "x" });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().campos.consultorId).toBe("Selecione um consultor.");
    const leads = await sql(t, "SELECT status, consultor_atribuido_id FROM leads_juros_check WHERE id = ANY($1::uuid[])", [
      [lead.id, alheio.id],
    ]);
    expect(leads.every((l) => l.consultor_atribuido_id === null && l.status === null)).toBe(true);
  });
});

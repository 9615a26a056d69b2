import { CADEIAS_PADRAO, dataSegurancaPadrao, somarDias, somarDiasUteis } from "@crm/domain/deadlines";
import type { TMeusPrazos, TModeloPrazo, TPrazo, TPrazosDoProcesso } from "@crm/domain/schemas/deadlines";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, type TEmpresaComUsuarios } from "../../test/factories.js";
import { esperarFilasOciosas } from "../../test/queues.js";
import { ouvirTempoReal } from "../../test/realtime.js";
import { ehFeriadoNacional, hojeSP } from "../calendar/holidays.js";
import { unsafeWithSystem, withCompanyJob } from "../db/tenant.js";
import { processarCadeiaInicial } from "./chains.js";
import { alertaSemProximoPrazo } from "./dashboard-alert.js";
import { lembrarPrazosDaEmpresa, varrerLembretes } from "./reminders.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
});

const sql = async (texto: string, valores: unknown[] = []) => (await t.dono.query(texto, valores)).rows;

/** A converted lead of `e` (a legal process), straight in the database. */
const processo = (e: TEmpresaComUsuarios, p: Record<string, unknown> = {}) =>
  unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
    criarLead(tx, {
      id_empresa_fk: e.empresa.id,
      status_lead: "Convertido (Ganho)",
      status_juridico_lead: "Aguardando Contato Jurídico",
      ...p,
    } as never),
  );

const hoje = hojeSP();
const emDias = (n: number) => somarDias(hoje, n);

async function novoPrazo(e: TEmpresaComUsuarios, leadId: string, corpo: Record<string, unknown>, quem = e.navegadores.juridico) {
  const res = await quem.req({ method: "POST", url: `/api/processos/${leadId}/prazos`, payload: corpo });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TPrazo;
}

describe("deadlines of a process", () => {
  it("adds with the default safety date (one working day before), the author as owner, and lists them", async () => {
    const lead = await processo(a, { nome: "Ana Prazo" });
    const fatal = emDias(10);
    const p = await novoPrazo(a, lead.id, { titulo: "  Petição inicial ", data_fatal: fatal });
    expect(p).toMatchObject({
      titulo: "Petição inicial",
      data_fatal: fatal,
      data_seguranca: dataSegurancaPadrao(fatal, ehFeriadoNacional),
      responsavel_id: a.usuarios.juridico.id,
      estado: "pendente",
      origem: "manual",
      processo_nome: "Ana Prazo",
    });
    const lista = (await a.navegadores.admin.req({ url: `/api/processos/${lead.id}/prazos` })).json() as TPrazosDoProcesso;
    expect(lista.prazos.map((x) => x.id)).toEqual([p.id]);
    expect(lista.avisoCliente).toBe(false);
    expect(lista.hoje).toBe(hoje);
  });

  it("edits, completes (who and when), reopens and deletes", async () => {
    const lead = await processo(a);
    const p = await novoPrazo(a, lead.id, { titulo: "Laudo", data_fatal: emDias(3) });
    const j = a.navegadores.juridico;
    let res = await j.req({
      method: "PUT",
      url: `/api/prazos/${p.id}`,
      payload: { titulo: "Laudo final", descricao: "Com planilha", data_fatal: emDias(20), data_seguranca: emDias(15) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ titulo: "Laudo final", descricao: "Com planilha", data_seguranca: emDias(15) });

    res = await j.req({ method: "PUT", url: `/api/prazos/${p.id}/estado`, payload: { estado: "concluido" } });
    expect(res.json()).toMatchObject({ estado: "concluido", concluido_por_nome: expect.any(String) });
    expect(res.json().concluido_em).not.toBeNull();
    res = await j.req({ method: "PUT", url: `/api/prazos/${p.id}/estado`, payload: { estado: "pendente" } });
    expect(res.json()).toMatchObject({ estado: "pendente", concluido_em: null, concluido_por_nome: null });

    res = await j.req({ method: "PUT", url: `/api/prazos/${p.id}/estado`, payload: { estado: "feito" } });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("Situação inválida");
    res = await a.navegadores.admin.req({ method: "DELETE", url: `/api/prazos/${p.id}` });
    expect(res.statusCode).toBe(204);
    expect(await sql("SELECT 1 FROM prazos_processo WHERE id = $1", [p.id])).toHaveLength(0);
    res = await j.req({ method: "DELETE", url: `/api/prazos/${p.id}` });
    expect(res.statusCode).toBe(404);
  });

  it("bad input is a 4xx in pt-BR and changes nothing", async () => {
    const lead = await processo(a);
    const j = a.navegadores.juridico;
    const casos: [Record<string, unknown>, string][] = [
      [{ titulo: "", data_fatal: emDias(1) }, "Título é obrigatório"],
      [{ titulo: "x", data_fatal: "2026-02-30" }, "Data inválida. Use o formato dd/mm/aaaa."],
      [{ titulo: "x" }, "Data fatal é obrigatória"],
      [
        { titulo: "x", data_fatal: emDias(1), data_seguranca: emDias(2) },
        "A data de segurança não pode ser depois da data fatal",
      ],
      [{ titulo: "x".repeat(201), data_fatal: emDias(1) }, "Título com mais de 200 caracteres"],
    ];
    for (const [corpo, msg] of casos) {
      const res = await j.req({ method: "POST", url: `/api/processos/${lead.id}/prazos`, payload: corpo });
      expect(res.statusCode, JSON.stringify(corpo)).toBe(400);
      expect(res.body).toContain(msg);
    }
    // an owner who is not of the company (or is a consultant) is refused
    for (const dono of [b.usuarios.juridico.id, a.usuarios.consultor.id]) {
      const res = await j.req({
        method: "POST",
        url: `/api/processos/${lead.id}/prazos`,
        payload: { titulo: "x", data_fatal: emDias(1), responsavel_id: dono },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().erro).toBe("Responsável inválido: escolha um usuário jurídico ou administrador da empresa");
    }
    // a lead that is not a process
    const naoProcesso = await unsafeWithSystem(t.deps.db.app, "teste", (tx) => criarLead(tx, { id_empresa_fk: a.empresa.id }));
    const res = await j.req({
      method: "POST",
      url: `/api/processos/${naoProcesso.id}/prazos`,
      payload: { titulo: "x", data_fatal: emDias(1) },
    });
    expect(res.statusCode).toBe(404);
    expect(
      await sql("SELECT count(*)::int AS n FROM prazos_processo WHERE id_lead_fk = ANY ($1::uuid[])", [
        [lead.id, naoProcesso.id],
      ]),
    ).toEqual([{ n: 0 }]);
  });

  it("roles: Consultor refused; the platform admin reads a named company's but changes nothing", async () => {
    const lead = await processo(a);
    let res = await a.navegadores.consultor.req({ url: `/api/processos/${lead.id}/prazos` });
    expect(res.statusCode).toBe(403);
    res = await a.navegadores.consultor.req({ url: "/api/prazos" });
    expect(res.statusCode).toBe(403);
    res = await a.navegadores.plataforma.req({ url: `/api/processos/${lead.id}/prazos?empresaId=${a.empresa.id}` });
    expect(res.statusCode).toBe(200);
    res = await a.navegadores.plataforma.req({
      method: "POST",
      url: `/api/processos/${lead.id}/prazos?empresaId=${a.empresa.id}`,
      payload: { titulo: "x", data_fatal: emDias(1) },
    });
    expect(res.statusCode).toBe(403);
    res = await a.navegadores.juridico.req({ url: "/api/prazos-modelos" });
    expect(res.statusCode).toBe(403);
  });

  it("cross-tenant: another company's process and deadline are not found, read, changed or deleted", async () => {
    const leadB = await processo(b);
    const pB = await novoPrazo(b, leadB.id, { titulo: "De B", data_fatal: emDias(2) });
    const j = a.navegadores.juridico;
    expect((await j.req({ url: `/api/processos/${leadB.id}/prazos` })).statusCode).toBe(404);
    expect(
      (await j.req({ method: "POST", url: `/api/processos/${leadB.id}/prazos`, payload: { titulo: "x", data_fatal: emDias(1) } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await j.req({ method: "PUT", url: `/api/prazos/${pB.id}`, payload: { titulo: "x", data_fatal: emDias(1) } })).statusCode,
    ).toBe(404);
    expect(
      (await j.req({ method: "PUT", url: `/api/prazos/${pB.id}/estado`, payload: { estado: "concluido" } })).statusCode,
    ).toBe(404);
    expect((await j.req({ method: "DELETE", url: `/api/prazos/${pB.id}` })).statusCode).toBe(404);
    const meus = (await a.navegadores.admin.req({ url: "/api/prazos?responsavel=todos&estado=todos" })).json() as TMeusPrazos;
    expect(meus.prazos.some((p) => p.id === pB.id)).toBe(false);
    expect(await sql("SELECT titulo, estado FROM prazos_processo WHERE id = $1", [pB.id])).toEqual([
      { titulo: "De B", estado: "pendente" },
    ]);
  });

  it("the owner is told in the bell when a deadline is assigned to them, never the author", async () => {
    const lead = await processo(a, { nome: "Bruno Sino" });
    const p = await novoPrazo(
      a,
      lead.id,
      { titulo: "Audiência", data_fatal: emDias(4), responsavel_id: a.usuarios.juridico.id },
      a.navegadores.admin,
    );
    const n = await sql("SELECT id_usuario_fk, titulo, conteudo FROM notificacoes WHERE dados_extras->>'prazoId' = $1", [p.id]);
    expect(n).toEqual([
      {
        id_usuario_fk: a.usuarios.juridico.id,
        titulo: "Novo prazo atribuído a você",
        conteudo: expect.stringContaining("Audiência · Bruno Sino"),
      },
    ]);
    const proprio = await novoPrazo(a, lead.id, { titulo: "Meu", data_fatal: emDias(4) });
    expect(await sql("SELECT 1 FROM notificacoes WHERE dados_extras->>'prazoId' = $1", [proprio.id])).toHaveLength(0);
  });
});

describe("'Meus prazos'", () => {
  it("the user's open deadlines by fatal date with urgency counts; filters by state, period and (admins) owner", async () => {
    const c = await criarEmpresaComUsuarios(t);
    const lead = await processo(c, { nome: "Carla Meus" });
    const vencido = await novoPrazo(c, lead.id, { titulo: "Vencido", data_fatal: emDias(-2), data_seguranca: emDias(-3) });
    const hojeP = await novoPrazo(c, lead.id, { titulo: "Hoje", data_fatal: hoje, data_seguranca: hoje });
    const semana = await novoPrazo(c, lead.id, { titulo: "Semana", data_fatal: emDias(3) });
    const depois = await novoPrazo(c, lead.id, { titulo: "Depois", data_fatal: emDias(40) });
    const doAdmin = await novoPrazo(c, lead.id, { titulo: "Do admin", data_fatal: emDias(1) }, c.navegadores.admin);
    const feito = await novoPrazo(c, lead.id, { titulo: "Feito", data_fatal: emDias(2) });
    await c.navegadores.juridico.req({ method: "PUT", url: `/api/prazos/${feito.id}/estado`, payload: { estado: "concluido" } });

    const j = c.navegadores.juridico;
    let r = (await j.req({ url: "/api/prazos" })).json() as TMeusPrazos;
    expect(r.prazos.map((p) => p.id)).toEqual([vencido.id, hojeP.id, semana.id, depois.id]);
    expect(r.urgencias).toEqual({ vencido: 1, hoje: 1, semana: 1, depois: 1 });
    // a Jurídico cannot look at somebody else's
    r = (await j.req({ url: "/api/prazos?responsavel=todos" })).json() as TMeusPrazos;
    expect(r.prazos.map((p) => p.id)).not.toContain(doAdmin.id);
    r = (await j.req({ url: "/api/prazos?estado=concluido" })).json() as TMeusPrazos;
    expect(r.prazos.map((p) => p.id)).toEqual([feito.id]);
    r = (await j.req({ url: "/api/prazos?periodo=vencidos" })).json() as TMeusPrazos;
    expect(r.prazos.map((p) => p.id)).toEqual([vencido.id]);
    r = (await j.req({ url: "/api/prazos?periodo=semana" })).json() as TMeusPrazos;
    expect(r.prazos.map((p) => p.id)).toEqual([hojeP.id, semana.id]);

    const adm = c.navegadores.admin;
    r = (await adm.req({ url: "/api/prazos" })).json() as TMeusPrazos;
    expect(r.prazos.map((p) => p.id)).toEqual([doAdmin.id]);
    r = (await adm.req({ url: "/api/prazos?responsavel=todos" })).json() as TMeusPrazos;
    expect(r.prazos).toHaveLength(5);
    r = (await adm.req({ url: `/api/prazos?responsavel=${c.usuarios.juridico.id}` })).json() as TMeusPrazos;
    expect(r.prazos).toHaveLength(4);
    expect((await adm.req({ url: "/api/prazos?estado=qualquer" })).statusCode).toBe(400);
  });

  it("lists open processes with no next deadline; a pending deadline or 'Finalizado Jurídico' takes them off", async () => {
    const c = await criarEmpresaComUsuarios(t);
    const sem = await processo(c, { nome: "Sem Prazo" });
    const com = await processo(c, { nome: "Com Prazo" });
    await processo(c, { nome: "Finalizado", status_juridico_lead: "Finalizado Jurídico" });
    await novoPrazo(c, com.id, { titulo: "x", data_fatal: emDias(5) });
    const r = (await c.navegadores.juridico.req({ url: "/api/prazos" })).json() as TMeusPrazos;
    expect(r.semProximo.map((p) => p.nome)).toEqual(["Sem Prazo"]);
    const alerta = await withCompanyJob(t.deps.db.app, c.empresa.id, "teste", (tx) =>
      alertaSemProximoPrazo({ tx, empresaId: c.empresa.id, agora: new Date() }),
    );
    expect(alerta).toMatchObject({
      chave: "sem-proximo-prazo",
      quantidade: 1,
      titulo: "1 processo aberto está sem próximo prazo",
    });
    expect(alerta?.processos.map((p) => p.nome)).toEqual(["Sem Prazo"]);
    await novoPrazo(c, sem.id, { titulo: "y", data_fatal: emDias(5) });
    const r2 = (await c.navegadores.juridico.req({ url: "/api/prazos" })).json() as TMeusPrazos;
    expect(r2.semProximo).toEqual([]);
    expect(
      await withCompanyJob(t.deps.db.app, c.empresa.id, "teste", (tx) =>
        alertaSemProximoPrazo({ tx, empresaId: c.empresa.id, agora: new Date() }),
      ),
    ).toBeNull();
  });
});

describe("task chains per legal status", () => {
  it("every company starts with the domain's default chains; the Admin Empresa edits them", async () => {
    const c = await criarEmpresaComUsuarios(t);
    const adm = c.navegadores.admin;
    const lista = (await adm.req({ url: "/api/prazos-modelos" })).json() as TModeloPrazo[];
    expect(
      lista
        .map(({ status_juridico, titulo, dias_uteis }) => ({ status_juridico, titulo, dias_uteis }))
        .sort((x, y) => x.titulo.localeCompare(y.titulo)),
    ).toEqual([...CADEIAS_PADRAO].sort((x, y) => x.titulo.localeCompare(y.titulo)));
    let res = await adm.req({
      method: "POST",
      url: "/api/prazos-modelos",
      payload: { status_juridico: "Laudo em Andamento", titulo: "Revisar cálculo", dias_uteis: 3 },
    });
    expect(res.statusCode).toBe(201);
    const novo = res.json() as TModeloPrazo;
    res = await adm.req({
      method: "PUT",
      url: `/api/prazos-modelos/${novo.id}`,
      payload: { status_juridico: "Laudo em Andamento", titulo: "Revisar cálculo", dias_uteis: 4 },
    });
    expect(res.json()).toMatchObject({ dias_uteis: 4 });
    res = await adm.req({
      method: "PUT",
      url: `/api/prazos-modelos/${novo.id}`,
      payload: { status_juridico: "Outro", titulo: "x", dias_uteis: 400 },
    });
    expect(res.statusCode).toBe(400);
    res = await adm.req({ method: "DELETE", url: `/api/prazos-modelos/${novo.id}` });
    expect(res.statusCode).toBe(204);
    // another company's template is not theirs
    const deB = (await b.navegadores.admin.req({ url: "/api/prazos-modelos" })).json() as TModeloPrazo[];
    res = await adm.req({ method: "DELETE", url: `/api/prazos-modelos/${deB[0].id}` });
    expect(res.statusCode).toBe(404);
  });

  it("setting 'Documentação Solicitada' creates 'Cobrar documentos' in 5 working days, once, in the same change", async () => {
    const lead = await processo(a, { nome: "Cadeia Uma Vez", profissional_juridico_atribuido_id: a.usuarios.juridico.id });
    const mudar = (status: string) =>
      a.navegadores.admin.req({
        method: "PUT",
        url: `/api/processos/${lead.id}`,
        payload: { status_juridico_lead: status, profissional_juridico_atribuido_id: a.usuarios.juridico.id },
      });
    expect((await mudar("Documentação Solicitada")).statusCode).toBe(200);
    const prazos = await sql(
      "SELECT titulo, to_char(data_fatal, 'YYYY-MM-DD') AS fatal, id_responsavel_fk, origem FROM prazos_processo WHERE id_lead_fk = $1",
      [lead.id],
    );
    expect(prazos).toEqual([
      {
        titulo: "Cobrar documentos",
        fatal: somarDiasUteis(hoje, 5, ehFeriadoNacional),
        id_responsavel_fk: a.usuarios.juridico.id,
        origem: "modelo",
      },
    ]);
    // the owner (not the author) is told
    expect(
      await sql(
        "SELECT 1 FROM notificacoes WHERE id_usuario_fk = $1 AND titulo = 'Novo prazo atribuído a você' AND dados_extras->>'leadId' = $2",
        [a.usuarios.juridico.id, lead.id],
      ),
    ).toHaveLength(1);
    // leaving and entering the status again creates nothing more
    expect((await mudar("Laudo em Andamento")).statusCode).toBe(200);
    expect((await mudar("Documentação Solicitada")).statusCode).toBe(200);
    const titulos = (await sql("SELECT titulo FROM prazos_processo WHERE id_lead_fk = $1 ORDER BY titulo", [lead.id])).map(
      (r) => r.titulo,
    );
    expect(titulos).toEqual(["Cobrar documentos", "Concluir o laudo revisional"]);
  });

  it("a conversion gives the new process the chain of 'Aguardando Contato Jurídico', once, however often it runs", async () => {
    const lead = await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      criarLead(tx, {
        id_empresa_fk: a.empresa.id,
        nome: "Cadeia Na Conversão",
        consultor_atribuido_id: a.consultor.id,
      } as never),
    );
    const converter = (status: string) =>
      a.navegadores.consultor.req({ method: "PATCH", url: `/api/meus-leads/${lead.id}/status`, payload: { status } });
    const tarefas = () =>
      sql(
        `SELECT titulo, to_char(data_fatal, 'YYYY-MM-DD') AS fatal, estado, origem, id_responsavel_fk, criado_por_fk
           FROM prazos_processo WHERE id_lead_fk = $1 ORDER BY titulo`,
        [lead.id],
      );
    expect((await converter("Convertido (Ganho)")).statusCode).toBe(204);
    await esperarFilasOciosas(t.dono);
    const iniciais = CADEIAS_PADRAO.filter((c) => c.status_juridico === "Aguardando Contato Jurídico");
    expect(iniciais.length).toBeGreaterThan(0);
    // no owner yet (the consultant who converted owns no legal deadline); the consultant is its author
    expect(await tarefas()).toEqual(
      iniciais.map((c) => ({
        titulo: c.titulo,
        fatal: somarDiasUteis(hoje, c.dias_uteis, ehFeriadoNacional),
        estado: "pendente",
        origem: "modelo",
        id_responsavel_fk: null,
        criado_por_fk: a.usuarios.consultor.id,
      })),
    );
    const antes = await tarefas();
    // converted again after moving back (the same process resuming) and the job retried: nothing more
    expect((await converter("Em Negociação")).statusCode).toBe(204);
    expect((await converter("Convertido (Ganho)")).statusCode).toBe(204);
    await esperarFilasOciosas(t.dono);
    const dados = { empresaId: a.empresa.id, leadIds: [lead.id], autorId: a.usuarios.consultor.id };
    expect(await processarCadeiaInicial(t.deps, { id: "x", dados, tentativa: 1, ultimaTentativa: false })).toBe(0);
    expect(await tarefas()).toEqual(antes);
    // a process with its chain's task pending has a next deadline
    const alerta = await withCompanyJob(t.deps.db.app, a.empresa.id, "teste", (tx) =>
      alertaSemProximoPrazo({ tx, empresaId: a.empresa.id, agora: new Date() }),
    );
    expect(alerta?.processos.map((x) => x.id) ?? []).not.toContain(lead.id);
  });

  it("a conversion rolled back leaves no chain task and no job", async () => {
    const lead = await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      criarLead(tx, { id_empresa_fk: a.empresa.id, consultor_atribuido_id: a.consultor.id } as never),
    );
    const { mudarStatusDosLeads } = await import("../lead-events/status.js");
    await expect(
      unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
        await mudarStatusDosLeads(t.deps, tx, {
          empresaId: a.empresa.id,
          leads: [{ id: lead.id, status_lead: lead.status_lead }],
          para: "Convertido (Ganho)",
          autor: { usuarioId: null, origem: "sistema" },
        });
        throw new Error("desfeito");
      }),
    ).rejects.toThrow("desfeito");
    await esperarFilasOciosas(t.dono);
    expect(await sql("SELECT 1 FROM prazos_processo WHERE id_lead_fk = $1", [lead.id])).toEqual([]);
  });

  it("cancels a deadline: struck as 'Cancelado', no longer a next deadline, reopened; the others' screens told live", async () => {
    const lead = await processo(a, { nome: "Cancelar Prazo" });
    const p = await novoPrazo(a, lead.id, { titulo: "Audiência", data_fatal: emDias(4) });
    const admin = ouvirTempoReal(t.deps, { usuarioId: a.usuarios.admin.id, empresaId: a.empresa.id, papel: "Admin Empresa" });
    const deB = ouvirTempoReal(t.deps, { usuarioId: b.usuarios.admin.id, empresaId: b.empresa.id, papel: "Admin Empresa" });
    try {
      const res = await a.navegadores.juridico.req({
        method: "PUT",
        url: `/api/prazos/${p.id}/estado`,
        payload: { estado: "cancelado" },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ estado: "cancelado", concluido_em: null });
      const lista = (await a.navegadores.juridico.req({ url: `/api/processos/${lead.id}/prazos` })).json() as TPrazosDoProcesso;
      expect(lista.prazos.find((x) => x.id === p.id)?.estado).toBe("cancelado");
      const meus = (await a.navegadores.juridico.req({ url: "/api/prazos" })).json() as TMeusPrazos;
      expect(meus.prazos.map((x) => x.id)).not.toContain(p.id);
      expect(meus.semProximo.map((x) => x.id)).toContain(lead.id);
      const vivo = () => admin.recebidos.filter((e) => e.tipo === "prazos.alterados");
      await expect.poll(() => vivo().length).toBeGreaterThan(0);
      expect(vivo().at(-1)).toEqual({ tipo: "prazos.alterados", dados: { empresaId: a.empresa.id, leadIds: [lead.id] } });
      expect(deB.recebidos.filter((e) => e.tipo === "prazos.alterados")).toEqual([]);
      // reopened, it is the next deadline again
      const reaberto = await a.navegadores.juridico.req({
        method: "PUT",
        url: `/api/prazos/${p.id}/estado`,
        payload: { estado: "pendente" },
      });
      expect(reaberto.json()).toMatchObject({ estado: "pendente" });
      const depois = (await a.navegadores.juridico.req({ url: "/api/prazos" })).json() as TMeusPrazos;
      expect(depois.semProximo.map((x) => x.id)).not.toContain(lead.id);
      // the Consultor cannot cancel
      const negado = await a.navegadores.consultor.req({
        method: "PUT",
        url: `/api/prazos/${p.id}/estado`,
        payload: { estado: "cancelado" },
      });
      expect(negado.statusCode).toBe(403);
    } finally {
      admin.sair();
      deB.sair();
    }
  });

  it("a refused status change creates no chain task", async () => {
    const lead = await processo(a);
    const res = await a.navegadores.admin.req({
      method: "PUT",
      url: `/api/processos/${lead.id}`,
      payload: { status_juridico_lead: "Documentação Solicitada", profissional_juridico_atribuido_id: b.usuarios.juridico.id },
    });
    expect(res.statusCode).toBe(400);
    expect(await sql("SELECT 1 FROM prazos_processo WHERE id_lead_fk = $1", [lead.id])).toHaveLength(0);
  });
});

describe("client notice on a legal status change", () => {
  const mudar = (leadId: string, status: string) =>
    a.navegadores.juridico.req({
      method: "PUT",
      url: `/api/processos/${leadId}`,
      payload: { status_juridico_lead: status, profissional_juridico_atribuido_id: null },
    });

  it("without the opt-in nothing is sent; with it, inside the window, the template's text goes through the send queue", async () => {
    const lead = await processo(a, { nome: "Cliente Avisado", telefone: "11 98888-0001" });
    await t.dono.query("UPDATE leads_juros_check SET ultima_mensagem_lead_em = now() - interval '1 hour' WHERE id = $1", [
      lead.id,
    ]);
    expect((await mudar(lead.id, "Em Contato Jurídico")).statusCode).toBe(200);
    await esperarFilasOciosas(t.dono);
    expect(await sql("SELECT 1 FROM mensagens_whatsapp WHERE id_lead_fk = $1", [lead.id])).toHaveLength(0);
    expect(await sql("SELECT 1 FROM avisos_status_cliente WHERE id_lead_fk = $1", [lead.id])).toHaveLength(0);

    const res = await a.navegadores.juridico.req({
      method: "PUT",
      url: `/api/processos/${lead.id}/aviso-cliente`,
      payload: { ativo: true },
    });
    expect(res.statusCode).toBe(200);
    expect((await mudar(lead.id, "Documentação Solicitada")).statusCode).toBe(200);
    await esperarFilasOciosas(t.dono);
    const m = await sql("SELECT message, message_type, sender, status FROM mensagens_whatsapp WHERE id_lead_fk = $1", [lead.id]);
    expect(m).toHaveLength(1);
    expect(m[0]).toMatchObject({ message_type: "text", sender: "sistema" });
    expect(m[0].message).toContain("Cliente Avisado");
    expect(m[0].message).toContain("Documentação Solicitada");
    // the sandbox provider took it: the send job ran (retries and status as every chat message)
    expect(m[0].status).not.toBe("pending");
    const d = (await a.navegadores.juridico.req({ url: `/api/processos/${lead.id}/prazos` })).json() as TPrazosDoProcesso;
    expect(d.avisoCliente).toBe(true);
    expect(d.avisos).toEqual([expect.objectContaining({ resultado: "enfileirado", status_juridico: "Documentação Solicitada" })]);
  });

  it("outside the window (no official approved template) it is not sent and the reason is recorded and shown", async () => {
    const lead = await processo(a, { nome: "Fora da Janela", telefone: "11 98888-0002", aviso_status_cliente: true });
    expect((await mudar(lead.id, "Laudo em Andamento")).statusCode).toBe(200);
    await esperarFilasOciosas(t.dono);
    expect(await sql("SELECT 1 FROM mensagens_whatsapp WHERE id_lead_fk = $1", [lead.id])).toHaveLength(0);
    const d = (await a.navegadores.juridico.req({ url: `/api/processos/${lead.id}/prazos` })).json() as TPrazosDoProcesso;
    expect(d.avisos).toEqual([
      expect.objectContaining({ resultado: "nao_enviado", motivo: expect.stringContaining("fora da janela de 24 horas") }),
    ]);
  });
});

describe("safety-date reminders", () => {
  it("tell each owner once when the safety date arrives, however often the job runs", async () => {
    const c = await criarEmpresaComUsuarios(t);
    const lead = await processo(c, { nome: "Lembrete" });
    const chegou = await novoPrazo(c, lead.id, { titulo: "Chegou", data_fatal: emDias(1), data_seguranca: hoje });
    const futuro = await novoPrazo(c, lead.id, { titulo: "Futuro", data_fatal: emDias(20) });
    const feito = await novoPrazo(c, lead.id, { titulo: "Feito", data_fatal: emDias(1), data_seguranca: hoje });
    await c.navegadores.juridico.req({ method: "PUT", url: `/api/prazos/${feito.id}/estado`, payload: { estado: "concluido" } });

    expect(await varrerLembretes(t.deps)).toContain(c.empresa.id);
    await esperarFilasOciosas(t.dono);
    expect(await lembrarPrazosDaEmpresa(t.deps, c.empresa.id)).toBe(0);
    const n = await sql(
      "SELECT dados_extras->>'prazoId' AS prazo, titulo FROM notificacoes WHERE id_usuario_fk = $1 AND titulo LIKE 'Data de segurança%'",
      [c.usuarios.juridico.id],
    );
    expect(n).toEqual([{ prazo: chegou.id, titulo: "Data de segurança de um prazo chegou" }]);
    expect(n.some((x) => x.prazo === futuro.id)).toBe(false);
    expect(await varrerLembretes(t.deps)).not.toContain(c.empresa.id);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, type TEmpresaComUsuarios } from "../../test/factories.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { conectar, configurarIa, desconectar, esperarAte, leadComMensagens, registrarTriagem, sql } from "./testing.js";

const t = useTestApp();
let e: TEmpresaComUsuarios;
let outra: TEmpresaComUsuarios;

beforeAll(async () => {
  e = await criarEmpresaComUsuarios(t);
  outra = await criarEmpresaComUsuarios(t);
});

const get = (nav: TEmpresaComUsuarios["navegadores"]["admin"], url: string) => nav.req({ url });
const statusLead = async (id: string) =>
  (await sql(t, "SELECT status_lead FROM leads_juros_check WHERE id = $1", [id]))[0].status_lead;

describe("GET /api/ia-triagem", () => {
  it("counts the period's leads and computes the spec's rates; says which screener runs", async () => {
    const p = { id_empresa_fk: e.empresa.id };
    const processado = { data_processamento_ia: new Date() };
    await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      await criarLead(tx, { ...p, ...processado, status_lead: "Qualificado para Atendente" } as never);
      await criarLead(tx, { ...p, ...processado, status_lead: "Em Negociação" } as never);
      await criarLead(tx, { ...p, ...processado, status_lead: "Convertido (Ganho)" } as never);
      await criarLead(tx, { ...p, ...processado, status_lead: "Perdido" } as never);
      await criarLead(tx, { ...p, ...processado, status_lead: "Sem Resposta" } as never);
      await criarLead(tx, { ...p, status_lead: "Perdido" }); // lost, but never screened: not a rejection
      await criarLead(tx, { ...p, status_lead: "Novo Lead" });
      await criarLead(tx, { ...p, status_lead: "Em Triagem IA" });
      await criarLead(tx, { ...p, status_lead: "Requer Análise Manual IA" });
      // outside the period
      await criarLead(tx, {
        ...p,
        ...processado,
        status_lead: "Perdido",
        created_at: new Date(Date.now() - 90 * 86_400_000),
      } as never);
      await criarLead(tx, { id_empresa_fk: outra.empresa.id, status_lead: "Perdido", ...processado } as never);
    });
    const r = await get(e.navegadores.admin, "/api/ia-triagem?periodo=last30days");
    expect(r.statusCode).toBe(200);
    const b = r.json();
    expect(b.contagens).toEqual({ total: 9, processados: 5, aprovados: 3, rejeitados: 1, pendentes: 2, analiseManual: 1 });
    expect(b.taxas).toEqual({ processamento: 55.6, aprovacao: 60, rejeicao: 20 });
    expect(b).toMatchObject({ ativa: false, motor: "regras", modelo: null, chaveConfigurada: false });

    await configurarIa(t, e.empresa.id, { url: "http://127.0.0.1:9/v1", chave: "sk-123", modelo: "gpt-4" });
    // GPT-4 is 'IA avançada' (Enterprise, decision 1310): on Premium the screening runs the recommended model
    expect((await get(e.navegadores.admin, "/api/ia-triagem")).json()).toMatchObject({ modelo: "gpt-3.5-turbo" });
    await t.dono.query("UPDATE empresas SET plano_assinatura = 'Enterprise' WHERE id = $1", [e.empresa.id]);
    expect((await get(e.navegadores.admin, "/api/ia-triagem")).json()).toMatchObject({
      ativa: true,
      motor: "openai",
      modelo: "gpt-4",
      chaveConfigurada: true,
    });
    await t.dono.query("UPDATE empresas SET plano_assinatura = 'Premium' WHERE id = $1", [e.empresa.id]);
    await configurarIa(t, e.empresa.id, { url: "", chave: null }, false);
  });

  it("is for company admins; the platform admin names the company", async () => {
    for (const nav of [e.navegadores.consultor, e.navegadores.juridico])
      expect((await get(nav, "/api/ia-triagem")).statusCode).toBe(403);
    const semEmpresa = await get(e.navegadores.plataforma, "/api/ia-triagem");
    expect(semEmpresa.statusCode).toBe(400);
    expect(semEmpresa.json().erro).toBe("Selecione uma empresa.");
    expect((await get(e.navegadores.plataforma, `/api/ia-triagem?empresaId=${e.empresa.id}`)).statusCode).toBe(200);
    const custom = await get(e.navegadores.admin, "/api/ia-triagem?periodo=custom&inicio=2025-01-01");
    expect(custom.statusCode).toBe(400);
  });
});

describe("PUT /api/ia-triagem/ativa", () => {
  it("flips the company's switch, audited; a consultant cannot", async () => {
    const negado = await e.navegadores.consultor.req({ method: "PUT", url: "/api/ia-triagem/ativa", payload: { ativa: true } });
    expect(negado.statusCode).toBe(403);
    const ativa = async () =>
      (await sql(t, "SELECT ia_triagem_ativa FROM empresas WHERE id = $1", [e.empresa.id]))[0].ia_triagem_ativa;
    expect(await ativa()).toBe(false);
    const r = await e.navegadores.admin.req({ method: "PUT", url: "/api/ia-triagem/ativa", payload: { ativa: true } });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ ativa: true });
    expect(await ativa()).toBe(true);
    const auditoria = await sql(
      t,
      "SELECT id_usuario_fk, dados FROM auditoria WHERE id_empresa_fk = $1 AND acao = 'ia_triagem.alterada'",
      [e.empresa.id],
    );
    expect(auditoria).toEqual([{ id_usuario_fk: e.usuarios.admin.id, dados: { ativa: true } }]);
    expect(
      (await e.navegadores.admin.req({ method: "PUT", url: "/api/ia-triagem/ativa", payload: { ativa: "x" } })).statusCode,
    ).toBe(400);
    expect(await ativa()).toBe(true);
  });
});

describe("history and human review", () => {
  it("lists the company's screenings newest first with facts, filters by decision, hides other companies'", async () => {
    const l = await leadComMensagens(t, e.empresa.id, ["Olá"], { nome: "Histórico Um" });
    await registrarTriagem(t, e.empresa.id, l.id, { decisao: "duvidas", motivo: "Falta renda", criadaHa: 60 });
    await registrarTriagem(t, e.empresa.id, l.id, { decisao: "rejeitado", motivo: "Renda baixa", fatos: { renda_mensal: 900 } });
    const alheio = await leadComMensagens(t, outra.empresa.id, ["Olá"]);
    await registrarTriagem(t, outra.empresa.id, alheio.id, { decisao: "rejeitado", motivo: "Outra empresa" });

    const r = await get(e.navegadores.admin, "/api/ia-triagem/historico?decisao=rejeitado");
    expect(r.statusCode).toBe(200);
    const { itens, total } = r.json();
    expect(total).toBe(1);
    expect(itens[0]).toMatchObject({
      leadId: l.id,
      leadNome: "Histórico Um",
      decisao: "rejeitado",
      motivo: "Renda baixa",
      ultima: true,
      revisao: null,
    });
    expect(itens[0].fatos).toMatchObject({ renda_mensal: 900, banco: null });
    const todas = (await get(e.navegadores.admin, "/api/ia-triagem/historico")).json();
    expect(todas.itens.map((i: { motivo: string }) => i.motivo)).toEqual(["Renda baixa", "Falta renda"]);
    expect(todas.itens[1].ultima).toBe(false);
  });

  it("a review overrides the automated decision, records who and why, and assigns a qualified lead", async () => {
    await conectar(t, e.empresa.id, e.consultor.id);
    const l = await leadComMensagens(t, e.empresa.id, ["Olá"], { status_lead: "Perdido" });
    const velha = await registrarTriagem(t, e.empresa.id, l.id, { decisao: "duvidas", criadaHa: 60 });
    const id = await registrarTriagem(t, e.empresa.id, l.id, { decisao: "rejeitado", motivo: "Renda baixa" });
    const revisar = (nav: typeof e.navegadores.admin, triagem: string, payload: Record<string, unknown>) =>
      nav.req({ method: "POST", url: `/api/ia-triagem/${triagem}/revisao`, payload });

    const curto = await revisar(e.navegadores.admin, id, { decisao: "qualificado", motivo: "ok" });
    expect(curto.statusCode).toBe(400);
    expect(curto.json().campos.motivo).toBe("Explique o motivo da revisão (pelo menos 5 caracteres).");
    const semDecisao = await revisar(e.navegadores.admin, id, { decisao: "duvidas", motivo: "motivo longo" });
    expect(semDecisao.json().campos.decisao).toBe("Escolha a decisão da revisão.");
    expect((await revisar(e.navegadores.consultor, id, { decisao: "qualificado", motivo: "Renda comprovada" })).statusCode).toBe(
      403,
    );
    expect((await revisar(outra.navegadores.admin, id, { decisao: "qualificado", motivo: "Renda comprovada" })).statusCode).toBe(
      404,
    );
    const antiga = await revisar(e.navegadores.admin, velha, { decisao: "qualificado", motivo: "Renda comprovada" });
    expect(antiga.statusCode).toBe(409);
    expect(antiga.json().erro).toBe("Só a triagem mais recente do lead pode ser revisada.");
    expect(await statusLead(l.id)).toBe("Perdido");

    const ok = await revisar(e.navegadores.admin, id, { decisao: "qualificado", motivo: "Renda comprovada por extrato" });
    expect(ok.statusCode).toBe(204);
    const [lead] = await sql(t, "SELECT status_lead, consultor_atribuido_id FROM leads_juros_check WHERE id = $1", [l.id]);
    expect(lead).toEqual({ status_lead: "Qualificado para Atendente", consultor_atribuido_id: e.consultor.id });
    const [tr] = await sql(
      t,
      "SELECT revisado_por_fk, revisao_decisao, revisao_motivo, revisado_em FROM triagens_ia WHERE id = $1",
      [id],
    );
    expect(tr).toMatchObject({
      revisado_por_fk: e.usuarios.admin.id,
      revisao_decisao: "qualificado",
      revisao_motivo: "Renda comprovada por extrato",
    });
    const hist = await sql(
      t,
      "SELECT valor_novo, origem, id_usuario_fk, motivo FROM lead_status_historico WHERE id_lead_fk = $1 AND campo = 'status_lead'",
      [l.id],
    );
    expect(hist).toEqual([
      {
        valor_novo: "Qualificado para Atendente",
        origem: "usuario",
        id_usuario_fk: e.usuarios.admin.id,
        motivo: "Revisão humana da triagem automática: Renda comprovada por extrato",
      },
    ]);
    const [item] = (await get(e.navegadores.admin, "/api/ia-triagem/historico?decisao=rejeitado"))
      .json()
      .itens.filter((i: { id: string }) => i.id === id);
    expect(item.revisao).toMatchObject({
      decisao: "qualificado",
      motivo: "Renda comprovada por extrato",
      por: e.usuarios.admin.nome,
    });
    const audit = await sql(t, "SELECT dados FROM auditoria WHERE acao = 'triagem.revisada' AND entidade_id = $1", [id]);
    expect(audit[0].dados).toMatchObject({ decisaoAutomatica: "rejeitado", decisao: "qualificado" });

    // once a consultant works the lead, its status is theirs
    await sql(t, "UPDATE leads_juros_check SET status_lead = 'Em Negociação' WHERE id = $1", [l.id]);
    const fora = await revisar(e.navegadores.admin, id, { decisao: "rejeitado", motivo: "Mudou de ideia" });
    expect(fora.statusCode).toBe(409);
    expect(fora.json().erro).toBe(
      "Este lead já saiu da triagem (status atual: Em Negociação). Altere o status pela tela do lead.",
    );
    await desconectar(t, e.empresa.id, e.consultor.id);
  });

  it("sends a lead in manual analysis back to screening; only such leads", async () => {
    await configurarIa(t, e.empresa.id, { url: "", chave: null }, true);
    const l = await leadComMensagens(t, e.empresa.id, ["Olá, quero revisar"], { status_lead: "Requer Análise Manual IA" });
    const emCurso = await leadComMensagens(t, e.empresa.id, ["Olá"], { status_lead: "Em Atendimento" });
    const triar = (id: string) => e.navegadores.admin.req({ method: "POST", url: `/api/ia-triagem/leads/${id}/triar` });
    const recusado = await triar(emCurso.id);
    expect(recusado.statusCode).toBe(409);
    expect(recusado.json().erro).toBe("Só leads em 'Requer Análise Manual IA' podem voltar para a triagem.");
    expect((await outra.navegadores.admin.req({ method: "POST", url: `/api/ia-triagem/leads/${l.id}/triar` })).statusCode).toBe(
      404,
    );
    const r = await triar(l.id);
    expect(r.statusCode).toBe(202);
    expect(r.json()).toEqual({ mensagem: "Lead enviado de volta para a triagem." });
    // the queue's worker screens it (the rule-based screener asks the first question)
    const rows = await esperarAte(
      () => sql(t, "SELECT decisao FROM triagens_ia WHERE id_lead_fk = $1", [l.id]),
      (x) => x.length > 0,
    );
    expect(rows).toEqual([{ decisao: "duvidas" }]);
    expect(await statusLead(l.id)).toBe("Em Triagem IA");
  });
});

describe("GET /api/ia-triagem/eficiencia", () => {
  it("is the share of ended screenings settled automatically and kept on review", async () => {
    const x = await criarEmpresaComUsuarios(t);
    const l = await leadComMensagens(t, x.empresa.id, ["Olá"]);
    await registrarTriagem(t, x.empresa.id, l.id, { decisao: "qualificado" });
    await registrarTriagem(t, x.empresa.id, l.id, { decisao: "rejeitado" });
    await registrarTriagem(t, x.empresa.id, l.id, { decisao: "rejeitado" });
    await registrarTriagem(t, x.empresa.id, l.id, { decisao: "erro", erro: "HTTP 500" });
    await registrarTriagem(t, x.empresa.id, l.id, { decisao: "duvidas" });
    await sql(
      t,
      "UPDATE triagens_ia SET revisao_decisao = 'qualificado', revisao_motivo = 'x', revisado_em = now() WHERE id_lead_fk = $1 AND decisao = 'qualificado'",
      [l.id],
    );
    const [rej] = await sql<{ id: string }>(
      t,
      "SELECT id FROM triagens_ia WHERE id_lead_fk = $1 AND decisao = 'rejeitado' LIMIT 1",
      [l.id],
    );
    await sql(
      t,
      "UPDATE triagens_ia SET revisao_decisao = 'qualificado', revisao_motivo = 'x', revisado_em = now() WHERE id = $1",
      [rej.id],
    );
    const r = await x.navegadores.admin.req({ url: "/api/ia-triagem/eficiencia?periodo=last7days" });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ valor: 50, anterior: null, variacao: "+100%" });
    expect((await x.navegadores.consultor.req({ url: "/api/ia-triagem/eficiencia" })).statusCode).toBe(403);
  });
});

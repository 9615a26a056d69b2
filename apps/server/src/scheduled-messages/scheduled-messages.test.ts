import { MSG_CONSENTIMENTO } from "@crm/domain/consent";
import { MSG_AGENDADAS } from "@crm/domain/scheduled-messages";
import type { TAgendamento, TListaAgendamentos } from "@crm/domain/schemas/scheduled-messages";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, type TEmpresaComUsuarios } from "../../test/factories.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { processarEnvioLote } from "../whatsapp/outbound/send-batch.js";
import { esperarAte } from "../whatsapp/testing/wait.js";
import { dispararAgendadasDaEmpresa, varrerAgendadas } from "./fire.js";

/** Decisions 1885–1887: messages scheduled from the chat, their firing, the lead writing first, the window rule. */
const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
});

const sql = async (texto: string, valores: unknown[] = []) => (await t.dono.query(texto, valores)).rows;
let telefone = 0;
/** A lead of the company who wrote `horas` ago (null: never), assigned to its consultant, with a fresh phone. */
const lead = (e: TEmpresaComUsuarios, horas: number | null = 1) =>
  unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    telefone += 1;
    const l = await criarLead(tx, {
      id_empresa_fk: e.empresa.id,
      nome: `Lead Agendado ${telefone}`,
      telefone_normalizado: `55119${String(81000000 + telefone).padStart(8, "0")}`,
      status_lead: "Em Atendimento",
      consultor_atribuido_id: e.consultor.id,
    } as never);
    if (horas !== null)
      await tx.query("UPDATE leads_juros_check SET ultima_mensagem_lead_em = now() - make_interval(mins => $2) WHERE id = $1", [
        l.id,
        Math.round(horas * 60),
      ]);
    return l as { id: string; telefone_normalizado: string };
  });
const emMinutos = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
const logDe = (id: string) =>
  sql("SELECT tipo, origem, id_usuario_fk, depois FROM mudancas WHERE id_entidade = $1 ORDER BY id", [id]);
const agendamento = async (id: string) =>
  (await sql("SELECT status, motivo, id_mensagem_fk FROM mensagens_agendadas WHERE id = $1", [id]))[0];
const agendar = (
  e: TEmpresaComUsuarios,
  leadId: string,
  corpo: Record<string, unknown>,
  quem: "consultor" | "admin" = "consultor",
) => e.navegadores[quem].req({ method: "POST", url: `/api/chat/${leadId}/agendamentos`, payload: corpo });

describe("scheduling from the chat", () => {
  it("creates a pending schedule with its log row, shown in the chat and in the author's list", async () => {
    const l = await lead(a);
    const para = emMinutos(30);
    const res = await agendar(a, l.id, { texto: "Bom dia! Conseguiu ver a proposta?", agendada_para: para });
    expect(res.statusCode, res.body).toBe(201);
    const ag = res.json() as TAgendamento;
    expect(ag).toMatchObject({
      lead_id: l.id,
      autor_id: a.usuarios.consultor.id,
      tipo: "text",
      status: "agendada",
      agendada_para: para,
      cancelar_se_lead_escrever: true,
      mensagem_id: null,
    });
    expect(await logDe(ag.id)).toEqual([
      expect.objectContaining({ tipo: "agendamento.criado", origem: "usuario", id_usuario_fk: a.usuarios.consultor.id }),
    ]);
    // the log keeps no text (decision 1701)
    expect(JSON.stringify(await logDe(ag.id))).not.toContain("proposta");
    const doChat = (await a.navegadores.consultor.req({ url: `/api/chat/${l.id}/agendamentos` })).json() as TAgendamento[];
    expect(doChat.map((x) => x.id)).toEqual([ag.id]);
    const lista = (await a.navegadores.consultor.req({ url: "/api/agendamentos" })).json() as TListaAgendamentos;
    expect(lista.itens.map((x) => x.id)).toContain(ag.id);
  });

  it("refuses bad input with a pt-BR 400 and stores nothing", async () => {
    const l = await lead(a);
    const antes = (await sql("SELECT count(*)::int AS n FROM mensagens_agendadas"))[0].n;
    for (const [corpo, texto] of [
      [{ texto: "oi", agendada_para: emMinutos(-10) }, MSG_AGENDADAS.dataNoPassado],
      [{ texto: "oi", agendada_para: emMinutos(60 * 24 * 100) }, MSG_AGENDADAS.dataMuitoDistante],
      [{ texto: "   ", agendada_para: emMinutos(10) }, MSG_AGENDADAS.textoObrigatorio],
      [{ texto: "oi", agendada_para: "amanhã" }, MSG_AGENDADAS.dataHoraInvalida],
    ] as const) {
      const res = await agendar(a, l.id, corpo);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(texto);
    }
    expect((await sql("SELECT count(*)::int AS n FROM mensagens_agendadas"))[0].n).toBe(antes);
  });

  it("schedules a document, kept in storage and sent as the file at its time", async () => {
    const l = await lead(a);
    const para = emMinutos(20);
    const form = new FormData();
    form.set("tipo", "document");
    form.set("legenda", "Segue o contrato");
    form.set("agendada_para", para);
    form.set("arquivo", new Blob([Buffer.from("Contrato de revisão.")], { type: "text/plain" }), "contrato.txt");
    const corpo = new Response(form);
    const res = await a.navegadores.consultor.req({
      method: "POST",
      url: `/api/chat/${l.id}/agendamentos/midia`,
      payload: Buffer.from(await corpo.arrayBuffer()),
      headers: { "content-type": corpo.headers.get("content-type") as string },
    });
    expect(res.statusCode, res.body).toBe(201);
    const ag = res.json() as TAgendamento;
    expect(ag).toMatchObject({ tipo: "document", texto: "Segue o contrato", arquivo_nome: "contrato.txt" });
    await dispararAgendadasDaEmpresa(t.deps, a.empresa.id, new Date(para));
    const { id_mensagem_fk } = await agendamento(ag.id);
    const m = await esperarAte(async () => {
      const [r] = await sql("SELECT status, message_type, media_file_name FROM mensagens_whatsapp WHERE id = $1", [
        id_mensagem_fk,
      ]);
      return r.status === "sent" || r.status === "delivered" || r.status === "read" ? r : null;
    });
    expect(m).toMatchObject({ message_type: "document", media_file_name: "contrato.txt" });
  });
});

describe("firing (decision 1886)", () => {
  // a company of its own each: the other tests' schedules of company A come due within the same hour
  it("fires at its time by the injected clock, not before, through the chat's outbound path", async () => {
    const a = await criarEmpresaComUsuarios(t);
    const l = await lead(a);
    const para = emMinutos(45);
    const ag = (await agendar(a, l.id, { texto: "Lembrete da nossa conversa", agendada_para: para })).json() as TAgendamento;
    const umSegundoAntes = new Date(new Date(para).getTime() - 1000);

    expect(await varrerAgendadas(t.deps, umSegundoAntes)).not.toContain(a.empresa.id);
    expect(await dispararAgendadasDaEmpresa(t.deps, a.empresa.id, umSegundoAntes)).toBe(0);
    expect(await agendamento(ag.id)).toMatchObject({ status: "agendada", id_mensagem_fk: null });

    expect(await varrerAgendadas(t.deps, new Date(para))).toContain(a.empresa.id);
    await dispararAgendadasDaEmpresa(t.deps, a.empresa.id, new Date(para));
    const depois = await agendamento(ag.id);
    expect(depois.status).toBe("enviada");
    // a message of the conversation, in the author's name, marked as scheduled for the consent guard (decision 1829)
    const [m] = await sql(
      "SELECT id_lead_fk, sender, id_usuario_fk, message, natureza_envio FROM mensagens_whatsapp WHERE id = $1",
      [depois.id_mensagem_fk],
    );
    expect(m).toEqual({
      id_lead_fk: l.id,
      sender: "consultor",
      id_usuario_fk: a.usuarios.consultor.id,
      message: "Lembrete da nossa conversa",
      natureza_envio: "agendada",
    });
    // the send job of the outbound queue takes it to the provider (ticks and pacing as any message)
    await esperarAte(async () => {
      const [r] = await sql("SELECT status FROM mensagens_whatsapp WHERE id = $1", [depois.id_mensagem_fk]);
      return r.status !== "pending";
    });
    expect((await logDe(ag.id)).map((r) => [r.tipo, r.origem])).toEqual([
      ["agendamento.criado", "usuario"],
      ["agendamento.enviado", "sistema"],
    ]);
    expect((await logDe(depois.id_mensagem_fk)).map((r) => r.tipo)[0]).toBe("mensagem.enviada");
  });

  it("never sends one twice: two workers at the same instant claim it once", async () => {
    const a = await criarEmpresaComUsuarios(t);
    const l = await lead(a);
    const para = emMinutos(50);
    const ids = [];
    for (let i = 0; i < 5; i++)
      ids.push(((await agendar(a, l.id, { texto: `Mensagem ${i}`, agendada_para: para })).json() as TAgendamento).id);
    const [x, y] = await Promise.all([
      dispararAgendadasDaEmpresa(t.deps, a.empresa.id, new Date(para)),
      dispararAgendadasDaEmpresa(t.deps, a.empresa.id, new Date(para)),
    ]);
    expect(x + y).toBe(5);
    // and a third run later finds nothing left
    expect(await dispararAgendadasDaEmpresa(t.deps, a.empresa.id, new Date(para))).toBe(0);
    const [r] = await sql(
      "SELECT count(*)::int AS n, count(DISTINCT id_mensagem_fk)::int AS m FROM mensagens_agendadas WHERE id = ANY ($1::uuid[]) AND status = 'enviada'",
      [ids],
    );
    expect(r).toEqual({ n: 5, m: 5 });
    const [msgs] = await sql(
      "SELECT count(*)::int AS n FROM mensagens_whatsapp WHERE id_lead_fk = $1 AND natureza_envio = 'agendada'",
      [l.id],
    );
    expect(msgs.n).toBe(5);
  });
});

describe("the send batch (decision 1911)", () => {
  it("hands a claim's messages to one batch of the number; the batch run again sends none twice", async () => {
    const a = await criarEmpresaComUsuarios(t);
    const para = emMinutos(55);
    for (let i = 0; i < 3; i++) {
      const l = await lead(a);
      expect((await agendar(a, l.id, { texto: `Lote ${i}`, agendada_para: para })).statusCode).toBe(201);
    }
    await dispararAgendadasDaEmpresa(t.deps, a.empresa.id, new Date(para));
    const lotes = await sql("SELECT data FROM pgboss.job WHERE name = 'whatsapp.envio-lote' AND data->>'empresaId' = $1", [
      a.empresa.id,
    ]);
    expect(lotes).toHaveLength(1);
    const ids = (lotes[0].data as { mensagemIds: string[] }).mensagemIds;
    expect(ids).toHaveLength(3);
    await esperarAte(async () => {
      const [r] = await sql(
        "SELECT count(*)::int AS n FROM mensagens_whatsapp WHERE id = ANY ($1::uuid[]) AND status <> 'pending'",
        [ids],
      );
      return r.n === 3 ? r : null;
    });
    // the sandbox answers each accepted send with two reports (delivered, read): a send again would add two more
    const relatos = async () =>
      (
        await sql(
          `SELECT coalesce(sum(jsonb_array_length(data->'eventos')), 0)::int AS n FROM pgboss.job
            WHERE name = 'whatsapp.sandbox' AND data->>'empresaId' = $1`,
          [a.empresa.id],
        )
      )[0].n;
    await esperarAte(async () => ((await relatos()) === 6 ? true : null));
    // a retried batch (its job failed after recording) finds the messages no longer pending
    await processarEnvioLote(t.deps, {
      id: "retentado",
      dados: { empresaId: a.empresa.id, mensagemIds: ids },
      tentativa: 1,
      ultimaTentativa: false,
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(await relatos()).toBe(6);
    const [aceites] = await sql(
      `SELECT count(*)::int AS n FROM mudancas WHERE entidade = 'mensagem' AND tipo = 'mensagem.status'
          AND id_entidade = ANY ($1::uuid[]) AND depois->>'status' = 'sent'`,
      [ids],
    );
    expect(aceites.n).toBe(3);
  });
});

describe("the lead writes first (decision 1885)", () => {
  const simular = (l: { telefone_normalizado: string }, texto: string) =>
    a.navegadores.admin.req({
      method: "POST",
      url: "/api/testes/simular-mensagem",
      payload: { telefone: l.telefone_normalizado, texto },
    });

  it("cancels the pending schedule at once, with the reason and a log row", async () => {
    const l = await lead(a);
    const ag = (await agendar(a, l.id, { texto: "Vamos retomar?", agendada_para: emMinutos(120) })).json() as TAgendamento;
    expect((await simular(l, "Oi, ainda tenho interesse")).statusCode).toBe(202);
    const fim = await esperarAte(async () => {
      const r = await agendamento(ag.id);
      return r.status === "cancelada" ? r : null;
    });
    expect(fim.motivo).toBe(MSG_AGENDADAS.canceladaLeadEscreveu);
    expect((await logDe(ag.id)).map((r) => r.tipo)).toEqual(["agendamento.criado", "agendamento.cancelado"]);
    // nothing goes at its time
    await dispararAgendadasDaEmpresa(t.deps, a.empresa.id, new Date(emMinutos(121)));
    expect(await agendamento(ag.id)).toMatchObject({ status: "cancelada", id_mensagem_fk: null });
  });

  it("keeps and sends it when its option is off", async () => {
    const l = await lead(a);
    const para = emMinutos(130);
    const ag = (
      await agendar(a, l.id, { texto: "Mando de qualquer jeito", agendada_para: para, cancelar_se_lead_escrever: false })
    ).json() as TAgendamento;
    const outro = (await agendar(a, l.id, { texto: "Este cancela", agendada_para: para })).json() as TAgendamento;
    expect((await simular(l, "Oi")).statusCode).toBe(202);
    await esperarAte(async () => (await agendamento(outro.id)).status === "cancelada");
    expect((await agendamento(ag.id)).status).toBe("agendada");
    await dispararAgendadasDaEmpresa(t.deps, a.empresa.id, new Date(para));
    expect((await agendamento(ag.id)).status).toBe("enviada");
  });
});

describe("the 24-hour window (decision 1887)", () => {
  it("refuses at creation a text when the window will surely be closed, unless a template is chosen", async () => {
    const l = await lead(a, 30); // wrote 30 hours ago: closed now and at any later time
    const sem = await agendar(a, l.id, { texto: "Oi de novo", agendada_para: emMinutos(10) });
    expect(sem.statusCode).toBe(400);
    expect(sem.json().erro).toBe(MSG_AGENDADAS.janelaFechadaNoHorario);
    expect((await sql("SELECT count(*)::int AS n FROM mensagens_agendadas WHERE id_lead_fk = $1", [l.id]))[0].n).toBe(0);

    const naoAprovado = await agendar(a, l.id, {
      texto: "Oi de novo",
      agendada_para: emMinutos(10),
      modelo: { nome: "inexistente", idioma: "pt_BR", parametros: [] },
    });
    expect(naoAprovado.statusCode).toBe(400);

    const para = emMinutos(10);
    const com = await agendar(a, l.id, {
      texto: "Oi de novo",
      agendada_para: para,
      modelo: { nome: "retomar_contato", idioma: "pt_BR", parametros: ["Ana"] },
    });
    expect(com.statusCode, com.body).toBe(201);
    // at its time the window is closed: the template goes instead of the text
    await dispararAgendadasDaEmpresa(t.deps, a.empresa.id, new Date(para));
    const { status, id_mensagem_fk } = await agendamento(com.json().id);
    expect(status).toBe("enviada");
    const [m] = await sql("SELECT message_type, template_nome, message FROM mensagens_whatsapp WHERE id = $1", [id_mensagem_fk]);
    expect(m.message_type).toBe("template");
    expect(m.template_nome).toBe("retomar_contato");
    expect(m.message).toContain("Ana");
  });

  it("fails at its time, with the reason in the list, when the window closed meanwhile and no template was chosen", async () => {
    const l = await lead(a, 23.5); // open now, closed in 30 minutes
    const para = emMinutos(60);
    const res = await agendar(a, l.id, { texto: "Até mais tarde", agendada_para: para, cancelar_se_lead_escrever: false });
    expect(res.statusCode, res.body).toBe(201);
    await dispararAgendadasDaEmpresa(t.deps, a.empresa.id, new Date(para));
    expect(await agendamento(res.json().id)).toMatchObject({
      status: "falhou",
      motivo: MSG_AGENDADAS.falhaJanela,
      id_mensagem_fk: null,
    });
    const lista = (await a.navegadores.consultor.req({ url: "/api/agendamentos?status=falhou" })).json() as TListaAgendamentos;
    expect(lista.itens.find((x) => x.id === res.json().id)?.motivo).toBe(MSG_AGENDADAS.falhaJanela);
    expect((await logDe(res.json().id)).map((r) => r.tipo)).toEqual(["agendamento.criado", "agendamento.falhou"]);
  });

  it("fails with the consent guard's reason after an opt-out", async () => {
    const l = await lead(a);
    const para = emMinutos(70);
    const ag = (
      await agendar(a, l.id, { texto: "Promoção", agendada_para: para, cancelar_se_lead_escrever: false })
    ).json() as TAgendamento;
    const optOut = await a.navegadores.consultor.req({
      method: "POST",
      url: `/api/chat/${l.id}/consentimento`,
      payload: {
        situacao: "revogado",
        canal: "telefone",
        texto: "Pediu por telefone para não receber ofertas",
        versao_texto: "v1",
      },
    });
    if (optOut.statusCode >= 300) return expect.fail(`opt-out: ${optOut.statusCode} ${optOut.body}`);
    await dispararAgendadasDaEmpresa(t.deps, a.empresa.id, new Date(para));
    expect(await agendamento(ag.id)).toMatchObject({ status: "falhou", motivo: MSG_CONSENTIMENTO.envioRecusado });
  });
});

describe("edit, cancel and who may (decision 1885)", () => {
  it("edits and cancels one's own, each with its log row; a sent one can no longer change", async () => {
    const l = await lead(a);
    const ag = (await agendar(a, l.id, { texto: "Primeira versão", agendada_para: emMinutos(40) })).json() as TAgendamento;
    const c = a.navegadores.consultor;
    const novo = emMinutos(80);
    const ed = await c.req({
      method: "PUT",
      url: `/api/agendamentos/${ag.id}`,
      payload: { texto: "Segunda versão", agendada_para: novo, cancelar_se_lead_escrever: false },
    });
    expect(ed.statusCode, ed.body).toBe(200);
    expect(ed.json()).toMatchObject({ texto: "Segunda versão", agendada_para: novo, cancelar_se_lead_escrever: false });
    const ca = await c.req({ method: "POST", url: `/api/agendamentos/${ag.id}/cancelar` });
    expect(ca.statusCode, ca.body).toBe(200);
    expect(ca.json().status).toBe("cancelada");
    expect(ca.json().motivo).toMatch(/^Cancelada por /);
    expect((await logDe(ag.id)).map((r) => r.tipo)).toEqual([
      "agendamento.criado",
      "agendamento.alterado",
      "agendamento.cancelado",
    ]);
    const de_novo = await c.req({ method: "POST", url: `/api/agendamentos/${ag.id}/cancelar` });
    expect(de_novo.statusCode).toBe(409);
    expect(de_novo.json().erro).toBe(MSG_AGENDADAS.naoPendente);
  });

  it("a consultant sees and changes only their own; the admin sees and cancels the company's", async () => {
    const l = await lead(a);
    const doAdmin = (await agendar(a, l.id, { texto: "Do admin", agendada_para: emMinutos(40) }, "admin")).json() as TAgendamento;
    const doConsultor = (await agendar(a, l.id, { texto: "Do consultor", agendada_para: emMinutos(40) })).json() as TAgendamento;
    const c = a.navegadores.consultor;
    const minhas = (await c.req({ url: "/api/agendamentos" })).json() as TListaAgendamentos;
    expect(minhas.itens.map((x) => x.id)).not.toContain(doAdmin.id);
    expect((await c.req({ url: "/api/agendamentos?escopo=todas" })).statusCode).toBe(403);
    expect((await c.req({ method: "POST", url: `/api/agendamentos/${doAdmin.id}/cancelar` })).statusCode).toBe(404);
    const todas = (await a.navegadores.admin.req({ url: "/api/agendamentos?escopo=todas" })).json() as TListaAgendamentos;
    expect(todas.itens.map((x) => x.id)).toEqual(expect.arrayContaining([doAdmin.id, doConsultor.id]));
    const ca = await a.navegadores.admin.req({ method: "POST", url: `/api/agendamentos/${doConsultor.id}/cancelar` });
    expect(ca.statusCode).toBe(200);
    // the Jurídico has no scheduling
    expect((await a.navegadores.juridico.req({ url: "/api/agendamentos" })).statusCode).toBe(403);
  });

  it("another company can neither see, change, cancel nor schedule for the lead", async () => {
    const l = await lead(a);
    const ag = (await agendar(a, l.id, { texto: "Só da empresa A", agendada_para: emMinutos(40) })).json() as TAgendamento;
    const outra = b.navegadores.admin;
    const lista = (await outra.req({ url: "/api/agendamentos?escopo=todas" })).json() as TListaAgendamentos;
    expect(lista.itens.map((x) => x.id)).not.toContain(ag.id);
    expect(JSON.stringify(lista)).not.toContain("Só da empresa A");
    expect((await outra.req({ url: `/api/chat/${l.id}/agendamentos` })).statusCode).toBe(404);
    expect((await outra.req({ method: "POST", url: `/api/agendamentos/${ag.id}/cancelar` })).statusCode).toBe(404);
    const ed = await outra.req({
      method: "PUT",
      url: `/api/agendamentos/${ag.id}`,
      payload: { texto: "invasão", agendada_para: emMinutos(40), cancelar_se_lead_escrever: true },
    });
    expect(ed.statusCode).toBe(404);
    expect((await agendar(b, l.id, { texto: "invasão", agendada_para: emMinutos(40) }, "admin")).statusCode).toBe(404);
    expect(await agendamento(ag.id)).toMatchObject({ status: "agendada" });
    expect((await sql("SELECT count(*)::int AS n FROM mensagens_agendadas WHERE texto = 'invasão'"))[0].n).toBe(0);
    // the other company's sweep never touches it
    await dispararAgendadasDaEmpresa(t.deps, b.empresa.id, new Date(emMinutos(41)));
    expect((await agendamento(ag.id)).status).toBe("agendada");
  });
});

import { AUSENCIA_PADRAO, MSG_EXPEDIENTE } from "@crm/domain/business-hours";
import type { THorarioAtendimento, TTemposResposta } from "@crm/domain/schemas/business-hours";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, type TEmpresaComUsuarios } from "../../test/factories.js";
import { relogio } from "../core/clock.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { esperarAte } from "../whatsapp/testing/wait.js";

/**
 * Decisions 1881-1883: the company's hours per weekday and holidays, the away message once per closed period, the
 * response times in business hours. The server's clock is set to the night or day each case needs (decision 1795).
 */
const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
const TEXTO = "Estamos fora do horário. Respondemos a partir das 8h.";

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
  await sql("UPDATE empresas SET ia_triagem_ativa = false WHERE id = ANY ($1::uuid[])", [[a.empresa.id, b.empresa.id]]);
});
afterEach(() => relogio.fixar(null));

const sql = async (texto: string, valores: unknown[] = []) => (await t.dono.query(texto, valores)).rows;
// São Paulo is UTC−3 all year; 2026-12-07 is a Monday
const sp = (iso: string) => new Date(`${iso}-03:00`);
const horario = async (e = a) => (await e.navegadores.admin.req({ url: "/api/empresa/horario" })).json() as THorarioAtendimento;
const salvarHorario = (corpo: object, e = a) =>
  e.navegadores.admin.req({ method: "PUT", url: "/api/empresa/horario", payload: corpo });
const simular = (telefone: string, texto: string) =>
  a.navegadores.admin.req({
    method: "POST",
    url: "/api/testes/simular-mensagem",
    payload: { telefone, nome: "Lead Noturno", texto },
  });
/** The lead's messages once `n` of them came from the lead (the away message, if any, is written in their transaction). */
async function conversa(telefone: string, n: number) {
  return esperarAte(async () => {
    const m = await sql(
      `SELECT m.direcao, m.sender, m.sender_nome, m.message, m.status, m.natureza_envio, m.id FROM mensagens_whatsapp m
         JOIN leads_juros_check l ON l.id = m.id_lead_fk AND l.id_empresa_fk = m.id_empresa_fk
        WHERE l.telefone_normalizado = $1 AND l.id_empresa_fk = $2 ORDER BY m.timestamp, m.id`,
      [telefone, a.empresa.id],
    );
    return m.filter((x) => x.direcao === "entrada").length >= n ? m : null;
  }, 15_000);
}
const ausencias = <T extends { sender_nome: string }>(m: T[]) => m.filter((x) => x.sender_nome === "Mensagem de ausência");

describe("the hours and the away message's settings", () => {
  it("start as Monday to Friday 08:00-18:00, the away message off with its pt-BR default, a 5-minute target", async () => {
    const h = await horario();
    expect(h.dias.map((d) => d.aberto)).toEqual([false, true, true, true, true, true, false]);
    expect(h.dias[1]).toEqual({ aberto: true, inicio: "08:00", fim: "18:00" });
    expect(h).toMatchObject({ ausencia_ativa: false, ausencia_texto: AUSENCIA_PADRAO, meta_resposta_min: 5 });
  });

  it("refuses a closing before the opening and an empty text with pt-BR messages, and changes nothing", async () => {
    const antes = await horario();
    const dias = antes.dias.map((d, i) => (i === 2 ? { aberto: true, inicio: "18:00", fim: "09:00" } : d));
    const r = await salvarHorario({ ...antes, dias });
    expect(r.statusCode).toBe(400);
    expect(r.json().campos["dias.2.fim"]).toBe("O fim do expediente deve ser depois do início");
    const vazio = await salvarHorario({ ...antes, ausencia_texto: "   " });
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json().campos.ausencia_texto).toBe(MSG_EXPEDIENTE.textoAusenciaObrigatorio);
    expect(await horario()).toEqual(antes);
  });

  it("saves the hours per weekday, the text and the target; logs which settings changed, not their values", async () => {
    const antes = await horario();
    const r = await salvarHorario({ ...antes, ausencia_ativa: true, ausencia_texto: TEXTO, meta_resposta_min: 5 });
    expect(r.statusCode, r.body).toBe(200);
    expect(await horario()).toMatchObject({ ausencia_ativa: true, ausencia_texto: TEXTO });
    const [log] = await sql(
      "SELECT tipo, depois FROM mudancas WHERE id_empresa_fk = $1 AND entidade = 'configuracao' ORDER BY id DESC LIMIT 1",
      [a.empresa.id],
    );
    expect(log).toEqual({
      tipo: "configuracao.alterada",
      depois: { campos: ["expediente", "mensagem_ausencia", "meta_resposta"] },
    });
    // another company's settings are its own
    expect((await horario(b)).ausencia_ativa).toBe(false);
    // only the company admin edits them
    const consultor = await a.navegadores.consultor.req({ method: "PUT", url: "/api/empresa/horario", payload: antes });
    expect(consultor.statusCode).toBe(403);
  });
});

describe("the away message (decision 1882)", () => {
  beforeAll(async () => {
    const r = await salvarHorario({ ...(await horario()), ausencia_ativa: true, ausencia_texto: TEXTO });
    expect(r.statusCode, r.body).toBe(200);
  });

  it("goes once per closed period: two messages in the same night, one away message; the next night another", async () => {
    relogio.fixar(sp("2026-12-07T19:00:00"));
    await simular("(11) 96666-0001", "Oi, quero revisar meu contrato");
    let m = await conversa("5511966660001", 1);
    expect(ausencias(m)).toHaveLength(1);
    expect(ausencias(m)[0]).toMatchObject({ direcao: "saida", sender: "sistema", message: TEXTO, natureza_envio: "automatica" });
    relogio.fixar(sp("2026-12-08T02:30:00"));
    await simular("(11) 96666-0001", "Ainda estou aqui");
    m = await conversa("5511966660001", 2);
    expect(ausencias(m)).toHaveLength(1);
    relogio.fixar(sp("2026-12-08T21:00:00"));
    await simular("(11) 96666-0001", "Boa noite de novo");
    m = await conversa("5511966660001", 3);
    expect(ausencias(m)).toHaveLength(2);
    // sent through the company's provider (the sandbox) past the send guard, and in the change log as the system's
    await esperarAte(async () => {
      const s = ausencias(await conversa("5511966660001", 3));
      return s.every((x) => ["sent", "delivered", "read"].includes(x.status)) ? s : null;
    });
    const log = await sql(
      `SELECT tipo, origem FROM mudancas WHERE entidade = 'mensagem' AND tipo = 'mensagem.enviada' AND id_entidade = ANY ($1::uuid[])`,
      [ausencias(m).map((x) => x.id)],
    );
    expect(log).toEqual([
      { tipo: "mensagem.enviada", origem: "sistema" },
      { tipo: "mensagem.enviada", origem: "sistema" },
    ]);
  });

  it("none during the hours: a business day's afternoon gets no away message", async () => {
    relogio.fixar(sp("2026-12-08T15:00:00"));
    await simular("(11) 96666-0002", "Boa tarde");
    expect(ausencias(await conversa("5511966660002", 1))).toEqual([]);
  });

  it("none while the AI screening answers the lead; the screening keeps working", async () => {
    await sql("UPDATE empresas SET ia_triagem_ativa = true WHERE id = $1", [a.empresa.id]);
    try {
      relogio.fixar(sp("2026-12-08T23:00:00"));
      await simular("(11) 96666-0003", "Olá, tenho um financiamento de carro");
      const m = await esperarAte(async () => {
        const x = await conversa("5511966660003", 1);
        return x.some((y) => y.sender === "ia") ? x : null;
      }, 20_000);
      expect(ausencias(m)).toEqual([]);
    } finally {
      await sql("UPDATE empresas SET ia_triagem_ativa = false WHERE id = $1", [a.empresa.id]);
    }
  });

  it("a weekend is one closed period, from Friday's closing to Monday's opening", async () => {
    relogio.fixar(sp("2026-12-11T18:30:00"));
    await simular("(11) 96666-0004", "Sexta à noite");
    await conversa("5511966660004", 1);
    relogio.fixar(sp("2026-12-13T10:00:00"));
    await simular("(11) 96666-0004", "Domingo de manhã");
    expect(ausencias(await conversa("5511966660004", 2))).toHaveLength(1);
  });
});

describe("holidays the admin adds (decision 1881)", () => {
  const feriados = (e = a) => e.navegadores.admin.req({ url: "/api/empresa/feriados" });
  const adicionar = (corpo: object, e = a) =>
    e.navegadores.admin.req({ method: "POST", url: "/api/empresa/feriados", payload: corpo });

  it("a state holiday closes the day: a message that morning gets the away message", async () => {
    relogio.fixar(sp("2026-12-01T10:00:00"));
    const r = await adicionar({ dia: "2026-12-09", nome: "Feriado estadual", abrangencia: "estadual" });
    expect(r.statusCode, r.body).toBe(201);
    const lista = (await feriados()).json().feriados;
    expect(lista).toContainEqual({ id: r.json().id, dia: "2026-12-09", nome: "Feriado estadual", abrangencia: "estadual" });
    // the national ones are built in, named in pt-BR
    expect(lista).toContainEqual({ id: null, dia: "2026-12-25", nome: "Natal", abrangencia: "nacional" });
    relogio.fixar(sp("2026-12-09T10:00:00"));
    await simular("(11) 96666-0005", "Bom dia");
    expect(ausencias(await conversa("5511966660005", 1))).toHaveLength(1);
    // the other company's Wednesday is a working day: it neither sees nor deletes this holiday
    expect((await feriados(b)).json().feriados.some((f: { dia: string }) => f.dia === "2026-12-09")).toBe(false);
    const alheio = await b.navegadores.admin.req({ method: "DELETE", url: `/api/empresa/feriados/${r.json().id}` });
    expect(alheio.statusCode).toBe(404);
    expect(alheio.json().erro).toBe(MSG_EXPEDIENTE.feriadoNaoEncontrado);
  });

  it("refuses a repeated day, a national holiday and a bad date with pt-BR messages", async () => {
    relogio.fixar(sp("2026-12-01T10:00:00"));
    const repetido = await adicionar({ dia: "2026-12-09", nome: "Outro", abrangencia: "municipal" });
    expect([repetido.statusCode, repetido.json().erro]).toEqual([409, MSG_EXPEDIENTE.feriadoRepetido]);
    const natal = await adicionar({ dia: "2026-12-25", nome: "Natal", abrangencia: "municipal" });
    expect([natal.statusCode, natal.json().erro]).toEqual([409, MSG_EXPEDIENTE.feriadoNacional]);
    const ruim = await adicionar({ dia: "2026-02-30", nome: "X", abrangencia: "municipal" });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().campos.dia).toBe(MSG_EXPEDIENTE.feriadoDataInvalida);
    const semNome = await adicionar({ dia: "2026-12-10", nome: " ", abrangencia: "municipal" });
    expect(semNome.json().campos.nome).toBe(MSG_EXPEDIENTE.feriadoNomeObrigatorio);
    expect((await sql("SELECT count(*)::int AS n FROM feriados_empresa WHERE id_empresa_fk = $1", [a.empresa.id]))[0].n).toBe(1);
  });

  it("the admin removes one; the change is logged", async () => {
    const r = await adicionar({ dia: "2027-01-20", nome: "São Sebastião", abrangencia: "municipal" });
    const del = await a.navegadores.admin.req({ method: "DELETE", url: `/api/empresa/feriados/${r.json().id}` });
    expect(del.statusCode).toBe(204);
    const log = await sql(
      "SELECT depois FROM mudancas WHERE id_empresa_fk = $1 AND entidade = 'configuracao' AND depois->'campos' ? 'feriados'",
      [a.empresa.id],
    );
    expect(log.length).toBeGreaterThanOrEqual(3);
  });
});

describe("response times in business hours (decision 1883)", () => {
  let c: TEmpresaComUsuarios;
  beforeAll(async () => {
    c = await criarEmpresaComUsuarios(t);
    const consultor = c.consultor.id;
    const autor = c.usuarios.consultor.id;
    // Monday 2026-12-07 is the company's holiday
    await sql(
      "INSERT INTO feriados_empresa (id_empresa_fk, dia, nome, abrangencia) VALUES ($1, '2026-12-07', 'Estadual', 'estadual')",
      [c.empresa.id],
    );
    const [l1, l2] = await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => [
      await criarLead(tx, { id_empresa_fk: c.empresa.id, consultor_atribuido_id: consultor, status_lead: "Em Atendimento" }),
      await criarLead(tx, { id_empresa_fk: c.empresa.id, consultor_atribuido_id: consultor, status_lead: "Em Atendimento" }),
    ]);
    const atribuir = (lead: string, em: string) =>
      sql(
        `INSERT INTO lead_status_historico (id_empresa_fk, id_lead_fk, campo, valor_novo, origem, created_at)
         VALUES ($1, $2, 'consultor_atribuido_id', $3, 'sistema', $4)`,
        [c.empresa.id, lead, consultor, sp(em)],
      );
    const msg = (lead: string, quem: "lead" | "consultor" | "ia", em: string, status = quem === "lead" ? "received" : "sent") =>
      sql(
        `INSERT INTO mensagens_whatsapp (id_empresa_fk, id_lead_fk, direcao, sender, id_usuario_fk, message, status, timestamp)
         VALUES ($1, $2, $3, $4, $5, 'x', $6, $7)`,
        [c.empresa.id, lead, quem === "lead" ? "entrada" : "saida", quem, quem === "consultor" ? autor : null, status, sp(em)],
      );
    // lead 1, assigned Monday 2026-11-30 09:00
    await atribuir(l1.id, "2026-11-30T09:00:00");
    await msg(l1.id, "lead", "2026-11-30T09:10:00");
    await msg(l1.id, "lead", "2026-11-30T09:12:00"); // same run: the clock started at 09:10
    await msg(l1.id, "consultor", "2026-11-30T09:15:00"); // first response: 5 min
    await msg(l1.id, "lead", "2026-11-30T17:50:00");
    await msg(l1.id, "ia", "2026-11-30T17:51:00"); // the AI's message is no consultant reply
    await msg(l1.id, "consultor", "2026-12-01T08:10:00"); // next: 10 min that evening + 10 the next morning = 20 min
    await msg(l1.id, "lead", "2026-12-01T10:00:00");
    await msg(l1.id, "consultor", "2026-12-01T10:02:00"); // next: 2 min
    // lead 2 wrote while waiting for a consultant; assigned Friday 2026-12-04 17:30
    await msg(l2.id, "lead", "2026-12-04T16:00:00");
    await atribuir(l2.id, "2026-12-04T17:30:00");
    await msg(l2.id, "consultor", "2026-12-08T08:30:00"); // first: 30 min Friday + Monday the holiday + 30 min Tuesday = 1 h
    await msg(l2.id, "lead", "2026-12-08T09:00:00");
    await msg(l2.id, "consultor", "2026-12-08T09:01:00", "failed"); // a failed send answers nothing
    await msg(l2.id, "consultor", "2026-12-08T09:04:00"); // next: 4 min
    await msg(l2.id, "lead", "2026-12-08T09:30:00"); // unanswered: not counted
  });
  const tempos = async (nav = c.navegadores.admin, qs = "periodo=custom&inicio=2026-11-01&fim=2026-12-31") => {
    const r = await nav.req({ url: `/api/desempenho/tempos-resposta?${qs}` });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as TTemposResposta;
  };

  it("equal a hand computation: first [300 s, 3600 s], next [1200 s, 120 s, 240 s], target 5 min", async () => {
    const r = await tempos();
    expect(r.metaMin).toBe(5);
    expect(r.total).toEqual({
      primeira: { respostas: 2, medianaSeg: 1950, mediaSeg: 1950, p95Seg: 3600, naMetaPct: 50 },
      seguintes: { respostas: 3, medianaSeg: 240, mediaSeg: 520, p95Seg: 1200, naMetaPct: 67 },
    });
    expect(r.consultores).toEqual([{ consultorId: c.consultor.id, nome: c.consultor.nome, ...r.total }]);
    expect(
      r.dias.map((d) => [d.dia, d.primeira.respostas, d.primeira.medianaSeg, d.seguintes.respostas, d.seguintes.medianaSeg]),
    ).toEqual([
      ["2026-11-30", 1, 300, 1, 1200],
      ["2026-12-01", 0, null, 1, 120],
      ["2026-12-04", 1, 3600, 0, null],
      ["2026-12-08", 0, null, 1, 240],
    ]);
  });

  it("the target is the company's: 20 minutes puts more within it", async () => {
    const antes = await horario(c);
    await salvarHorario({ ...antes, meta_resposta_min: 20 }, c);
    const r = await tempos();
    expect([r.metaMin, r.total.primeira.naMetaPct, r.total.seguintes.naMetaPct]).toEqual([20, 50, 100]);
    await salvarHorario(antes, c);
  });

  it("the consultant sees their own; another company sees none of them; the legal team may not ask", async () => {
    expect((await tempos(c.navegadores.consultor)).total.primeira.respostas).toBe(2);
    // a consultant of another company has none of these
    expect((await tempos(a.navegadores.consultor)).total.primeira.respostas).toBe(0);
    expect((await tempos(a.navegadores.admin)).consultores).toEqual([]);
    const juridico = await c.navegadores.juridico.req({ url: "/api/desempenho/tempos-resposta" });
    expect(juridico.statusCode).toBe(403);
    // a custom period without its dates is the caller's error, in pt-BR
    const r = await c.navegadores.admin.req({ url: "/api/desempenho/tempos-resposta?periodo=custom" });
    expect(r.statusCode).toBe(400);
  });
});

import type { TPainelPrivacidade, TPedidoPrivacidade } from "@crm/domain/schemas/privacy-requests";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { relogio } from "../core/clock.js";
import { gerarPdf } from "../documents/sample-files.js";
import { esperarAte } from "../whatsapp/testing/wait.js";
import { alertarPrazosDaEmpresa, varrerAlertasPrivacidade } from "./alerts.js";

/** Decisions 1824–1826: privacy requests from WhatsApp, the public page and the company; the code; the clock. */
const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
});
afterEach(() => relogio.fixar(null));

const sql = async (texto: string, valores: unknown[] = []) => (await t.dono.query(texto, valores)).rows;
const DIA = 86_400_000;
const emDias = (n: number) => new Date(Date.now() + n * DIA);

const painel = async (e = a, qs = "") => {
  const res = await e.navegadores.admin.req({ url: `/api/privacidade/pedidos${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TPainelPrivacidade;
};
const pedido = async (protocolo: string, e = a) =>
  (await painel(e)).pedidos.find((p) => p.protocolo === protocolo) as TPedidoPrivacidade;
const simular = (texto: string, telefone: string, nome = "Titular") =>
  a.navegadores.admin.req({ method: "POST", url: "/api/testes/simular-mensagem", payload: { telefone, nome, texto } });
/** The privacy messages the CRM sent the lead, oldest first, once the sandbox took them. */
const mensagensDePrivacidade = (telefone: string) =>
  sql(
    `SELECT m.message, m.status FROM mensagens_whatsapp m JOIN leads_juros_check l ON l.id = m.id_lead_fk
      WHERE l.telefone_normalizado = $1 AND m.sender = 'sistema' ORDER BY m.timestamp, m.id`,
    [telefone],
  );
const codigoDe = (texto: string) => /código (\d{6})/.exec(texto)?.[1] as string;
const protocoloDe = (texto: string) => /Protocolo: (\d{4}-\d{6})/.exec(texto)?.[1] as string;
const confirmar = (empresaId: string, corpo: Record<string, string>) =>
  t.navegador().req({ method: "POST", url: `/api/publico/privacidade/${empresaId}/confirmar`, payload: corpo });
const logDe = async (protocolo: string) =>
  (
    await sql(
      `SELECT m.tipo FROM mudancas m JOIN privacidade_pedidos p ON p.id = m.id_entidade
        WHERE p.protocolo = $1 AND p.id_empresa_fk = $2 AND m.entidade = 'privacidade' ORDER BY m.id`,
      [protocolo, a.empresa.id],
    )
  ).map((r) => r.tipo);

describe("a lead writes a privacy keyword on WhatsApp", () => {
  it("opens the request and sends its protocol and code on the sandbox; the screening does not answer it", async () => {
    await sql("UPDATE empresas SET ia_triagem_ativa = true WHERE id = $1", [a.empresa.id]);
    expect((await simular("  meus dados! ", "(11) 97777-1111", "Rita LGPD")).statusCode).toBe(202);
    const [msg] = await esperarAte(async () => {
      const m = await mensagensDePrivacidade("5511977771111");
      return m.length && m[0].status !== "pending" ? m : null;
    }, 15_000);
    expect(["sent", "delivered", "read"]).toContain(msg.status);
    const protocolo = protocoloDe(msg.message);
    expect(protocolo).toMatch(/^\d{4}-000001$/);
    expect(codigoDe(msg.message)).toMatch(/^\d{6}$/);
    expect(msg.message).toContain(`/privacidade/${a.empresa.id}`);
    const p = await pedido(protocolo);
    expect(p).toMatchObject({
      direito: "acesso",
      canal: "whatsapp",
      status: "aguardando_verificacao",
      dias_restantes: 15,
      cor: "verde",
    });
    // the screening was not queued for the keyword's message
    const triagens = await sql("SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'ia.triagem' AND data->>'leadId' = $1", [
      p.lead_id,
    ]);
    expect(triagens[0].n).toBe(0);
    expect(await logDe(protocolo)).toEqual(["privacidade.solicitada"]);
    // no personal value in the log: the request's fields only
    const [linha] = await sql("SELECT depois FROM mudancas WHERE id_entidade = $1", [p.id]);
    expect(Object.keys(linha.depois).sort()).toEqual(["canal", "direito", "id_lead", "protocolo", "status", "vence_em"]);
  });

  it("a longer sentence with the words is a conversation, not a request", async () => {
    await simular("quero ver meus dados do contrato", "(11) 97777-2222");
    await esperarAte(async () => (await sql("SELECT 1 FROM leads_juros_check WHERE telefone_normalizado = '5511977772222'"))[0]);
    expect(await mensagensDePrivacidade("5511977772222")).toEqual([]);
  });
});

describe("the one-time code", () => {
  let protocolo: string;
  let codigo: string;
  beforeAll(async () => {
    await sql("UPDATE empresas SET ia_triagem_ativa = false WHERE id = $1", [a.empresa.id]);
    await simular("EXCLUIR MEUS DADOS", "(11) 97777-3333");
    const [m] = await esperarAte(async () => {
      const r = await mensagensDePrivacidade("5511977773333");
      return r.length ? r : null;
    });
    protocolo = protocoloDe(m.message);
    codigo = codigoDe(m.message);
  });

  it("a wrong code is refused and counted; the request keeps waiting", async () => {
    const errado = codigo === "000000" ? "111111" : "000000";
    const res = await confirmar(a.empresa.id, { protocolo, codigo: errado });
    expect(res.statusCode).toBe(400);
    expect(res.json().erro).toBe("Código incorreto ou CPF não confere. Confira e tente de novo.");
    expect(await pedido(protocolo)).toMatchObject({
      status: "aguardando_verificacao",
      direito: "anonimizacao_bloqueio_eliminacao",
    });
    expect((await sql("SELECT codigo_tentativas FROM privacidade_pedidos WHERE protocolo = $1", [protocolo]))[0]).toEqual({
      codigo_tentativas: 1,
    });
  });

  it("another company's page does not know the protocol", async () => {
    const res = await confirmar(b.empresa.id, { protocolo, codigo });
    expect(res.statusCode).toBe(400);
    expect((await pedido(protocolo)).status).toBe("aguardando_verificacao");
  });

  it("an expired code is refused, even when right", async () => {
    relogio.fixar(new Date(Date.now() + 31 * 60_000));
    const res = await confirmar(a.empresa.id, { protocolo, codigo });
    expect(res.statusCode).toBe(400);
    expect(res.json().erro).toContain("O código expirou");
  });

  it("the keyword again sends a fresh code for the same request; the right one verifies and answers art. 19 I", async () => {
    await simular("Excluir meus dados", "(11) 97777-3333");
    const msgs = await esperarAte(async () => {
      const r = await mensagensDePrivacidade("5511977773333");
      return r.length === 2 ? r : null;
    });
    expect(protocoloDe(msgs[1].message)).toBe(protocolo);
    const novo = codigoDe(msgs[1].message);
    expect((await confirmar(a.empresa.id, { protocolo, codigo })).statusCode).toBe(novo === codigo ? 200 : 400);
    if (novo !== codigo) expect((await confirmar(a.empresa.id, { protocolo, codigo: novo })).statusCode).toBe(200);
    const p = await pedido(protocolo);
    expect(p.status).toBe("em_andamento");
    expect(p.verificado_em).not.toBeNull();
    expect(p.resposta_simplificada_em).not.toBeNull();
    const todas = await mensagensDePrivacidade("5511977773333");
    expect(todas.at(-1)?.message).toContain("Resposta simplificada (LGPD, art. 19, I)");
    expect(await logDe(protocolo)).toEqual(["privacidade.solicitada", "privacidade.verificada", "privacidade.respondida"]);
    // a code is used once
    expect((await confirmar(a.empresa.id, { protocolo, codigo: novo })).statusCode).toBe(409);
  });
});

describe("the public page and the company's own registration", () => {
  it("shows the encarregado and the rights, and takes a request without saying whether the phone is known", async () => {
    const admin = a.navegadores.admin;
    const cfg = (await admin.req({ url: "/api/privacidade/configuracao" })).json();
    const salvo = await admin.req({
      method: "PUT",
      url: "/api/privacidade/configuracao",
      payload: {
        ...cfg,
        encarregado_nome: "Dra. Ana Encarregada",
        encarregado_email: "dpo@empresa-a.com.br",
        prazos_dias: { portabilidade: 10 },
      },
    });
    expect(salvo.statusCode, salvo.body).toBe(200);
    const visitante = t.navegador();
    const pagina = (await visitante.req({ url: `/api/publico/privacidade/${a.empresa.id}` })).json();
    expect(pagina).toMatchObject({ encarregado_nome: "Dra. Ana Encarregada", encarregado_email: "dpo@empresa-a.com.br" });
    expect(pagina.prazos).toContainEqual({ direito: "portabilidade", dias: 10 });
    expect(pagina.prazos).toHaveLength(9);

    const desconhecido = await visitante.req({
      method: "POST",
      url: `/api/publico/privacidade/${a.empresa.id}/pedidos`,
      payload: { direito: "portabilidade", nome: "Sem Cadastro", telefone: "(21) 99999-0000" },
    });
    expect(desconhecido.statusCode, desconhecido.body).toBe(201);
    expect(desconhecido.json().mensagem).toContain("Se o telefone informado estiver em nossos registros");
    const p = await pedido(desconhecido.json().protocolo);
    expect(p).toMatchObject({ canal: "pagina_publica", lead_id: null, prazo_dias: 10, dias_restantes: 10 });

    const invalido = await visitante.req({
      method: "POST",
      url: `/api/publico/privacidade/${a.empresa.id}/pedidos`,
      payload: { direito: "acesso", nome: "X Y", telefone: "abc" },
    });
    expect(invalido.statusCode).toBe(400);
    expect((await t.navegador().req({ url: "/api/publico/privacidade/00000000-0000-4000-8000-000000000000" })).statusCode).toBe(
      404,
    );
  });

  it("a representative's request waits for the document, then for an admin's approval", async () => {
    const admin = a.navegadores.admin;
    const res = await admin.req({
      method: "POST",
      url: "/api/privacidade/pedidos",
      payload: { direito: "acesso", nome: "Seu Joaquim", telefone: "(11) 97777-1111", representante_nome: "Filha Procuradora" },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { protocolo } = res.json();
    const p = await pedido(protocolo);
    expect(p).toMatchObject({ status: "aguardando_documento", canal: "registrada_pela_empresa", tem_documento: false });
    const cedo = await admin.req({ method: "POST", url: `/api/privacidade/pedidos/${p.id}/aprovar` });
    expect(cedo.statusCode).toBe(409);
    expect(cedo.json().erro).toBe("Envie o documento que comprova a representação antes da aprovação.");

    const enviar = async (nome: string, dados: Buffer) => {
      const form = new FormData();
      form.set("arquivo", new Blob([new Uint8Array(dados)], { type: "application/octet-stream" }), nome);
      const r = new Request("http://x", { method: "POST", body: form });
      return admin.req({
        method: "POST",
        url: `/api/privacidade/pedidos/${p.id}/documento`,
        headers: { "content-type": r.headers.get("content-type") as string },
        payload: Buffer.from(await r.arrayBuffer()),
      });
    };
    // the content is checked: an executable named .pdf is refused and nothing changes
    expect((await enviar("procuracao.pdf", Buffer.from("MZ\x90\x00 not a pdf"))).statusCode).toBe(415);
    expect((await pedido(protocolo)).status).toBe("aguardando_documento");
    expect((await enviar("procuracao.pdf", gerarPdf("Procuração", ["Outorgante: Seu Joaquim"]))).statusCode).toBe(200);
    expect(await pedido(protocolo)).toMatchObject({ status: "aguardando_aprovacao", tem_documento: true });
    // another company's admin cannot approve it
    expect((await b.navegadores.admin.req({ method: "POST", url: `/api/privacidade/pedidos/${p.id}/aprovar` })).statusCode).toBe(
      404,
    );
    expect((await admin.req({ method: "POST", url: `/api/privacidade/pedidos/${p.id}/aprovar` })).statusCode).toBe(200);
    expect(await pedido(protocolo)).toMatchObject({ status: "em_andamento" });
    expect(await logDe(protocolo)).toEqual([
      "privacidade.solicitada",
      "privacidade.documento",
      "privacidade.aprovada",
      "privacidade.respondida",
    ]);
  });
});

describe("the clock", () => {
  let protocolo: string;
  beforeAll(async () => {
    const res = await b.navegadores.admin.req({
      method: "POST",
      url: "/api/privacidade/pedidos",
      payload: { direito: "confirmacao", nome: "Relógio", telefone: "(31) 98888-0000" },
    });
    protocolo = res.json().protocolo;
  });

  it("counts São Paulo days left and turns amber at D-5 and red at D-2", async () => {
    const ver = async () => {
      const p = await pedido(protocolo, b);
      return [p.dias_restantes, p.cor];
    };
    expect(await ver()).toEqual([15, "verde"]);
    relogio.fixar(emDias(9));
    expect(await ver()).toEqual([6, "verde"]);
    relogio.fixar(emDias(10));
    expect(await ver()).toEqual([5, "amarelo"]);
    relogio.fixar(emDias(13));
    expect(await ver()).toEqual([2, "vermelho"]);
    relogio.fixar(emDias(17));
    expect(await ver()).toEqual([-2, "vermelho"]);
  });

  it("alerts the admins' bell and the encarregado's email at D-5, D-2 and D-0, once each", async () => {
    const alertas = async () =>
      (await b.navegadores.admin.req({ url: "/api/notificacoes" }))
        .json()
        .itens.filter((n: { titulo: string }) => n.titulo.startsWith("Solicitação de privacidade vence"));
    const emails = async () =>
      (
        await sql("SELECT assunto FROM emails_saida WHERE assunto LIKE 'Solicitação de privacidade vence%' AND para = $1", [
          b.empresa.email_contato,
        ])
      ).length;
    expect(await alertarPrazosDaEmpresa(t.deps, b.empresa.id, emDias(9))).toBe(0);
    expect(await varrerAlertasPrivacidade(t.deps, emDias(10))).toContain(b.empresa.id);
    expect(await alertarPrazosDaEmpresa(t.deps, b.empresa.id, emDias(10))).toBe(1);
    expect(await alertarPrazosDaEmpresa(t.deps, b.empresa.id, emDias(11))).toBe(0);
    expect((await alertas()).map((n: { titulo: string }) => n.titulo)).toEqual(["Solicitação de privacidade vence em 5 dias"]);
    expect(await alertarPrazosDaEmpresa(t.deps, b.empresa.id, emDias(13))).toBe(1);
    expect(await alertarPrazosDaEmpresa(t.deps, b.empresa.id, emDias(15))).toBe(1);
    expect(await alertarPrazosDaEmpresa(t.deps, b.empresa.id, emDias(15))).toBe(0);
    expect(await varrerAlertasPrivacidade(t.deps, emDias(16))).not.toContain(b.empresa.id);
    expect(await alertas()).toHaveLength(3);
    expect(await emails()).toBe(3);
    // company a's admins heard nothing of company b's request
    const idB = (await pedido(protocolo, b)).id;
    const deA = (await a.navegadores.admin.req({ url: "/api/notificacoes" })).json().itens;
    expect(deA.some((n: { dados_extras: { pedidoId?: string } }) => n.dados_extras.pedidoId === idB)).toBe(false);
  });

  it("closing stops the clock and counts toward the share answered on time", async () => {
    const p = await pedido(protocolo, b);
    const res = await b.navegadores.admin.req({
      method: "POST",
      url: `/api/privacidade/pedidos/${p.id}/encerrar`,
      payload: { status: "atendida", resposta: "Confirmamos o tratamento; declaração enviada por email." },
    });
    expect(res.statusCode, res.body).toBe(200);
    const depois = await painel(b);
    expect(depois.pedidos.find((x) => x.id === p.id)).toMatchObject({
      status: "atendida",
      dias_restantes: null,
      cor: null,
      no_prazo: true,
    });
    expect(depois.no_prazo_12m).toEqual({ encerrados: 1, no_prazo: 1, percentual: 100 });
    const [ultimo] = await sql("SELECT tipo FROM mudancas WHERE id_entidade = $1 ORDER BY id DESC LIMIT 1", [p.id]);
    expect(ultimo.tipo).toBe("privacidade.atendida");
  });
});

describe("tenancy and roles", () => {
  it("each company lists its own requests; consultants and other companies are refused", async () => {
    const deB = await painel(b);
    const deA = await painel(a);
    expect(deB.pedidos.every((p) => !deA.pedidos.some((x) => x.id === p.id))).toBe(true);
    expect((await b.navegadores.admin.req({ url: `/api/privacidade/pedidos?empresaId=${a.empresa.id}` })).statusCode).toBe(404);
    expect((await a.navegadores.consultor.req({ url: "/api/privacidade/pedidos" })).statusCode).toBe(403);
    const plataforma = await a.navegadores.plataforma.req({ url: `/api/privacidade/pedidos?empresaId=${a.empresa.id}` });
    expect(plataforma.statusCode).toBe(200);
    expect((plataforma.json() as TPainelPrivacidade).pedidos.map((p) => p.id).sort()).toEqual(
      deA.pedidos.map((p) => p.id).sort(),
    );
  });
});

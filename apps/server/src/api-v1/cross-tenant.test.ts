import type { TChaveApiCriada } from "@crm/domain/api-keys";
import type { TLeadApi } from "@crm/domain/schemas/api-leads";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { multipart } from "../../test/cross-tenant-support.js";
import { criarEmpresaComUsuarios, criarMensagem, type TEmpresaComUsuarios } from "../../test/factories.js";
import { esperarFilasOciosas } from "../../test/queues.js";
import { unsafeWithSystem } from "../db/tenant.js";
import type { TOperacaoApi } from "./operation.js";
import { OPERACOES_API } from "./operations.js";
import { chamarApi, criarChaveApi, novoLeadApi } from "./test-helpers.js";

/**
 * The cross-tenant probe and a small fuzz over every /api/v1 operation, read from the declarations (a new operation is
 * probed without touching this file): a key of B with every scope, given A's ids (a lead, a message, a process, a tag,
 * a note, a task, a consent, a scheduled message, a deadline, a document, a cost, a privacy request, a webhook
 * endpoint), neither reads nor changes A's rows; malformed input is a 4xx problem, never a 5xx.
 */
const t = useTestApp();
/** The probe is operations × A's ids requests (about a thousand): it grows with the API, past the 20 s default. */
const PROVA_MS = 300_000;
let a: TEmpresaComUsuarios;
let chaveA: TChaveApiCriada;
let chaveB: TChaveApiCriada;
/** A's ids and distinctive texts: none may appear in an answer to B */
const segredosA: string[] = [];

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  const b = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  chaveA = await criarChaveApi(a);
  chaveB = await criarChaveApi(b);
  const res = await chamarApi(t, chaveA.chave, {
    method: "POST",
    url: "/api/v1/leads",
    payload: novoLeadApi("11 97654-0001", "Alfa Cliente Sigiloso"),
  });
  const lead = res.json() as TLeadApi;
  const m = await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
    criarMensagem(tx, {
      id_empresa_fk: a.empresa.id,
      id_lead_fk: lead.id,
      sender: "lead",
      message: "Mensagem sigilosa de Alfa",
    } as never),
  );
  segredosA.push(lead.id, m.id as string, "alfa cliente sigiloso", "mensagem sigilosa de alfa");
  // A's rows of every other kind the API reads or changes (decision 1895): a tag, a note, a process with a deadline
  // and a document, a cost, a privacy request; their ids are tried on every operation with an id
  const comA = (method: string, url: string, payload?: object) =>
    chamarApi(t, chaveA.chave, { method: method as never, url: `/api/v1${url}`, ...(payload ? { payload } : {}) });
  const criado = async (r: Awaited<ReturnType<typeof comA>>) => {
    if (r.statusCode >= 300) throw new Error(`${r.statusCode} ${r.body}`);
    return r.json() as { id: string };
  };
  const processo = await criado(
    await chamarApi(t, chaveA.chave, {
      method: "POST",
      url: "/api/v1/leads",
      payload: novoLeadApi("11 97654-0003", "Alfa Processo"),
    }),
  );
  await criado(await comA("PATCH", `/leads/${processo.id}/status`, { status: "Convertido (Ganho)" }));
  const etiqueta = await criado(await comA("POST", "/etiquetas", { nome: "Alfa etiqueta sigilosa", cor: "#dc2626" }));
  await criado(await comA("PATCH", `/leads/${lead.id}/etiquetas`, { adicionar: [etiqueta.id] }));
  const nota = await criado(await comA("POST", `/leads/${lead.id}/notas`, { texto: "Alfa nota sigilosa" }));
  await criado(
    await comA("POST", `/leads/${lead.id}/consentimentos`, {
      situacao: "concedido",
      canal: "formulario",
      texto: "Alfa consentimento sigiloso",
      versao_texto: "v1",
    }),
  );
  const tarefa = await criado(
    await comA("POST", "/tarefas", {
      lead_id: lead.id,
      responsavel_id: a.usuarios.consultor.id,
      titulo: "Alfa tarefa sigilosa",
      vence_em: "2030-01-02T12:00:00.000Z",
    }),
  );
  // the lead wrote an hour ago: the official API's window is open for a message in two hours
  await t.dono.query("UPDATE leads_juros_check SET ultima_mensagem_lead_em = now() - interval '1 hour' WHERE id = $1", [lead.id]);
  const agendada = await criado(
    await comA("POST", `/leads/${lead.id}/mensagens-agendadas`, {
      texto: "Alfa agendada sigilosa",
      agendada_para: new Date(Date.now() + 2 * 3_600_000).toISOString(),
    }),
  );
  const prazo = await criado(
    await comA("POST", `/processos/${processo.id}/prazos`, { titulo: "Alfa prazo sigiloso", data_fatal: "2027-03-10" }),
  );
  const doc = await criado(
    await chamarApi(t, chaveA.chave, {
      method: "POST",
      url: `/api/v1/processos/${processo.id}/documentos`,
      ...multipart({ descricao: "Alfa documento sigiloso" }, { nome: "a.txt", dados: Buffer.from("Alfa"), mime: "text/plain" }),
    }),
  );
  const custo = await criado(
    await comA("POST", "/custos", {
      data_custo: "2026-12-01",
      plataforma: "Facebook",
      valor_gasto: "123,45",
      campanhas_ativas: 1,
      impressoes: 10,
      cliques: 1,
      campanha: "Alfa campanha sigilosa",
    }),
  );
  const pedido = await criado(
    await comA("POST", "/solicitacoes-privacidade", {
      direito: "acesso",
      nome: "Alfa Titular Sigiloso",
      // a phone of no lead: no protocol message, whose sending would change A's messages while the probe runs
      telefone: "11 97654-0099",
      cpf: "529.982.247-25",
    }),
  );
  // last, and for one event type only, so that few of A's own writes reach it; a delivery that fails moves only
  // its `falhando_desde`, which the sum leaves out (the delivery job's, not a request's)
  const webhook = await criado(
    await comA("POST", "/webhooks", {
      url: "http://127.0.0.1:9/alfa-webhook-sigiloso",
      descricao: "Alfa webhook sigiloso",
      tipos_evento: ["subscription.changed"],
    }),
  );
  segredosA.push(
    webhook.id,
    "alfa-webhook-sigiloso",
    "alfa webhook sigiloso",
    processo.id,
    etiqueta.id,
    nota.id,
    tarefa.id,
    agendada.id,
    prazo.id,
    doc.id,
    custo.id,
    pedido.id,
    "alfa etiqueta sigilosa",
    "alfa nota sigilosa",
    "alfa tarefa sigilosa",
    "alfa consentimento sigiloso",
    "alfa agendada sigilosa",
    "alfa prazo sigiloso",
    "alfa documento sigiloso",
    "alfa campanha sigilosa",
    "alfa titular sigiloso",
  );
  // B has rows of its own, so its lists are not empty by accident
  await chamarApi(t, chaveB.chave, { method: "POST", url: "/api/v1/leads", payload: novoLeadApi("11 97654-0002", "Beta") });
}, PROVA_MS);

/**
 * The lead's revisional summary, recomputed by a background job a minute after a lead is written (decision 1403): no
 * request writes it, so it stays out of the sum, as in test/company-rows.ts (a slow run finishes the job mid-probe).
 */
const DERIVADAS_DO_LEAD = ["revisional_razao", "revisional_faixa", "revisional_sobrepago_centavos", "revisional_calculado_em"];

const somaDeA = async () =>
  (
    await t.dono.query(
      `SELECT (SELECT md5(string_agg((to_jsonb(l) - $2::text[])::text, '' ORDER BY id)) FROM leads_juros_check l
                WHERE id_empresa_fk = $1) AS leads,
              (SELECT md5(string_agg(m::text, '' ORDER BY id)) FROM mensagens_whatsapp m WHERE id_empresa_fk = $1) AS mensagens,
              (SELECT md5(string_agg(x::text, '' ORDER BY id)) FROM etiquetas x WHERE id_empresa_fk = $1) AS etiquetas,
              (SELECT md5(string_agg(x::text, '' ORDER BY id_lead_fk, id_etiqueta_fk)) FROM leads_etiquetas x
                WHERE id_empresa_fk = $1) AS etiquetas_leads,
              (SELECT md5(string_agg(x::text, '' ORDER BY id)) FROM notas_lead x WHERE id_empresa_fk = $1) AS notas,
              (SELECT md5(string_agg(x::text, '' ORDER BY id)) FROM tarefas_lead x WHERE id_empresa_fk = $1) AS tarefas,
              (SELECT md5(string_agg(x::text, '' ORDER BY id)) FROM consentimentos x WHERE id_empresa_fk = $1) AS consentimentos,
              (SELECT md5(string_agg(x::text, '' ORDER BY id)) FROM mensagens_agendadas x WHERE id_empresa_fk = $1) AS agendadas,
              (SELECT md5(string_agg(x::text, '' ORDER BY id)) FROM prazos_processo x WHERE id_empresa_fk = $1) AS prazos,
              (SELECT md5(string_agg(x::text, '' ORDER BY id)) FROM documentos x WHERE id_empresa_fk = $1) AS documentos,
              (SELECT md5(string_agg(x::text, '' ORDER BY id)) FROM custos_marketing x WHERE id_empresa_fk = $1) AS custos,
              (SELECT md5(string_agg(x::text, '' ORDER BY id)) FROM privacidade_pedidos x WHERE id_empresa_fk = $1) AS pedidos,
              (SELECT md5(string_agg((to_jsonb(x) - 'falhando_desde')::text, '' ORDER BY id)) FROM webhook_endpoints x
                WHERE id_empresa_fk = $1) AS webhooks`,
      [a.empresa.id, DERIVADAS_DO_LEAD],
    )
  ).rows[0];

/**
 * B's request, waiting out the key's rate limit (600 a minute, decision 1812) as a client would: the probe sends more
 * than that, and a 429 would prove nothing about A's rows nor, in the fuzz, hide a 5xx.
 */
async function comoB(pedidoDeB: object) {
  for (;;) {
    const res = await chamarApi(t, chaveB.chave, pedidoDeB as never);
    // 429 and 503 (the database busy or away) say when to come back: a client waits, and so does the probe
    if (res.statusCode !== 429 && res.statusCode !== 503) return res;
    await new Promise((r) => setTimeout(r, (Number(res.headers["retry-after"]) || 1) * 1000));
  }
}

/** The request of an operation: its params filled with `id`, its example body (JSON or a multipart form). */
function pedido(o: TOperacaoApi, id: string, query = "") {
  const url = `/api/v1${o.url.replace(/:\w+/g, id)}${query}`;
  if (o.formulario)
    return {
      method: o.method,
      url,
      ...multipart({ tipo: "document" }, { nome: "a.txt", dados: Buffer.from("x"), mime: "text/plain" }),
    };
  return { method: o.method, url, ...(o.exemplo.pedido !== undefined ? { payload: o.exemplo.pedido as object } : {}) };
}

describe("/api/v1 across companies, every operation", () => {
  it(
    "a key of B with every scope, given A's ids, gets no 2xx on A's rows, no A text, and changes nothing of A",
    async () => {
      // what A's setup queued (screening, summaries, the webhook's deliveries) is done first: a job landing mid-probe on
      // a loaded machine would otherwise read as B changing A; and again before the last sum, so what B queued counts
      await esperarFilasOciosas(t.dono, { soDevidas: true, ms: 120_000 });
      const antes = await somaDeA();
      const vazamentos: string[] = [];
      for (const o of OPERACOES_API) {
        // every id of A (the strings after them are texts, not ids)
        const idsA = o.url.includes(":") ? segredosA.filter((x) => /^[0-9a-f-]{36}$/.test(x)) : [""];
        for (const id of idsA) {
          const res = await comoB(pedido(o, id));
          const rotulo = `${o.method} ${o.url} (${id})`;
          if (o.url.includes(":")) expect([400, 404], rotulo).toContain(res.statusCode);
          else expect(res.statusCode, `${rotulo}: ${res.body}`).toBeLessThan(500);
          const corpo = `${JSON.stringify(res.headers)}${res.body}`.toLowerCase();
          for (const s of segredosA) if (corpo.includes(s)) vazamentos.push(`${rotulo}: ${s}`);
        }
      }
      expect(vazamentos).toEqual([]);
      await esperarFilasOciosas(t.dono, { soDevidas: true, ms: 120_000 });
      expect(await somaDeA()).toEqual(antes);
      // control: A's own key finds A's rows through the same requests
      const controle = await chamarApi(t, chaveA.chave, { url: `/api/v1/leads/${segredosA[0]}/mensagens` });
      expect(controle.body.toLowerCase()).toContain("mensagem sigilosa de alfa");
    },
    PROVA_MS,
  );

  it(
    "malformed ids, cursors, limits and bodies are 4xx problems in pt-BR, never 5xx",
    async () => {
      const falhas: string[] = [];
      const ruins = ["nao-e-id", "00000000-0000-0000-0000-000000000000", "%00", "a".repeat(300)];
      const consultas = ["?limit=0", "?limit=101", "?limit=abc", "?starting_after=%7B%7D", "?updated_since=ontem"];
      for (const o of OPERACOES_API) {
        const casos = [
          ...(o.url.includes(":") ? ruins.map((id) => pedido(o, id)) : []),
          ...(o.method === "GET" ? consultas.map((q) => pedido(o, segredosA[0], q)) : []),
          ...(o.method !== "GET" && o.method !== "DELETE"
            ? [
                { ...pedido(o, segredosA[0]), payload: { __proto__: 1, x: "\u0000" } },
                { ...pedido(o, segredosA[0]), payload: "não é json", headers: { "content-type": "application/json" } },
              ]
            : []),
        ];
        for (const c of casos) {
          const res = await comoB(c);
          const ok =
            res.statusCode >= 400 &&
            res.statusCode < 500 &&
            /^application\/problem\+json/.test(String(res.headers["content-type"]));
          if (!ok) falhas.push(`${c.method} ${c.url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
      expect(falhas).toEqual([]);
    },
    PROVA_MS,
  );
});

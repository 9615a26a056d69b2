import type { TPrazosDoProcesso } from "@crm/domain/schemas/deadlines";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { iniciarGraphFalso, type TGraphFalso } from "../../../../test-support/fake-graph.js";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, type TEmpresaComUsuarios } from "../../test/factories.js";
import { esperarFilasOciosas } from "../../test/queues.js";
import type { TConfig } from "../config/config.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { configurarOficial } from "../whatsapp/testing/setup.js";
import { esperarAte } from "../whatsapp/testing/wait.js";
import { NOME_TEMPLATE_AVISO } from "./client-notice.js";

// Decision 1107 with the official Cloud API (a local fake of Graph that answers as Meta documents): outside the
// 24-hour window the client's notice of a legal status change goes as the approved template 'aviso_status_juridico',
// its two body parameters the lead's name and the new status, through the chat's send queue.

const over: Partial<TConfig> = {};
let graph: TGraphFalso;
beforeAll(async () => {
  graph = await iniciarGraphFalso();
  over.whatsappGraphUrl = graph.url;
});
afterAll(() => graph?.fechar());
const t = useTestApp(over);

let a: TEmpresaComUsuarios;
beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  await configurarOficial(a.navegadores.admin, graph);
});

/** A process whose client opted in and last wrote `horas` ago (null: never). */
async function processo(nome: string, telefone: string, horas: number | null) {
  const lead = await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
    criarLead(tx, {
      id_empresa_fk: a.empresa.id,
      nome,
      telefone,
      status_lead: "Convertido (Ganho)",
      status_juridico_lead: "Em Contato Jurídico",
      aviso_status_cliente: true,
    } as never),
  );
  if (horas !== null)
    await t.dono.query(
      "UPDATE leads_juros_check SET ultima_mensagem_lead_em = now() - make_interval(hours => $2) WHERE id = $1",
      [lead.id, horas],
    );
  return lead.id as string;
}

const mudar = (leadId: string, status: string) =>
  a.navegadores.juridico.req({
    method: "PUT",
    url: `/api/processos/${leadId}`,
    payload: { status_juridico_lead: status, profissional_juridico_atribuido_id: null },
  });

const avisos = async (leadId: string) =>
  ((await a.navegadores.juridico.req({ url: `/api/processos/${leadId}/prazos` })).json() as TPrazosDoProcesso).avisos;

describe("the client's notice outside the 24-hour window, official Cloud API", () => {
  it("without an approved 'aviso_status_juridico' template nothing goes to Graph and the reason is shown", async () => {
    const leadId = await processo("Rui Sem Modelo", "(11) 97654-1001", 30);
    const antes = graph.enviados().length;
    expect((await mudar(leadId, "Laudo em Andamento")).statusCode).toBe(200);
    await esperarFilasOciosas(t.dono);
    expect(graph.enviados()).toHaveLength(antes);
    expect(await avisos(leadId)).toEqual([
      expect.objectContaining({ resultado: "nao_enviado", motivo: expect.stringContaining("fora da janela de 24 horas") }),
    ]);
  });

  it("sends the approved template with the lead's name and the new status as Meta documents the payload", async () => {
    graph.outrosModelos.push(
      {
        name: NOME_TEMPLATE_AVISO,
        language: "pt_BR",
        status: "APPROVED",
        category: "UTILITY",
        components: [{ type: "BODY", text: "Olá {{1}}, o seu processo de revisão agora está em: {{2}}." }],
        id: "31",
      },
      // a rejected one of another language is never chosen
      {
        name: NOME_TEMPLATE_AVISO,
        language: "en_US",
        status: "REJECTED",
        category: "UTILITY",
        components: [{ type: "BODY", text: "Hi {{1}}: {{2}}" }],
        id: "32",
      },
    );
    const leadId = await processo("Sara Fora da Janela", "(11) 97654-1002", null);
    expect((await mudar(leadId, "Documentação Solicitada")).statusCode).toBe(200);
    const pedido = await esperarAte(
      async () => graph.enviados().find((p) => (p.json as { to?: string }).to === "5511976541002") ?? null,
      15_000,
      "o template no Graph",
    );
    expect(pedido.cabecalhos.authorization).toBe(`Bearer ${graph.token}`);
    expect(pedido.json).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "5511976541002",
      type: "template",
      template: {
        name: "aviso_status_juridico",
        language: { code: "pt_BR" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Sara Fora da Janela" },
              { type: "text", text: "Documentação Solicitada" },
            ],
          },
        ],
      },
    });
    await esperarFilasOciosas(t.dono);
    // one message in the chat, from the system, as the template's text; the notice says it was queued
    const [m] = (
      await t.dono.query(
        "SELECT message, message_type, sender, status, provider_message_id FROM mensagens_whatsapp WHERE id_lead_fk = $1",
        [leadId],
      )
    ).rows;
    expect(m).toMatchObject({
      message: "Olá Sara Fora da Janela, o seu processo de revisão agora está em: Documentação Solicitada.",
      message_type: "template",
      sender: "sistema",
      status: "sent",
    });
    expect(m.provider_message_id).toMatch(/^wamid\./);
    expect(await avisos(leadId)).toEqual([
      expect.objectContaining({ resultado: "enfileirado", status_juridico: "Documentação Solicitada" }),
    ]);
    // exactly one request to Graph for this change
    expect(graph.enviados().filter((p) => (p.json as { to?: string }).to === "5511976541002")).toHaveLength(1);
  });
});

import type { TAtividadeRecente, TDesempenho } from "@crm/domain/schemas/performance";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import {
  criarConsultor,
  criarEmpresaComUsuarios,
  criarLead,
  criarMensagem,
  criarUsuario,
  entrar,
  type TEmpresaComUsuarios,
} from "../../test/factories.js";
import { type TTx, unsafeWithSystem } from "../db/tenant.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
const MARCO = "periodo=custom&inicio=2025-03-01&fim=2025-03-31";
/** São Paulo is UTC−3: 13:00Z is 10:00 there. */
const em = (iso: string) => new Date(iso);

async function conversa(tx: TTx, leadId: string, msgs: [string, "lead" | "ia" | "consultor", string?][]) {
  for (const [quando, sender, status] of msgs) {
    await criarMensagem(tx, {
      id_empresa_fk: a.empresa.id,
      id_lead_fk: leadId,
      sender,
      timestamp: em(quando),
      ...(status ? { status } : {}),
    } as never);
  }
}

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    const outro = await criarConsultor(tx, { id_empresa_fk: a.empresa.id });
    const meu = (status: string, criado: string) =>
      criarLead(tx, {
        id_empresa_fk: a.empresa.id,
        consultor_atribuido_id: a.consultor.id,
        status_lead: status,
        created_at: em(criado),
      } as never);
    const l1 = await meu("Em Atendimento", "2025-03-03T12:00:00Z");
    const l2 = await meu("Em Negociação", "2025-03-10T12:00:00Z");
    const l3 = await meu("Convertido", "2025-03-20T12:00:00Z");
    const l4 = await meu("Novo Lead", "2025-03-31T23:00:00Z"); // 20:00 in São Paulo: still March 31
    await meu("Convertido", "2025-04-01T03:30:00Z"); // 00:30 of April 1 in São Paulo: outside
    await meu("Convertido (Ganho)", "2025-02-10T12:00:00Z"); // previous period
    await meu("Perdido", "2025-02-20T12:00:00Z");
    await criarLead(tx, {
      id_empresa_fk: a.empresa.id,
      consultor_atribuido_id: outro.id,
      status_lead: "Convertido",
      created_at: em("2025-03-05T12:00:00Z"),
    } as never);
    await criarLead(tx, {
      id_empresa_fk: a.empresa.id,
      status_lead: "Em Atendimento",
      created_at: em("2025-03-05T12:00:00Z"),
    } as never);
    // 30 min: the AI's reply and a failed send do not count
    await conversa(tx, l1.id, [
      ["2025-03-03T13:00:00Z", "lead"],
      ["2025-03-03T13:01:00Z", "ia"],
      ["2025-03-03T13:10:00Z", "consultor", "failed"],
      ["2025-03-03T13:30:00Z", "consultor"],
      ["2025-03-03T13:31:00Z", "lead"],
    ]);
    // 5 min
    await conversa(tx, l2.id, [
      ["2025-03-10T15:00:00Z", "lead"],
      ["2025-03-10T15:05:00Z", "consultor"],
    ]);
    // 10 min: a consultant message sent before the lead ever wrote is not a reply
    await conversa(tx, l3.id, [
      ["2025-03-20T12:00:00Z", "consultor"],
      ["2025-03-20T12:30:00Z", "lead"],
      ["2025-03-20T12:40:00Z", "consultor"],
    ]);
    // never answered
    await conversa(tx, l4.id, [["2025-03-31T23:10:00Z", "lead"]]);
    await tx.query(
      `INSERT INTO lead_status_historico (id_empresa_fk, id_lead_fk, campo, valor_anterior, valor_novo, created_at) VALUES
         ($1, $2, 'consultor_atribuido_id', NULL, $3, '2025-03-03T12:00:00Z'),
         ($1, $4, 'status_lead', 'Em Atendimento', 'Convertido', '2025-03-21T12:00:00Z'),
         ($1, $2, 'status_lead', 'Qualificado para Atendente', 'Em Atendimento', '2025-03-04T12:00:00Z')`,
      [a.empresa.id, l1.id, a.consultor.id, l3.id],
    );
  });
});

const desempenho = async (qs: string, nav = a.navegadores.consultor) => {
  const res = await nav.req({ url: `/api/desempenho?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TDesempenho;
};

describe("GET /api/desempenho (consultant performance)", () => {
  it("counts the consultant's own leads of the period, in São Paulo days, and the previous period of equal length", async () => {
    const d = await desempenho(MARCO);
    expect(d.vinculado).toBe(true);
    expect(d.intervalo).toEqual({ inicio: "2025-03-01T03:00:00.000Z", fim: "2025-04-01T03:00:00.000Z" });
    expect(d.intervaloAnterior).toEqual({ inicio: "2025-01-29T03:00:00.000Z", fim: "2025-03-01T03:00:00.000Z" });
    expect(d.atual).toEqual({
      atribuidos: 4,
      emAtendimento: 2,
      convertidos: 1,
      taxaConversao: 25,
      tempoPrimeiraRespostaSeg: 900, // (1800 + 300 + 600) / 3
      respondidos: 3,
    });
    expect(d.anterior).toEqual({
      atribuidos: 2,
      emAtendimento: 0,
      convertidos: 1,
      taxaConversao: 50,
      tempoPrimeiraRespostaSeg: null,
      respondidos: 0,
    });
  });

  it("needs both dates for a custom period", async () => {
    const res = await a.navegadores.consultor.req({ url: "/api/desempenho?periodo=custom&inicio=2025-03-01" });
    expect(res.statusCode).toBe(400);
    expect(res.json().erro).toBe("Informe a data inicial e a data final do período.");
  });

  it("is a Consultor's own figures: zero for the admin (who reads the team's response times, decision 1884) and for a Consultor without a consultant record", async () => {
    for (const nav of [a.navegadores.juridico, a.navegadores.plataforma]) {
      expect((await nav.req({ url: "/api/desempenho" })).statusCode).toBe(403);
    }
    const doAdmin = await desempenho(MARCO, a.navegadores.admin);
    expect([doAdmin.vinculado, doAdmin.atual.atribuidos]).toEqual([false, 0]);
    const semRegistro = await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      criarUsuario(tx, { id_empresa_fk: a.empresa.id, papel: "Consultor" }),
    );
    const nav = t.navegador();
    await entrar(nav, semRegistro.email);
    const d = await desempenho(MARCO, nav);
    expect(d.vinculado).toBe(false);
    expect(d.atual.atribuidos).toBe(0);
  });
});

describe("GET /api/desempenho/atividades (Consultor dashboard)", () => {
  it("lists the newest assignment and status events of the consultant's leads", async () => {
    const res = await a.navegadores.consultor.req({ url: "/api/desempenho/atividades" });
    expect(res.statusCode).toBe(200);
    const atividades = res.json().atividades as TAtividadeRecente[];
    expect(atividades.map((x) => [x.tipo, x.titulo])).toEqual([
      ["lead_converted", "Lead convertido"],
      ["status_change", "Status alterado"],
      ["lead_assigned", "Lead atribuído a você"],
    ]);
    expect(atividades[1].descricao).toMatch(/: Qualificado para Atendente → Em Atendimento$/);
    expect((await a.navegadores.admin.req({ url: "/api/desempenho/atividades" })).statusCode).toBe(403);
  });
});

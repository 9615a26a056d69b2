import { FIGURAS_LEAD } from "@crm/domain/lead-figures";
import { intervaloDoPeriodo, PERIODOS, type TPeriodo } from "@crm/domain/period";
import type { TResumoLeads } from "@crm/domain/schemas/leads";
import type { TStatusLead } from "@crm/domain/status";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, type TEmpresaComUsuarios } from "../../../test/factories.js";
import { relogio } from "../../core/clock.js";
import { unsafeWithSystem } from "../../db/tenant.js";
import { CABECALHO_CSV, importarCsvAteOFim } from "../test-helpers.js";

// The counters without filters add up the per-day summary (migration 0010); these tests hold it to the rows.
const t = useTestApp();
let a: TEmpresaComUsuarios;
const ids: string[] = [];
const STATUS: TStatusLead[] = ["Novo Lead", "Qualificado para Atendente", "Em Atendimento", "Convertido (Ganho)", "Perdido"];
const HORA = 3_600_000;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  const hoje = intervaloDoPeriodo("today", relogio.agora())?.inicio as Date; // São Paulo midnight by the server clock
  // around São Paulo midnights (the day boundary of every period), over ~40 days, and one beyond 30 days
  const momentos = [0, -1, 1, -HORA, 3 * HORA, -24 * HORA, -24 * HORA - 1, -6 * 24 * HORA - 1, -29 * 24 * HORA, -40 * 24 * HORA];
  await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    for (const [i, m] of momentos.entries()) {
      const lead = await criarLead(tx, {
        id_empresa_fk: a.empresa.id,
        nome: `Contagem ${i}`,
        status_lead: STATUS[i % STATUS.length],
        created_at: new Date(hoje.getTime() + m),
      });
      ids.push(lead.id);
    }
  });
});

const resumo = async (qs: string): Promise<TResumoLeads> => {
  const res = await a.navegadores.admin.req({ url: `/api/leads/resumo?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** The counters counted from the rows themselves, for the same period, by the labels' definitions (decision 1632). */
const { qualificadosNoPeriodo: q, emAtendimentoAgora: e, convertidosNoPeriodo: c } = FIGURAS_LEAD;
async function contarLinhas(periodo: TPeriodo, custom?: { inicio: string; fim: string }): Promise<TResumoLeads> {
  const i = intervaloDoPeriodo(periodo, relogio.agora(), custom);
  if (!i) throw new Error("período inválido");
  const { rows } = await t.dono.query(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE status_lead = ANY ($4::text[]))::int AS qualificados,
            count(*) FILTER (WHERE status_lead = ANY ($5::text[]))::int AS "emAtendimento",
            count(*) FILTER (WHERE status_lead = ANY ($6::text[]))::int AS convertidos
       FROM leads_juros_check WHERE id_empresa_fk = $1 AND created_at >= $2 AND created_at < $3`,
    [a.empresa.id, i.inicio, i.fim, q.status, e.status, c.status],
  );
  return rows[0];
}

async function conferirTodosOsPeriodos() {
  for (const periodo of PERIODOS.filter((p) => p !== "custom")) {
    expect({ periodo, ...(await resumo(`periodo=${periodo}`)) }).toEqual({ periodo, ...(await contarLinhas(periodo)) });
  }
  const custom = { inicio: "2026-01-01", fim: new Date().toISOString().slice(0, 10) };
  expect(await resumo(`periodo=custom&inicio=${custom.inicio}&fim=${custom.fim}`)).toEqual(await contarLinhas("custom", custom));
}

describe("counters without filters (per-day summary)", () => {
  it("match the rows for every period, leads on both sides of São Paulo midnights included", async () => {
    expect((await contarLinhas("all")).total).toBe(10);
    await conferirTodosOsPeriodos();
  });

  it("follow status changes, bulk changes, deletions and imports", async () => {
    const nav = a.navegadores.admin;
    await nav.req({ method: "PATCH", url: `/api/leads/${ids[0]}/status`, payload: { status: "Em Negociação" } });
    await nav.req({ method: "PATCH", url: `/api/leads/${ids[1]}/status`, payload: { status: "Convertido (Ganho)" } });
    const lote = await nav.req({
      method: "POST",
      url: "/api/leads/em-massa",
      payload: { acao: "status", ids: ids.slice(2, 6), status: "Perdido" },
    });
    expect(lote.json()).toEqual({ afetados: expect.any(Number) });
    expect((await nav.req({ method: "DELETE", url: `/api/leads/${ids[6]}` })).statusCode).toBe(204);
    await nav.req({ method: "POST", url: "/api/leads/em-massa", payload: { acao: "excluir", ids: [ids[7], ids[8]] } });
    const csv = `${CABECALHO_CSV}\r\nImportada Um,(11) 91111-2222,Carro,1000,100,1,\r\nImportada Dois,(11) 93333-4444,Casa,2000,200,2,\r\n`;
    expect((await importarCsvAteOFim(nav, csv)).importacao?.inseridos).toBe(2);
    expect((await contarLinhas("all")).total).toBe(9);
    await conferirTodosOsPeriodos();
  });

  it("are the filtered counts as soon as a filter is chosen", async () => {
    const { rows } = await t.dono.query(
      "SELECT count(*)::int AS n FROM leads_juros_check WHERE id_empresa_fk = $1 AND status_lead = 'Perdido'",
      [a.empresa.id],
    );
    expect(rows[0].n).toBeGreaterThan(1);
    expect(await resumo("periodo=all&status=Perdido")).toEqual({
      total: rows[0].n,
      qualificados: 0,
      emAtendimento: 0,
      convertidos: 0,
    });
  });
});

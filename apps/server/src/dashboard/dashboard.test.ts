import { STATUS_CONVERTIDOS_DASHBOARD, STATUS_EM_SERVICO, STATUS_QUALIFICADOS } from "@crm/domain/dashboard";
import type { TAtividadesEmpresa, TDashboardEmpresa } from "@crm/domain/schemas/dashboard";
import { STATUS_LEAD } from "@crm/domain/status";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import {
  criarAleatorio,
  criarConsultor,
  criarEmpresaComUsuarios,
  linhaLead,
  type TEmpresaComUsuarios,
} from "../../test/factories.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { inserirVarios } from "../seed/bulk.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
const FUSO = "America/Sao_Paulo";

/** Leads around São Paulo midnights of month ends (UTC−3: 03:00Z is midnight there) and spread over Jan–Apr 2025. */
function instantes(r: ReturnType<typeof criarAleatorio>): Date[] {
  const bordas = ["2025-02-01", "2025-03-01", "2025-03-31", "2025-04-01", "2025-03-10", "2025-03-17"].map((d) =>
    new Date(`${d}T03:00:00Z`).getTime(),
  );
  const perto = bordas.flatMap((b) => [-60_000, -1, 0, 1, 59_000, -3 * 3_600_000 - 1].map((d) => new Date(b + d)));
  const inicio = Date.UTC(2025, 0, 1);
  const soltos = Array.from({ length: 240 }, () => new Date(inicio + r.int(0, 120 * 86_400) * 1000));
  return [...perto, ...soltos];
}

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { nome_empresa: "Painel Alfa", plano_assinatura: "Premium" } as never);
  b = await criarEmpresaComUsuarios(t);
  const r = criarAleatorio(1201);
  await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    for (const [e, n] of [
      [a, 1],
      [b, 0.3],
    ] as const) {
      const linhas = instantes(r)
        .filter(() => r.chance(n))
        .map((quando) =>
          linhaLead({ id: r.uuid(), id_empresa_fk: e.empresa.id, status_lead: r.escolher(STATUS_LEAD), created_at: quando }),
        );
      await inserirVarios(tx, "leads_juros_check", linhas);
      const triagens = linhas.map((l) => ({
        id: r.uuid(),
        id_empresa_fk: e.empresa.id,
        id_lead_fk: l.id,
        decisao: r.escolher(["qualificado", "rejeitado", "duvidas", "erro"]),
        revisao_decisao: r.chance(0.2) ? r.escolher(["qualificado", "rejeitado"]) : null,
        motor: "regras",
        created_at: new Date((l.created_at as Date).getTime() + r.int(0, 3) * 3_600_000),
      }));
      await inserirVarios(tx, "triagens_ia", triagens);
    }
    // consultants: the one of criarEmpresaComUsuarios (created now), one before March, one in March, one online
    await tx.query("UPDATE consultores SET created_at = '2024-12-01' WHERE id_empresa_fk = $1", [a.empresa.id]);
    await criarConsultor(tx, { id_empresa_fk: a.empresa.id, created_at: new Date("2025-02-10T12:00:00Z") } as never);
    await criarConsultor(tx, { id_empresa_fk: a.empresa.id, created_at: new Date("2025-03-20T12:00:00Z") } as never);
    await criarConsultor(tx, {
      id_empresa_fk: a.empresa.id,
      status_conexao: "Ocupado",
      created_at: new Date("2025-04-20T12:00:00Z"),
    } as never);
  });
});

const painel = async (qs: string, nav = a.navegadores.admin) => {
  const res = await nav.req({ url: `/api/dashboard/empresa?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TDashboardEmpresa;
};

/** The figures, computed straight from the tables with São Paulo calendar dates (no domain code). */
async function esperado(empresaId: string, de: string, ate: string) {
  const { rows } = await t.dono.query(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE status_lead = ANY ($4))::int AS qualificados,
            count(*) FILTER (WHERE status_lead = ANY ($5))::int AS em_atendimento,
            count(*) FILTER (WHERE status_lead = ANY ($6))::int AS convertidos,
            count(*) FILTER (WHERE status_lead = 'Convertido (Ganho)')::int AS juridicos
       FROM leads_juros_check
      WHERE id_empresa_fk = $1 AND (created_at AT TIME ZONE '${FUSO}')::date BETWEEN $2::date AND $3::date`,
    [empresaId, de, ate, STATUS_QUALIFICADOS, STATUS_EM_SERVICO, STATUS_CONVERTIDOS_DASHBOARD],
  );
  const { rows: ia } = await t.dono.query(
    `SELECT count(*)::int AS concluidas,
            count(*) FILTER (WHERE decisao <> 'erro' AND coalesce(revisao_decisao, decisao) = decisao)::int AS mantidas
       FROM triagens_ia
      WHERE id_empresa_fk = $1 AND decisao <> 'duvidas' AND (created_at AT TIME ZONE '${FUSO}')::date BETWEEN $2::date AND $3::date`,
    [empresaId, de, ate],
  );
  const x = rows[0];
  return {
    ...x,
    taxa: x.qualificados ? Math.round((100 * x.convertidos) / x.qualificados) : 0,
    ia: ia[0].concluidas ? Math.round((100 * ia[0].mantidas) / ia[0].concluidas) : null,
  };
}

async function serieEsperada(empresaId: string, de: string, ate: string, unidade: "day" | "week" | "month") {
  const { rows } = await t.dono.query(
    `SELECT to_char(greatest(date_trunc('${unidade}', created_at AT TIME ZONE '${FUSO}'), $2::date), 'YYYY-MM-DD') AS dia,
            count(*)::int AS total,
            count(*) FILTER (WHERE status_lead = ANY ($4))::int AS qualificados,
            count(*) FILTER (WHERE status_lead = ANY ($5))::int AS convertidos
       FROM leads_juros_check
      WHERE id_empresa_fk = $1 AND (created_at AT TIME ZONE '${FUSO}')::date BETWEEN $2::date AND $3::date
      GROUP BY 1 ORDER BY 1`,
    [empresaId, de, ate, STATUS_QUALIFICADOS, STATUS_CONVERTIDOS_DASHBOARD],
  );
  return rows;
}

const diaSP = (iso: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: FUSO, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(iso));
const naoVazios = (d: TDashboardEmpresa) =>
  d.grafico.pontos
    .filter((p) => p.total > 0)
    .map((p) => ({ dia: diaSP(p.inicio), total: p.total, qualificados: p.qualificados, convertidos: p.convertidos }));

describe("GET /api/dashboard/empresa: figures equal the tables' over São Paulo days", () => {
  it("March 2025 (to the minute around midnights and month ends) against the 28 days before", async () => {
    const d = await painel("periodo=custom&inicio=2025-03-01&fim=2025-03-31");
    expect(d.empresa).toEqual({ id: a.empresa.id, nome: "Painel Alfa", plano: "Premium" });
    expect(d.intervalo).toEqual({ inicio: "2025-03-01T03:00:00.000Z", fim: "2025-04-01T03:00:00.000Z" });
    expect(d.intervaloAnterior).toEqual({ inicio: "2025-01-29T03:00:00.000Z", fim: "2025-03-01T03:00:00.000Z" });
    const atual = await esperado(a.empresa.id, "2025-03-01", "2025-03-31");
    const anterior = await esperado(a.empresa.id, "2025-01-29", "2025-02-28");
    expect(atual.total).toBeGreaterThan(50);
    const c = d.cartoes;
    expect(c.totalLeads).toEqual({ atual: atual.total, anterior: anterior.total });
    expect(c.qualificados).toEqual({ atual: atual.qualificados, anterior: anterior.qualificados });
    expect(c.emAtendimento).toEqual({ atual: atual.em_atendimento, anterior: anterior.em_atendimento });
    expect(c.convertidos).toEqual({ atual: atual.convertidos, anterior: anterior.convertidos });
    expect(c.taxaConversao).toEqual({ atual: atual.taxa, anterior: anterior.taxa });
    expect(c.processosJuridicos).toEqual({ atual: atual.juridicos, anterior: anterior.juridicos });
    expect(c.eficienciaIa).toEqual({ atual: atual.ia, anterior: anterior.ia });
    expect(c.eficienciaIa.atual).not.toBeNull();
    // registered by March 31: 3 (one from December, one from February, one from March 20); by February 28: 2
    expect(c.totalConsultores).toEqual({ atual: 3, anterior: 2 });
    expect(c.consultoresOnline).toEqual({ atual: 1 });
    // 31 days: by week (Monday), the first week cut to March 1st
    expect(d.grafico.agrupamento).toBe("semana");
    expect(d.grafico.pontos.map((p) => diaSP(p.inicio))).toEqual([
      "2025-03-01",
      "2025-03-03",
      "2025-03-10",
      "2025-03-17",
      "2025-03-24",
      "2025-03-31",
    ]);
    expect(naoVazios(d)).toEqual(await serieEsperada(a.empresa.id, "2025-03-01", "2025-03-31", "week"));
    const { rows: pizza } = await t.dono.query(
      `SELECT status_lead AS status, count(*)::int AS total FROM leads_juros_check
        WHERE id_empresa_fk = $1 AND (created_at AT TIME ZONE '${FUSO}')::date BETWEEN '2025-03-01' AND '2025-03-31'
        GROUP BY 1`,
      [a.empresa.id],
    );
    expect([...d.status].sort((x, y) => x.status.localeCompare(y.status))).toEqual(
      pizza.sort((x, y) => x.status.localeCompare(y.status)),
    );
    expect(d.status.map((s) => s.status)).toEqual(STATUS_LEAD.filter((s) => d.status.some((x) => x.status === s)));
  });

  it("by day across a month end, by month across a year (000 §9 thresholds)", async () => {
    const dias = await painel("periodo=custom&inicio=2025-03-25&fim=2025-04-05");
    expect(dias.grafico.agrupamento).toBe("dia");
    expect(dias.grafico.pontos).toHaveLength(12);
    expect(naoVazios(dias)).toEqual(await serieEsperada(a.empresa.id, "2025-03-25", "2025-04-05", "day"));
    const meses = await painel("periodo=custom&inicio=2024-12-15&fim=2025-04-30");
    expect(meses.grafico.agrupamento).toBe("mes");
    expect(meses.grafico.pontos.map((p) => p.rotulo)).toEqual(["dez/24", "jan/25", "fev/25", "mar/25", "abr/25"]);
    expect(naoVazios(meses)).toEqual(await serieEsperada(a.empresa.id, "2024-12-15", "2025-04-30", "month"));
    const total = meses.grafico.pontos.reduce((s, p) => s + p.total, 0);
    expect(total).toBe(meses.cartoes.totalLeads.atual);
  });

  it("lead statistics: every lead of the company, this month's, the overall conversion", async () => {
    const d = await painel("periodo=last30days");
    const { rows } = await t.dono.query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE status_lead = ANY ($2))::int AS q,
              count(*) FILTER (WHERE status_lead = ANY ($3))::int AS c
         FROM leads_juros_check WHERE id_empresa_fk = $1`,
      [a.empresa.id, STATUS_QUALIFICADOS, STATUS_CONVERTIDOS_DASHBOARD],
    );
    expect(d.estatisticas).toEqual({
      total: rows[0].total,
      esteMes: 0,
      taxaConversao: Math.round((100 * rows[0].c) / rows[0].q),
    });
    // the seeded leads are of 2025: nothing in the last 30 days, so every card compares 0 with 0
    expect(d.cartoes.totalLeads).toEqual({ atual: 0, anterior: 0 });
    expect(d.grafico.pontos.every((p) => p.total === 0)).toBe(true);
  });
});

describe("access and input", () => {
  it("Admin Empresa sees its own company (naming another is 404); Consultor and Jurídico are refused", async () => {
    await painel("periodo=custom&inicio=2025-03-01&fim=2025-03-31");
    const tentativa = await a.navegadores.admin.req({
      url: `/api/dashboard/empresa?periodo=custom&inicio=2025-03-01&fim=2025-03-31&empresaId=${b.empresa.id}`,
    });
    expect([tentativa.statusCode, tentativa.json().erro]).toEqual([404, "Empresa não encontrada"]);
    const outra = await painel("periodo=custom&inicio=2025-03-01&fim=2025-03-31", b.navegadores.admin);
    expect(outra.cartoes.totalLeads.atual).toBe((await esperado(b.empresa.id, "2025-03-01", "2025-03-31")).total);
    for (const nav of [a.navegadores.consultor, a.navegadores.juridico]) {
      expect((await nav.req({ url: "/api/dashboard/empresa" })).statusCode).toBe(403);
      expect((await nav.req({ url: "/api/dashboard/empresa/atividades" })).statusCode).toBe(403);
    }
    expect((await t.navegador().req({ url: "/api/dashboard/empresa" })).statusCode).toBe(401);
  });

  it("the platform admin names the company with ?empresaId=", async () => {
    const nav = a.navegadores.plataforma;
    const semEmpresa = await nav.req({ url: "/api/dashboard/empresa" });
    expect(semEmpresa.statusCode).toBe(400);
    expect(semEmpresa.json().erro).toBe("Selecione uma empresa.");
    const qs = "periodo=custom&inicio=2025-03-01&fim=2025-03-31";
    expect(await painel(`${qs}&empresaId=${b.empresa.id}`, nav)).toEqual(await painel(qs, b.navegadores.admin));
    const desconhecida = await nav.req({ url: `/api/dashboard/empresa?empresaId=${crypto.randomUUID()}` });
    expect(desconhecida.statusCode).toBe(404);
  });

  it("a custom period needs both dates; an unknown preset is refused", async () => {
    const r = await a.navegadores.admin.req({ url: "/api/dashboard/empresa?periodo=custom&inicio=2025-03-01" });
    expect(r.statusCode).toBe(400);
    expect(r.json().erro).toBe("Informe a data inicial e a data final do período.");
    const invertido = await a.navegadores.admin.req({
      url: "/api/dashboard/empresa?periodo=custom&inicio=2025-03-10&fim=2025-03-01",
    });
    expect(invertido.statusCode).toBe(400);
    expect((await a.navegadores.admin.req({ url: "/api/dashboard/empresa?periodo=semana" })).statusCode).toBe(400);
  });
});

describe("GET /api/dashboard/empresa/atividades (000 §9)", () => {
  it("from the 5 newest leads, newest first, at most 10", async () => {
    const res = await a.navegadores.admin.req({ url: "/api/dashboard/empresa/atividades" });
    expect(res.statusCode).toBe(200);
    const { atividades } = res.json() as TAtividadesEmpresa;
    const { rows } = await t.dono.query(
      "SELECT id FROM leads_juros_check WHERE id_empresa_fk = $1 ORDER BY created_at DESC, id LIMIT 5",
      [a.empresa.id],
    );
    const novos = rows.map((r) => r.id);
    expect(atividades.filter((x) => x.tipo === "lead_received").map((x) => x.leadId)).toEqual(novos);
    expect(atividades.length).toBeLessThanOrEqual(10);
    expect(atividades.every((x) => novos.includes(x.leadId))).toBe(true);
  });

  it("shows a qualification, an assignment and a conversion of a new lead", async () => {
    const lead = await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      const l = linhaLead({ id: crypto.randomUUID(), id_empresa_fk: a.empresa.id, nome: "Joana Atividade" });
      await inserirVarios(tx, "leads_juros_check", [l]);
      await tx.query(
        `INSERT INTO lead_status_historico (id_empresa_fk, id_lead_fk, campo, valor_anterior, valor_novo, created_at) VALUES
           ($1, $2, 'status_lead', 'Em Triagem IA', 'Qualificado para Atendente', now() + interval '1 minute'),
           ($1, $2, 'consultor_atribuido_id', NULL, $3, now() + interval '2 minutes'),
           ($1, $2, 'status_lead', 'Proposta Enviada', 'Convertido', now() + interval '3 minutes')`,
        [a.empresa.id, l.id, a.consultor.id],
      );
      return l;
    });
    const { atividades } = (await a.navegadores.admin.req({ url: "/api/dashboard/empresa/atividades" })).json();
    expect(atividades.slice(0, 4).map((x: { tipo: string; leadId: string }) => [x.tipo, x.leadId])).toEqual([
      ["lead_converted", lead.id],
      ["lead_assigned", lead.id],
      ["lead_qualified", lead.id],
      ["lead_received", lead.id],
    ]);
    expect(atividades[1].descricao).toBe(`Joana Atividade → ${a.consultor.nome}`);
  });
});

describe("'Total' (9999 days back)", () => {
  it("charts by month from the company's first lead, and counts every lead", async () => {
    const d = await painel("periodo=all");
    expect(d.grafico.agrupamento).toBe("mes");
    expect(d.grafico.pontos[0].rotulo).toBe("jan/25");
    expect(d.grafico.pontos.reduce((s, p) => s + p.total, 0)).toBe(d.estatisticas.total);
    expect(d.cartoes.totalLeads.atual).toBe(d.estatisticas.total);
  });
});

import { FIGURA_CONTRATOS_FECHADOS, FIGURAS_LEAD } from "@crm/domain/lead-figures";
import { isoDiaSP } from "@crm/domain/period";
import { STATUS_LEAD } from "@crm/domain/status";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, linhaLead, type TEmpresaComUsuarios } from "../../test/factories.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { inserirVarios } from "../seed/bulk.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
const DIA = 86_400_000;

// one seeded data set: every status 1 to 3 times, all assigned to the company's one consultant (so the consultant's
// screens cover the same leads as the company's), two days old; closed values on converted leads and on one in
// negotiation and one waiting for a return (a closed contract is not a status)
const SEMEADOS = STATUS_LEAD.flatMap((s, i) =>
  Array.from({ length: 1 + (i % 3) }, (_, k) => ({ status: s, fechado: s.startsWith("Convertido") && k === 0 ? 1000 + i : 0 })),
).concat([
  { status: "Em Negociação", fechado: 5000 },
  { status: "Aguardando Retorno", fechado: 7000 },
]);
const contar = (status: readonly string[]) => SEMEADOS.filter((l) => status.includes(l.status)).length;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  const criadoEm = new Date(Date.now() - 2 * DIA);
  await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
    inserirVarios(
      tx,
      "leads_juros_check",
      SEMEADOS.map((l) =>
        linhaLead({
          id_empresa_fk: a.empresa.id,
          status_lead: l.status,
          valor_contrato_fechado: l.fechado || null,
          consultor_atribuido_id: a.consultor.id,
          created_at: criadoEm,
        }),
      ),
    ),
  );
});

const json = async (nav: TEmpresaComUsuarios["navegadores"]["admin"], url: string) => {
  const res = await nav.req({ url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};

/** Decision 1632: the same label shows the same figure on every screen; a different figure has a different label. */
describe("lead figures: one definition per label across the screens", () => {
  it("the dashboard, /leads, /meus-leads, /desempenho, /analytics and /financeiro agree on one seeded data set", async () => {
    const p = "periodo=last30days";
    const hoje = isoDiaSP(new Date());
    const [dashboard, leads, quadro, desempenho, plataforma, financeiro] = await Promise.all([
      json(a.navegadores.admin, `/api/dashboard/empresa?${p}`),
      json(a.navegadores.admin, `/api/leads/resumo?${p}`),
      json(a.navegadores.consultor, `/api/meus-leads?${p}`),
      json(a.navegadores.consultor, `/api/desempenho?${p}`),
      json(a.navegadores.plataforma, `/api/plataforma/indicadores?de=${isoDiaSP(new Date(Date.now() - 20 * DIA))}&ate=${hoje}`),
      json(a.navegadores.admin, `/api/financeiro?${p}`),
    ]);
    const coluna = (id: string) => quadro.colunas.find((c: { id: string }) => c.id === id).total;
    const convertidosNoGrafico = dashboard.grafico.pontos.reduce((s: number, x: { convertidos: number }) => s + x.convertidos, 0);

    // every screen's figure for each label, from the API
    const porRotulo: Record<string, number[]> = {
      [FIGURAS_LEAD.qualificadosNoPeriodo.rotulo]: [
        dashboard.cartoes.qualificados.atual,
        leads.qualificados,
        plataforma.cartoes.qualificados,
      ],
      [FIGURAS_LEAD.emQualificacaoAgora.rotulo]: [coluna("qualificados")],
      [FIGURAS_LEAD.emAtendimentoAgora.rotulo]: [
        dashboard.cartoes.emAtendimento.atual,
        leads.emAtendimento,
        coluna("atendimento"),
        desempenho.atual.emAtendimento,
      ],
      [FIGURAS_LEAD.convertidosNoPeriodo.rotulo]: [
        dashboard.cartoes.convertidos.atual,
        convertidosNoGrafico,
        leads.convertidos,
        coluna("convertidos"),
        desempenho.atual.convertidos,
        plataforma.cartoes.convertidos,
      ],
      [FIGURA_CONTRATOS_FECHADOS.rotulo]: [financeiro.kpis.atual.leadsConvertidos],
    };
    const esperado: Record<string, number> = {
      [FIGURAS_LEAD.qualificadosNoPeriodo.rotulo]: contar(FIGURAS_LEAD.qualificadosNoPeriodo.status),
      [FIGURAS_LEAD.emQualificacaoAgora.rotulo]: contar(FIGURAS_LEAD.emQualificacaoAgora.status),
      [FIGURAS_LEAD.emAtendimentoAgora.rotulo]: contar(FIGURAS_LEAD.emAtendimentoAgora.status),
      [FIGURAS_LEAD.convertidosNoPeriodo.rotulo]: contar(FIGURAS_LEAD.convertidosNoPeriodo.status),
      [FIGURA_CONTRATOS_FECHADOS.rotulo]: SEMEADOS.filter((l) => l.fechado > 0).length,
    };
    for (const [rotulo, figuras] of Object.entries(porRotulo)) {
      expect({ rotulo, figuras }).toEqual({ rotulo, figuras: figuras.map(() => esperado[rotulo]) });
    }
    // the labels that differ count different things here, so the screens could not be read as one figure
    expect(new Set(Object.values(esperado)).size).toBe(Object.keys(esperado).length);
    expect(dashboard.cartoes.totalLeads.atual).toBe(SEMEADOS.length);
    expect([leads.total, desempenho.atual.atribuidos, plataforma.cartoes.leads]).toEqual(Array(3).fill(SEMEADOS.length));
  });
});

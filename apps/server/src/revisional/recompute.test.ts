import { MODALIDADES_CREDITO } from "@crm/domain/revisional/modalities";
import { PAPEL } from "@crm/domain/roles";
import { STATUS_LEAD } from "@crm/domain/status";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarAleatorio, criarEmpresaComUsuarios, type TAleatorio, type TEmpresaComUsuarios } from "../../test/factories.js";
import { mudarLeads } from "../../test/logged-writes.js";
import { resumoERecontagemRecuperavel } from "../../test/recoverable-recount.js";
import { unsafeWithSystem, withTenant } from "../db/tenant.js";
import { inserirVarios } from "../seed/bulk.js";
import { gerarTaxasDemo } from "../seed/demo-rates.js";
import { linhaLead } from "../seed/factories.js";
import { lerPreAnalise, preAnaliseDoLead } from "./analyze-lead.js";
import { gravarResumos, recalcularPendentes, recalcularTodos, resumoParaLista } from "./recompute.js";

// The recompute after a rates update (decision 1401): whatever the batches, their order and the writes in
// flight, every lead ends with the summary the domain gives for it alone, and the recoverable value's summary
// (migration 0030) stays equal to a recount of the leads.
const t = useTestApp();
const r = criarAleatorio(1401);
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
const HOJE = new Date().toISOString().slice(0, 10);

/** A contract as people fill it in: complete or not, absurd sometimes, of every modality, signed 2018–2026. */
function contrato(x: TAleatorio) {
  const valor = x.int(1_000, 200_000);
  const prazo = x.int(1, 120);
  const i = x.int(20, 800) / 10_000;
  const parcela = Math.round(((valor * i) / (1 - (1 + i) ** -prazo)) * 100) / 100;
  const mes = x.int(0, 12 * 8 - 6);
  return {
    modalidade_credito: x.chance(0.95) ? x.escolher(MODALIDADES_CREDITO) : null,
    valor_contrato: x.chance(0.9) ? valor : 0,
    valor_liberado: x.chance(0.2) ? Math.round(valor * 0.93) : null,
    // now and then installments that add up to less than the amount (no rate), or none at all
    valor_parcela: x.chance(0.9) ? (x.chance(0.05) ? Math.round(valor / prazo / 2) : parcela) : null,
    quantidade_parcelas: x.chance(0.92) ? prazo : null,
    quantidade_parcelas_pagas: x.chance(0.8) ? x.int(0, prazo) : null,
    data_contrato: x.chance(0.93)
      ? `${2018 + Math.floor(mes / 12)}-${String((mes % 12) + 1).padStart(2, "0")}-${String(x.int(1, 28)).padStart(2, "0")}`
      : null,
    taxa_informada_mensal: x.chance(0.15) ? x.int(50, 900) / 100 : null,
  };
}

function lead(x: TAleatorio, e: TEmpresaComUsuarios) {
  return linhaLead({
    id: x.uuid(),
    id_empresa_fk: e.empresa.id,
    status_lead: x.escolher(STATUS_LEAD),
    origem_lead: x.escolher(["Site", "Indicação", "WhatsApp", "Manual"]),
    consultor_atribuido_id: x.chance(0.7) ? e.consultor.id : null,
    created_at: new Date(Date.UTC(2025, 0, 1) + x.int(0, 300 * 86_400) * 1000),
    ...contrato(x),
  });
}

const armazenados = async () =>
  (
    await t.dono.query(
      `SELECT id, id_empresa_fk, modalidade_credito, revisional_razao::float8 AS razao, revisional_faixa AS faixa,
              revisional_sobrepago_centavos::float8 AS sobrepago, revisional_calculado_em IS NOT NULL AS calculado
         FROM leads_juros_check WHERE id_empresa_fk = ANY ($1::uuid[]) ORDER BY id`,
      [[a.empresa.id, b.empresa.id]],
    )
  ).rows;

/** Each lead's analysis as GET /api/leads/{id}/pre-analise computes it alone, reduced to what the lists keep. */
async function doDominio(linha: { id: string; id_empresa_fk: string }) {
  const e = linha.id_empresa_fk === a.empresa.id ? a : b;
  const ctx = { empresaId: e.empresa.id, usuarioId: e.usuarios.admin.id, papel: PAPEL.admin };
  const p = await withTenant(t.deps.db.app, ctx, (tx) => preAnaliseDoLead(tx, ctx, linha.id));
  // and the GET route's one-round-trip read gives the same, to the last field
  expect(await lerPreAnalise(t.deps.db.leitura, ctx, linha.id)).toEqual(p);
  return resumoParaLista(p.analise);
}

async function confereComODominio(ids?: string[]) {
  const linhas = (await armazenados()).filter((l) => !ids || ids.includes(l.id));
  let calculadas = 0;
  for (const l of linhas) {
    if (!l.modalidade_credito) continue;
    const esperado = await doDominio(l);
    expect({ razao: l.razao, faixa: l.faixa, sobrepago: l.sobrepago }, l.id).toEqual(esperado);
    expect(l.calculado, l.id).toBe(true);
    if (esperado.sobrepago !== null) calculadas++;
  }
  return calculadas;
}

/** The summary's non-zero rows against the same figures recounted from the leads (the domain's so-far rule). */
async function confereResumoRecuperavel() {
  for (const empresaId of [a.empresa.id, b.empresa.id]) {
    const { resumo, recontagem } = await resumoERecontagemRecuperavel(t.dono, empresaId);
    expect(resumo).toEqual(recontagem);
    expect(resumo.length).toBeGreaterThan(5);
  }
}

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
  const taxas = gerarTaxasDemo(new Date());
  await t.dono.query(
    `INSERT INTO taxas_bacen (codigo_serie, competencia, taxa, origem, ilustrativa)
     SELECT c, m, t, 'demo', true FROM unnest($1::int[], $2::date[], $3::numeric[]) AS v(c, m, t)`,
    [taxas.map((v) => v.codigo), taxas.map((v) => v.competencia), taxas.map((v) => v.taxa)],
  );
  await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    await inserirVarios(
      tx,
      "leads_juros_check",
      Array.from({ length: 420 }, () => lead(r, a)),
    );
    await inserirVarios(
      tx,
      "leads_juros_check",
      Array.from({ length: 180 }, () => lead(r, b)),
    );
  });
  await recalcularPendentes(t.deps.db.app, HOJE);
});

describe("the recompute after a rates update", () => {
  it("gives every lead the summary the domain gives for it alone, in batches with writes in flight, and keeps the recoverable summary equal to a recount", async () => {
    const { rows: calculados } = await t.dono.query(
      "SELECT count(*)::int AS n FROM leads_juros_check WHERE revisional_sobrepago_centavos IS NOT NULL",
    );
    expect(calculados[0].n).toBeGreaterThan(200);
    // imobiliário's leads are compared with 20772, a series in % a.a., like the others
    const { rows: imob } = await t.dono.query(
      "SELECT count(*)::int AS n FROM leads_juros_check WHERE modalidade_credito = 'imobiliario' AND revisional_razao IS NOT NULL",
    );
    expect(imob[0].n).toBeGreaterThan(20);
    // the refresh revises some series (imobiliário's yearly one too), lowers another by half, and a revised window
    // loses two months
    await t.dono.query(
      `UPDATE taxas_bacen SET taxa = round(taxa * CASE codigo_serie WHEN 25467 THEN 0.5 ELSE 1.07 END, 4)
        WHERE codigo_serie IN (25471, 25464, 25467, 20772)`,
    );
    await t.dono.query(
      "DELETE FROM taxas_bacen WHERE codigo_serie = 25466 AND competencia IN ('2022-05-01', '2022-06-01', '2022-07-01')",
    );
    const antes = await armazenados();
    // batches of 37: many FETCHes, each batch's write in flight while the next one is read and computed
    const gravados = await recalcularTodos(t.deps.db.app, HOJE, 37);
    const depois = await armazenados();
    const mudaram = depois.filter(
      (l, k) => l.razao !== antes[k].razao || l.faixa !== antes[k].faixa || l.sobrepago !== antes[k].sobrepago,
    ).length;
    expect(gravados).toBe(mudaram);
    expect(gravados).toBeGreaterThan(100);
    const imobMudaram = depois.filter(
      (l, k) => l.modalidade_credito === "imobiliario" && (l.razao !== antes[k].razao || l.sobrepago !== antes[k].sobrepago),
    ).length;
    expect(imobMudaram).toBeGreaterThan(20);
    expect(await confereComODominio()).toBeGreaterThan(200);
    await confereResumoRecuperavel();
    // nothing is queued, and a second pass finds nothing to change
    expect((await t.dono.query("SELECT count(*)::int AS n FROM leads_revisional_pendentes")).rows[0].n).toBe(0);
    expect(await recalcularTodos(t.deps.db.app, HOJE)).toBe(0);
  }, 90_000);

  it("a lead changed after it was read keeps what it has and waits for the sweep; an unchanged one is written", async () => {
    const { rows } = await t.dono.query(
      `SELECT id_empresa_fk AS e, id AS i, ctid::text AS lugar, xmin::text AS versao FROM leads_juros_check
        WHERE id_empresa_fk = $1 AND modalidade_credito IS NOT NULL ORDER BY id LIMIT 2`,
      [a.empresa.id],
    );
    const [mudou, igual] = rows;
    // someone changes the first lead meanwhile (its contract or anything else: a new row version)
    await t.dono.query("UPDATE leads_juros_check SET observacoes = 'ligar amanhã' WHERE id = $1", [mudou.i]);
    const resumo = { razao: 9.8765, faixa: "acima_de_3", sobrepago: 123_400 };
    expect(
      await gravarResumos(t.deps.db.app, [
        { ...mudou, ...resumo },
        { ...igual, ...resumo },
      ]),
    ).toBe(1);
    const { rows: depois } = await t.dono.query(
      `SELECT l.id, l.revisional_razao::float8 AS razao, p.id_lead_fk IS NOT NULL AS na_fila
         FROM leads_juros_check l LEFT JOIN leads_revisional_pendentes p ON p.id_empresa_fk = l.id_empresa_fk AND p.id_lead_fk = l.id
        WHERE l.id = ANY ($1::uuid[])`,
      [[mudou.i, igual.i]],
    );
    const porId = Object.fromEntries(depois.map((x) => [x.id, x]));
    expect(porId[mudou.i].razao).not.toBe(9.8765);
    expect(porId[mudou.i].na_fila).toBe(true);
    expect(porId[igual.i]).toMatchObject({ razao: 9.8765, na_fila: false });
    // the sweep puts both right: each holds what the domain gives for it
    await t.dono.query("INSERT INTO leads_revisional_pendentes (id_empresa_fk, id_lead_fk) VALUES ($1, $2)", [igual.e, igual.i]);
    await recalcularPendentes(t.deps.db.app, HOJE);
    await confereComODominio([mudou.i, igual.i]);
    await confereResumoRecuperavel();
  }, 30_000);
});

describe("the sweep and a person's write at once", () => {
  it("never waits for a lead another transaction is changing: skips it, leaves it queued, computes it next pass", async () => {
    const x = criarAleatorio(1663);
    const l = lead(x, a);
    // a new lead: queued by its insert, waiting for the sweep
    await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      inserirVarios(tx, "leads_juros_check", [{ ...l, modalidade_credito: "credito_pessoal", valor_contrato: 10_000 }]),
    );
    // like the screening: the lead's contract changes (its trigger queues it) and the transaction stays open
    const pessoa = await t.dono.connect();
    try {
      await pessoa.query("BEGIN");
      await mudarLeads(pessoa, "valor_contrato = 12000, valor_parcela = 600, quantidade_parcelas = 36", "id = $1", [l.id]);
      // the sweep runs meanwhile: it must end (before, it waited for the lead while holding its queue row: a deadlock
      // once the person's transaction touched the queue)
      await recalcularPendentes(t.deps.db.app, HOJE);
      await pessoa.query("COMMIT");
    } finally {
      pessoa.release();
    }
    const { rows } = await t.dono.query("SELECT count(*)::int AS n FROM leads_revisional_pendentes WHERE id_lead_fk = $1", [
      l.id,
    ]);
    expect(rows[0].n).toBe(1);
    await recalcularPendentes(t.deps.db.app, HOJE);
    await confereComODominio([l.id as string]);
  }, 30_000);
});

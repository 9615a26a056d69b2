import { TEXTO_REVISIONAL } from "@crm/domain/revisional/texts";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, type TEmpresaComUsuarios } from "../../test/factories.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { CABECALHO_CSV, importarCsvAteOFim } from "../leads/test-helpers.js";
import { recalcularPendentes, recalcularTodos } from "./recompute.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
let leadId: string;
beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
  // the vehicle series: 1,50% a.m. in March 2024
  await t.dono.query(
    "INSERT INTO taxas_bacen (codigo_serie, competencia, taxa, origem) VALUES (25471, '2024-03-01', 1.5, 'sgs')",
  );
  const lead = await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
    criarLead(tx, {
      id_empresa_fk: a.empresa.id,
      tipo_financiamento: "Carro",
      valor_contrato: 45000,
      valor_parcela: 1500,
    } as never),
  );
  leadId = lead.id;
});

const contrato = {
  modalidade_credito: "financiamento_veiculo",
  valor_contrato: "45.000,00",
  valor_liberado: "",
  valor_parcela: "1.500,00",
  quantidade_parcelas: "48",
  quantidade_parcelas_pagas: "10",
  data_contrato: "2024-03-15",
  banco: "Banco Exemplo",
  taxa_informada_mensal: "",
};

const linha = async () =>
  (
    await t.dono.query(
      "SELECT revisional_razao::float8 AS razao, revisional_faixa AS faixa, revisional_sobrepago_centavos::float8 AS sobrepago, revisional_calculado_em FROM leads_juros_check WHERE id = $1",
      [leadId],
    )
  ).rows[0];

describe("contract data and pre-analysis of a lead", () => {
  it("a new lead starts with the modality of its tipo_financiamento and is marked for the sweep", async () => {
    const { rows } = await t.dono.query(
      `SELECT l.modalidade_credito, l.revisional_calculado_em, p.id_lead_fk IS NOT NULL AS na_fila
         FROM leads_juros_check l LEFT JOIN leads_revisional_pendentes p ON p.id_empresa_fk = l.id_empresa_fk AND p.id_lead_fk = l.id
        WHERE l.id = $1`,
      [leadId],
    );
    expect(rows[0]).toEqual({ modalidade_credito: "financiamento_veiculo", revisional_calculado_em: null, na_fila: true });
    const r = await a.navegadores.consultor.req({ url: `/api/leads/${leadId}/pre-analise` });
    expect(r.statusCode).toBe(200);
    // no term nor date yet: the card names what is missing
    expect(r.json().analise).toEqual({ estado: "incompleta", faltando: ["prazoMeses"] });
  });

  it("saving the contract computes the rate, the ratio to the month's average and the overpayment to the cent", async () => {
    const r = await a.navegadores.consultor.req({ method: "PUT", url: `/api/leads/${leadId}/contrato`, payload: contrato });
    expect(r.statusCode).toBe(200);
    const { analise, contrato: salvo } = r.json();
    expect(salvo).toMatchObject({ valor_contrato: 45000, valor_parcela: 1500, quantidade_parcelas: 48, banco: "Banco Exemplo" });
    expect(analise.estado).toBe("calculada");
    expect(analise.taxa.mensal).toBeCloseTo(0.02109624148994584, 12);
    expect(analise.referencia).toMatchObject({ tipo: "media_bacen", competencia: "2024-03", fonte: "BACEN/SGS série 25471" });
    expect(analise.faixa).toBe("de_1_1_a_1_5");
    expect(analise.prestacaoNaReferenciaCentavos).toBe(132187);
    expect(analise.sobrepagoAteAgoraCentavos).toBe((150000 - 132187) * 10);
    // the lists' summary is stored in the same transaction
    expect(await linha()).toMatchObject({ razao: 1.4064, faixa: "de_1_1_a_1_5", sobrepago: (150000 - 132187) * 48 });
  });

  it("saves values with centavos, from the chat (Consultor) and from /processos (Jurídico) (decision 1601)", async () => {
    // 'Preencher contrato' in the chat: a financed value with centavos
    const chat = await a.navegadores.consultor.req({
      method: "PUT",
      url: `/api/leads/${leadId}/contrato`,
      payload: { ...contrato, valor_contrato: "45.000,50", valor_liberado: "44.000,99", valor_parcela: "1.500,37" },
    });
    expect(chat.statusCode).toBe(200);
    expect(chat.json().contrato).toMatchObject({ valor_contrato: 45000.5, valor_liberado: 44000.99, valor_parcela: 1500.37 });
    // 'Editar contrato' in /processos: the form comes pre-filled with the lead's own value and only 'Parcelas pagas' changes
    const processos = await a.navegadores.juridico.req({
      method: "PUT",
      url: `/api/leads/${leadId}/contrato`,
      payload: { ...contrato, valor_contrato: "115.998,59", quantidade_parcelas_pagas: "11" },
    });
    expect(processos.statusCode).toBe(200);
    const { rows } = await t.dono.query(
      "SELECT valor_contrato::text, quantidade_parcelas_pagas FROM leads_juros_check WHERE id = $1",
      [leadId],
    );
    expect(rows[0]).toEqual({ valor_contrato: "115998.59", quantidade_parcelas_pagas: 11 });
    await a.navegadores.admin.req({ method: "PUT", url: `/api/leads/${leadId}/contrato`, payload: contrato });
  });

  it("a refused field is named in the answer, with its pt-BR message, whatever the wrong value's type", async () => {
    for (const [campo, valor, mensagem] of [
      ["valor_contrato", true, "Valor inválido. Use números, como 45.000,00"],
      ["valor_parcela", ["1"], "Valor inválido. Use números, como 45.000,00"],
      ["quantidade_parcelas", false, "Número de parcelas entre 1 e 480."],
      ["modalidade_credito", "barco", "Selecione uma modalidade da lista."],
      ["data_contrato", 20240315, "Data do contrato inválida."],
      ["taxa_informada_mensal", {}, "Taxa informada entre 0 e 30% ao mês (use vírgula: 2,35)."],
    ] as const) {
      const r = await a.navegadores.consultor.req({
        method: "PUT",
        url: `/api/leads/${leadId}/contrato`,
        payload: { ...contrato, [campo]: valor },
      });
      expect(r.statusCode, campo).toBe(400);
      expect(r.json().campos, campo).toEqual({ [campo]: mensagem });
    }
  });

  it("refuses bad input with pt-BR messages and leaves the contract as it was", async () => {
    const antes = await linha();
    for (const [campo, valor, mensagem] of [
      ["quantidade_parcelas", "0", "Número de parcelas entre 1 e 480."],
      ["quantidade_parcelas_pagas", "60", "Parcelas pagas maior que o número de parcelas do contrato."],
      ["data_contrato", "2024-02-30", "Data do contrato inválida."],
      ["taxa_informada_mensal", "45", "Taxa informada entre 0 e 30% ao mês (use vírgula: 2,35)."],
      ["valor_parcela", "abc", "Valor inválido. Use números, como 45.000,00"],
    ] as const) {
      const r = await a.navegadores.consultor.req({
        method: "PUT",
        url: `/api/leads/${leadId}/contrato`,
        payload: { ...contrato, [campo]: valor },
      });
      expect(r.statusCode).toBe(400);
      expect(JSON.stringify(r.json())).toContain(mensagem.slice(0, 20));
    }
    expect(await linha()).toEqual(antes);
  });

  it("absurd contracts are explained, never a 500", async () => {
    const r = await a.navegadores.admin.req({
      method: "PUT",
      url: `/api/leads/${leadId}/contrato`,
      payload: { ...contrato, valor_parcela: "500,00" },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().analise).toEqual({
      estado: "invalida",
      mensagem: "A soma das parcelas é menor que o valor financiado: confira a parcela, o prazo e o valor.",
      campo: "prestacao",
    });
    expect((await linha()).razao).toBeNull();
    await a.navegadores.admin.req({ method: "PUT", url: `/api/leads/${leadId}/contrato`, payload: contrato });
  });

  it("another company's lead is not found; its people cannot write it", async () => {
    const r = await b.navegadores.admin.req({ url: `/api/leads/${leadId}/pre-analise` });
    expect(r.statusCode).toBe(404);
    const w = await b.navegadores.consultor.req({ method: "PUT", url: `/api/leads/${leadId}/contrato`, payload: contrato });
    expect(w.statusCode).toBe(404);
    expect((await a.navegadores.plataforma.req({ url: `/api/leads/${leadId}/pre-analise` })).statusCode).toBe(200);
  });

  it("the company's threshold decides 'acima do limiar'; only its admin sets it, with the screening's rule", async () => {
    const config = { limiar: 1.2, regra_triagem: "encerrar" };
    expect(
      (await a.navegadores.consultor.req({ method: "PUT", url: "/api/empresa/pre-analise", payload: config })).statusCode,
    ).toBe(403);
    expect((await a.navegadores.consultor.req({ url: "/api/empresa/pre-analise" })).statusCode).toBe(403);
    expect((await a.navegadores.admin.req({ url: "/api/empresa/pre-analise" })).json()).toEqual({
      limiar: 1.5,
      regra_triagem: "avisar",
    });
    const r = await a.navegadores.admin.req({ method: "PUT", url: "/api/empresa/pre-analise", payload: config });
    expect(r.statusCode).toBe(200);
    expect((await a.navegadores.admin.req({ url: "/api/empresa/pre-analise" })).json()).toEqual(config);
    const p = await a.navegadores.consultor.req({ url: `/api/leads/${leadId}/pre-analise` });
    expect(p.json().analise).toMatchObject({ limiar: 1.2, acimaDoLimiar: true });
    for (const ruim of [
      { ...config, limiar: 9 },
      { ...config, regra_triagem: "sempre" },
    ]) {
      const x = await a.navegadores.admin.req({ method: "PUT", url: "/api/empresa/pre-analise", payload: ruim });
      expect(x.statusCode).toBe(400);
      expect(x.json().erro).toBeTruthy();
    }
    expect((await a.navegadores.admin.req({ url: "/api/empresa/pre-analise" })).json()).toEqual(config);
    // another company's settings are its own
    expect((await b.navegadores.admin.req({ url: "/api/empresa/pre-analise" })).json()).toEqual({
      limiar: 1.5,
      regra_triagem: "avisar",
    });
  });

  it("a changed contract waits in the sweep's queue, which computes it and empties the queue", async () => {
    await t.dono.query("UPDATE leads_juros_check SET quantidade_parcelas_pagas = 11 WHERE id = $1", [leadId]);
    const fila = async () =>
      (await t.dono.query("SELECT count(*)::int AS n FROM leads_revisional_pendentes WHERE id_lead_fk = $1", [leadId])).rows[0].n;
    expect(await fila()).toBe(1);
    await recalcularPendentes(t.deps.db.app);
    expect(await fila()).toBe(0);
    // an update of anything else (the status) queues nothing
    await t.dono.query("UPDATE leads_juros_check SET observacoes = 'x' WHERE id = $1", [leadId]);
    expect(await fila()).toBe(0);
  });

  it("after the rates change, one pass recomputes every stored summary", async () => {
    await t.dono.query("UPDATE taxas_bacen SET taxa = 1.0 WHERE codigo_serie = 25471 AND competencia = '2024-03-01'");
    const gravados = await recalcularTodos(t.deps.db.app);
    expect(gravados).toBeGreaterThanOrEqual(1);
    expect(await linha()).toMatchObject({ faixa: "de_2_a_3" });
    // nothing changed since: the next pass writes nothing
    expect(await recalcularTodos(t.deps.db.app)).toBe(0);
  });
});

describe("'Potencial de revisão' on /leads", () => {
  it("lists the stored ratio and band, filters by band and sorts by ratio with the leads without analysis last", async () => {
    const outro = await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      criarLead(tx, { id_empresa_fk: a.empresa.id, nome: "Sem contrato" } as never),
    );
    const lista = async (q: string) =>
      (await a.navegadores.admin.req({ url: `/api/leads?periodo=all&${q}` })).json().itens as {
        id: string;
        revisional_razao: number | null;
        revisional_faixa: string | null;
      }[];
    const porFaixa = await lista("faixa=de_2_a_3");
    expect(porFaixa.map((l) => l.id)).toEqual([leadId]);
    expect(porFaixa[0].revisional_razao).toBeGreaterThan(2);
    expect(await lista("faixa=acima_de_3")).toEqual([]);
    const ordenados = await lista("ordem=revisional_razao&direcao=desc");
    expect(ordenados[0].id).toBe(leadId);
    expect(ordenados.map((l) => l.id)).toContain(outro.id);
    expect(ordenados.at(-1)?.revisional_razao).toBeNull();
    const asc = await lista("ordem=revisional_razao&direcao=asc");
    expect(asc.at(-1)?.revisional_razao).toBeNull();
    expect((await a.navegadores.admin.req({ url: "/api/leads?faixa=enorme" })).statusCode).toBe(400);
  });
});

describe("contract data from the CSV import", () => {
  it("stores the optional contract columns, and the sweep computes the imported lead", async () => {
    const csv = `${CABECALHO_CSV},quantidade_parcelas,data_contrato,banco,taxa_mensal\nImportado Contrato,11977776666,Carro,"45.000,00","1.500,00",10,,48,15/03/2024,Banco Y,"2,1"\n`;
    const { importacao } = await importarCsvAteOFim(a.navegadores.admin, csv);
    expect(importacao?.status).toBe("concluida");
    const { rows } = await t.dono.query(
      `SELECT id, modalidade_credito, quantidade_parcelas, to_char(data_contrato, 'YYYY-MM-DD') AS data, banco,
              taxa_informada_mensal::float8 AS taxa FROM leads_juros_check WHERE nome = 'Importado Contrato'`,
    );
    expect(rows[0]).toMatchObject({
      modalidade_credito: "financiamento_veiculo",
      quantidade_parcelas: 48,
      data: "2024-03-15",
      banco: "Banco Y",
      taxa: 2.1,
    });
    await recalcularPendentes(t.deps.db.app);
    const r = await t.dono.query("SELECT revisional_faixa FROM leads_juros_check WHERE id = $1", [rows[0].id]);
    expect(r.rows[0].revisional_faixa).not.toBeNull();
  });
});

describe("Pré-laudo", () => {
  it("downloads as a PDF with the inputs, the formulas and the sources", async () => {
    const r = await a.navegadores.juridico.req({ url: `/api/leads/${leadId}/pre-laudo` });
    expect(r.statusCode).toBe(200);
    expect(r.headers["content-type"]).toBe("application/pdf");
    expect(String(r.headers["content-disposition"])).toMatch(/^attachment; filename="pre-laudo-.+\.pdf"$/);
    expect(r.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(r.rawPayload.length).toBeGreaterThan(2000);
    // every character the formulas use comes out as written, none as '"' (decision 1653)
    const texto = await textoDoPdf(r.rawPayload);
    expect(texto).toContain("PV = PMT × (1 − (1 + i)^−n) ÷ i");
    expect(texto).toContain("Taxa anual equivalente: (1 + i)^12 − 1.");
    expect(texto).toContain("Pré-laudo revisional");
    expect(texto).toContain("Fórmulas");
    expect(texto).not.toContain('"n)');
    expect((await b.navegadores.juridico.req({ url: `/api/leads/${leadId}/pre-laudo` })).statusCode).toBe(404);
  });
});

/** The PDF's text as a reader extracts it (pdf.js, through its ToUnicode maps), lines joined by spaces. */
async function textoDoPdf(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

describe("imobiliário against SGS 20772 (% a.a.)", () => {
  let imovelId: string;
  const linhaImovel = async () =>
    (
      await t.dono.query(
        "SELECT revisional_razao::float8 AS razao, revisional_faixa AS faixa, revisional_sobrepago_centavos::float8 AS sobrepago FROM leads_juros_check WHERE id = $1",
        [imovelId],
      )
    ).rows[0];

  beforeAll(async () => {
    // March 2024 of the real-estate series, as SGS publishes it: 12,68% a.a.
    await t.dono.query(
      "INSERT INTO taxas_bacen (codigo_serie, competencia, taxa, origem) VALUES (20772, '2024-03-01', 12.68, 'sgs')",
    );
    const lead = await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      criarLead(tx, { id_empresa_fk: a.empresa.id, nome: "Comprador Imóvel", tipo_financiamento: "Casa" } as never),
    );
    imovelId = lead.id;
  });

  it("compares the contract with the equivalent monthly rate of the month's yearly average, stored and shown", async () => {
    const r = await a.navegadores.consultor.req({
      method: "PUT",
      url: `/api/leads/${imovelId}/contrato`,
      payload: {
        ...contrato,
        modalidade_credito: "imobiliario",
        valor_contrato: "200.000,00",
        valor_parcela: "2.500,00",
        quantidade_parcelas: "360",
        quantidade_parcelas_pagas: "24",
      },
    });
    expect(r.statusCode).toBe(200);
    const { analise } = r.json();
    // worked by hand in packages/domain/src/revisional/analysis.test.ts: 12,68% a.a. → 0,99981% a.m.; the contract
    // 1,23494% a.m.; ratio 1,2352; installment at the reference R$ 2.056,88; 443,12 a month above it
    expect(analise.referencia).toMatchObject({ tipo: "media_bacen", competencia: "2024-03", fonte: "BACEN/SGS série 20772" });
    expect(analise.referencia.taxaMensal).toBeCloseTo(0.009998130389220764, 14);
    expect(analise.referencia.taxaAnualPublicada).toBeCloseTo(0.1268, 14);
    expect(analise.razao).toBeCloseTo(1.235166152624808, 9);
    expect(analise.faixa).toBe("de_1_1_a_1_5");
    expect(analise.prestacaoNaReferenciaCentavos).toBe(205688);
    expect(analise.sobrepagoAteAgoraCentavos).toBe(44312 * 24);
    expect(await linhaImovel()).toEqual({ razao: 1.2352, faixa: "de_1_1_a_1_5", sobrepago: 44312 * 360 });
  });

  it("the Pré-laudo states the conversion, its formula, the series' unit and the Price caveat", async () => {
    const r = await a.navegadores.juridico.req({ url: `/api/leads/${imovelId}/pre-laudo` });
    expect(r.statusCode).toBe(200);
    const texto = await textoDoPdf(r.rawPayload);
    expect(texto).toContain("equivalente aos 12,68% a.a. publicados pela série");
    expect(texto).toContain("i = (1 + a)^(1/12)");
    expect(texto).toContain("SGS série 20772");
    expect(texto).toContain("(% a.a.)");
    expect(texto).toContain(TEXTO_REVISIONAL.ressalvaImobiliario.slice(0, 60));
    // a vehicle contract's Pré-laudo carries neither
    const veiculo = await textoDoPdf((await a.navegadores.juridico.req({ url: `/api/leads/${leadId}/pre-laudo` })).rawPayload);
    expect(veiculo).toContain("SGS série 25471");
    expect(veiculo).not.toContain("Tabela Price), mas");
    expect(veiculo).not.toContain("(1 + a)^(1/12)");
  });

  it("a rates update of 20772 is recomputed for imobiliário leads by the one pass", async () => {
    // revised to 9,5% a.a. (0,7591% a.m.): the same contract is now 1,63× the average
    await t.dono.query("UPDATE taxas_bacen SET taxa = 9.5 WHERE codigo_serie = 20772 AND competencia = '2024-03-01'");
    expect(await recalcularTodos(t.deps.db.app)).toBeGreaterThanOrEqual(1);
    const depois = await linhaImovel();
    expect(depois.faixa).toBe("de_1_5_a_2");
    expect(depois.razao).toBeCloseTo(0.012349352246294985 / (1.095 ** (1 / 12) - 1), 4);
    expect(await recalcularTodos(t.deps.db.app)).toBe(0);
  });
});

import ExcelJS from "exceljs";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, type TEmpresaComUsuarios } from "../../../test/factories.js";
import { unsafeWithSystem } from "../../db/tenant.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
// 14:05 in São Paulo on 10 Mar 2025 (UTC−3), within "Total"
const CRIADO = new Date("2025-03-10T17:05:00Z");

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
  await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    const e = { id_empresa_fk: a.empresa.id, created_at: CRIADO, updated_at: CRIADO };
    await criarLead(tx, {
      ...e,
      nome: 'Silva; Ana "Aninha"',
      email: "ana@x.com",
      telefone: "+55 11 98765-4321",
      valor_contrato: 1234567.5,
      tipo_financiamento: "Carro",
      valor_parcela: 99.9,
      quantidade_parcelas_pagas: 3,
      objetivo_cliente: "linha 1\nlinha 2",
      consultor_atribuido_id: a.consultor.id,
      status_lead: "Em Negociação",
    } as never);
    await criarLead(tx, { ...e, nome: '=HYPERLINK("http://mal")', status_lead: "Perdido" });
    await criarLead(tx, { id_empresa_fk: b.empresa.id, nome: "De Outra Empresa", created_at: CRIADO });
  });
});

function lerCsv(corpo: Buffer) {
  const texto = corpo.toString("utf8");
  expect(texto.startsWith("\uFEFF")).toBe(true);
  return Papa.parse<string[]>(texto.slice(1), { delimiter: ";", skipEmptyLines: true }).data;
}

describe("GET /api/leads/exportar (000 §2.12)", () => {
  it("exports the filtered list as CSV that Excel pt-BR opens: BOM, ';', CRLF, 1.234,56 and dd/mm/aaaa", async () => {
    const res = await a.navegadores.admin.req({ url: "/api/leads/exportar?formato=csv&periodo=all&ordem=nome&direcao=asc" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.rawPayload.toString("utf8")).toContain("\r\n");
    const linhas = lerCsv(res.rawPayload);
    expect(linhas[0]).toEqual([
      "Nome",
      "Email",
      "Telefone",
      "Status",
      "Consultor",
      "Origem",
      "Valor do contrato (R$)",
      "Tipo de financiamento",
      "Valor da parcela (R$)",
      "Parcelas pagas",
      "Objetivo do cliente",
      "Cidade",
      "Criado em",
      "Atualizado em",
    ]);
    expect(linhas).toHaveLength(3);
    expect(linhas[2]).toEqual([
      'Silva; Ana "Aninha"',
      "ana@x.com",
      // the phone as people read it (one formatter, decision 1501): a text cell, not a number
      "(11) 98765-4321",
      "Em Negociação",
      a.consultor.nome,
      "Manual",
      "1.234.567,50",
      "Carro",
      "99,90",
      "3",
      "linha 1\nlinha 2",
      "",
      "10/03/2025 14:05",
      "10/03/2025 14:05",
    ]);
    // a cell that starts like a formula is neutralized (CSV injection)
    expect(linhas[1][0]).toBe('\'=HYPERLINK("http://mal")');
  });

  it("applies the table's filters and the company scope", async () => {
    const res = await a.navegadores.admin.req({ url: "/api/leads/exportar?formato=csv&periodo=all&status=Perdido" });
    const linhas = lerCsv(res.rawPayload);
    expect(linhas.slice(1).map((l) => l[3])).toEqual(["Perdido"]);
    const vazio = lerCsv((await a.navegadores.admin.req({ url: "/api/leads/exportar?periodo=today" })).rawPayload);
    expect(vazio).toHaveLength(1);
    const outra = lerCsv((await b.navegadores.admin.req({ url: "/api/leads/exportar?periodo=all" })).rawPayload);
    expect(outra.slice(1).map((l) => l[0])).toEqual(["De Outra Empresa"]);
  });

  it("exports XLSX with typed cells: numbers as numbers, dates as dates in São Paulo time", async () => {
    const res = await a.navegadores.admin.req({ url: "/api/leads/exportar?formato=xlsx&periodo=all&ordem=nome&direcao=desc" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const livro = new ExcelJS.Workbook();
    await livro.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const folha = livro.getWorksheet("Leads")!;
    expect(folha.rowCount).toBe(3);
    expect(folha.getRow(1).getCell(1).value).toBe("Nome");
    const ana = folha.getRow(2);
    expect(ana.getCell(1).value).toBe('Silva; Ana "Aninha"');
    expect(ana.getCell(7).value).toBe(1234567.5);
    expect(ana.getCell(7).numFmt).toBe("#,##0.00");
    expect(ana.getCell(10).value).toBe(3);
    expect((ana.getCell(13).value as Date).toISOString()).toBe("2025-03-10T14:05:00.000Z");
    expect(ana.getCell(13).numFmt).toBe("dd/mm/yyyy hh:mm");
  });

  it("is for the roles of /leads only and validates the period", async () => {
    expect((await a.navegadores.consultor.req({ url: "/api/leads/exportar" })).statusCode).toBe(403);
    const res = await a.navegadores.admin.req({ url: "/api/leads/exportar?periodo=custom" });
    expect(res.statusCode).toBe(400);
    expect(res.json().erro).toBe("Informe a data inicial e a data final do período.");
  });
});

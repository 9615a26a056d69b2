import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  analisarCsv,
  COLUNAS_MODELO_CSV,
  conteudoModeloCsv,
  decodificarCsv,
  LIMITE_ERROS_LISTADOS,
  lerTipoFinanciamento,
  normalizarCabecalho,
  pareceBinario,
} from "./leads-csv";

const CAB = COLUNAS_MODELO_CSV.join(",");
const utf8 = (s: string) => new TextEncoder().encode(s);
/** Windows-1252 for the characters Portuguese uses (all in Latin-1, where the code point is the byte). */
const latin1 = (s: string) => Uint8Array.from([...s].map((c) => c.charCodeAt(0)));

describe("decodificarCsv", () => {
  it("reads UTF-8 with and without BOM, Excel's Windows-1252 and UTF-16 with BOM", () => {
    const texto = "nome\r\nJoão Conceição";
    expect(decodificarCsv(utf8(`\uFEFF${texto}`))).toEqual({ texto, codificacao: "utf-8" });
    expect(decodificarCsv(utf8(texto))).toEqual({ texto, codificacao: "utf-8" });
    expect(decodificarCsv(latin1(texto))).toEqual({ texto, codificacao: "windows-1252" });
    const le = new Uint8Array([0xff, 0xfe, ...[...texto].flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(decodificarCsv(le)).toEqual({ texto, codificacao: "utf-16le" });
  });
  it("tells binary files from text", () => {
    expect(pareceBinario(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]))).toBe(true);
    expect(pareceBinario(utf8("nome,telefone\n"))).toBe(false);
    expect(pareceBinario(new Uint8Array([0xff, 0xfe, 0x6e, 0]))).toBe(false);
  });
});

describe("analisarCsv (001 §5)", () => {
  it("imports the template as is", () => {
    const r = analisarCsv(conteudoModeloCsv());
    expect(r.erroArquivo).toBeNull();
    expect(r.separador).toBe(";");
    expect(r.leads).toEqual([
      {
        linha: 2,
        nome: "Maria da Silva",
        telefone: "(11) 98765-4321",
        telefone_normalizado: "5511987654321",
        email: null,
        tipo_financiamento: "Carro",
        valor_contrato: 45000,
        valor_parcela: 1250.9,
        quantidade_parcelas_pagas: 12,
        objetivo_cliente: "Reduzir o valor das parcelas",
        quantidade_parcelas: 48,
        data_contrato: "2024-03-15",
        banco: "Banco Exemplo",
        taxa_informada_mensal: 2.35,
      },
    ]);
  });

  it("reads the optional contract columns and refuses bad ones with the line", () => {
    const cab =
      "nome;telefone;tipo_financiamento;valor_total_financiado;valor_parcela;quantidade_parcelas_pagas;quantidade_parcelas;data_contrato;banco;taxa_mensal";
    const ok = analisarCsv(`${cab}\nAna;11987654321;Carro;45000;1500;10;48;2024-03-15;Banco X;2,1%\n`);
    expect(ok.erros).toEqual([]);
    expect(ok.leads[0]).toMatchObject({
      quantidade_parcelas: 48,
      data_contrato: "2024-03-15",
      banco: "Banco X",
      taxa_informada_mensal: 2.1,
    });
    const ruim = analisarCsv(
      [
        cab,
        "Ana;11987654321;Carro;45000;1500;50;48;;;",
        "Bia;11987654322;Carro;45000;1500;;48;31/02/2024;;",
        "Caio;11987654323;Carro;45000;1500;;0;;;",
        "Duda;11987654324;Carro;45000;1500;;;;;45",
      ].join("\n"),
    );
    expect(ruim.erros.map((e) => e.mensagem)).toEqual([
      "Linha 2: Parcelas pagas maior que o número de parcelas do contrato.",
      "Linha 3: Data do contrato inválida.",
      "Linha 4: Número de parcelas entre 1 e 480.",
      "Linha 5: Taxa informada entre 0 e 30% ao mês (use vírgula: 2,35).",
    ]);
  });

  it("names the missing required headers", () => {
    const r = analisarCsv("nome,telefone,valor_parcela\nAna,11987654321,10");
    expect(r.erroArquivo).toBe("Cabeçalhos obrigatórios ausentes: tipo_financiamento, valor_total_financiado");
    expect(r.leads).toEqual([]);
  });

  it("accepts headers as people write them", () => {
    expect(normalizarCabecalho("\uFEFF Valor Total Financiado ")).toBe("valor_total_financiado");
    expect(normalizarCabecalho("Tipo-Financiamento")).toBe("tipo_financiamento");
    const r = analisarCsv(
      "Nome;Telefone;Tipo Financiamento;Valor Total Financiado;Valor Parcela\nAna;11987654321;crédito pessoal;1.000;100",
    );
    expect(r.erroArquivo).toBeNull();
    expect(r.leads[0].tipo_financiamento).toBe("Crédito Pessoal");
  });

  it("reports each bad line with its line number and the spec's texts", () => {
    const csv = [
      CAB,
      "Ana,11987654321,Carro,1000,100,1,ok",
      ",11987654322,Carro,1000,100,1,sem nome",
      "Bia,,Carro,1000,100,1,sem telefone",
      "Caio,123,Carro,1000,100,1,telefone curto",
      "Davi,11987654323,Avião,1000,100,1,tipo",
      "Eva,11987654324,Casa,mil,100,1,valor",
      "Fábio,11987654325,Moto,1000,0,1,parcela zero",
      "Gil,11987654326,Moto,1000,10,-2,parcelas",
    ].join("\n");
    const r = analisarCsv(csv);
    expect(r.erros.map((e) => e.mensagem)).toEqual([
      "Linha 3: Campos obrigatórios ausentes (nome, telefone)",
      "Linha 4: Campos obrigatórios ausentes (nome, telefone)",
      "Linha 5: Telefone inválido (123)",
      "Linha 6: Tipo de financiamento inválido (Avião); use Carro, Casa, Moto, Crédito Pessoal ou Outros",
      "Linha 7: valor_total_financiado inválido (mil); use números, como 45.000,00",
      "Linha 8: Valor da parcela deve ser maior que zero",
      "Linha 9: Quantidade de parcelas pagas deve ser um número positivo",
    ]);
    expect(r.totalErros).toBe(7);
    expect(r.leads.map((l) => l.nome)).toEqual(["Ana"]);
  });

  it("handles quotes with commas and line breaks, CRLF, blank lines, and counts lines as the file has them", () => {
    const csv = `${CAB}\r\n"Silva, Ana",11987654321,Carro,"1.500,50",100,2,"linha 1\r\nlinha 2"\r\n\r\n"Bia ""B""",11987654322,Casa,10,5,,\r\nsem,,,,,,\r\n`;
    const r = analisarCsv(csv);
    expect(r.leads.map((l) => [l.linha, l.nome, l.valor_contrato, l.objetivo_cliente])).toEqual([
      [2, "Silva, Ana", 1500.5, "linha 1\r\nlinha 2"],
      [5, 'Bia "B"', 10, null],
    ]);
    expect(r.erros).toEqual([{ linha: 6, mensagem: "Linha 6: Campos obrigatórios ausentes (nome, telefone)" }]);
  });

  it("reports an unterminated quote on the line where it starts", () => {
    const r = analisarCsv(
      `${CAB}\nAna,11987654321,Carro,1,1,1,ok\n"Bia,11987654322,Carro,1,1,1,x\nCaio,11987654323,Carro,1,1,1,y`,
    );
    expect(r.erros).toEqual([{ linha: 3, mensagem: "Linha 3: aspas abertas e não fechadas" }]);
  });

  it("keeps the first of repeated phones (any format) and reports the others", () => {
    const r = analisarCsv(
      `${CAB}\nAna,(11) 98765-4321,Carro,1,1,,\nBia,+55 11 98765 4321,Carro,1,1,,\nCaio,11 8765-4321,Carro,1,1,,`,
    );
    expect(r.leads.map((l) => l.nome)).toEqual(["Ana"]);
    expect(r.duplicadas).toEqual([
      { linha: 3, telefone: "+55 11 98765 4321", linhaOriginal: 2 },
      { linha: 4, telefone: "11 8765-4321", linhaOriginal: 2 },
    ]);
  });

  it("says so for an empty file or a header without lines, and lists at most the error cap", () => {
    expect(analisarCsv("").erroArquivo).toBe("O arquivo CSV está vazio.");
    expect(analisarCsv(`${CAB}\n\n`).erroArquivo).toBe("O arquivo CSV não tem nenhuma linha de lead abaixo do cabeçalho.");
    const muitas = analisarCsv(`${CAB}\n${",,,,,,\nx,,,,,,\n".repeat(LIMITE_ERROS_LISTADOS)}`);
    expect(muitas.totalErros).toBe(LIMITE_ERROS_LISTADOS);
    const mais = analisarCsv(`${CAB}\n${"x,,,,,,\n".repeat(LIMITE_ERROS_LISTADOS + 5)}`);
    expect(mais.erros).toHaveLength(LIMITE_ERROS_LISTADOS);
    expect(mais.totalErros).toBe(LIMITE_ERROS_LISTADOS + 5);
  });

  it("maps financing types case- and accent-insensitively", () => {
    expect(lerTipoFinanciamento("CREDITO  PESSOAL")).toBe("Crédito Pessoal");
    expect(lerTipoFinanciamento("moto")).toBe("Moto");
    expect(lerTipoFinanciamento("barco")).toBeNull();
  });
});

// ---------------------------------------------------------------- property: whatever a spreadsheet writes, we read back

const texto = fc.string({
  unit: fc.constantFrom(..."abcçãéíõú ABC,;\"'\n\r\t0123456789-".split("")),
  maxLength: 30,
});
const linhaGerada = fc.record({
  nome: texto.filter((s) => s.trim().length > 0),
  objetivo: texto,
  valorCentavos: fc.integer({ min: 1, max: 9_999_999_999 }),
});

function celula(v: string, sep: string): string {
  return /["\r\n]/.test(v) || v.includes(sep) || v !== v.trim() ? `"${v.replace(/"/g, '""')}"` : v;
}

describe("analisarCsv (property)", () => {
  it("reads back every record a spreadsheet would write, with the line each starts on", () => {
    fc.assert(
      fc.property(
        fc.array(linhaGerada, { minLength: 1, maxLength: 15 }),
        fc.constantFrom(",", ";"),
        fc.constantFrom("\n", "\r\n"),
        fc.constantFrom("utf8", "utf8bom", "latin1"),
        (linhas, sep, eol, codificacao) => {
          const registros = linhas.map((l, i) => {
            const valor = `${Math.floor(l.valorCentavos / 100).toLocaleString("pt-BR")},${String(l.valorCentavos % 100).padStart(2, "0")}`;
            const campos = [l.nome, `(11) 9${String(10_000_000 + i)}`, "Carro", valor, "100,00", String(i), l.objetivo];
            return campos.map((c) => celula(c, sep)).join(sep);
          });
          const csv = [COLUNAS_MODELO_CSV.join(sep), ...registros].join(eol) + eol;
          const bytes = codificacao === "latin1" ? latin1(csv) : utf8(codificacao === "utf8bom" ? `\uFEFF${csv}` : csv);
          const r = analisarCsv(decodificarCsv(bytes).texto);
          expect(r.erros).toEqual([]);
          expect(r.leads.map((l) => l.nome)).toEqual(linhas.map((l) => l.nome.trim()));
          expect(r.leads.map((l) => l.objetivo_cliente)).toEqual(linhas.map((l) => l.objetivo.trim() || null));
          expect(r.leads.map((l) => Math.round(l.valor_contrato * 100))).toEqual(linhas.map((l) => l.valorCentavos));
          // a record starts after the header and every line break (\n) of the records before it
          let linha = 2;
          const esperadas = registros.map((reg) => {
            const esta = linha;
            linha += 1 + (reg.match(/\n/g)?.length ?? 0);
            return esta;
          });
          expect(r.leads.map((l) => l.linha)).toEqual(esperadas);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("never throws, whatever the text (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        const r = analisarCsv(`${CAB}\n${s}`);
        expect(r.totalErros + r.leads.length + r.duplicadas.length).toBeLessThanOrEqual(Math.max(r.totalLinhas, 0));
      }),
    );
  });
});

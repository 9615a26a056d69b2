import { describe, expect, it } from "vitest";
import { decodificarCsv } from "./leads-csv";
import { analisarCsvCustos, conteudoModeloCsvCustos, MAX_LINHAS_CSV_CUSTOS } from "./marketing-csv";
import { MSG } from "./messages";

describe("analisarCsvCustos: a cost spreadsheet as people save it", () => {
  it("reads the template", () => {
    const r = analisarCsvCustos(conteudoModeloCsvCustos());
    expect(r.erroArquivo).toBeNull();
    expect(r.custos).toEqual([
      {
        linha: 2,
        data_custo: "2026-01-31",
        plataforma: "Facebook",
        valor_gasto: 1250.9,
        campanhas_ativas: 3,
        impressoes: 85000,
        cliques: 1700,
        id_conta_anuncio: "act_123456",
        campanha: "Revisão de juros - Veículos",
        id_anuncio: "120210000000000001",
        ctr: 2,
        cpc: 0.7358,
        cpm: 14.7165,
      },
    ]);
  });

  it("reads Excel's pt-BR file: BOM, ';', quotes, CRLF, accents and capitals in headers", () => {
    const texto =
      '\uFEFFData;Plataforma;"Valor Gasto (R$)";Impressões;Cliques\r\n"01/11/2026";Google Ads;"R$ 2.500,00";"100.000";2.000\r\n\r\n';
    const r = analisarCsvCustos(texto);
    expect(r.erroArquivo).toBeNull();
    expect(r.custos).toMatchObject([
      {
        linha: 2,
        data_custo: "2026-11-01",
        plataforma: "Google",
        valor_gasto: 2500,
        impressoes: 100000,
        cliques: 2000,
        campanhas_ativas: 0,
      },
    ]);
  });

  it("reads ',' files with quoted money and Windows-1252 bytes", () => {
    const bytes = new Uint8Array([
      ...Buffer.from("data_custo,plataforma,valor_gasto,impress"),
      0xf5,
      ...Buffer.from('es\n2026-11-02,TikTok,"1.234,50",500\n'),
    ]);
    const { texto } = decodificarCsv(bytes);
    const r = analisarCsvCustos(texto);
    expect(r.erroArquivo).toBeNull();
    expect(r.custos).toMatchObject([{ plataforma: "TikTok", valor_gasto: 1234.5, impressoes: 500 }]);
  });

  it("lists every bad line by its line number, in pt-BR", () => {
    const texto = [
      "data_custo;plataforma;valor_gasto;impressoes;cliques",
      "31/02/2026;Facebook;10,00;;",
      "01/11/2026;Orkut;10,00;;",
      "01/11/2026;Google;dez reais;;",
      "01/11/2026;Google;0;;",
      "01/11/2026;Google;10,00;10;20",
      ";Google;10,00;;",
      "02/11/2026;Google;10,00;;",
      "02/11/2026;google;12,00;;",
    ].join("\n");
    const r = analisarCsvCustos(texto);
    expect(r.erros).toEqual([
      { linha: 2, mensagem: MSG.linhaComErro(2, MSG.csvDataInvalida("31/02/2026")) },
      { linha: 3, mensagem: MSG.linhaComErro(3, MSG.csvPlataformaInvalida("Orkut")) },
      { linha: 4, mensagem: MSG.linhaComErro(4, MSG.csvValorInvalido("valor_gasto", "dez reais")) },
      { linha: 5, mensagem: MSG.linhaComErro(5, MSG.valorGastoMaiorQueZero) },
      { linha: 6, mensagem: MSG.linhaComErro(6, MSG.cliquesMaioresQueImpressoes) },
      { linha: 7, mensagem: MSG.linhaComErro(7, MSG.dataCustoObrigatoria) },
      { linha: 9, mensagem: MSG.linhaComErro(9, MSG.csvCustoRepetido(8)) },
    ]);
    expect(r.totalErros).toBe(7);
    expect(r.custos).toHaveLength(1);
  });

  it("refuses files without the required headers, empty files and files too long", () => {
    expect(analisarCsvCustos("data;valor\n01/11/2026;10").erroArquivo).toBe(MSG.cabecalhosObrigatoriosAusentes(["plataforma"]));
    expect(analisarCsvCustos("  \n").erroArquivo).toBe(MSG.csvVazio);
    expect(analisarCsvCustos("data;plataforma;valor\n\n").erroArquivo).toBe(MSG.csvCustosSemLinhas);
    const linhas = Array.from({ length: MAX_LINHAS_CSV_CUSTOS + 1 }, (_, i) => `2026-01-01;Google;1,00;;;;conta${i}`);
    expect(analisarCsvCustos(`data;plataforma;valor;campanhas;impressoes;cliques;conta\n${linhas.join("\n")}`).erroArquivo).toBe(
      MSG.csvCustosMuitasLinhas(MAX_LINHAS_CSV_CUSTOS),
    );
  });

  it("reads the campaign and the ad a cost paid for, by their usual headers, and refuses a campaign too long", () => {
    const r = analisarCsvCustos(
      `Data;Plataforma;Valor;Nome da campanha;ID do anúncio\r\n01/11/2026;Facebook;100,00;Veículos;120210000000000001\r\n01/11/2026;Facebook;50,00;Casa;\r\n02/11/2026;Facebook;10,00;${"x".repeat(201)};\r\n`,
    );
    expect(r.custos.map((c) => [c.campanha, c.id_anuncio])).toEqual([
      ["Veículos", "120210000000000001"],
      ["Casa", null],
    ]);
    expect(r.erros).toEqual([{ linha: 4, mensagem: MSG.linhaComErro(4, MSG.campanhaLonga) }]);
  });

  it("counts a quoted line break inside a cell when numbering lines", () => {
    const r = analisarCsvCustos('data;plataforma;valor;conta\n01/11/2026;Google;1,00;"a\nb"\n01/11/2026;Nada;1,00;x');
    expect(r.erros).toEqual([{ linha: 4, mensagem: MSG.linhaComErro(4, MSG.csvPlataformaInvalida("Nada")) }]);
  });
});

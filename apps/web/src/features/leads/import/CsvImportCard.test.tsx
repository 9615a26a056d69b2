import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { comConsultas, stubRede } from "../../../test/network";
import { CsvImportCard } from "./CsvImportCard";

const CABECALHO =
  "nome;telefone;tipo_financiamento;valor_total_financiado;valor_parcela;quantidade_parcelas_pagas;objetivo_cliente";
const csv = (linhas: string[], nome = "leads.csv") => new File([[...linhas].join("\r\n")], nome, { type: "text/csv" });

function montar() {
  const rede = stubRede([["GET", "/api/leads/importacoes", () => ({ json: [] })]]);
  const u = userEvent.setup();
  render(comConsultas(<CsvImportCard base="/api/leads" onImportado={vi.fn()} />));
  const escolher = (f: File) => u.upload(screen.getByLabelText("Selecionar arquivo CSV"), f);
  return { u, rede, escolher };
}

describe("CSV import card", () => {
  it("previews a good file with its counts and offers to import exactly its valid leads", async () => {
    const { escolher } = montar();
    await escolher(
      csv([
        CABECALHO,
        "Ana Souza;11970001111;Carro;45.000,00;1.200,50;12;Reduzir parcelas",
        "Bruno Lima;11970002222;Casa;120.000,00;900;3;",
        "Bruno de novo;11970002222;Casa;120.000,00;900;3;",
      ]),
    );
    expect(await screen.findByText(/3 linhas de\s+leads, 2 válidas, 1 com telefone repetido no arquivo/)).toBeTruthy();
    const tabela = screen.getByRole("region", { name: "Primeiras linhas do arquivo" });
    expect(within(tabela).getByRole("cell", { name: "Ana Souza" })).toBeTruthy();
    const importar = screen.getByRole("button", { name: "Importar 2 leads" }) as HTMLButtonElement;
    expect(importar.disabled).toBe(false);
  });

  it("shows the missing headers in the spec's words and no import button at all", async () => {
    const { escolher } = montar();
    await escolher(csv(["nome;telefone;valor_parcela", "Ana;11970001111;300"]));
    expect(await screen.findByText("Cabeçalhos obrigatórios ausentes: tipo_financiamento, valor_total_financiado")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Importar/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Escolher outro arquivo" })).toBeTruthy();
  });

  it("lists each invalid row and keeps the import disabled until the file is fixed", async () => {
    const { escolher } = montar();
    await escolher(csv([CABECALHO, "Ana;11970001111;Carro;1000;100;1;", ";;Casa;2000;200;2;", "Caio;;Moto;3000;300;3;"]));
    expect(await screen.findByText("Linha 3: Campos obrigatórios ausentes (nome, telefone)")).toBeTruthy();
    expect(screen.getByText("Linha 4: Campos obrigatórios ausentes (nome, telefone)")).toBeTruthy();
    expect(screen.getByText(/, 2 com erro\./)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Importar 1 lead" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("refuses a file that is not a CSV before reading it", async () => {
    montar();
    const u = userEvent.setup({ applyAccept: false });
    await u.upload(screen.getByLabelText("Selecionar arquivo CSV"), new File(["x"], "foto.png", { type: "image/png" }));
    expect(await screen.findByText("Por favor, selecione um arquivo CSV válido.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Importar/ })).toBeNull();
  });
});

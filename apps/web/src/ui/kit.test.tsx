import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Button } from "./Button";
import { ConfirmDialog } from "./ConfirmDialog";
import { FilterCounter } from "./FilterCounter";
import { PasswordInput } from "./PasswordInput";
import { SearchInput } from "./SearchInput";
import { Table, TableEmptyRow, TBody, Td, THead, Th, Tr } from "./Table";

function Excluir({ onConfirmar }: { onConfirmar: () => Promise<unknown> }) {
  const [aberto, setAberto] = useState(false);
  return (
    <>
      <Button onClick={() => setAberto(true)}>Excluir custo</Button>
      <ConfirmDialog
        open={aberto}
        onOpenChange={setAberto}
        titulo="Excluir custo"
        mensagem="Tem certeza que deseja excluir este custo?"
        rotuloConfirmar="Excluir"
        rotuloConfirmando="Excluindo..."
        perigo
        onConfirmar={onConfirmar}
      />
    </>
  );
}

describe("Button", () => {
  it("while busy it is disabled, says so to screen readers and ignores clicks", async () => {
    const clique = vi.fn();
    render(
      <Button carregando onClick={clique}>
        Salvando...
      </Button>,
    );
    const b = screen.getByRole("button", { name: /Salvando/ }) as HTMLButtonElement;
    expect(b.disabled).toBe(true);
    expect(b.getAttribute("aria-busy")).toBe("true");
    await userEvent.setup().click(b);
    expect(clique).not.toHaveBeenCalled();
  });
});

describe("ConfirmDialog", () => {
  it("Escape cancels without confirming and focus goes back to the button that opened it", async () => {
    const confirmar = vi.fn(async () => {});
    const u = userEvent.setup();
    render(<Excluir onConfirmar={confirmar} />);
    await u.click(screen.getByRole("button", { name: "Excluir custo" }));
    const dialogo = screen.getByRole("dialog", { name: "Excluir custo" });
    expect(within(dialogo).getByText("Tem certeza que deseja excluir este custo?")).toBeTruthy();
    await u.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(confirmar).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Excluir custo" })));
  });

  it("shows progress while confirming, cannot be closed meanwhile, and closes when it succeeds", async () => {
    let terminar: () => void = () => {};
    const confirmar = vi.fn(() => new Promise<void>((r) => (terminar = r)));
    const u = userEvent.setup();
    render(<Excluir onConfirmar={confirmar} />);
    await u.click(screen.getByRole("button", { name: "Excluir custo" }));
    await u.click(screen.getByRole("button", { name: "Excluir" }));
    expect(confirmar).toHaveBeenCalledTimes(1);
    const ocupado = screen.getByRole("button", { name: /Excluindo\.\.\./ }) as HTMLButtonElement;
    expect(ocupado.disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Cancelar" }) as HTMLButtonElement).disabled).toBe(true);
    await u.keyboard("{Escape}");
    expect(screen.getByRole("dialog")).toBeTruthy();
    terminar();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("stays open to retry when confirming fails", async () => {
    const confirmar = vi.fn(async () => {
      throw new Error("Erro ao excluir custo. Tente novamente.");
    });
    const u = userEvent.setup();
    render(<Excluir onConfirmar={confirmar} />);
    await u.click(screen.getByRole("button", { name: "Excluir custo" }));
    await u.click(screen.getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect((screen.getByRole("button", { name: "Excluir" }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByRole("dialog")).toBeTruthy();
  });
});

describe("SearchInput", () => {
  it("is a named search box that reports what is typed", async () => {
    const mudou = vi.fn();
    render(
      <SearchInput
        aria-label="Buscar leads"
        placeholder="Buscar por nome, telefone ou email"
        onChange={(e) => mudou(e.target.value)}
      />,
    );
    const caixa = screen.getByRole("searchbox", { name: "Buscar leads" });
    await userEvent.setup().type(caixa, "97000");
    expect(mudou).toHaveBeenLastCalledWith("97000");
  });
});

describe("FilterCounter", () => {
  it("is a toggle button with its label and count; pressing it filters", async () => {
    const filtrar = vi.fn();
    const { rerender } = render(
      <ul>
        <FilterCounter rotulo="Em andamento" valor={12} ativo={false} onClick={filtrar} />
        <FilterCounter rotulo="Arquivados" ativo={false} onClick={() => {}} />
      </ul>,
    );
    const botao = screen.getByRole("button", { name: "Em andamento 12" });
    expect(botao.getAttribute("aria-pressed")).toBe("false");
    await userEvent.setup().click(botao);
    expect(filtrar).toHaveBeenCalledTimes(1);
    // a count not loaded yet shows a dash, never 0
    expect(screen.getByRole("button", { name: "Arquivados —" })).toBeTruthy();
    rerender(
      <ul>
        <FilterCounter rotulo="Em andamento" valor={12} ativo onClick={filtrar} />
      </ul>,
    );
    expect(screen.getByRole("button", { name: "Em andamento 12" }).getAttribute("aria-pressed")).toBe("true");
  });
});

describe("Table", () => {
  it("with a label it is a named, keyboard-scrollable region; headers are column headers; the empty row spans all", () => {
    render(
      <Table rotulo="Leads">
        <THead>
          <tr>
            <Th>Nome</Th>
            <Th>Telefone</Th>
          </tr>
        </THead>
        <TBody>
          <Tr>
            <Td>Ana</Td>
            <Td>(11) 97000-1111</Td>
          </Tr>
          <TableEmptyRow colunas={2}>Nenhum lead encontrado</TableEmptyRow>
        </TBody>
      </Table>,
    );
    const regiao = screen.getByRole("region", { name: "Leads" });
    expect(regiao.tabIndex).toBe(0);
    expect(
      within(regiao)
        .getAllByRole("columnheader")
        .map((c) => c.textContent),
    ).toEqual(["Nome", "Telefone"]);
    expect(screen.getByRole("cell", { name: "Nenhum lead encontrado" }).getAttribute("colspan")).toBe("2");
  });
});

describe("PasswordInput", () => {
  it("shows and hides the password with a named toggle", async () => {
    const u = userEvent.setup();
    render(<PasswordInput aria-label="Senha" defaultValue="segredo1" />);
    const campo = screen.getByLabelText("Senha") as HTMLInputElement;
    expect(campo.type).toBe("password");
    await u.click(screen.getByRole("button", { name: "Mostrar senha" }));
    expect(campo.type).toBe("text");
    await u.click(screen.getByRole("button", { name: "Ocultar senha" }));
    expect(campo.type).toBe("password");
  });
});

import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Button } from "./Button";
import { Dialog } from "./Dialog";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "./DropdownMenu";

function Abridor() {
  const [aberto, setAberto] = useState(false);
  return (
    <>
      <Button onClick={() => setAberto(true)}>Abrir</Button>
      <Dialog open={aberto} onOpenChange={setAberto} titulo="Editar lead" rodape={<Button>Salvar</Button>} />
    </>
  );
}

describe("Dialog", () => {
  it("opens with its title announced, closes on Escape and gives focus back to the button that opened it", async () => {
    const u = userEvent.setup();
    render(<Abridor />);
    await u.click(screen.getByRole("button", { name: "Abrir" }));
    const dialogo = screen.getByRole("dialog", { name: "Editar lead" });
    expect(dialogo.contains(document.activeElement)).toBe(true);
    await u.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Abrir" })));
  });
});

function LinhaComMenu() {
  const [aberto, setAberto] = useState(false);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button aria-label="Mais ações de Ana">…</Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => setAberto(true)}>Alterar status</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Dialog open={aberto} onOpenChange={setAberto} titulo="Alterar status" />
    </>
  );
}

describe("Dialog opened from a row's 'Mais ações' menu", () => {
  it("gives focus back to the row's 'Mais ações' button when it closes, not to the page body", async () => {
    const u = userEvent.setup();
    render(<LinhaComMenu />);
    const gatilho = screen.getByRole("button", { name: "Mais ações de Ana" });
    gatilho.focus();
    await u.keyboard("{Enter}");
    await u.click(await screen.findByRole("menuitem", { name: "Alterar status" }));
    const dialogo = await screen.findByRole("dialog", { name: "Alterar status" });
    await waitFor(() => expect(dialogo.contains(document.activeElement)).toBe(true));
    await u.click(screen.getByRole("button", { name: "Fechar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(gatilho));
  });
});

import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Button } from "./Button";
import { LazyActionMenu } from "./LazyActionMenu";

describe("LazyActionMenu (a menu whose code loads on the first opening)", () => {
  it("is a plain menu button until clicked; then the menu opens, runs the chosen item and can be opened again", async () => {
    const u = userEvent.setup();
    const escolhido = vi.fn();
    render(
      <LazyActionMenu
        gatilho={<Button aria-label="Mais ações de Ana">…</Button>}
        itens={[
          { rotulo: "Histórico", onSelect: () => escolhido("historico") },
          { rotulo: "Excluir", perigo: true, separado: true, onSelect: () => escolhido("excluir") },
        ]}
      />,
    );
    const botao = screen.getByRole("button", { name: "Mais ações de Ana" });
    expect(botao.getAttribute("aria-haspopup")).toBe("menu");
    expect(botao.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("menu")).toBeNull();

    await u.click(botao);
    const menu = await screen.findByRole("menu");
    expect(screen.getAllByRole("menuitem").map((i) => i.textContent)).toEqual(["Histórico", "Excluir"]);
    expect(menu.querySelector('[role="separator"]')).not.toBeNull();
    // while open, the (modal) menu hides the rest of the page from assistive technology
    expect(screen.getByRole("button", { name: "Mais ações de Ana", hidden: true }).getAttribute("aria-expanded")).toBe("true");
    await u.click(screen.getByRole("menuitem", { name: "Excluir" }));
    expect(escolhido).toHaveBeenCalledWith("excluir");
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());

    // the real (Radix) menu now: it opens again from its trigger, with the keyboard too
    screen.getByRole("button", { name: "Mais ações de Ana" }).focus();
    await u.keyboard("{Enter}");
    await u.click(await screen.findByRole("menuitem", { name: "Histórico" }));
    expect(escolhido).toHaveBeenLastCalledWith("historico");
  });
});

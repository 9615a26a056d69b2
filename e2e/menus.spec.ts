import { expect, test } from "@playwright/test";
import { CONTAS_DEMO } from "../packages/domain/src/demo";
import { MENUS } from "../packages/domain/src/menus";
import { LoginPage } from "./support/pages";

for (const conta of CONTAS_DEMO) {
  test(`demo sign-in as ${conta.rotulo} shows exactly that role's menu`, async ({ page }) => {
    const login = new LoginPage(page);
    await login.abrir();
    await login.entrarComDemo(conta.rotulo);
    const menu = page.getByRole("navigation", { name: "Menu principal" });
    // the entry's own words (a count badge, like the admin's waiting leads, is not part of them); waited for: the
    // shell renders its menu after the sign-in's navigation (CI once read it while it was still empty)
    const esperado = [...MENUS[conta.papel].map((m) => m.label), "Meu Perfil"];
    await expect(menu.locator("[data-rotulo-menu]")).toHaveText(esperado);
    await expect(page.getByText(conta.email).first()).toBeVisible();
    await expect(page.getByText(conta.papel).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Sair" })).toBeVisible();
  });
}

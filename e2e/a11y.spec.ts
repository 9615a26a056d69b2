import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { LoginPage } from "./support/pages";

test("login, register and the dashboard shell have no serious accessibility violations", async ({ page }) => {
  const serias = async () =>
    (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
  expect(await serias()).toEqual([]);
  await page.goto("/register");
  await expect(page.getByText("Dados da Empresa")).toBeVisible();
  expect(await serias()).toEqual([]);
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo("Admin Empresa");
  expect(await serias()).toEqual([]);
});

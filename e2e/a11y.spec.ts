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

test("/financeiro has no serious accessibility violations, its filters open", async ({ page }) => {
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo("Admin Empresa");
  await page.goto("/financeiro");
  await expect(page.getByRole("heading", { name: "Dashboard Financeiro" })).toBeVisible();
  await expect(page.getByTestId("grafico-tendencia")).toBeVisible();
  await page.getByRole("button", { name: "Filtros avançados" }).click();
  const violacoes = (await new AxeBuilder({ page }).analyze()).violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(violacoes).toEqual([]);
});

test("the legal dashboard, /juridico-leads and the read-only WhatsApp status have no serious accessibility violations", async ({
  page,
}) => {
  // three screens and two sign-ins: on a loaded machine this outlasts the default minute
  test.setTimeout(120_000);
  const serias = async () =>
    (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo("Admin Empresa");
  await page.goto("/juridico");
  await expect(page.getByRole("list", { name: "Contadores de processos" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Processos por status jurídico" })).toBeVisible();
  expect(await serias()).toEqual([]);
  await page.goto("/juridico-leads");
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  expect(await serias()).toEqual([]);
  await page.getByRole("button", { name: "Sair" }).click();
  await login.abrir();
  await login.entrarComDemo("Jurídico");
  await page.goto("/qr-code");
  await expect(page.getByTestId("status-conexao")).toBeVisible();
  expect(await serias()).toEqual([]);
});

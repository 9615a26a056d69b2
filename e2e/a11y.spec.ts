import { expect, test } from "@playwright/test";
import { analisarAxe } from "./support/axe";
import { LoginPage } from "./support/pages";

test("login, register and the dashboard shell have no moderate or serious accessibility violations", async ({ page }) => {
  // three pages and a sign-in: on a loaded machine this outlasts the default minute
  test.setTimeout(120_000);
  const serias = async () =>
    (await analisarAxe(page)).violations.filter(
      (v) => v.impact === "serious" || v.impact === "critical" || v.impact === "moderate",
    );
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

test("/financeiro has no moderate or serious accessibility violations, its filters open", async ({ page }) => {
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo("Admin Empresa");
  await page.goto("/financeiro");
  await expect(page.getByRole("heading", { name: "Dashboard Financeiro" })).toBeVisible();
  await expect(page.getByTestId("grafico-tendencia")).toBeVisible();
  await page.getByRole("button", { name: "Filtros avançados" }).click();
  const violacoes = (await analisarAxe(page)).violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical" || v.impact === "moderate",
  );
  expect(violacoes).toEqual([]);
});

test("the legal dashboard, /juridico-leads and the read-only WhatsApp status have no moderate or serious accessibility violations", async ({
  page,
}) => {
  // three screens and two sign-ins: on a loaded machine this outlasts the default minute
  test.setTimeout(120_000);
  const serias = async () =>
    (await analisarAxe(page)).violations.filter(
      (v) => v.impact === "serious" || v.impact === "critical" || v.impact === "moderate",
    );
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

test("/empresas, /empresa/{id} and /empresa/{id}/management have no moderate or serious accessibility violations", async ({
  page,
}) => {
  const serias = async () =>
    (await analisarAxe(page)).violations.filter(
      (v) => v.impact === "serious" || v.impact === "critical" || v.impact === "moderate",
    );
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo("Admin Plataforma");
  await page.goto("/empresas");
  await expect(page.getByRole("link", { name: "Revisão Demo Ltda" })).toBeVisible();
  expect(await serias()).toEqual([]);
  await page.getByRole("link", { name: "Revisão Demo Ltda" }).click();
  await expect(page.getByRole("heading", { name: "Revisão Demo Ltda" })).toBeVisible();
  expect(await serias()).toEqual([]);
  await page.getByRole("link", { name: "Gestão de usuários" }).click();
  await expect(page.getByRole("list", { name: "Usuários da empresa" })).toBeVisible();
  expect(await serias()).toEqual([]);
});

test("'Meus prazos' (/prazos) has no moderate or serious accessibility violations, with its urgency groups", async ({ page }) => {
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo("Jurídico");
  await page.goto("/prazos");
  await expect(page.getByRole("list", { name: "Vencido" })).toBeVisible();
  const violacoes = (await analisarAxe(page)).violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical" || v.impact === "moderate",
  );
  expect(violacoes).toEqual([]);
});

test("the platform admin's /dashboard, /analytics and /usuarios have no moderate or serious accessibility violations", async ({
  page,
}) => {
  const serias = async () =>
    (await analisarAxe(page)).violations.filter(
      (v) => v.impact === "serious" || v.impact === "critical" || v.impact === "moderate",
    );
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo("Admin Plataforma");
  await expect(page.getByTestId("grafico-crescimento")).toBeVisible();
  expect(await serias()).toEqual([]);
  await page.goto("/analytics");
  await expect(page.getByRole("region", { name: "Indicadores por empresa" })).toBeVisible();
  expect(await serias()).toEqual([]);
  await page.goto("/usuarios");
  await expect(page.getByRole("region", { name: "Usuários da plataforma" })).toBeVisible();
  expect(await serias()).toEqual([]);
});

test("/documentos and its preview dialog have no moderate or serious accessibility violations", async ({ page }) => {
  const serias = async () =>
    (await analisarAxe(page)).violations.filter(
      (v) => v.impact === "serious" || v.impact === "critical" || v.impact === "moderate",
    );
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo("Jurídico");
  await page.goto("/documentos");
  await expect(page.getByRole("list", { name: "Documentos" }).getByRole("listitem").first()).toBeVisible();
  expect(await serias()).toEqual([]);
  await page.getByLabel("Tipo", { exact: true }).selectOption({ label: "Imagem" });
  await page
    .getByRole("list", { name: "Documentos" })
    .getByRole("button", { name: /^Visualizar .*\.png$/ })
    .first()
    .click();
  // an image: axe does not wait on a PDF viewer's frame, which never answers it
  await expect(page.getByRole("dialog").getByRole("img")).toBeVisible();
  expect(await serias()).toEqual([]);
});

test("/assinatura and /planos have no moderate or serious accessibility violations", async ({ page }) => {
  const serias = async () =>
    (await analisarAxe(page)).violations.filter(
      (v) => v.impact === "serious" || v.impact === "critical" || v.impact === "moderate",
    );
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo("Admin Empresa");
  await page.goto("/assinatura");
  await expect(page.getByTestId("plano-atual")).toBeVisible();
  await expect(page.getByText("Histórico de faturas")).toBeVisible();
  expect(await serias()).toEqual([]);
  await page.goto("/planos");
  await expect(page.getByLabel("Plano Premium")).toBeVisible();
  expect(await serias()).toEqual([]);
});

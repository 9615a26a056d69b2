import { expect, type Page, test } from "@playwright/test";
import { analisarAxe } from "./support/axe";
import { csrfHeader, fecharContextos, LoginPage } from "./support/pages";

test.afterEach(async ({ browser }) => fecharContextos(browser));

async function entrarComoAdmin(page: Page) {
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo("Admin Empresa");
}

/** A header card of the dashboard, by its title. */
const cartao = (page: Page, titulo: string) =>
  page
    .getByTestId("cartoes-dashboard")
    .locator("section")
    .filter({ has: page.getByText(titulo, { exact: true }) });
const valor = (page: Page, titulo: string) => cartao(page, titulo).locator("p").nth(1);
const numero = async (page: Page, titulo: string) => Number(((await valor(page, titulo).textContent()) ?? "").replace(/\D/g, ""));

async function violacoesSerias(page: Page) {
  const { violations } = await analisarAxe(page);
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
}

test("the admin's dashboard: real figures on the demo, charts, another period, and a card that follows a new lead live", async ({
  page,
  browser,
}) => {
  await entrarComoAdmin(page);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.locator("#conteudo").getByText("Revisão Demo Ltda")).toBeVisible();
  await expect(page.getByText("Plano Premium")).toBeVisible();

  // the 8 cards, with real figures: the demo's screening history gives 'Eficiência IA' a value
  for (const titulo of [
    "Total de Leads",
    "Qualificados no período",
    "Em atendimento agora",
    "Taxa de Conversão",
    "Total de Consultores",
    "Consultores Online",
    "Eficiência IA",
    "Processos Jurídicos",
  ]) {
    await expect(cartao(page, titulo)).toBeVisible();
  }
  await expect(valor(page, "Eficiência IA")).toHaveText(/^\d+%$/);
  await expect(cartao(page, "Eficiência IA")).not.toContainText("N/A");
  for (const titulo of ["Total de Leads", "Qualificados no período", "Taxa de Conversão", "Eficiência IA"]) {
    await expect(cartao(page, titulo)).toContainText(/[+-]?\d+(,\d)?% vs período anterior/);
  }
  expect(await numero(page, "Total de Leads")).toBeGreaterThan(0);
  expect(await numero(page, "Total de Consultores")).toBe(6);

  // the charts arrive in their own chunk, with their figures in a table for screen readers
  await expect(page.getByTestId("grafico-leads").locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(page.getByTestId("grafico-status").locator(".recharts-pie-sector").first()).toBeVisible();
  await expect(page.getByText("Total, qualificados e convertidos, por semana")).toBeVisible();
  await expect(page.getByRole("table", { name: /Leads por período/, includeHidden: true })).toHaveCount(1);
  await expect(page.getByTestId("atividades-empresa").getByRole("listitem").first()).toBeVisible();
  expect(await violacoesSerias(page)).toEqual([]);

  // another period: this year, by month, with more leads than the last 30 days
  const ultimos30 = await numero(page, "Total de Leads");
  await page.getByLabel("Período", { exact: true }).selectOption({ label: "Este Ano" });
  await expect(page.getByText("Total, qualificados e convertidos, por mês")).toBeVisible();
  await expect.poll(() => numero(page, "Total de Leads")).toBeGreaterThan(ultimos30);

  // a lead created by someone else (another session of the company) shows up without a reload
  const antes = await numero(page, "Total de Leads");
  const outra = await browser.newContext();
  const colega = await outra.newPage();
  await entrarComoAdmin(colega);
  const marca = Date.now().toString(36);
  const res = await colega.request.post("/api/leads", {
    headers: await csrfHeader(colega),
    data: {
      nome: `Painel Ao Vivo ${marca}`,
      email: `painel.${marca}@exemplo.com`,
      valor_parcela: "800,00",
      quantidade_parcelas_pagas: "10",
      objetivo_cliente: "Reduzir as parcelas",
      telefone: `(31) 9${String(Date.now() % 1e8).padStart(8, "0")}`,
      tipo_financiamento: "Carro",
      valor_total_financiado: "30.000,00",
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await expect.poll(() => numero(page, "Total de Leads")).toBe(antes + 1);
  await page.getByRole("button", { name: "Atualizar atividades" }).click();
  await expect(page.getByTestId("atividades-empresa")).toContainText("Painel Ao Vivo");
});

test("the dashboard fits a 390 px phone without horizontal scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await entrarComoAdmin(page);
  // on a phone the charts are below the eight cards: they load when scrolled near (decision 1504)
  await expect(page.getByTestId("cartoes-dashboard")).toBeVisible();
  await page.getByText("Estatísticas de Leads").scrollIntoViewIfNeeded();
  await expect(page.getByTestId("grafico-leads")).toBeVisible();
  await expect(page.getByTestId("grafico-status")).toBeVisible();
  const largura = (await page.evaluate(
    "({ total: document.documentElement.scrollWidth, visivel: document.documentElement.clientWidth })",
  )) as { total: number; visivel: number };
  expect(largura.total).toBeLessThanOrEqual(largura.visivel);
  expect(await violacoesSerias(page)).toEqual([]);
});

import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { analisarAxe } from "./support/axe";
import { LoginPage } from "./support/pages";

async function entrar(page: Page, papel: string) {
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo(papel);
}

const serias = async (page: Page) =>
  (await analisarAxe(page)).violations.filter((v) => v.impact === "serious" || v.impact === "critical");

const diaBR = (iso: string) => iso.split("-").reverse().join("/");
/** The period and trend the server computed for its own now (decision 1931): the screen must show the same. */
const lerPeriodo = async (page: Page, periodo: string) =>
  (await (await page.request.get(`/api/financeiro?periodo=${periodo}`)).json()) as {
    periodo: { inicio: string; fim: string };
    tendencia: { agrupamento: "dia" | "semana" };
  };

const valorDoCartao = async (page: Page, titulo: string) =>
  ((await page.getByRole("region", { name: titulo }).locator("p").nth(1).textContent()) ?? "").replace(/\s/g, " ").trim();

test("an admin opens /financeiro, changes the period, filters, sees the ranking and exports the figures", async ({ page }) => {
  // a whole journey with several loads and two axe passes on a shared 2-core machine
  test.setTimeout(180_000);
  await entrar(page, "Admin Empresa");
  await page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Financeiro" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard Financeiro" })).toBeVisible();
  for (const titulo of [
    "Receita Total",
    "Custos Totais",
    "Lucro Líquido",
    "ROI",
    "Leads Totais",
    "Contratos Fechados",
    "Custo por Lead",
    "Valor Médio por Conversão",
  ]) {
    await expect(page.getByRole("region", { name: titulo })).toContainText("vs período anterior");
  }
  // the demo's last 30 days have revenue and costs
  await expect(page.getByRole("region", { name: "Receita Total" })).not.toContainText("R$ 0,00");
  await expect(page.getByRole("region", { name: "Custos Totais" })).not.toContainText("R$ 0,00");
  const trinta = await lerPeriodo(page, "last30days");
  await expect(page.getByText(/^Período: /)).toContainText(`${diaBR(trinta.periodo.inicio)} a ${diaBR(trinta.periodo.fim)}`);
  await expect(page.getByTestId("grafico-tendencia")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("list", { name: "Custos por Plataforma" })).toContainText("Facebook");
  await expect(page.getByRole("list", { name: "Receita por Origem" }).getByRole("listitem").first()).toBeVisible();
  const ranking = page.getByRole("list", { name: "Ranking de vendas por consultor" });
  await expect(ranking.getByText("1º lugar")).toBeAttached();

  // 'Valor recuperável estimado' (decision 1404): the demo leads' contracts, once the start-up sweep computed them
  const recuperavel = page.getByRole("region", { name: "Valor recuperável estimado" });
  await expect(async () => {
    await page.getByRole("button", { name: "Atualizar" }).click();
    await expect(recuperavel.getByTestId("recuperavel-total")).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 90_000 });
  const api = (await (await page.request.get("/api/financeiro?periodo=last30days")).json()).recuperavel;
  expect(api.total).toBeGreaterThan(api.ateAgora);
  expect(api.ateAgora).toBeGreaterThan(0);
  const brl = (n: number) => n.toLocaleString("pt-BR", { style: "currency", currency: "BRL" }).replace(/\s/g, " ");
  const texto = async (id: string) => ((await recuperavel.getByTestId(id).textContent()) ?? "").replace(/\s/g, " ");
  expect(await texto("recuperavel-total")).toBe(brl(api.total));
  expect(await texto("recuperavel-ate-agora")).toBe(brl(api.ateAgora));
  const faixas = recuperavel.getByRole("list", { name: "Valor recuperável estimado por faixa da taxa" }).getByRole("listitem");
  await expect(faixas).toHaveCount(api.porFaixa.length);
  await expect(faixas.first()).toContainText(api.porFaixa[0].rotulo);
  await expect(recuperavel).toContainText(
    "Estimativa a partir dos dados informados. Não é parecer jurídico nem garantia de resultado.",
  );
  expect(await serias(page)).toEqual([]);

  // 'Alterar' takes the keyboard to the period; this year is weekly
  await page.getByRole("button", { name: "Alterar" }).click();
  await expect(page.getByLabel("Período", { exact: true })).toBeFocused();
  const receita30 = await valorDoCartao(page, "Receita Total");
  await page.getByLabel("Período", { exact: true }).selectOption({ label: "Este Ano" });
  // from 01/01 of São Paulo's year; daily in the first weeks of January, weekly after (agrupamentoTendencia)
  const ano = await lerPeriodo(page, "thisYear");
  expect(ano.periodo.inicio).toMatch(/^\d{4}-01-01$/);
  await expect(page.getByText(/^Período: /)).toContainText(`${diaBR(ano.periodo.inicio)} a ${diaBR(ano.periodo.fim)}`);
  await expect(
    page.getByText(ano.tendencia.agrupamento === "dia" ? "Por dia" : "Por semana (7 dias)", { exact: true }),
  ).toBeVisible();
  await expect.poll(() => valorDoCartao(page, "Receita Total")).not.toBe(receita30);

  // the advanced filters: platform narrows the costs
  const custosAno = await valorDoCartao(page, "Custos Totais");
  await page.getByRole("button", { name: "Filtros avançados" }).click();
  await page.getByLabel("Plataforma", { exact: true }).selectOption("Facebook");
  await expect(page.getByRole("button", { name: /Filtros avançados/ })).toContainText("1 ativo");
  await expect.poll(() => valorDoCartao(page, "Custos Totais")).not.toBe(custosAno);
  await expect(page.getByRole("list", { name: "Custos por Plataforma" }).getByRole("listitem")).toHaveCount(1);

  // the CSV holds the screen's figures, in pt-BR
  const receitaTela = (await valorDoCartao(page, "Receita Total")).replace("R$ ", "").replace(/\u00a0/g, "");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Exportar CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^financeiro-\d{4}-01-01-a-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) as string, "utf8");
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const linhas = csv.slice(1).split("\r\n");
  expect(linhas[0]).toMatch(/^Dashboard Financeiro;01\/01\/\d{4} a /);
  expect(linhas.find((l) => l.startsWith("Receita Total (R$);"))?.split(";")[1]).toBe(receitaTela);
  expect(linhas).toContain("Plataforma;Custo (R$)");
  expect(linhas.filter((l) => /^(Facebook|Google|Instagram|LinkedIn|TikTok|Outro);/.test(l)).map((l) => l.split(";")[0])).toEqual(
    ["Facebook"],
  );
  expect(linhas).toContain("Posição;Consultor;Vendas;Total (R$);Média (R$)");
  expect(linhas.some((l) => /^1;[^;]+;\d+;[\d.]+,\d{2};[\d.]+,\d{2}$/.test(l))).toBe(true);

  // a day with no sale: the ranking's empty state in the spec's words
  await page.getByRole("button", { name: "Limpar filtros" }).click();
  await page.getByLabel("Período", { exact: true }).selectOption({ label: "Personalizado" });
  await page.getByLabel("Data inicial").fill("2001-01-01");
  await page.getByLabel("Data final").fill("2001-01-02");
  await expect(page.getByText("Nenhum dado de vendas para consultores no período.")).toBeVisible();
  await expect(page.getByText("Nenhum lead em aberto com pré-análise calculada no período.")).toBeVisible();
  expect(await serias(page)).toEqual([]);
});

test("a Consultor gets the denial", async ({ page }) => {
  await entrar(page, "Consultor");
  await page.goto("/financeiro");
  await expect(page.getByText("Acesso Negado - Apenas administradores podem acessar o dashboard financeiro.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Exportar CSV" })).toHaveCount(0);
  expect(await serias(page)).toEqual([]);
});

test("/financeiro at 390 px: no horizontal page scroll, no serious accessibility violations", async ({ browser }) => {
  test.setTimeout(120_000);
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  await entrar(page, "Admin Empresa");
  await page.goto("/financeiro");
  // the charts' chunk loads after the cards: on a busy machine it may take a while
  await expect(page.getByTestId("grafico-tendencia")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Filtros avançados" }).click();
  await expect(page.getByLabel("Campanha", { exact: true })).toBeVisible();
  const largura = (await page.evaluate(
    "({ total: document.documentElement.scrollWidth, visivel: document.documentElement.clientWidth })",
  )) as { total: number; visivel: number };
  // on failure, the message names the innermost elements that pass the right edge
  const largos = (await page.evaluate(
    `[...document.querySelectorAll("main *")].filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5 && ![...e.children].some((f) => f.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)).slice(0, 5).map((e) => e.tagName + " " + (e.getAttribute("class") || "").slice(0, 80) + " | " + (e.textContent || "").slice(0, 50))`,
  )) as string[];
  expect(largura.total, largos.join("\n")).toBeLessThanOrEqual(largura.visivel);
  expect(await serias(page)).toEqual([]);
  await ctx.close();
});

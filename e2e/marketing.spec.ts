import { expect, type Page, test } from "@playwright/test";
import { analisarAxe } from "./support/axe";
import { LoginPage } from "./support/pages";

/** Today in São Paulo as a spreadsheet writes it (dd/mm/aaaa). */
const hojeBR = () =>
  new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric" }).format(
    new Date(),
  );

async function entrar(page: Page, papel: string) {
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo(papel);
}

/** Serious or critical axe findings of the screen, once its toasts have gone (e2e/support/axe.ts). */
const serias = async (page: Page) =>
  (await analisarAxe(page)).violations.filter((v) => v.impact === "serious" || v.impact === "critical");

async function filtrarHoje(page: Page) {
  await page.getByLabel("Período", { exact: true }).selectOption({ label: "Hoje" });
  await expect(page.getByText(`Período: ${hojeBR()} a ${hojeBR()}`, { exact: true })).toBeVisible();
}

test("an admin adds a cost, edits it, deletes it and imports a spreadsheet", async ({ page }) => {
  await entrar(page, "Admin Empresa");
  await page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Marketing" }).click();
  await expect(page.getByRole("heading", { name: "Custos de Marketing" })).toBeVisible();
  // the demo's last 30 days of ad spend
  const tabela = page.getByRole("region", { name: "Custos de marketing" });
  await expect(tabela.getByRole("row")).toHaveCount(21); // header + a page of 20
  await expect(page.getByText("Gasto por plataforma")).toBeVisible();
  expect(await serias(page)).toEqual([]);

  // today has no cost yet
  await filtrarHoje(page);
  await expect(tabela.getByText("Nenhum custo encontrado para o período selecionado")).toBeVisible();

  // add: the amount in BRL with cents; the server computes CTR, CPC and CPM
  await page.getByRole("button", { name: "Adicionar Custo" }).click();
  const dialogo = page.getByRole("dialog", { name: "Adicionar Custo" });
  await dialogo.getByRole("button", { name: "Salvar" }).click();
  await expect(dialogo.getByText("Plataforma é obrigatória")).toBeVisible();
  await expect(dialogo.getByText("Valor gasto é obrigatório")).toBeVisible();
  await dialogo.getByLabel("Plataforma").selectOption("LinkedIn");
  await dialogo.getByLabel("Valor gasto (R$)").fill("R$ 1.234,56");
  await dialogo.getByLabel("Impressões").fill("10a000");
  await expect(dialogo.getByLabel("Impressões")).toHaveValue("10000");
  await dialogo.getByLabel("Cliques").fill("500");
  expect(await serias(page)).toEqual([]);
  await dialogo.getByRole("button", { name: "Salvar" }).click();
  await expect(dialogo).toBeHidden();
  const linha = tabela.getByRole("row").filter({ hasText: "LinkedIn" });
  await expect(linha).toContainText("R$ 1.234,56");
  await expect(linha).toContainText("5,00%");
  await expect(linha).toContainText("R$ 2,47"); // CPC 1234.56 / 500
  await expect(page.getByRole("region", { name: "Resumo do período" })).toContainText("R$ 1.234,56");

  // edit
  await linha.getByRole("button", { name: /Editar custo de LinkedIn/ }).click();
  const edicao = page.getByRole("dialog", { name: "Editar Custo" });
  await expect(edicao.getByLabel("Valor gasto (R$)")).toHaveValue("1.234,56");
  await edicao.getByLabel("Valor gasto (R$)").fill("2.000,00");
  await edicao.getByRole("button", { name: "Salvar" }).click();
  await expect(edicao).toBeHidden();
  await expect(linha).toContainText("R$ 2.000,00");
  await expect(linha).toContainText("R$ 4,00");

  // delete, after the spec's question
  await linha.getByRole("button", { name: /Excluir custo de LinkedIn/ }).click();
  const confirmar = page.getByRole("dialog", { name: "Excluir Custo" });
  await expect(confirmar).toContainText("Tem certeza que deseja excluir este custo?");
  await confirmar.getByRole("button", { name: "Excluir" }).click();
  await expect(tabela.getByText("Nenhum custo encontrado para o período selecionado")).toBeVisible();

  // import: a bad spreadsheet is refused whole with its lines, a good one goes in
  await page.getByRole("button", { name: "Importar CSV" }).click();
  const importar = page.getByRole("dialog", { name: "Importar Custos (CSV)" });
  const arquivo = importar.getByLabel("Arquivo CSV (até 16MB)");
  const cabecalho = "Data;Plataforma;Valor Gasto;Impressões;Cliques";
  await arquivo.setInputFiles({
    name: "custos.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`${cabecalho}\r\n${hojeBR()};Google;"150,00";1.000;20\r\n${hojeBR()};Orkut;10,00;;\r\n`),
  });
  await importar.getByRole("button", { name: "Importar" }).click();
  await expect(importar.getByRole("alert")).toContainText("Nenhum custo foi importado");
  await expect(importar.getByRole("alert")).toContainText("Linha 3: Plataforma inválida (Orkut)");
  expect(await serias(page)).toEqual([]);
  await arquivo.setInputFiles({
    name: "custos.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`\uFEFF${cabecalho}\r\n${hojeBR()};Google Ads;"150,00";1.000;20\r\n${hojeBR()};TikTok;"49,90";;\r\n`),
  });
  await importar.getByRole("button", { name: "Importar" }).click();
  await expect(importar).toBeHidden();
  await expect(page.getByText("2 custos importados.")).toBeVisible();
  await expect(tabela.getByRole("row").filter({ hasText: "Google" })).toContainText("R$ 150,00");
  await expect(tabela.getByRole("row").filter({ hasText: "TikTok" })).toContainText("R$ 49,90");
});

test("a Consultor gets the spec's denial", async ({ page }) => {
  await entrar(page, "Consultor");
  await page.goto("/marketing");
  await expect(page.getByText("Acesso Negado - Apenas administradores podem acessar os custos de marketing.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Adicionar Custo" })).toHaveCount(0);
  expect(await serias(page)).toEqual([]);
});

test("/marketing at 390 px: no horizontal page scroll, no serious accessibility violations", async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  await entrar(page, "Admin Empresa");
  await page.goto("/marketing");
  await expect(page.getByRole("region", { name: "Custos de marketing" }).getByRole("row")).toHaveCount(21);
  const largura = (await page.evaluate(
    "({ total: document.documentElement.scrollWidth, visivel: document.documentElement.clientWidth })",
  )) as { total: number; visivel: number };
  expect(largura.total).toBeLessThanOrEqual(largura.visivel);
  expect(await serias(page)).toEqual([]);
  await page.getByRole("button", { name: "Adicionar Custo" }).click();
  await expect(page.getByRole("dialog", { name: "Adicionar Custo" })).toBeVisible();
  expect(await serias(page)).toEqual([]);
  await ctx.close();
});

import { expect, type Page, test } from "@playwright/test";
import { analisarAxe } from "./support/axe";
import { LoginPage } from "./support/pages";

/**
 * The subscription state machine (decision 1621) as people meet it: an inactive company's admin is told what to do,
 * cannot change a lead, reactivates from /assinatura and can again; a suspended company's admin signs in, lands on
 * /assinatura and pays the invoice that brings the company back. Demo companies no other spec changes.
 */
const NOVA_TAXA = { nome: "Nova Taxa Revisões", admin: "admin@novataxa.com.br" };
const AMPARO = { nome: "Amparo Consultoria de Crédito", admin: "admin@amparocredito.com.br" };
const INATIVA =
  "A assinatura da empresa está inativa: os dados podem ser consultados, mas não alterados. Reative a assinatura em Assinatura para voltar a alterar dados.";

const serias = async (page: Page) =>
  (await analisarAxe(page)).violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical" || v.impact === "moderate",
  );
async function semRolagemHorizontal(page: Page) {
  const largura = await page.evaluate<number>("document.documentElement.scrollWidth - document.documentElement.clientWidth");
  expect(largura).toBeLessThanOrEqual(0);
}

async function entrar(page: Page, email: string) {
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrar(email, "demo1234");
}

async function mudarStatusDoPrimeiroLead(page: Page, status: string) {
  await page.goto("/leads");
  const linha = page.getByRole("row").nth(1);
  await linha.getByRole("button", { name: /^Mais ações de / }).click();
  await page.getByRole("menuitem", { name: "Alterar status" }).click();
  const dialogo = page.getByRole("dialog", { name: "Alterar status" });
  await dialogo.getByLabel("Status").selectOption(status);
  await dialogo.getByRole("button", { name: "Salvar" }).click();
  return dialogo;
}

test("a company goes Inativo: its admin cannot change a lead, reactivates from /assinatura, and can again", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // the operator sets the company Inativo on /empresa/{id}/subscription
  const operador = await (await browser.newContext()).newPage();
  await new LoginPage(operador).abrir();
  await new LoginPage(operador).entrarComDemo("Admin Plataforma");
  await operador.goto("/empresas");
  await operador.getByRole("searchbox", { name: "Buscar empresas" }).fill("Nova Taxa");
  await operador.getByRole("link", { name: NOVA_TAXA.nome }).click();
  await expect(operador).toHaveURL(/\/empresa\/[0-9a-f-]{36}$/);
  await operador.goto(`${new URL(operador.url()).pathname}/subscription`);
  await operador.getByLabel("Status").selectOption("Inativo");
  await operador.getByRole("button", { name: "Alterar status" }).click();
  await expect(operador.getByText("Assinatura da empresa atualizada.")).toBeVisible();

  // its admin reads what to do on every page, and a lead's status change is refused with it
  const page = await (await browser.newContext()).newPage();
  await entrar(page, NOVA_TAXA.admin);
  await expect(page.getByTestId("aviso-assinatura")).toHaveText(INATIVA);
  const recusado = await mudarStatusDoPrimeiroLead(page, "Em Atendimento");
  await expect(page.getByText(INATIVA).last()).toBeVisible();
  await expect(recusado).toBeVisible(); // nothing saved: the dialog stays open
  await recusado.getByRole("button", { name: "Cancelar" }).click();
  // a full-height page (the chat) shows the notice above it and keeps its composer in view
  await page
    .getByRole("row")
    .nth(1)
    .getByRole("link", { name: /^Abrir chat de / })
    .click();
  await expect(page.getByTestId("aviso-assinatura")).toHaveText(INATIVA);
  await expect(page.getByRole("combobox", { name: "Mensagem", exact: true })).toBeInViewport({ ratio: 1 });
  await page.goto("/leads");

  // /assinatura offers the way back; no 'Desfazer cancelamento' that would fail
  await page.getByRole("link", { name: "Ir para Assinatura" }).click();
  await expect(page).toHaveURL(/\/assinatura$/);
  await expect(page.getByRole("button", { name: "Desfazer cancelamento" })).toHaveCount(0);
  expect(await serias(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await semRolagemHorizontal(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("button", { name: "Reativar assinatura" }).click();
  await expect(page.getByText(/^Assinatura reativada: a empresa volta a usar o sistema\./)).toBeVisible();
  await expect(page.getByTestId("aviso-assinatura")).toHaveCount(0);

  // and the lead's status changes again
  const aceito = await mudarStatusDoPrimeiroLead(page, "Em Atendimento");
  await expect(page.getByText("Status atualizado com sucesso!")).toBeVisible();
  await expect(aceito).toBeHidden();
});

test("a suspended company's admin signs in, lands on /assinatura and pays the company back to Ativo", async ({ page }) => {
  test.setTimeout(120_000);
  await entrar(page, AMPARO.admin);
  // any page leads to /assinatura, which says what to do
  await expect(page).toHaveURL(/\/assinatura$/);
  await expect(page.getByTestId("aviso-assinatura")).toHaveText(
    "A assinatura da empresa está suspensa por falta de pagamento. Pague a fatura em aberto em Assinatura para reativá-la.",
  );
  await page.goto("/leads");
  await expect(page).toHaveURL(/\/assinatura$/);
  await expect(page.getByTestId("plano-atual")).toBeVisible();
  expect(await serias(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await semRolagemHorizontal(page);

  await page.getByRole("button", { name: "Pagar", exact: true }).first().click();
  const pagar = page.getByRole("dialog", { name: /Pagar fatura de R\$/ });
  await pagar.getByRole("button", { name: "Simular pagamento" }).click();
  await expect(page.getByText("Pagamento simulado registrado: fatura paga.")).toBeVisible();
  await expect(page.getByTestId("aviso-assinatura")).toHaveCount(0);
  await page.goto("/leads");
  await expect(page).toHaveURL(/\/leads$/);
  await expect(page.getByRole("row").nth(1)).toBeVisible();
});

test("the /planos checkout offers boleto for yearly payment only, and the invoice carries its boleto line", async ({ page }) => {
  test.setTimeout(120_000);
  await entrar(page, "admin@balancajusta.com.br");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/planos");
  // monthly: the card is the only way
  await page.getByLabel("Plano Enterprise").getByRole("button", { name: "Assinar Enterprise" }).click();
  const mensal = page.getByRole("dialog", { name: "Assinar Enterprise" });
  await expect(mensal.getByLabel("Número do cartão")).toBeVisible();
  await expect(mensal.getByRole("radio", { name: "Boleto bancário" })).toHaveCount(0);
  await mensal.getByRole("button", { name: "Cancelar" }).click();

  // yearly: boleto, no card fields; the charge is an invoice with the boleto line
  await page.getByRole("button", { name: /Anual/ }).click();
  await page.getByLabel("Plano Enterprise").getByRole("button", { name: "Assinar Enterprise" }).click();
  const anual = page.getByRole("dialog", { name: "Assinar Enterprise" });
  await anual.getByRole("radio", { name: "Boleto bancário" }).check();
  await expect(anual.getByLabel("Número do cartão")).toHaveCount(0);
  expect(await serias(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await semRolagemHorizontal(page);
  await anual.getByRole("button", { name: "Confirmar assinatura" }).click();
  await expect(page.getByText(/^Plano atualizado para Enterprise com sucesso!/)).toBeVisible();
  await expect(page).toHaveURL(/\/assinatura$/);
  await expect(page.getByTestId("forma-pagamento")).toContainText("Boleto bancário");
  const fatura = page.getByRole("listitem").filter({ hasText: "Plano Enterprise (upgrade proporcional)" });
  await expect(fatura.getByText("Pendente")).toBeVisible();
  await fatura.getByRole("button", { name: "Pagar", exact: true }).click();
  const pagar = page.getByRole("dialog", { name: /Pagar fatura de R\$/ });
  await expect(pagar.getByText(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/)).toBeVisible();
});

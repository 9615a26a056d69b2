import { expect, type Page, test } from "@playwright/test";
import { analisarAxe } from "./support/axe";
import { LoginPage } from "./support/pages";

/** The demo's Básico company (Crédito Justo Assessoria), so the upgrade Básico → Premium can be walked. */
const ADMIN_BASICO = "admin@creditojusto.com.br";

const serias = async (page: Page) =>
  (await analisarAxe(page)).violations.filter((v) => v.impact === "serious" || v.impact === "critical");

async function semRolagemHorizontal(page: Page) {
  const largura = await page.evaluate<number>("document.documentElement.scrollWidth - document.documentElement.clientWidth");
  expect(largura).toBeLessThanOrEqual(0);
}

test("a Básico admin hits the consultant limit, follows 'Ver planos', upgrades to Premium, updates the card and pays by PIX", async ({
  page,
}) => {
  test.setTimeout(180_000); // a whole journey over two screens with five axe passes
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrar(ADMIN_BASICO, "demo1234");
  await expect(page).toHaveURL(/\/dashboard$/);

  // a plan-limit message leads to /planos: Básico has 3 consultants, the company 2 — the second invite is refused
  await page.goto("/consultores");
  for (const [i, nome] of ["Ana Limite", "Bruno Limite"].entries()) {
    await page.getByRole("button", { name: "Convidar Consultor" }).click();
    const dialogo = page.getByRole("dialog");
    await dialogo.getByLabel("Nome").fill(nome);
    await dialogo.getByLabel("Email").fill(`limite${i}.${Date.now()}@teste.com.br`);
    await dialogo.getByRole("button", { name: "Gerar Convite" }).click();
    if (i === 0) {
      await expect(dialogo.getByRole("heading", { name: "Convite gerado" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialogo).toBeHidden();
    } else {
      await expect(dialogo.getByRole("alert")).toContainText("O plano Básico permite até 3 consultores");
      await dialogo.getByRole("link", { name: "Ver planos" }).click();
    }
  }
  await expect(page).toHaveURL(/\/planos$/);
  await expect(page.getByRole("heading", { name: "Planos", exact: true })).toBeVisible();
  await expect(page.getByText("Seu plano atual: Básico.")).toBeVisible();
  await expect(page.getByLabel("Plano Premium")).toContainText("Mais popular");
  await page.getByRole("button", { name: /Anual/ }).click();
  await expect(page.getByLabel("Plano Premium")).toContainText("R$ 4.990,00");
  await expect(page.getByLabel("Plano Básico")).toContainText("17% mais barato");
  await page.getByText("Existe período de teste gratuito?").click();
  await expect(page.getByText("Toda nova empresa tem 14 dias de teste gratuito")).toBeVisible();
  expect(await serias(page)).toEqual([]);

  // /assinatura: the demo's history (paid months and one pending), the card on file, usage meters
  await page.goto("/assinatura");
  await expect(page.getByTestId("plano-atual")).toHaveText("Básico");
  await expect(page.getByRole("progressbar", { name: "Consultores" })).toBeVisible();
  await expect(page.getByText("Pago").first()).toBeVisible();
  await expect(page.getByText("Pendente")).toHaveCount(1);
  await expect(page.getByTestId("forma-pagamento")).toContainText("Visa ••••");
  expect(await serias(page)).toEqual([]);

  // upgrade: the prorated amount before confirming, then the plan changes in place
  await page.getByRole("button", { name: "Fazer upgrade" }).click();
  const upgrade = page.getByRole("dialog", { name: "Fazer upgrade do plano" });
  await expect(upgrade.getByRole("radio", { name: "Premium" })).toBeChecked();
  await expect(upgrade.getByTestId("valor-prorrateado")).toContainText("Valor proporcional a pagar agora: R$");
  // and the days that amount covers, as the domain's prorating counts them
  await expect(upgrade.getByTestId("valor-prorrateado")).toContainText(/, referente a \d+ dias? \(diferença de R\$/);
  expect(await serias(page)).toEqual([]);
  await upgrade.getByRole("button", { name: "Confirmar upgrade" }).click();
  await expect(page.getByText("Plano atualizado para Premium com sucesso!")).toBeVisible();
  await expect(page.getByTestId("plano-atual")).toHaveText("Premium");

  // update the card: Luhn refused next to the field, then a valid one keeps only brand and last 4
  await page.getByRole("button", { name: "Atualizar pagamento" }).click();
  const cartao = page.getByRole("dialog", { name: "Atualizar forma de pagamento" });
  await expect(cartao.getByText("Integração com Stripe em desenvolvimento.")).toBeVisible();
  await cartao.getByLabel("Número do cartão").fill("4111 1111 1111 1112");
  await cartao.getByLabel("Validade (MM/AA)").fill("1235");
  await cartao.getByLabel("CVC").fill("123");
  await cartao.getByLabel("Nome impresso no cartão").fill("Fernando Queiroz");
  await cartao.getByRole("button", { name: "Salvar" }).click();
  await expect(cartao.getByText("Número do cartão inválido")).toBeVisible();
  await cartao.getByLabel("Número do cartão").fill("5555 5555 5555 4444");
  await cartao.getByRole("button", { name: "Salvar" }).click();
  await expect(cartao).toBeHidden();
  await expect(page.getByTestId("forma-pagamento")).toContainText("Mastercard •••• 4444 — validade 12/2035");

  // PIX copia e cola and QR of the pending invoice; 'Simular pagamento' marks it Pago
  await page.getByRole("button", { name: "Pagar" }).first().click();
  const pagar = page.getByRole("dialog", { name: /Pagar fatura de R\$/ });
  await expect(pagar.getByText("Cobrança simulada: nenhum valor é debitado de verdade.")).toBeVisible();
  await expect(pagar.getByLabel("PIX copia e cola")).toHaveValue(/^000201.*6304[0-9A-F]{4}$/);
  await expect(pagar.getByRole("img", { name: "QR Code PIX da fatura" })).toBeVisible();
  expect(await serias(page)).toEqual([]);
  const pendentes = await page.getByText("Pendente").count();
  await pagar.getByRole("button", { name: "Simular pagamento" }).click();
  await expect(page.getByText("Pagamento simulado registrado: fatura paga.")).toBeVisible();
  await expect(page.getByText("Pendente")).toHaveCount(pendentes - 1);

  // 390 px wide: no horizontal scroll on either screen
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId("plano-atual")).toHaveText("Premium");
  await semRolagemHorizontal(page);
  await page.goto("/planos");
  await expect(page.getByText("Seu plano atual: Premium.")).toBeVisible();
  await semRolagemHorizontal(page);
});

test("a consultant sees the plans but cannot check out, and is refused /assinatura", async ({ page }) => {
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo("Consultor");
  await page.goto("/planos");
  await expect(page.getByText("Somente o administrador da empresa pode mudar o plano.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Assinar/ })).toHaveCount(0);
  await page.goto("/assinatura");
  await expect(page.getByText("Acesso negado").first()).toBeVisible();
});

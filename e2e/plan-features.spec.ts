import { expect, type Page, test } from "@playwright/test";
import { analisarAxe } from "./support/axe";
import { LoginPage } from "./support/pages";

/** Decision 1310: a feature the plan lacks shows a lock with 'Ver planos' instead of a control that would be refused. */
const ADMIN_BASICO = "admin@creditojusto.com.br";

const serias = async (page: Page) =>
  (await analisarAxe(page)).violations.filter((v) => v.impact === "serious" || v.impact === "critical");

test("a Básico admin sees the locks of 'Relatórios avançados' and 'IA avançada' and follows 'Ver planos'", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrar(ADMIN_BASICO, "demo1234");
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto("/financeiro");
  const trava = page.locator("[data-recurso-bloqueado=relatoriosAvancados]");
  await expect(trava).toContainText("Relatórios avançados: disponível nos planos Premium e Enterprise.");
  await expect(page.getByRole("button", { name: "Exportar CSV" })).toHaveCount(0);
  const largura = await page.evaluate<number>("document.documentElement.scrollWidth - document.documentElement.clientWidth");
  expect(largura).toBeLessThanOrEqual(0);
  expect(await serias(page)).toEqual([]);
  // the server refuses the same export, naming plan and feature
  const res = await page.request.get("/api/financeiro/exportacao?periodo=custom&inicio=2025-03-01&fim=2025-03-31");
  expect(res.status()).toBe(403);
  expect((await res.json()).codigo).toBe("limite_plano");

  await page.goto("/configuracoes");
  const modelo = page.getByLabel("Modelo");
  await expect(modelo.locator("option[value='gpt-4']")).toBeDisabled();
  await expect(modelo.locator("option[value='gpt-3.5-turbo']")).toBeEnabled();
  const travaIa = page.locator("[data-recurso-bloqueado=iaAvancada]");
  await expect(travaIa).toContainText("IA avançada: disponível no plano Enterprise.");
  await expect(page.locator("[data-recurso-bloqueado=apiPersonalizada]")).toContainText(
    "API personalizada: disponível no plano Enterprise.",
  );
  await expect(page.getByRole("button", { name: "Criar chave" })).toHaveCount(0);
  expect(await serias(page)).toEqual([]);
  await travaIa.getByRole("link", { name: "Ver planos" }).click();
  await expect(page).toHaveURL(/\/planos$/);
});

test("an Enterprise admin creates an API key, a lead arrives through POST /api/v1/leads, and the revoked key stops", async ({
  page,
}) => {
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrar("admin@justarevisao.com.br", "demo1234");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/configuracoes");
  // the demo's keys (seed/companies.ts): listed by name and prefix, their secrets never shown
  await expect(page.getByRole("listitem").filter({ hasText: "Formulário do site" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Parceiro antigo" }).getByText("Revogada")).toBeVisible();
  await expect(page.locator("code").filter({ hasText: /^crm_/ })).toHaveCount(0);
  const nome = `Site ${Date.now()}`;
  await page.getByLabel("Nome da chave").fill(nome);
  await page.getByRole("button", { name: "Criar chave" }).click();
  const chave = (await page.locator("code").filter({ hasText: /^crm_/ }).textContent()) ?? "";
  expect(chave).toMatch(/^crm_live_[0-9a-f]{32}_/);
  expect(await serias(page)).toEqual([]);

  const telefone = `11 9${String(Date.now()).slice(-8)}`;
  const corpo = {
    nome: "Lead pela API",
    email: "lead.api@exemplo.com",
    telefone,
    tipo_financiamento: "Casa",
    valor_total_financiado: "R$ 100.000,00",
    valor_parcela: "1.500,00",
    objetivo_cliente: "Reduzir juros",
    origem_lead: "Indicação",
  };
  const criado = await page.request.post("/api/v1/leads", { headers: { authorization: `Bearer ${chave}` }, data: corpo });
  expect(criado.status(), await criado.text()).toBe(201);

  const item = page.getByRole("listitem").filter({ hasText: nome });
  await item.getByRole("button", { name: "Revogar" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revogar" }).click();
  await expect(item.getByText("Revogada")).toBeVisible();
  const depois = await page.request.post("/api/v1/leads", {
    headers: { authorization: `Bearer ${chave}` },
    data: { ...corpo, telefone: `11 8${String(Date.now()).slice(-8)}` },
  });
  expect(depois.status()).toBe(401);
});

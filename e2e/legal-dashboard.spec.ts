import { expect, type Page, test } from "@playwright/test";
import { analisarAxe } from "./support/axe";
import { csrfHeader, fecharContextos, LoginPage, Shell } from "./support/pages";

test.afterEach(async ({ browser }) => fecharContextos(browser));

async function entrar(page: Page, rotulo: "Admin Empresa" | "Consultor" | "Jurídico") {
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo(rotulo);
}

async function violacoesSerias(page: Page) {
  const { violations } = await analisarAxe(page);
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
}

async function semRolagemHorizontal(page: Page) {
  // evaluated as text: the e2e files are type-checked without the DOM library
  const l = (await page.evaluate("({ doc: document.documentElement.scrollWidth, janela: window.innerWidth })")) as {
    doc: number;
    janela: number;
  };
  expect(l.doc).toBeLessThanOrEqual(l.janela);
}

const contador = (page: Page, titulo: string) =>
  page.getByRole("list", { name: "Contadores de processos" }).getByRole("listitem").filter({ hasText: titulo });

test("the Jurídico's day starts on the legal dashboard, and an admin's status change shows there live", async ({
  page,
  browser,
}) => {
  // two signed-in browsers and a live update: on a loaded machine the journey outlasts the default minute
  test.setTimeout(180_000);
  await entrar(page, "Jurídico");
  // /dashboard is the legal dashboard for the Jurídico
  await expect(page.getByRole("heading", { name: "Dashboard Jurídico", level: 1 })).toBeVisible();
  await expect(contador(page, "Total de Processos")).toBeVisible();
  await expect(page.getByRole("list", { name: "Processos por status jurídico" }).getByRole("listitem").first()).toBeVisible();
  await expect(page.getByRole("list", { name: "Alertas" }).getByRole("listitem").first()).toBeVisible();
  await expect(page.getByRole("list", { name: "Processos recentes" }).getByRole("listitem")).toHaveCount(5);
  await expect(page.getByRole("link", { name: "Ver todos os processos" }).first()).toHaveAttribute("href", "/processos");
  await expect(page.getByRole("link", { name: "Ver todos os documentos" }).first()).toHaveAttribute("href", "/documentos");

  // the same screen at /juridico
  await page.goto("/juridico");
  await expect(page.getByRole("heading", { name: "Dashboard Jurídico", level: 1 })).toBeVisible();
  const finalizadosAntes = Number((await contador(page, "Finalizados").locator("p").nth(1).textContent())?.replace(/\D/g, ""));

  // an admin, in another browser, finishes a process that is in contact
  const ctxAdmin = await browser.newContext();
  const admin = await ctxAdmin.newPage();
  await entrar(admin, "Admin Empresa");
  const lista = (await (
    await admin.request.get(`/api/processos?statusJuridico=${encodeURIComponent("Em Contato Jurídico")}&tamanho=20`)
  ).json()) as { itens: { id: string; nome: string; profissional_id: string | null }[] };
  // one the demo Jurídico works on, to see the professional named on the dashboard
  const alvo = lista.itens.find((p) => p.profissional_id) ?? lista.itens[0];
  expect(alvo.profissional_id).not.toBeNull();
  const put = await admin.request.put(`/api/processos/${alvo.id}`, {
    headers: await csrfHeader(admin),
    data: {
      status_juridico_lead: "Finalizado Jurídico",
      profissional_juridico_atribuido_id: alvo.profissional_id,
      valor_contrato_fechado: "R$ 15.000,00",
    },
  });
  expect(put.status()).toBe(200);

  // without a reload: the counter moves and the process is the most recent, finished
  await expect(contador(page, "Finalizados")).toContainText(String(finalizadosAntes + 1));
  const primeiro = page.getByRole("list", { name: "Processos recentes" }).getByRole("listitem").first();
  await expect(primeiro).toContainText(alvo.nome);
  await expect(primeiro).toContainText("Finalizado Jurídico");
  // people by name, never by e-mail (decision 1633): the professional and the documents' uploaders
  await expect(primeiro).toContainText("Helena Duarte");
  await expect(page.getByRole("list", { name: "Processos recentes" })).not.toContainText("@demo.com.br");
  const documentos = page.getByRole("list", { name: "Documentos recentes" });
  await expect(
    documentos
      .getByRole("listitem")
      .filter({ hasText: /Helena Duarte|Ricardo Menezes/ })
      .first(),
  ).toBeVisible();
  await expect(documentos).not.toContainText("@demo.com.br");

  // the admin's view is 'Departamento Jurídico'
  await admin.goto("/juridico");
  await expect(admin.getByRole("heading", { name: "Departamento Jurídico", level: 1 })).toBeVisible();
  expect(await violacoesSerias(admin)).toEqual([]);
});

test("the Jurídico's 'WhatsApp' menu entry opens the read-only connection status, never a denial", async ({ page }) => {
  await entrar(page, "Jurídico");
  await new Shell(page).menu().getByRole("link", { name: "WhatsApp" }).click();
  await expect(page.getByRole("heading", { name: "Status do WhatsApp", level: 1 })).toBeVisible();
  await expect(page.getByTestId("status-conexao")).toHaveText(/^(Conectado|Desconectado)$/);
  await expect(page.getByText("Provedor")).toBeVisible();
  await expect(page.getByText("Apenas administradores da empresa podem acessar as configurações do WhatsApp")).toBeVisible();
  await expect(page.getByText("Acesso Negado")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /QR Code/ })).toHaveCount(0);
  expect(await violacoesSerias(page)).toEqual([]);
});

test("/juridico-leads: the admin sees converted leads on their way to the legal team", async ({ page }) => {
  test.setTimeout(120_000);
  await entrar(page, "Admin Empresa");
  await page.goto("/juridico-leads");
  await expect(page.getByRole("heading", { name: "Leads Jurídicos", level: 1 })).toBeVisible();
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  const comProfissional = page.getByRole("button", { name: /^Com profissional/ });
  await comProfissional.click();
  await expect(comProfissional).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("row").nth(1).getByText("Com profissional")).toBeVisible();
  // the professional by name, not by e-mail (decision 1633)
  await expect(page.getByRole("row").nth(1).getByRole("cell", { name: "Helena Duarte", exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Leads convertidos" })).not.toContainText("juridico@demo.com.br");
  await expect(
    page
      .getByRole("row")
      .nth(1)
      .getByRole("link", { name: /^Chat de / }),
  ).toHaveAttribute("href", /^\/chat\//);
  expect(await violacoesSerias(page)).toEqual([]);
});

for (const [rotulo, caminho] of [
  ["Jurídico", "/juridico"],
  ["Admin Empresa", "/juridico"],
  ["Admin Empresa", "/juridico-leads"],
  ["Jurídico", "/qr-code"],
  ["Consultor", "/qr-code"],
] as const) {
  test(`${caminho} as ${rotulo} at 390 px: no horizontal page scroll, no serious accessibility violations`, async ({
    browser,
  }) => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await entrar(page, rotulo);
    await page.goto(caminho);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    if (caminho === "/juridico") await expect(contador(page, "Total de Processos")).toBeVisible();
    if (caminho === "/juridico-leads") await expect(page.getByRole("row").nth(1)).toBeVisible();
    if (caminho === "/qr-code") await expect(page.getByTestId("status-conexao")).toBeVisible();
    await semRolagemHorizontal(page);
    expect(await violacoesSerias(page)).toEqual([]);
  });
}

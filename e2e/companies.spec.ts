import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { expect, type Page, test } from "@playwright/test";
import { MSG } from "../packages/domain/src/messages";
import { analisarAxe } from "./support/axe";
import { DevMailbox, fecharContextos, LoginPage } from "./support/pages";

test.afterEach(async ({ browser }) => fecharContextos(browser));

async function serias(page: Page) {
  const { violations } = await analisarAxe(page);
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

async function semRolagemHorizontal(page: Page) {
  const largura = (await page.evaluate(
    "({ total: document.documentElement.scrollWidth, visivel: document.documentElement.clientWidth })",
  )) as { total: number; visivel: number };
  expect(largura.total).toBeLessThanOrEqual(largura.visivel);
}

async function entrarComoPlataforma(page: Page) {
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo("Admin Plataforma");
}

test("the operator creates a company, its admin accepts the emailed invitation and signs in; suspended, the admin reaches only /assinatura", async ({
  page,
  browser,
}) => {
  // a long journey (two browsers, six screens); minutes on a busy machine
  test.setTimeout(300_000);
  await entrarComoPlataforma(page);
  await page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Empresas" }).click();
  await expect(page.getByRole("heading", { name: "Empresas", exact: true })).toBeVisible();
  // the demo's companies, searchable without accents
  await page.getByRole("searchbox", { name: "Buscar empresas" }).fill("revisao demo");
  await expect(page.getByRole("link", { name: "Revisão Demo Ltda" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Buscar empresas" }).fill("nada com este nome");
  await expect(page.getByText(MSG.nenhumaEmpresa)).toBeVisible();
  await page.getByRole("searchbox", { name: "Buscar empresas" }).fill("");
  await page.getByLabel("Status").selectOption("Suspenso");
  await expect(page.getByRole("link", { name: "Amparo Consultoria de Crédito" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Revisão Demo Ltda" })).toHaveCount(0);
  await page.getByLabel("Status").selectOption("");

  // 'Nova Empresa': the spec's messages, then the company and its admin's invitation
  const sufixo = Date.now();
  const nome = `Juros Justos ${sufixo}`;
  const adminEmail = `admin${sufixo}@jurosjustos.com.br`;
  await page.getByRole("button", { name: "Nova Empresa" }).click();
  const dialogo = page.getByRole("dialog", { name: "Nova Empresa" });
  await dialogo.getByRole("button", { name: "Criar Empresa" }).click();
  await expect(dialogo.getByText(MSG.nomeEmpresaObrigatorio)).toBeVisible();
  await expect(dialogo.getByText(MSG.emailContatoObrigatorio)).toBeVisible();
  expect(await serias(page)).toEqual([]);
  await dialogo.getByLabel("Nome da empresa").fill(nome);
  await dialogo.getByLabel("Email de contato").fill(adminEmail);
  await expect(dialogo.getByLabel("Email do administrador")).toHaveValue(adminEmail);
  await dialogo.getByLabel("Plano").selectOption("Premium");
  await dialogo.getByLabel("Nome do administrador").fill("Otávio Prado");
  await dialogo.getByRole("button", { name: "Criar Empresa" }).click();
  await expect(page.getByText(MSG.empresaCriada(nome, adminEmail))).toBeVisible();
  await page.getByRole("searchbox", { name: "Buscar empresas" }).fill(nome);
  const cartao = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: nome }) });
  await expect(cartao.getByText("Premium")).toBeVisible();
  await expect(cartao.getByText("Ativo")).toBeVisible();

  // the new admin, in another browser, follows the emailed link and signs in
  const outro = await browser.newContext();
  const admin = await outro.newPage();
  await new DevMailbox(admin).seguirLink(adminEmail, /Convite para a equipe/);
  await expect(admin.getByLabel("Nome Completo")).toHaveValue("Otávio Prado");
  await admin.getByLabel("Senha", { exact: true }).fill("otavio123");
  await admin.getByLabel("Confirmar Senha").fill("otavio123");
  await admin.getByRole("button", { name: "Completar Cadastro" }).click();
  await expect(admin.getByText("Cadastro Concluído!")).toBeVisible();
  await expect(admin).toHaveURL(/\/login$/, { timeout: 6_000 });
  const loginAdmin = new LoginPage(admin);
  await loginAdmin.entrar(adminEmail, "otavio123");
  await expect(admin).toHaveURL(/\/dashboard$/);
  await expect(
    admin.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Leads", exact: true }),
  ).toBeVisible();

  // the operator opens the company: its admin is there, and the history tells what was done
  await cartao.getByRole("link", { name: nome }).click();
  await expect(page.getByRole("heading", { name: nome })).toBeVisible();
  await expect(page.getByText(adminEmail).first()).toBeVisible();
  await expect(page.getByText(/Empresa criada \(Premium, Ativo\)/)).toBeVisible();
  expect(await serias(page)).toEqual([]);

  // suspended: the admin's open session ends; signing in again leads only to /assinatura, which says what to do
  await page.goto("/empresas");
  await page.getByRole("searchbox", { name: "Buscar empresas" }).fill(nome);
  await page.getByRole("button", { name: `Ações de ${nome}` }).click();
  await page.getByRole("menuitem", { name: "Suspender" }).click();
  await page.getByRole("dialog", { name: "Suspender Empresa" }).getByRole("button", { name: "Suspender" }).click();
  await expect(page.getByText(MSG.empresaSuspensaComSucesso)).toBeVisible();
  await expect(cartao.getByText("Suspenso")).toBeVisible();

  await expect(admin).toHaveURL(/\/login/, { timeout: 15_000 });
  await loginAdmin.abrir();
  await loginAdmin.entrar(adminEmail, "otavio123");
  await expect(admin).toHaveURL(/\/assinatura$/);
  await expect(admin.getByTestId("aviso-assinatura")).toHaveText(
    "A assinatura da empresa foi suspensa pela plataforma. Fale com o suporte da plataforma para reativá-la.",
  );
  await admin.goto("/leads");
  await expect(admin).toHaveURL(/\/assinatura$/);

  // reactivated, the admin uses the company again
  await page.getByRole("button", { name: `Ações de ${nome}` }).click();
  await page.getByRole("menuitem", { name: "Reativar" }).click();
  await expect(page.getByText(MSG.empresaReativada)).toBeVisible();
  await admin.goto("/dashboard");
  await expect(admin).toHaveURL(/\/dashboard$/);
  await expect(admin.getByTestId("aviso-assinatura")).toHaveCount(0);

  // edit: the plan changes in place
  await page.getByRole("button", { name: `Ações de ${nome}` }).click();
  await page.getByRole("menuitem", { name: "Editar" }).click();
  const editar = page.getByRole("dialog", { name: "Editar Empresa" });
  await expect(editar.getByLabel("Nome da empresa")).toHaveValue(nome);
  await editar.getByLabel("Plano").selectOption("Enterprise");
  await editar.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText(MSG.empresaAtualizada)).toBeVisible();
  await expect(cartao.getByText("Enterprise")).toBeVisible();

  // deleting asks for the name; a wrong one keeps the button off
  await page.getByRole("button", { name: `Ações de ${nome}` }).click();
  await page.getByRole("menuitem", { name: "Excluir" }).click();
  const excluir = page.getByRole("dialog", { name: `Excluir ${nome}` });
  await expect(excluir.getByText(MSG.avisoExcluirEmpresa)).toBeVisible();
  await excluir.getByRole("textbox").fill("outro nome");
  await expect(excluir.getByRole("button", { name: "Excluir empresa" })).toBeDisabled();
  await excluir.getByRole("textbox").fill(nome);
  await excluir.getByRole("button", { name: "Excluir empresa" }).click();
  await expect(page.getByText(MSG.empresaExcluida)).toBeVisible();
  await expect(page.getByText(MSG.nenhumaEmpresa)).toBeVisible();
  await outro.close();
});

test("/empresas, /empresa/{id} and its management at 390 px: no horizontal page scroll, no serious accessibility violations", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  await entrarComoPlataforma(page);
  await page.goto("/empresas");
  await expect(page.getByRole("link", { name: "Justa Revisão Financeira" })).toBeVisible();
  await semRolagemHorizontal(page);
  expect(await serias(page)).toEqual([]);

  await page.getByRole("link", { name: "Justa Revisão Financeira" }).click();
  await expect(page.getByRole("heading", { name: "Justa Revisão Financeira" })).toBeVisible();
  await expect(page.getByText("Taxa de Conversão")).toBeVisible();
  await expect(page.getByText("Conectado", { exact: true })).toBeVisible();
  await semRolagemHorizontal(page);
  expect(await serias(page)).toEqual([]);
  // 'Exportar empresa' (decision 1943): the whole company as one archive, its header naming it
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: MSG.exportarEmpresa }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^empresa-justa-revisao-financeira-\d{4}-\d{2}-\d{2}\.tar\.gz$/);
  const arquivo = gunzipSync(readFileSync(await download.path())).toString("utf8");
  expect(arquivo).toContain('"empresa": {');
  expect(arquivo).toContain('"nome": "Justa Revisão Financeira"');

  await page.getByRole("link", { name: "Gestão de usuários" }).click();
  await expect(page.getByRole("heading", { name: "Gestão de usuários" })).toBeVisible();
  await expect(page.getByText("admin@justarevisao.com.br")).toBeVisible();
  await semRolagemHorizontal(page);
  expect(await serias(page)).toEqual([]);

  // an unknown company
  await page.goto("/empresa/00000000-0000-4000-8000-000000000000");
  await expect(page.getByText(MSG.empresaNaoEncontrada)).toBeVisible();
  await ctx.close();
});

test("the operator manages a company's users: sends a password reset and deactivates a consultant; company roles are refused", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await entrarComoPlataforma(page);
  await page.goto("/empresas");
  await page.getByRole("searchbox", { name: "Buscar empresas" }).fill("Balança Justa");
  await page.getByRole("link", { name: "Balança Justa Revisional" }).click();
  await page.getByRole("link", { name: "Gestão de usuários" }).click();
  const linhas = page.getByRole("list", { name: "Usuários da empresa" }).getByRole("listitem");
  const consultor = linhas.filter({ hasNotText: "admin@balancajusta.com.br" }).first();
  const email = (await consultor.getByText(/@balancajusta\.com\.br$/).textContent())?.trim() ?? "";
  await consultor.getByRole("button", { name: "Enviar redefinição de senha" }).click();
  await expect(page.getByText(MSG.redefinicaoEnviada(email))).toBeVisible();
  await consultor.getByRole("button", { name: "Desativar" }).click();
  await expect(page.getByText(MSG.usuarioDesativadoNaEmpresa)).toBeVisible();
  const inativo = linhas.filter({ hasText: email });
  await expect(inativo.getByText("Inativo")).toBeVisible();
  await inativo.getByRole("button", { name: "Reativar" }).click();
  await expect(page.getByText(MSG.usuarioReativadoNaEmpresa)).toBeVisible();
  await page.getByRole("link", { name: /Balança Justa Revisional/ }).click();
  await expect(page.getByText(`Usuário ${email} desativado`)).toBeVisible();
  await expect(page.getByText(`Redefinição de senha enviada para ${email}`)).toBeVisible();

  await page.getByRole("button", { name: "Sair" }).click();
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo("Admin Empresa");
  await page.goto("/empresas");
  await expect(page.getByText(MSG.acessoNegado)).toBeVisible();
  const api = await page.request.get("/api/empresas");
  expect(api.status()).toBe(403);
});

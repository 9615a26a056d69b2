import { expect, test } from "@playwright/test";
import { MSG } from "../packages/domain/src/messages";
import { csrfHeader, DevMailbox, LoginPage, registrarConfirmado, Shell } from "./support/pages";

test("a visitor registers a company, confirms the email and signs in", async ({ page }) => {
  const email = `dono${Date.now()}@empresa-nova.com.br`;
  await page.goto("/register");
  await expect(page.getByText("Dados da Empresa")).toBeVisible();
  await page.getByRole("button", { name: "Próximo" }).click();
  await expect(page.getByText("Nome da empresa é obrigatório")).toBeVisible();
  await page.getByLabel("Nome da Empresa").fill("Revisa Bem Ltda");
  await page.getByLabel("Email de Contato").fill(email);
  await page.getByLabel("Plano").selectOption("Premium");
  await page.getByRole("button", { name: "Próximo" }).click();

  await expect(page.getByText("Dados do Usuário")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByLabel("Nome Completo").fill("Mariana Souza");
  await page.getByLabel("Senha", { exact: true }).fill("segredo1");
  await page.getByLabel("Confirmar Senha").fill("outra123");
  await page.getByRole("button", { name: "Cadastrar" }).click();
  await expect(page.getByText("As senhas não coincidem")).toBeVisible();
  await page.getByLabel("Confirmar Senha").fill("segredo1");
  await page.getByRole("button", { name: "Cadastrar" }).click();
  await expect(page.getByText("Cadastro Realizado!")).toBeVisible();

  // signing in before confirming is refused with the spec's message
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrar(email, "segredo1");
  await expect(page.getByText(/Email não confirmado/)).toBeVisible();

  await new DevMailbox(page).seguirLink(email, /Confirme seu email/);
  await expect(page.getByText("Email Confirmado!")).toBeVisible();
  await expect(page).toHaveURL(/\/login/, { timeout: 6_000 });

  await login.entrar(email, "segredo1");
  await expect(page).toHaveURL(/\/dashboard$/);
  const menu = new Shell(page).menu();
  await expect(page.getByText("Revisa Bem Ltda").first()).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  await expect(menu.getByRole("link", { name: "Leads", exact: true })).toBeVisible();
});

test("a user resets a forgotten password through the emailed link", async ({ page }) => {
  // its own account, so the demo accounts other journeys use keep their password
  const email = await registrarConfirmado(page);
  await page.goto("/reset-password");
  await expect(
    page.getByText("Link de redefinição de senha inválido ou expirado. Por favor, solicite um novo link."),
  ).toBeVisible();

  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByText("Email Enviado!")).toBeVisible();

  await new DevMailbox(page).seguirLink(email, /Redefinição de senha/);
  await page.getByLabel("Nova Senha", { exact: true }).fill("novasenha9");
  await page.getByLabel("Confirmar Nova Senha").fill("novasenha9");
  await page.getByRole("button", { name: "Redefinir Senha" }).click();
  await expect(page.getByText("Senha Redefinida!")).toBeVisible();

  const login = new LoginPage(page);
  await login.abrir();
  await login.entrar(email, "senhaantiga1");
  await expect(page.getByText(/Credenciais inválidas/)).toBeVisible();
  await login.entrar(email, "novasenha9");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a reset link opened in a tab already on /reset-password is sent to the server", async ({ page }) => {
  const email = await registrarConfirmado(page);
  const pedido = await page.request.post("/api/auth/esqueci-senha", { headers: await csrfHeader(page), data: { email } });
  expect(pedido.ok()).toBe(true);
  const { itens } = (await (await page.request.get("/api/dev/emails")).json()) as {
    itens: { para: string; assunto: string; texto: string }[];
  };
  const link = itens.find((e) => e.para === email && /Redefinição de senha/.test(e.assunto))!.texto.match(/https?:\/\/\S+/)![0];

  // the tab is on the page without a token (a link opened earlier, or typed)…
  await page.goto("/reset-password");
  await expect(page.getByText(MSG.linkRedefinicaoInvalido)).toBeVisible();
  await page.evaluate("window.mesmaAba = true");
  // …and the emailed link is opened in it: only the hash changes, the page is not loaded again
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
  expect(await page.evaluate("window.mesmaAba === true")).toBe(true);
  await page.getByLabel("Nova Senha", { exact: true }).fill("trocada123");
  await page.getByLabel("Confirmar Nova Senha").fill("trocada123");
  const resposta = page.waitForResponse((r) => r.url().endsWith("/api/auth/redefinir-senha"));
  await page.getByRole("button", { name: "Redefinir Senha" }).click();
  expect((await resposta).status()).toBe(200);
  await expect(page.getByText("Senha Redefinida!")).toBeVisible();
});

test("signed-out visitors are sent to /login and signed-in users away from it", async ({ page }) => {
  await page.goto("/leads");
  await expect(page).toHaveURL(/\/login/);
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo("Admin Empresa");
  await page.goto("/register");
  await expect(page).toHaveURL(/\/dashboard$/);
  await new Shell(page).sair();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login/);
});

import { expect, type Page, test } from "@playwright/test";
import { MENUS } from "../packages/domain/src/menus";
import { analisarAxe } from "./support/axe";
import { DevMailbox, fecharContextos, LoginPage, registrarConfirmado, Shell } from "./support/pages";

test.afterEach(async ({ browser }) => fecharContextos(browser));

// the invite dialog's copy button writes to the clipboard
test.use({ permissions: ["clipboard-read", "clipboard-write"] });

const SENHA_CONTA = "senhaantiga1";

async function semViolacoesSerias(page: Page) {
  const { violations } = await analisarAxe(page);
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
}

test("an admin invites a consultant, who completes the emailed link in another browser and signs in; the link works once", async ({
  page,
  browser,
}) => {
  // a company of its own (Básico: room for 3 consultants), so the demo data stays as other journeys expect it
  const admin = await registrarConfirmado(page);
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrar(admin, SENHA_CONTA);
  await expect(page).toHaveURL(/\/dashboard$/);

  await new Shell(page).menu().getByRole("link", { name: "Consultores" }).click();
  await expect(page.getByRole("heading", { name: "Gestão de Consultores" })).toBeVisible();
  await expect(page.getByText("Nenhum consultor encontrado")).toBeVisible();
  await expect(page.getByText("Plano Básico: 0 de 3 consultores")).toBeVisible();
  await semViolacoesSerias(page);

  // the invite form: the spec's messages, then the generated link with the 2-second 'Copiado!'
  await page.getByRole("button", { name: "Convidar Consultor" }).click();
  const dialogo = page.getByRole("dialog");
  await dialogo.getByRole("button", { name: "Gerar Convite" }).click();
  await expect(dialogo.getByText("Nome é obrigatório")).toBeVisible();
  await expect(dialogo.getByText("Email é obrigatório")).toBeVisible();
  const convidado = `marina${Date.now()}@teste.com.br`;
  await dialogo.getByLabel("Nome").fill("Marina Teles");
  await dialogo.getByLabel("Email").fill(convidado);
  await dialogo.getByRole("button", { name: "Gerar Convite" }).click();
  await expect(dialogo.getByRole("heading", { name: "Convite gerado" })).toBeVisible();
  const link = await dialogo.getByLabel("Link do convite").inputValue();
  expect(link).toContain("/convite-consultor?token=");
  await dialogo.getByRole("button", { name: "Copiar" }).click();
  await expect(dialogo.getByRole("button", { name: "Copiado!" })).toBeVisible();
  expect(await page.evaluate("navigator.clipboard.readText()")).toBe(link);
  await expect(dialogo.getByRole("button", { name: "Copiar" })).toBeVisible({ timeout: 4_000 });
  await dialogo.getByRole("button", { name: "Concluir" }).click();

  await page.getByRole("button", { name: /Convites Pendentes/ }).click();
  await expect(page.getByRole("dialog").getByText(convidado)).toBeVisible();
  await expect(page.getByRole("dialog").getByText(/^Expira em /)).toBeVisible();
  await page.keyboard.press("Escape");

  // the invitee, in another browser, follows the emailed link
  const outro = await browser.newContext();
  const convite = await outro.newPage();
  await new DevMailbox(convite).seguirLink(convidado, /Convite para a equipe/);
  await expect(convite.getByRole("heading", { name: "Convite para Equipe" })).toBeVisible();
  await expect(convite.getByText("Complete seu cadastro para se juntar à equipe")).toBeVisible();
  await expect(convite.getByLabel("Nome Completo")).toHaveValue("Marina Teles");
  const urlDoConvite = convite.url();
  await convite.getByLabel("WhatsApp").fill("11 9abc");
  await convite.getByLabel("Senha", { exact: true }).fill("marina123");
  await convite.getByLabel("Confirmar Senha").fill("marina124");
  await convite.getByRole("button", { name: "Completar Cadastro" }).click();
  await expect(convite.getByText("Formato de WhatsApp inválido")).toBeVisible();
  await expect(convite.getByText("As senhas não coincidem")).toBeVisible();
  await convite.getByLabel("WhatsApp").fill("(11) 98888-7777");
  await convite.getByLabel("Confirmar Senha").fill("marina123");
  await semViolacoesSerias(convite);
  await convite.getByRole("button", { name: "Completar Cadastro" }).click();
  await expect(convite.getByText("Cadastro Concluído!")).toBeVisible();
  await expect(convite).toHaveURL(/\/login$/, { timeout: 6_000 });

  // the new consultant signs in and sees the Consultor menu and their dashboard
  const loginConsultor = new LoginPage(convite);
  await loginConsultor.entrar(convidado, "marina123");
  await expect(convite).toHaveURL(/\/dashboard$/);
  // waited for: the shell renders its menu after the navigation
  await expect(new Shell(convite).menu().getByRole("link")).toHaveText([...MENUS.Consultor.map((m) => m.label), "Meu Perfil"]);
  await expect(convite.getByRole("heading", { name: "Meu Dashboard" })).toBeVisible();
  await expect(convite.getByText("Leads Atribuídos", { exact: true })).toBeVisible();

  // the admin's list shows them without a reload, and their presence is live: signed in now, so Conectado
  const linha = page.getByRole("row").filter({ hasText: "Marina Teles" });
  await expect(linha).toBeVisible();
  await expect(linha.getByText("Conectado", { exact: true })).toBeVisible();

  // the same link again is refused, and nothing changes
  const terceiro = await browser.newContext();
  const reuso = await terceiro.newPage();
  await reuso.goto(urlDoConvite.replace(/^https?:\/\/[^/]+/, ""));
  await expect(reuso.getByRole("heading", { name: "Link Inválido" })).toBeVisible();
  await expect(reuso.getByText("Convite inválido ou expirado.")).toBeVisible();
  await expect(reuso.getByRole("link", { name: "Ir para Login" })).toBeVisible();
  // a tampered link too
  await reuso.goto(
    urlDoConvite.replace(/^https?:\/\/[^/]+/, "").replace(/token=[^&]+/, "token=adulterado-adulterado-adulterado"),
  );
  await expect(reuso.getByRole("heading", { name: "Link Inválido" })).toBeVisible();
  await Promise.all([outro.close(), terceiro.close()]);
});

test("a session revoked from one browser is signed out in the other", async ({ page, browser }) => {
  const email = await registrarConfirmado(page);
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrar(email, SENHA_CONTA);
  await expect(page).toHaveURL(/\/dashboard$/);

  const outro = await browser.newContext();
  const segundo = await outro.newPage();
  const socket = segundo.waitForEvent("websocket");
  const login2 = new LoginPage(segundo);
  await login2.abrir();
  await login2.entrar(email, SENHA_CONTA);
  await expect(segundo).toHaveURL(/\/dashboard$/);
  await socket;

  await new Shell(page).menu().getByRole("link", { name: "Meu Perfil" }).click();
  await expect(page.getByRole("heading", { name: "Meu Perfil" })).toBeVisible();
  const sessoes = page.getByRole("list", { name: "Sessões ativas" }).getByRole("listitem");
  await expect(sessoes).toHaveCount(2);
  await expect(sessoes.filter({ hasText: "Sessão atual" })).toHaveCount(1);
  await semViolacoesSerias(page);
  await sessoes.filter({ hasNotText: "Sessão atual" }).getByRole("button", { name: "Encerrar" }).click();
  await expect(sessoes).toHaveCount(1);

  // no action needed in the other browser: it is told and goes to /login with the reason
  await expect(segundo).toHaveURL(/\/login\?motivo=sessao$/);
  await expect(segundo.getByText("Sessão inválida. Por favor, faça login novamente.")).toBeVisible();
  // this browser stays signed in
  await page.reload();
  await expect(page.getByRole("heading", { name: "Meu Perfil" })).toBeVisible();
  await outro.close();
});

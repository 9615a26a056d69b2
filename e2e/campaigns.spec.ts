import { expect, test } from "@playwright/test";
import { MSG_CAMPANHAS } from "../packages/domain/src/campaigns";
import { corpoProvedorDoPadrao, MODELOS_PADRAO } from "../packages/domain/src/templates";
import { analisarAxe } from "./support/axe";
import { fecharContextos, LoginPage } from "./support/pages";

test.afterEach(async ({ browser }) => fecharContextos(browser));

test("the admin builds an audience, sees the exclusions, starts a campaign and sees its figures", async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await (await browser.newContext()).newPage();
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo("Admin Empresa");

  await page.getByRole("link", { name: "Campanhas" }).first().click();
  // the screen's code is loaded on demand (a shared machine may take a while)
  await expect(page.getByRole("heading", { level: 1, name: MSG_CAMPANHAS.titulo })).toBeVisible({ timeout: 30_000 });
  // the demo's finished campaign, with its funnel and the cost of the marketing campaign it names
  const demo = page.getByRole("listitem").filter({ hasText: "Revisão Outubro — quem aceitou ofertas" });
  await expect(demo.getByText("Concluída")).toBeVisible();
  await expect(demo.getByRole("definition").filter({ hasText: /R\$\s*180,00/ })).toBeVisible();

  await page.getByRole("button", { name: MSG_CAMPANHAS.nova }).click();
  const dialogo = page.getByRole("dialog", { name: MSG_CAMPANHAS.nova });
  const contagem = dialogo.getByTestId("contagem-publico");
  // every lead: who gets it, and who is excluded and why
  await expect(contagem).toContainText(/leads? receber/);
  await expect(contagem).toContainText("Sem consentimento");
  await expect(contagem).toContainText("Descadastrado (opt-out)");
  const elegiveisTodos = Number(((await contagem.locator("p").first().textContent()) ?? "").replace(/\D/g, ""));
  expect(elegiveisTodos).toBeGreaterThan(0);
  // a filter narrows the count live
  await dialogo.getByRole("group", { name: "Origem" }).getByLabel("Importação CSV").check();
  await expect(contagem).toContainText(MSG_CAMPANHAS.elegiveis(0));
  await dialogo.getByRole("group", { name: "Origem" }).getByLabel("Importação CSV").uncheck();
  await expect(contagem).toContainText(MSG_CAMPANHAS.elegiveis(elegiveisTodos));

  const nome = `Campanha E2E ${Date.now()}`;
  await dialogo.getByLabel("Nome da campanha").fill(nome);
  // an approved template, picked from the provider's list (decision 1944): its text and one field per variable
  const [saudacao] = MODELOS_PADRAO;
  await dialogo.getByLabel("Tipo de mensagem").selectOption("modelo");
  await dialogo.getByLabel(MSG_CAMPANHAS.modeloAprovado).selectOption(`${saudacao?.nomeProvedor}|pt_BR`);
  await expect(dialogo.getByRole("figure")).toContainText(corpoProvedorDoPadrao(saudacao?.conteudo ?? ""));
  await expect(dialogo.getByLabel(MSG_CAMPANHAS.variavelDoModelo(1))).toHaveValue("{{nome}}");
  await dialogo.getByLabel(MSG_CAMPANHAS.variavelDoModelo(2)).fill("{{consultor}}");
  await dialogo.getByLabel(MSG_CAMPANHAS.variavelDoModelo(3)).fill("{{empresa}}");
  const comModelo = await analisarAxe(page);
  expect(comModelo.violations.filter((v) => v.impact !== "minor").map((v) => v.id)).toEqual([]);
  // all day, no gap: the sandbox takes them at once
  await dialogo.getByLabel("Janela: início (hora)").fill("0");
  await dialogo.getByLabel("Janela: fim (hora)").fill("24");
  await dialogo.getByLabel("Limite por dia").fill("5000");
  await dialogo.getByLabel("Intervalo mínimo (s)").fill("0");
  await dialogo.getByLabel("Intervalo máximo (s)").fill("0");
  // a wrong window is refused next to the field, in pt-BR
  await dialogo.getByLabel("Janela: fim (hora)").fill("0");
  await dialogo.getByRole("button", { name: "Iniciar campanha" }).click();
  await expect(dialogo.getByText(MSG_CAMPANHAS.janelaInvalida).first()).toBeVisible();
  await dialogo.getByLabel("Janela: fim (hora)").fill("24");
  await dialogo.getByRole("button", { name: "Iniciar campanha" }).click();
  await expect(page.getByText(MSG_CAMPANHAS.criada)).toBeVisible({ timeout: 30_000 });

  const nova = page.getByRole("listitem").filter({ hasText: nome });
  await expect(nova).toContainText(`${elegiveisTodos.toLocaleString("pt-BR")} destinatários`);
  const enviadas = nova.getByRole("definition").first();
  // the sender and the sandbox's receipts move the figures; the page refreshes them by itself
  await expect
    .poll(async () => Number(((await enviadas.textContent()) ?? "").replace(/\D/g, "")), { timeout: 60_000 })
    .toBe(elegiveisTodos);
  await expect(nova.getByText("Concluída")).toBeVisible({ timeout: 30_000 });

  const { violations } = await analisarAxe(page);
  expect(violations.filter((v) => v.impact !== "minor").map((v) => v.id)).toEqual([]);
});

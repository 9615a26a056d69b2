import { expect, type Page, test } from "@playwright/test";
import { assinarGraph, webhookTexto } from "../test-support/fake-graph";
import { analisarAxe } from "./support/axe";
import { csrfHeader, fecharContextos, LoginPage } from "./support/pages";

test.afterEach(async ({ browser }) => fecharContextos(browser));

const APP_SECRET = "segredo-do-app-meta-e2e";
const META = { phoneNumberId: "106540352242922", wabaId: "102290129340398" };

const serias = async (page: Page) =>
  (await analisarAxe(page)).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help}`);

/** 'R$ 1.234,56' / '-12,5%' → the number. */
const numero = (texto: string) => Number(texto.replace(/[^\d,-]/g, "").replace(",", "."));
const cartaoFinanceiro = async (page: Page, titulo: string) =>
  numero((await page.getByRole("region", { name: titulo }).locator("p").nth(1).textContent()) ?? "");
const cartaoDashboard = async (page: Page, titulo: string) =>
  (
    (await page
      .getByTestId("cartoes-dashboard")
      .locator("section")
      .filter({ has: page.getByText(titulo, { exact: true }) })
      .locator("p")
      .nth(1)
      .textContent()) ?? ""
  ).trim();

async function figurasFinanceiras(page: Page) {
  await page.goto("/financeiro");
  await page.getByLabel("Período", { exact: true }).first().selectOption({ label: "Hoje" });
  await expect(page.getByRole("region", { name: "Receita Total" })).toBeVisible();
  await expect(page.getByText(/^Período: /)).toBeVisible();
  // wait for the period's figures (the cards keep the previous period's while loading)
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  return {
    receita: await cartaoFinanceiro(page, "Receita Total"),
    custos: await cartaoFinanceiro(page, "Custos Totais"),
    roi: await cartaoFinanceiro(page, "ROI"),
    custoPorLead: await cartaoFinanceiro(page, "Custo por Lead"),
  };
}

test("ad attribution's journey (decisions 1212–1214): a cost for a campaign, a lead from its ad converted with a closed value, and the figures follow", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const marca = `${Date.now()}`.slice(-6);
  const campanha = `Revisão Juros E2E ${marca}`;
  const nome = `Lead Anúncio ${marca}`;
  const telefone = `55119${marca.padStart(8, "7")}`;

  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo("Admin Empresa");

  const antesFinanceiro = await figurasFinanceiras(page);
  await page.goto("/dashboard");
  await expect(page.getByTestId("cartoes-dashboard")).toBeVisible();
  await page.getByLabel("Período", { exact: true }).first().selectOption({ label: "Hoje" });
  await expect.poll(() => cartaoDashboard(page, "Total de Leads")).not.toBe("");
  const antesDashboard = {
    total: await cartaoDashboard(page, "Total de Leads"),
    juridicos: await cartaoDashboard(page, "Processos Jurídicos"),
  };

  // the company receives WhatsApp through the Cloud API; a click-to-WhatsApp ad of the campaign brings a lead
  const cfg = await page.request.put("/api/empresa/configuracoes", {
    headers: await csrfHeader(page),
    data: {
      whatsapp: {
        provedor: "official",
        access_token: "EAAG-e2e-token",
        phone_number_id: META.phoneNumberId,
        app_id: "1234567890",
        app_secret: APP_SECRET,
        business_account_id: META.wabaId,
      },
      ia: {},
    },
  });
  expect(cfg.status()).toBe(200);
  const webhook = new URL(((await cfg.json()) as { webhook: { url: string } }).webhook.url).pathname;
  const payload = webhookTexto({ ...META, de: telefone, nome, id: `wamid.E2E${marca}`, texto: "Oi! Vi o anúncio sobre juros." });
  (payload.entry[0].changes[0].value as unknown as { messages: Record<string, unknown>[] }).messages[0].referral = {
    source_url: "https://fb.me/e2eAnuncio",
    source_id: `1202100${marca}`,
    source_type: "ad",
    headline: campanha,
    body: "Pagou juros demais? Fale com a gente.",
    media_type: "image",
    image_url: "https://scontent.xx.fbcdn.net/e2e.jpg",
    ctwa_clid: `ARAkE2E${marca}`,
  };
  const corpo = JSON.stringify(payload);
  const entrega = await page.request.post(webhook, {
    headers: { "content-type": "application/json", "x-hub-signature-256": assinarGraph(corpo, APP_SECRET) },
    data: corpo,
  });
  expect(entrega.status()).toBe(200);
  const leadId = await expect
    .poll(
      async () => {
        const r = await page.request.get(`/api/leads?busca=${encodeURIComponent(nome)}`);
        const itens = ((await r.json()) as { itens?: { id: string; nome: string }[] }).itens ?? [];
        return itens.find((l) => l.nome === nome)?.id ?? "";
      },
      { timeout: 30_000 },
    )
    .not.toBe("")
    .then(async () => {
      const r = await page.request.get(`/api/leads?busca=${encodeURIComponent(nome)}`);
      return ((await r.json()) as { itens: { id: string; nome: string }[] }).itens.find((l) => l.nome === nome)?.id as string;
    });

  // the demo company goes back to the Sandbox provider: the journeys after this one simulate leads with it
  const volta = await page.request.put("/api/empresa/configuracoes", {
    headers: await csrfHeader(page),
    data: { whatsapp: { provedor: "sandbox" }, ia: {} },
  });
  expect(volta.status()).toBe(200);

  // the admin adds the campaign's cost on /marketing
  await page.goto("/marketing");
  await expect(page.getByRole("heading", { name: "Custos de Marketing" })).toBeVisible();
  await page.getByRole("button", { name: "Adicionar Custo" }).click();
  const dialogo = page.getByRole("dialog");
  await dialogo.getByLabel("Plataforma").selectOption("Facebook");
  await dialogo.getByLabel(/Valor gasto/).fill("400,00");
  await dialogo.getByLabel("Campanha (opcional)").fill(campanha);
  await dialogo.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Custo salvo com sucesso!")).toBeVisible();
  await expect(dialogo).toBeHidden();
  const secao = page.getByRole("region", { name: "Resultados por campanha", exact: true });
  const linhaMarketing = secao.getByRole("row", { name: new RegExp(campanha) });
  // 1 lead, none AI-qualified or converted yet, R$ 400 spent: R$ 400 per lead, ROI -100 %
  await expect(linhaMarketing).toContainText("R$ 400,00");
  await expect(linhaMarketing.getByRole("cell").nth(1)).toHaveText("1");
  await expect(linhaMarketing.getByRole("cell").nth(3)).toHaveText("0");
  await expect(linhaMarketing.getByRole("cell").nth(5)).toHaveText("R$ 400,00");
  await expect(linhaMarketing.getByRole("cell").nth(9)).toHaveText("-100,0%");
  expect(await serias(page)).toEqual([]);

  // the lead converts; the admin types the closed value on /processos
  const conversao = await page.request.patch(`/api/leads/${leadId}/status`, {
    headers: await csrfHeader(page),
    data: { status: "Convertido (Ganho)" },
  });
  expect(conversao.status()).toBe(204);
  await page.goto("/processos");
  await page.getByLabel("Buscar processos por nome, email ou telefone").fill(nome);
  const linhaProcesso = page.getByRole("row", { name: new RegExp(nome) });
  await linhaProcesso.getByRole("button", { name: `Editar processo de ${nome}` }).click();
  const processo = page.getByRole("dialog", { name: `Processo de ${nome}` });
  await processo.getByLabel("Valor fechado").fill("R$ 2.000,00");
  await processo.getByRole("button", { name: "Salvar" }).click();
  await expect(processo).toBeHidden();
  await expect(linhaProcesso.getByText("R$ 2.000,00")).toBeVisible();

  // /financeiro: revenue and costs of today grow by exactly the sale and the cost; ROI and cost per lead move
  const depois = await figurasFinanceiras(page);
  expect(Math.round((depois.receita - antesFinanceiro.receita) * 100)).toBe(200_000);
  expect(Math.round((depois.custos - antesFinanceiro.custos) * 100)).toBe(40_000);
  expect(depois.roi).not.toBe(antesFinanceiro.roi);
  expect(depois.custoPorLead).not.toBe(antesFinanceiro.custoPorLead);
  // the campaign's row on /financeiro: 1 lead, 1 conversion, R$ 2.000 of revenue for R$ 400: ROI 400 %
  await page.getByRole("button", { name: "Por campanha" }).click();
  const linhaFinanceiro = page
    .getByRole("region", { name: "Resultados por campanha", exact: true })
    .getByRole("row", { name: new RegExp(campanha) });
  await expect(linhaFinanceiro.getByRole("cell").nth(1)).toHaveText("1");
  await expect(linhaFinanceiro.getByRole("cell").nth(3)).toHaveText("1");
  await expect(linhaFinanceiro.getByRole("cell").nth(7)).toHaveText("R$ 400,00");
  await expect(linhaFinanceiro.getByRole("cell").nth(8)).toHaveText("R$ 2.000,00");
  await expect(linhaFinanceiro.getByRole("cell").nth(9)).toHaveText("400,0%");
  // per ad, the same lead under the ad id of its referral
  await page.getByRole("button", { name: "Por anúncio" }).click();
  await expect(page.getByRole("region", { name: "Resultados por anúncio", exact: true })).toContainText(
    `Anúncio 1202100${marca}`,
  );
  expect(await serias(page)).toEqual([]);

  // /dashboard's cards of today: one lead more, one legal process more
  await page.goto("/dashboard");
  await page.getByLabel("Período", { exact: true }).first().selectOption({ label: "Hoje" });
  await expect.poll(() => cartaoDashboard(page, "Total de Leads")).not.toBe(antesDashboard.total);
  expect(Number((await cartaoDashboard(page, "Total de Leads")).replace(/\D/g, ""))).toBe(
    Number(antesDashboard.total.replace(/\D/g, "")) + 1,
  );
  expect(Number((await cartaoDashboard(page, "Processos Jurídicos")).replace(/\D/g, ""))).toBe(
    Number(antesDashboard.juridicos.replace(/\D/g, "")) + 1,
  );

  // the demo's costs of today as they were: /marketing's journey starts from a day with none
  const custos = await page.request.get("/api/custos-marketing?periodo=today");
  const { itens } = (await custos.json()) as { itens: { id: string; campanha: string | null }[] };
  for (const c of itens.filter((c) => c.campanha === campanha)) {
    const r = await page.request.delete(`/api/custos-marketing/${c.id}`, { headers: await csrfHeader(page) });
    expect(r.status()).toBe(204);
  }
});

test("the per-campaign section fits 390 px and the Conversions API card is in the settings", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo("Admin Empresa");
  await page.goto("/marketing");
  await expect(page.getByRole("heading", { name: "Resultados por campanha e anúncio" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Resultados por campanha", exact: true }).getByRole("row").nth(1)).toBeVisible();
  await expect(page.getByRole("region", { name: "Resultados por campanha", exact: true })).toContainText("Orgânico");
  const largura = await page.evaluate("document.documentElement.scrollWidth");
  expect(largura).toBeLessThanOrEqual(390);
  expect(await serias(page)).toEqual([]);

  await page.goto("/configuracoes");
  await expect(page.getByText("API de Conversões da Meta (anúncios de clique para o WhatsApp)")).toBeVisible();
  await page.getByLabel("Enviar eventos para a API de Conversões").check();
  await page.getByRole("button", { name: "Salvar API de Conversões" }).click();
  await expect(page.getByText("Informe o ID do conjunto de dados (dataset) para ativar o envio.").first()).toBeVisible();
  expect(await serias(page)).toEqual([]);
});

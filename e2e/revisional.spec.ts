import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { analisarAxe } from "./support/axe";
import { csrfHeader, LoginPage } from "./support/pages";

const serias = async (page: Page) =>
  (await analisarAxe(page)).violations.filter((v) => v.impact === "serious" || v.impact === "critical");
const larguraDaPagina = (page: Page) => page.evaluate<number>("document.documentElement.scrollWidth");

async function entrar(page: Page, papel: string) {
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo(papel);
}

/** One month of a series set by the platform admin through the CSV import, in a context of its own. */
async function importarMes(browser: Browser, codigo: number, csv: string) {
  const ctx = await browser.newContext();
  const plataforma = await ctx.newPage();
  await entrar(plataforma, "Admin Plataforma");
  const taxa = await plataforma.request.post("/api/taxas-bacen/importacao", {
    headers: await csrfHeader(plataforma),
    data: { codigo, csv },
  });
  expect(taxa.status()).toBe(200);
  await ctx.close();
}

/** A lead created by the company admin (its own context, closed after `depois`); returns the lead's id. */
async function criarLead(browser: Browser, dados: Record<string, string>, depois?: (admin: Page, id: string) => Promise<void>) {
  const ctxAdmin = await browser.newContext();
  const admin = await ctxAdmin.newPage();
  await entrar(admin, "Admin Empresa");
  const criado = await admin.request.post("/api/leads", { headers: await csrfHeader(admin), data: dados });
  expect(criado.status()).toBe(201);
  const { id } = (await criado.json()) as { id: string };
  await depois?.(admin, id);
  await ctxAdmin.close();
  return id;
}

/**
 * A vehicle lead (45.000,00 in installments of 1.500,00) with its contract's month of the series at a known 1,50% a.m.
 * (set by the platform admin, as the first test does), opened in the chat by the Consultor; returns its
 * pre-analysis card.
 */
async function abrirLeadDeVeiculoNoChat(page: Page, browser: Browser, nome: string, sufixo: number) {
  await importarMes(browser, 25471, '"data";"valor"\n"01/03/2024";"1,50"\n');
  const id = await criarLead(browser, {
    nome: `${nome} Teste ${sufixo}`,
    telefone: `(21) 9${String(sufixo).padStart(8, "0")}`,
    email: `${nome.toLowerCase()}.${sufixo}@exemplo.com.br`,
    tipo_financiamento: "Carro",
    valor_total_financiado: "45.000,00",
    valor_parcela: "1.500,00",
  });
  await entrar(page, "Consultor");
  await page.goto(`/chat/${id}`);
  return page.getByTestId("pre-analise");
}

test("the platform admin keeps the BACEN series: illustrative snapshot labelled, a month imported from the SGS's CSV", async ({
  page,
}) => {
  await entrar(page, "Admin Plataforma");
  await page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Taxas BACEN" }).click();
  await expect(page.getByRole("heading", { name: "Taxas médias BACEN" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Financiamento de veículo" })).toBeVisible();
  await expect(page.getByText("valores ilustrativos, não oficiais").first()).toBeVisible();
  // imobiliário's series is yearly: shown in % a.a., with the conversion the analysis uses
  await expect(page.getByRole("heading", { name: "Imobiliário" })).toBeVisible();
  await expect(page.getByText("SGS 20772 (% a.a.)")).toBeVisible();
  await expect(page.getByText("a pré-análise usa a taxa mensal equivalente")).toBeVisible();
  expect(await serias(page)).toEqual([]);

  // March 2024 of the vehicle series, as the SGS exports it
  const arquivo = path.join(tmpdir(), `sgs-25471-${Date.now()}.csv`);
  writeFileSync(arquivo, '"data";"valor"\n"01/03/2024";"1,50"\n');
  await page.getByLabel("Série").selectOption("25471");
  await page.getByLabel("Arquivo CSV (até 1 MB)").setInputFiles(arquivo);
  await page.getByRole("button", { name: "Importar CSV" }).click();
  await expect(page.getByText("1 taxa importada.")).toBeVisible();
  await expect(page.getByText(/Atualizada em .* \(CSV\)/).first()).toBeVisible();

  // a value outside the series' range is refused with its line
  const ruim = path.join(tmpdir(), `sgs-25471-ruim-${Date.now()}.csv`);
  writeFileSync(ruim, '"data";"valor"\n"01/04/2024";"45,00"\n');
  await page.getByLabel("Arquivo CSV (até 1 MB)").setInputFiles(ruim);
  await page.getByRole("button", { name: "Importar CSV" }).click();
  await expect(page.getByRole("list", { name: "Linhas com erro" })).toContainText(
    "Linha 2: valor '45,00' fora da faixa plausível",
  );

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Taxas médias BACEN" })).toBeVisible();
  expect(await larguraDaPagina(page)).toBeLessThanOrEqual(390);
});

test("a consultant fills a lead's contract in the chat and sees the pre-analysis: rate, band and overpayment", async ({
  page,
  browser,
}) => {
  const card = await abrirLeadDeVeiculoNoChat(page, browser, "Contrato", Date.now() % 1e8);
  await expect(card).toContainText("Faltam: Número de parcelas");
  await expect(card).toContainText("Não é parecer jurídico");
  await card.getByRole("button", { name: "Preencher contrato" }).click();
  const dialogo = page.getByRole("dialog", { name: "Dados do contrato" });
  await dialogo.getByLabel("Número de parcelas").fill("48");
  await dialogo.getByLabel("Parcelas pagas").fill("10");
  await dialogo.getByLabel("Data do contrato").fill("2024-03-15");
  await dialogo.getByLabel("Parcelas pagas").fill("60");
  await dialogo.getByRole("button", { name: "Salvar" }).click();
  await expect(dialogo.getByText("Parcelas pagas maior que o número de parcelas do contrato.")).toBeVisible();
  await dialogo.getByLabel("Parcelas pagas").fill("10");
  await dialogo.getByRole("button", { name: "Salvar" }).click();
  await expect(dialogo).toBeHidden();
  // 45.000,00 in 48 × 1.500,00 → 2,11% a.m.; at 1,50% a.m. the installment is R$ 1.321,87
  await expect(card).toContainText("2,11% a.m.");
  await expect(card).toContainText("1,41×");
  await expect(card).toContainText("De 1,1× a 1,5× a média");
  await expect(card).toContainText("R$ 1.321,87");
  await expect(card).toContainText("R$ 1.781,30");
  await expect(card).toContainText("R$ 8.550,24");
  await expect(card).toContainText("Dados usados: Modalidade, Data do contrato, Valor financiado");
  // axe once the 'Contrato salvo.' toast has gone: mid-fade its colours are not the ones people read
  await expect(page.getByText("Contrato salvo.")).toBeVisible();
  await expect(page.getByText("Contrato salvo.")).toBeHidden({ timeout: 15_000 });
  expect(await serias(page)).toEqual([]);

  // the Pré-laudo for the legal team
  const download = page.waitForEvent("download");
  await card.getByRole("link", { name: "Baixar pré-laudo (PDF)" }).click();
  const arquivo = await download;
  expect(arquivo.suggestedFilename()).toMatch(/^pre-laudo-contrato-teste-\d+\.pdf$/);
  const { readFileSync } = await import("node:fs");
  expect(
    readFileSync((await arquivo.path()) as string)
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");
});

test("a contract with centavos is saved from the chat, and edited again pre-filled with them (decision 1601)", async ({
  page,
  browser,
}) => {
  const card = await abrirLeadDeVeiculoNoChat(page, browser, "Centavos", (Date.now() + 7) % 1e8);
  await card.getByRole("button", { name: "Preencher contrato" }).click();
  const dialogo = page.getByRole("dialog", { name: "Dados do contrato" });
  await dialogo.getByLabel("Valor financiado (R$)").fill("45.000,50");
  await dialogo.getByLabel("Número de parcelas").fill("48");
  await dialogo.getByLabel("Parcelas pagas").fill("10");
  await dialogo.getByLabel("Data do contrato").fill("2024-03-15");
  await dialogo.getByRole("button", { name: "Salvar" }).click();
  await expect(dialogo).toBeHidden();
  // 45.000,50 in 48 × 1.500,00 at 1,50% a.m.: R$ 1.321,89 (R$ 1.321,87 for 45.000,00), R$ 178,11 a month too much
  await expect(card).toContainText("2,11% a.m.");
  await expect(card).toContainText("R$ 1.321,89");
  await expect(card).toContainText("R$ 1.781,10");

  // 'Editar contrato' comes back with the centavos, and changing only 'Parcelas pagas' saves
  await card.getByRole("button", { name: "Editar contrato" }).click();
  await expect(dialogo.getByLabel("Valor financiado (R$)")).toHaveValue("45.000,50");
  await dialogo.getByLabel("Parcelas pagas").fill("11");
  await dialogo.getByRole("button", { name: "Salvar" }).click();
  await expect(dialogo).toBeHidden();
  await expect(card).toContainText("R$ 1.959,21");
});

test("an imobiliário lead is compared with SGS 20772 (% a.a.) by its monthly equivalent, with the Price caveat", async ({
  page,
  browser,
}) => {
  // March 2024 of the real-estate series at a known 12,68% a.a. (0,9998% a.m.)
  await importarMes(browser, 20772, '"data";"valor"\n"01/03/2024";"12,68"\n');
  const sufixo = Date.now() % 1e8;
  const dados = {
    nome: `Imóvel Teste ${sufixo}`,
    telefone: `(31) 9${String(sufixo).padStart(8, "0")}`,
    email: `imovel.${sufixo}@exemplo.com.br`,
    tipo_financiamento: "Casa",
    valor_total_financiado: "200.000,00",
    valor_parcela: "2.500,00",
  };
  const id = await criarLead(browser, dados, async (admin, id) => {
    const contrato = await admin.request.put(`/api/leads/${id}/contrato`, {
      headers: await csrfHeader(admin),
      data: {
        modalidade_credito: "imobiliario",
        valor_contrato: "200.000,00",
        valor_liberado: "",
        valor_parcela: "2.500,00",
        quantidade_parcelas: "360",
        quantidade_parcelas_pagas: "24",
        data_contrato: "2024-03-15",
        banco: "Banco Exemplo",
        taxa_informada_mensal: "",
      },
    });
    expect(contrato.status()).toBe(200);
  });

  await entrar(page, "Consultor");
  await page.goto(`/chat/${id}`);
  const card = page.getByTestId("pre-analise");
  // 200.000,00 in 360 × 2.500,00 → 1,23% a.m.; against 0,9998% a.m. (12,68% a.a.) → 1,24×
  await expect(card).toContainText("1,24×");
  await expect(card).toContainText("De 1,1× a 1,5× a média");
  await expect(card).toContainText("Série publicada em % a.a. (12,68% a.a.)");
  await expect(card.getByTestId("ressalva-modalidade")).toContainText("Tabela Price");
  await expect(card).toContainText("Não é parecer jurídico");
  expect(await serias(page)).toEqual([]);
});

test("the company admin sets the screening threshold and what the AI screening does within it", async ({ page }) => {
  await entrar(page, "Admin Empresa");
  await page.goto("/empresa-config");
  await expect(page.getByRole("heading", { name: "Pré-análise revisional" })).toBeVisible();
  const cartao = page;
  await expect(cartao.getByLabel("Limiar de triagem (vezes a média)")).toHaveValue("1.5");
  await cartao.getByLabel("Contrato dentro do limiar, na triagem da IA").selectOption("encerrar");
  await cartao.getByLabel("Limiar de triagem (vezes a média)").fill("9");
  await cartao.getByRole("button", { name: "Salvar pré-análise" }).click();
  await expect(cartao.getByText("Limiar entre 1 e 5 vezes a média.")).toBeVisible();
  await cartao.getByLabel("Limiar de triagem (vezes a média)").fill("2");
  await cartao.getByRole("button", { name: "Salvar pré-análise" }).click();
  await expect(page.getByText("Configurações da pré-análise salvas.")).toBeVisible();
  await page.reload();
  await expect(cartao.getByLabel("Limiar de triagem (vezes a média)")).toHaveValue("2");
  await expect(cartao.getByLabel("Contrato dentro do limiar, na triagem da IA")).toHaveValue("encerrar");
  // the journeys share the demo: back to the defaults
  const r = await page.request.put("/api/empresa/pre-analise", {
    data: { limiar: 1.5, regra_triagem: "avisar" },
    headers: await csrfHeader(page),
  });
  expect(r.status()).toBe(200);
});

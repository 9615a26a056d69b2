import { expect, type Page, test } from "@playwright/test";
import { analisarAxe } from "./support/axe";
import { LoginPage } from "./support/pages";

/**
 * The operator's company switcher (decision 1642), the top bar's search by role and
 * company (decisions 1644, 1645), and an unknown path (decision 1643).
 */

const DEMO = "Revisão Demo Ltda";
const OUTRA = "Crédito Justo Assessoria";

async function entrar(page: Page, rotulo: string) {
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo(rotulo);
}

/** The sidebar's company switcher. */
const seletor = (page: Page) => page.getByRole("combobox", { name: "Empresa exibida", exact: true });
/** The top bar's search box. */
const caixaDeBusca = (page: Page) => page.getByRole("combobox", { name: "Buscar leads e consultores" });

/** A company's id by its name, from the switcher's own list. */
async function idDaEmpresa(page: Page, nome: string): Promise<string> {
  const opcoes = (await (await page.request.get("/api/empresas/opcoes")).json()) as { id: string; nome: string }[];
  const e = opcoes.find((o) => o.nome === nome);
  expect(e, nome).toBeTruthy();
  return e!.id;
}

/** The first name an API list of the company gives (what its screen shows first). */
async function primeiroNome(page: Page, url: string, lista: (j: never) => { nome: string }[]): Promise<string> {
  const res = await page.request.get(url);
  expect(res.status(), url).toBe(200);
  const nomes = lista((await res.json()) as never);
  expect(nomes.length, url).toBeGreaterThan(0);
  return nomes[0].nome;
}

test("the operator picks a company in the switcher and every company screen shows that company, the URL keeping it", async ({
  page,
}) => {
  test.setTimeout(180_000); // eight screens, each with its own queries
  await entrar(page, "Admin Plataforma");
  const demo = await idDaEmpresa(page, DEMO);
  const outra = await idDaEmpresa(page, OUTRA);
  const menu = page.getByRole("navigation", { name: "Menu principal" });

  // before a choice, a company screen asks for one and names the switcher
  await page.goto("/financeiro");
  await expect(page.getByRole("heading", { name: "Selecione uma empresa." })).toBeVisible();
  await expect(menu.getByRole("list", { name: "Telas da empresa" })).toHaveCount(0);

  // chosen anywhere (here on the platform's own dashboard), the choice goes into the URL
  await page.goto("/dashboard");
  await seletor(page).selectOption({ label: DEMO });
  await expect(page).toHaveURL(new RegExp(`/dashboard\\?empresa=${demo}$`));

  const telas = menu.getByRole("list", { name: "Telas da empresa" });
  const nomeLead = await primeiroNome(page, `/api/leads?empresaId=${demo}`, (j: { itens: { nome: string }[] }) => j.itens);
  const nomeConsultor = await primeiroNome(
    page,
    `/api/consultores?empresaId=${demo}`,
    (j: { consultores: { nome: string }[] }) => j.consultores,
  );
  const nomeProcesso = await primeiroNome(
    page,
    `/api/processos?empresaId=${demo}`,
    (j: { itens: { nome: string }[] }) => j.itens,
  );
  const telasComDado: [string, string, string | null][] = [
    ["Leads", "/leads", nomeLead],
    ["Consultores", "/consultores", nomeConsultor],
    ["IA Triagem", "/ia-triagem", null],
    ["Financeiro", "/financeiro", null],
    ["Marketing", "/marketing", null],
    ["Jurídico", "/juridico", null],
    ["Processos", "/processos", nomeProcesso],
  ];
  for (const [rotulo, caminho, dado] of telasComDado) {
    // the screen asks the API for the chosen company, and shows its answer
    const resposta = page.waitForResponse((r) => r.url().includes(`empresaId=${demo}`) && r.status() === 200);
    await telas.getByRole("link", { name: rotulo, exact: true }).click();
    await expect(page, rotulo).toHaveURL(new RegExp(`${caminho}\\?empresa=${demo}$`));
    await resposta;
    const main = page.locator("main#conteudo");
    await expect(main.getByRole("heading", { level: 1 }).first(), rotulo).toBeVisible();
    await expect(main.getByText("Selecione uma empresa.")).toHaveCount(0);
    if (dado) await expect(main.getByText(dado).first(), `${rotulo}: ${dado}`).toBeVisible();
    await expect(seletor(page)).toHaveValue(demo);
  }

  // a reload keeps the choice; switching moves the same screen to the other company
  await page.reload();
  await expect(seletor(page)).toHaveValue(demo);
  await telas.getByRole("link", { name: "Leads", exact: true }).click();
  const nomeOutra = await primeiroNome(page, `/api/leads?empresaId=${outra}`, (j: { itens: { nome: string }[] }) => j.itens);
  await seletor(page).selectOption({ label: OUTRA });
  await expect(page).toHaveURL(new RegExp(`/leads\\?empresa=${outra}$`));
  await expect(page.locator("main#conteudo").getByText(nomeOutra).first()).toBeVisible();

  // /empresa/{id} links to the company's screens with the company in the URL
  await page.goto(`/empresa/${demo}`);
  const daEmpresa = page.getByRole("navigation", { name: "Telas da empresa" });
  await daEmpresa.getByRole("link", { name: "Marketing" }).click();
  await expect(page).toHaveURL(new RegExp(`/marketing\\?empresa=${demo}$`));
  await expect(page.getByRole("heading", { name: "Custos de Marketing" })).toBeVisible();
});

test("the top bar finds companies for the operator, and the chosen company's leads", async ({ page }) => {
  await entrar(page, "Admin Plataforma");
  const demo = await idDaEmpresa(page, DEMO);
  const busca = caixaDeBusca(page);
  await busca.fill("Crédito Justo");
  const resultados = page.getByRole("listbox", { name: "Resultados da busca" });
  await resultados.getByRole("option", { name: new RegExp(OUTRA) }).click();
  await expect(page).toHaveURL(/\/empresa\/[0-9a-f-]{36}$/);

  const nomeLead = await primeiroNome(page, `/api/leads?empresaId=${demo}`, (j: { itens: { nome: string }[] }) => j.itens);
  await page.goto(`/leads?empresa=${demo}`);
  await busca.fill(nomeLead);
  await expect(resultados.getByRole("option", { name: new RegExp(nomeLead) }).first()).toBeVisible();
});

for (const rotulo of ["Consultor", "Jurídico"]) {
  test(`the top bar shows ${rotulo} no consultant result (it would lead to 'Acesso Negado')`, async ({ page }) => {
    await entrar(page, rotulo);
    // the demo's consultants: each would match by name for an admin
    const resposta = page.waitForResponse((r) => r.url().includes("/api/busca?") && r.status() === 200);
    await caixaDeBusca(page).fill("consultor");
    const { consultores } = (await (await resposta).json()) as { consultores: unknown[] };
    expect(consultores).toEqual([]);
    const resultados = page.getByRole("listbox", { name: "Resultados da busca" });
    await expect(page.getByText("Buscando...")).toHaveCount(0);
    await expect(resultados.getByRole("group", { name: "Consultores" })).toHaveCount(0);
  });
}

test("an Admin Empresa's top bar still lists consultants", async ({ page }) => {
  await entrar(page, "Admin Empresa");
  await caixaDeBusca(page).fill("consultor");
  await expect(
    page.getByRole("listbox", { name: "Resultados da busca" }).getByRole("group", { name: "Consultores" }),
  ).toBeVisible();
});

test("a mistyped path says 'Página não encontrada' under its own URL, with the way back", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await entrar(page, "Consultor");
  await page.goto("/meus-retornos");
  await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
  expect(await page.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
  await expect(page).toHaveURL(/\/meus-retornos$/);
  await expect(page.getByText("/meus-retornos")).toBeVisible();
  const axe = await analisarAxe(page, (b) => b.options({ resultTypes: ["violations"] }));
  expect(axe.violations.filter((v) => v.impact !== "minor").map((v) => v.id)).toEqual([]);
  await page.getByRole("link", { name: "Voltar ao Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

for (const rotulo of ["Admin Empresa", "Consultor", "Jurídico"]) {
  test(`/taxas-bacen shows ${rotulo} 'Acesso Negado', not a load error`, async ({ page }) => {
    await entrar(page, rotulo);
    await page.goto("/taxas-bacen");
    await expect(page.getByRole("heading", { name: "Acesso Negado" })).toBeVisible();
    await expect(page.getByText("Erro ao carregar as taxas do BACEN.")).toHaveCount(0);
  });
}

import { expect, type Page, test } from "@playwright/test";
import { analisarAxe } from "./support/axe";
import { LoginPage, Shell } from "./support/pages";

type TIndicadores = {
  periodo: { de: string; ate: string };
  cartoes: { empresas: number; usuarios: number; leads: number; taxaConversao: number; mrr: number; arr: number };
  empresas: { nome: string; leads: number }[];
};

// whole journeys with several sign-ins on a shared two-core machine
test.describe.configure({ timeout: 120_000 });

const inteiro = (n: number) => new Intl.NumberFormat("pt-BR").format(n);
const brl = (n: number) =>
  new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(n).replace(/\u00a0/g, " ");
const diaBR = (iso: string) => iso.split("-").reverse().join("/");

const serias = async (page: Page) =>
  (await analisarAxe(page)).violations.filter((v) => v.impact === "serious" || v.impact === "critical");

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

test("the platform admin's dashboard shows the platform's real figures", async ({ page }) => {
  await entrarComoPlataforma(page);
  await expect(page.getByRole("heading", { name: "Dashboard da Plataforma" })).toBeVisible();
  const api = (await (await page.request.get("/api/plataforma/indicadores")).json()) as TIndicadores;
  expect(api.cartoes.empresas).toBeGreaterThanOrEqual(7);
  expect(api.cartoes.leads).toBeGreaterThan(0);
  const cartoes = page.getByRole("region", { name: "Indicadores da plataforma" });
  await expect(cartoes).toContainText(`Empresas${inteiro(api.cartoes.empresas)}`);
  await expect(cartoes).toContainText(`Leads Processados${inteiro(api.cartoes.leads)}`);
  await expect(cartoes).toContainText(`Taxa de Conversão${api.cartoes.taxaConversao}%`);
  await expect(cartoes).toContainText(`MRR${brl(api.cartoes.mrr)}`);
  await expect(cartoes).toContainText(`ARR${brl(api.cartoes.arr)}`);
  await expect(page.getByText(`Período: ${diaBR(api.periodo.de)} a ${diaBR(api.periodo.ate)}`)).toBeVisible();
  await expect(page.getByTestId("grafico-crescimento")).toBeVisible();
  await expect(page.getByTestId("grafico-planos")).toBeVisible();
  expect(await serias(page)).toEqual([]);
});

test("/analytics sorts the per-company table and changes its dates", async ({ page }) => {
  await entrarComoPlataforma(page);
  await new Shell(page).menu().getByRole("link", { name: "Analytics" }).click();
  await expect(page.getByRole("heading", { name: "Analytics" })).toBeVisible();
  const tabela = page.getByRole("region", { name: "Indicadores por empresa" });
  const primeira = () => tabela.getByRole("row").nth(1).getByRole("cell").first();
  const api = (await (await page.request.get("/api/plataforma/indicadores?porEmpresa=1")).json()) as TIndicadores;
  const porLeads = [...api.empresas].sort((a, b) => b.leads - a.leads || a.nome.localeCompare(b.nome, "pt-BR"));
  // by leads, most first
  await expect(primeira()).toHaveText(porLeads[0].nome);
  await expect(tabela.getByRole("columnheader", { name: "Leads no período" })).toHaveAttribute("aria-sort", "descending");
  await tabela.getByRole("button", { name: "Leads no período" }).click();
  await expect(tabela.getByRole("columnheader", { name: "Leads no período" })).toHaveAttribute("aria-sort", "ascending");
  const porNome = [...api.empresas].sort((a, b) => a.nome.localeCompare(b.nome, "pt-BR"));
  await tabela.getByRole("button", { name: "Empresa" }).click();
  await expect(primeira()).toHaveText(porNome[0].nome);
  await tabela.getByRole("button", { name: "Empresa" }).click();
  await expect(primeira()).toHaveText(porNome.at(-1)!.nome);
  expect(await serias(page)).toEqual([]);

  // From/To: the last seven days only
  const hoje = api.periodo.ate;
  const semana = new Date(Date.parse(hoje) - 6 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("De", { exact: true }).fill(semana);
  await expect(page.getByText(`Período: ${diaBR(semana)} a ${diaBR(hoje)}`)).toBeVisible();
  const semanal = (await (await page.request.get(`/api/plataforma/indicadores?de=${semana}&ate=${hoje}`)).json()) as TIndicadores;
  await expect(page.getByRole("region", { name: "Indicadores da plataforma" })).toContainText(
    `Leads Processados${inteiro(semanal.cartoes.leads)}`,
  );
  // an inverted period is refused next to the field
  await page.getByLabel("Até", { exact: true }).fill(new Date(Date.parse(semana) - 86_400_000).toISOString().slice(0, 10));
  await expect(page.getByText("A data inicial deve ser anterior ou igual à data final.")).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole("region", { name: "Indicadores por empresa" })).toBeVisible();
  await semRolagemHorizontal(page);
});

test("/usuarios deactivates a user, who is then refused at sign-in, and reactivates them", async ({ page }) => {
  await entrarComoPlataforma(page);
  await new Shell(page).menu().getByRole("link", { name: "Usuários" }).click();
  await expect(page.getByRole("heading", { name: "Usuários" })).toBeVisible();
  const tabela = page.getByRole("region", { name: "Usuários da plataforma" });
  await expect(tabela.getByRole("row")).toHaveCount(21); // header + a page of 20
  expect(await serias(page)).toEqual([]);

  await page.getByLabel("Empresa", { exact: true }).selectOption({ label: "Justa Revisão Financeira" });
  await page.getByLabel("Papel", { exact: true }).selectOption("Consultor");
  const linha = tabela.getByRole("row").nth(1);
  await expect(linha).toContainText("Justa Revisão Financeira");
  const email = (await linha.locator("td").first().locator("p").nth(1).textContent())!.trim();

  await page.getByLabel("Buscar", { exact: true }).fill("ninguém com este nome");
  await expect(tabela.getByText("Nenhum usuário encontrado")).toBeVisible();
  await page.getByLabel("Buscar", { exact: true }).fill(email);
  await expect(tabela.getByRole("row")).toHaveCount(2);

  await tabela.getByRole("button", { name: /^Ações de / }).click();
  await page.getByRole("menuitem", { name: "Desativar" }).click();
  const confirmar = page.getByRole("dialog", { name: "Desativar Usuário" });
  await confirmar.getByRole("button", { name: "Desativar" }).click();
  await expect(confirmar).toBeHidden();
  await expect(tabela.getByRole("row").nth(1)).toContainText("Inativo");

  // the deactivated consultant cannot sign in
  await new Shell(page).sair();
  const login = new LoginPage(page);
  await login.entrar(email, "demo1234");
  await expect(page.getByText("Credenciais inválidas. Verifique seu email e senha.")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  // back as the operator: reactivate, and the consultant signs in again
  await login.entrarComDemo("Admin Plataforma");
  await page.goto("/usuarios");
  await page.getByLabel("Buscar", { exact: true }).fill(email);
  await expect(tabela.getByRole("row").nth(1)).toContainText("Inativo");
  await tabela.getByRole("button", { name: /^Ações de / }).click();
  await page.getByRole("menuitem", { name: "Reativar" }).click();
  await expect(tabela.getByRole("row").nth(1)).toContainText("Ativo");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(tabela).toBeVisible();
  await semRolagemHorizontal(page);
  // the desktop layout again, where 'Sair' is in the sidebar
  await page.setViewportSize({ width: 1280, height: 800 });
  await new Shell(page).sair();
  await login.entrar(email, "demo1234");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the platform's /configuracoes saves its settings; a company admin keeps the company settings", async ({ page }) => {
  await entrarComoPlataforma(page);
  await page.goto("/configuracoes");
  await expect(page.getByRole("heading", { name: "Configurações da Plataforma" })).toBeVisible();
  await page.getByLabel("Versão padrão da Graph API").fill("18");
  await page.getByRole("button", { name: "Salvar Configurações" }).click();
  await expect(page.getByText("Versão inválida (ex.: v25.0)")).toBeVisible();
  await page.getByLabel("Versão padrão da Graph API").fill("v25.0");
  await page.getByLabel("Nome do remetente").fill("CRM Revisional Demo");
  await page.getByRole("button", { name: "Salvar Configurações" }).click();
  await expect(page.getByText("Configurações da plataforma salvas com sucesso!")).toBeVisible();
  await expect(page.getByText(/Em uso: "CRM Revisional Demo" </)).toBeVisible();
  // the installation's diagnosis, the same checks as `npm run doctor` (decision 1858)
  const diagnostico = page.getByRole("list", { name: "Diagnóstico da instalação" });
  await expect(diagnostico.getByText("Migrações")).toBeVisible();
  await expect(diagnostico.getByText(/aplicadas, checksums conferem/)).toBeVisible();
  const verificadoAntes = await page.getByText(/^Verificado em /).textContent();
  await page.getByRole("button", { name: "Verificar de novo" }).click();
  await expect(page.getByText(/^Verificado em /)).not.toHaveText(verificadoAntes ?? "", { timeout: 70_000 });
  expect(await serias(page)).toEqual([]);
  // leave the demo as it was
  await page.getByLabel("Versão padrão da Graph API").fill("");
  await page.getByLabel("Nome do remetente").fill("");
  await page.getByRole("button", { name: "Salvar Configurações" }).click();
  await expect(page.getByText("Nunca alteradas").or(page.getByText(/Última alteração/))).toBeVisible();
  await new Shell(page).sair();
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo("Admin Empresa");
  await page.goto("/configuracoes");
  await expect(page.getByRole("heading", { name: "Configurações da Plataforma" })).toBeHidden();
  await expect(page.getByText("WhatsApp").first()).toBeVisible();
});

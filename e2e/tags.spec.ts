import { expect, type Page, test } from "@playwright/test";
import { analisarAxe } from "./support/axe";
import { fecharContextos, LoginPage } from "./support/pages";

/** Company tags on screens (decision 1833): settings, the chat, the board, /leads in bulk, the filters, at 390 px. */
test.afterEach(async ({ browser }) => fecharContextos(browser));
// two sign-ins and several axe sweeps each: on the shared 2-core CI machine these take longer than the default minute
test.setTimeout(240_000);

const sufixo = Date.now().toString(36);

async function entrar(page: Page, rotulo: "Admin Empresa" | "Consultor") {
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo(rotulo);
}

/** Serious or critical accessibility violations of the page as it is now. */
async function violacoesSerias(page: Page) {
  const { violations } = await analisarAxe(page);
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
}

async function semRolagemLateral(page: Page) {
  const m = (await page.evaluate(
    "({ total: document.documentElement.scrollWidth, visivel: document.documentElement.clientWidth })",
  )) as { total: number; visivel: number };
  expect(m.total).toBeLessThanOrEqual(m.visivel);
}

/** The 'Etiqueta' filter (exact: the board's cards have 'Etiquetas de …' buttons). */
const filtroEtiqueta = (page: Page) => page.getByRole("combobox", { name: "Etiqueta", exact: true });

/** The admin creates a tag in the company settings, renames and recolours it; returns its final name. */
async function criarEtiquetaNasConfiguracoes(page: Page, nome: string): Promise<string> {
  await page.goto("/empresa-config");
  const cartao = page.getByRole("region", { name: "Etiquetas" });
  await cartao.getByRole("button", { name: "Nova etiqueta" }).click();
  const dialogo = page.getByRole("dialog", { name: "Nova etiqueta" });
  // empty name: the field's message, nothing created
  await dialogo.getByRole("button", { name: "Salvar" }).click();
  await expect(dialogo.getByText("Informe o nome da etiqueta.")).toBeVisible();
  await dialogo.getByLabel("Nome da etiqueta").fill(`${nome} provisória`);
  await dialogo.getByRole("radio", { name: "Verde" }).check();
  await dialogo.getByRole("button", { name: "Salvar" }).click();
  await expect(dialogo).toBeHidden();
  const lista = cartao.getByRole("list", { name: "Etiquetas da empresa" });
  await expect(lista.getByText(`${nome} provisória`)).toBeVisible();
  expect(await violacoesSerias(page)).toEqual([]);

  await cartao.getByRole("button", { name: `Editar etiqueta ${nome} provisória` }).click();
  const edicao = page.getByRole("dialog", { name: "Editar etiqueta" });
  await edicao.getByLabel("Nome da etiqueta").fill(nome);
  await edicao.getByRole("radio", { name: "Roxo" }).check();
  await edicao.getByRole("button", { name: "Salvar" }).click();
  await expect(edicao).toBeHidden();
  await expect(lista.getByText(nome, { exact: true })).toBeVisible();
  await expect(lista.getByText(`${nome} provisória`)).toHaveCount(0);
  return nome;
}

test("the admin creates a tag; a consultant tags a lead from the chat and finds it by tag on the board and in Conversas", async ({
  page,
  browser,
}) => {
  await entrar(page, "Admin Empresa");
  const nome = await criarEtiquetaNasConfiguracoes(page, `Prioridade ${sufixo}`);

  const ctx = await browser.newContext();
  const consultor = await ctx.newPage();
  await entrar(consultor, "Consultor");
  // one of the consultant's conversations
  const res = await consultor.request.get("/api/conversas?limite=1");
  expect(res.status()).toBe(200);
  const [conversa] = (await res.json()).itens as { leadId: string; nome: string }[];
  expect(conversa).toBeTruthy();

  await consultor.goto(`/chat/${conversa.leadId}`);
  const painel = consultor.getByRole("heading", { name: "Etiquetas", level: 2 }).locator("..");
  await painel.getByRole("button", { name: "Editar etiquetas" }).click();
  const dialogo = consultor.getByRole("dialog", { name: "Etiquetas do lead" });
  await dialogo.getByRole("checkbox", { name: nome }).check();
  await dialogo.getByRole("button", { name: "Salvar" }).click();
  await expect(dialogo).toBeHidden();
  await expect(painel.getByRole("list", { name: "Etiquetas" }).getByText(nome)).toBeVisible();

  // the board, filtered by the new tag: only that lead, and the filter is in the URL
  await consultor.goto("/meus-leads");
  await consultor.getByLabel("Período").selectOption({ label: "Total" });
  await filtroEtiqueta(consultor).selectOption({ label: nome });
  await expect(consultor).toHaveURL(/etiqueta=/);
  await expect(consultor.getByRole("article", { name: conversa.nome })).toBeVisible();
  await expect(consultor.getByRole("article")).toHaveCount(1);
  expect(await violacoesSerias(consultor)).toEqual([]);

  // Conversas, filtered the same way
  await consultor.goto("/conversas");
  await filtroEtiqueta(consultor).selectOption({ label: nome });
  const lista = consultor.getByRole("list", { name: "Lista de conversas" });
  await expect(lista.getByRole("link")).toHaveCount(1);
  await expect(lista.getByRole("link", { name: new RegExp(`^Conversa com ${conversa.nome}`) })).toBeVisible();
  await consultor.reload();
  await expect(filtroEtiqueta(consultor)).toHaveValue(/.+/);
  await expect(lista.getByRole("link")).toHaveCount(1);

  // at 390 px: the chip in the chat's details panel, readable (axe) and without sideways scrolling
  await consultor.setViewportSize({ width: 390, height: 844 });
  await consultor.goto(`/chat/${conversa.leadId}`);
  await consultor.getByRole("button", { name: "Detalhes do lead" }).click();
  await expect(consultor.getByRole("list", { name: "Etiquetas" }).getByText(nome)).toBeVisible();
  expect(await violacoesSerias(consultor)).toEqual([]);
  await consultor.keyboard.press("Escape");
  await consultor.goto("/conversas");
  await semRolagemLateral(consultor);
});

test("the admin tags leads in bulk on /leads, finds them by tag, and deletes the tag", async ({ page }) => {
  await entrar(page, "Admin Empresa");
  const nome = await criarEtiquetaNasConfiguracoes(page, `Lote ${sufixo}`);

  await page.goto("/leads?periodo=all&ordem=nome&direcao=asc");
  const linhas = page.getByRole("checkbox", { name: /^Selecionar (?!todos)/ });
  await expect(linhas.first()).toBeVisible();
  const escolhidos: string[] = [];
  for (const i of [0, 1]) {
    const caixa = linhas.nth(i);
    escolhidos.push(((await caixa.getAttribute("aria-label")) ?? "").replace(/^Selecionar /, ""));
    await caixa.check();
  }
  const barra = page.getByRole("region", { name: "Ações em massa" });
  await barra.getByRole("button", { name: "Etiquetas" }).click();
  const dialogo = page.getByRole("dialog", { name: "Etiquetas dos leads selecionados" });
  await dialogo.getByRole("group", { name: nome }).getByRole("radio", { name: "Adicionar" }).check();
  expect(await violacoesSerias(page)).toEqual([]);
  await dialogo.getByRole("button", { name: "Aplicar" }).click();
  await expect(page.getByText("Etiquetas de 2 leads atualizadas.")).toBeVisible();
  await expect(dialogo).toBeHidden();

  await page.getByRole("button", { name: "Filtros" }).click();
  await filtroEtiqueta(page).selectOption({ label: nome });
  await expect(page).toHaveURL(/etiqueta=/);
  await expect(page.getByRole("checkbox", { name: /^Selecionar (?!todos)/ })).toHaveCount(2);
  for (const n of escolhidos) await expect(page.getByRole("checkbox", { name: `Selecionar ${n}` })).toBeVisible();

  // at 390 px the filtered list and its filters stay within the screen, readable
  await page.setViewportSize({ width: 390, height: 844 });
  await semRolagemLateral(page);
  expect(await violacoesSerias(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  // deleting the tag takes it off the leads: the filter finds nobody
  await page.goto("/empresa-config");
  const cartao = page.getByRole("region", { name: "Etiquetas" });
  await cartao.getByRole("button", { name: `Excluir etiqueta ${nome}` }).click();
  await page.getByRole("dialog", { name: "Excluir etiqueta" }).getByRole("button", { name: "Excluir" }).click();
  await expect(cartao.getByText(nome, { exact: true })).toHaveCount(0);
});

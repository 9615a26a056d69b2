import { expect, type Page, test } from "@playwright/test";
import { analisarAxe } from "./support/axe";
import { csrfHeader, fecharContextos, LoginPage } from "./support/pages";

test.afterEach(async ({ browser }) => fecharContextos(browser));

const sufixo = Date.now().toString(36);

async function entrar(page: Page, rotulo: "Admin Empresa" | "Consultor" | "Jurídico") {
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo(rotulo);
}

async function violacoesSerias(page: Page) {
  const { violations } = await analisarAxe(page);
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
}

test("a consultant converts a lead; the Jurídico is told, works the process on /processos and the admin sees it live", async ({
  page,
  browser,
}) => {
  const nome = `Processo Teste ${sufixo}`;
  // the admin creates the lead and gives it to the demo consultant
  await entrar(page, "Admin Empresa");
  const criado = await page.request.post("/api/leads", {
    headers: await csrfHeader(page),
    data: {
      nome,
      email: `processo.${sufixo}@exemplo.com.br`,
      telefone: `(21) 9${String(Date.now() % 1e8).padStart(8, "0")}`,
      tipo_financiamento: "Carro",
      valor_total_financiado: "R$ 48.000,00",
      valor_parcela: "1.300,00",
    },
  });
  expect(criado.status()).toBe(201);
  const { id } = (await criado.json()) as { id: string };
  const consultores = (await (await page.request.get("/api/leads/consultores")).json()) as { id: string; nome: string }[];
  const camila = consultores.find((c) => c.nome === "Camila Rocha")!;
  expect(
    (
      await page.request.patch(`/api/leads/${id}/consultor`, {
        data: { consultorId: camila.id },
        headers: await csrfHeader(page),
      })
    ).status(),
  ).toBe(204);

  const ctxJuridico = await browser.newContext();
  const ctxConsultor = await browser.newContext();
  const juridico = await ctxJuridico.newPage();
  const consultor = await ctxConsultor.newPage();
  await entrar(juridico, "Jurídico");
  await entrar(consultor, "Consultor");

  // the admin keeps /processos open: what the Jurídico does shows up without a reload
  await page.goto("/processos");
  await expect(page.getByRole("heading", { name: "Processos Jurídicos" })).toBeVisible();
  await page.getByLabel("Buscar processos por nome, email ou telefone").fill(nome);
  await expect(page.getByText("Nenhum processo encontrado")).toBeVisible();

  // the consultant converts it from their board's card menu
  await consultor.goto("/meus-leads");
  await consultor.getByLabel("Buscar", { exact: true }).fill(nome);
  await consultor.getByRole("button", { name: `Alterar status de ${nome}` }).click();
  await consultor.getByRole("menuitem", { name: "Convertido (Ganho)" }).click();
  await expect(consultor.getByRole("region", { name: "Convertidos" }).getByRole("article", { name: nome })).toBeVisible();

  // the Jurídico hears of it in the bell and opens /processos from there
  await juridico.getByRole("button", { name: "Notificações" }).click();
  const aviso = juridico.getByRole("menuitem").filter({ hasText: `${nome} foi convertido e aguarda contato jurídico.` });
  await expect(aviso).toBeVisible();
  await aviso.click();
  await expect(juridico).toHaveURL(/\/processos$/);
  await juridico.getByLabel("Buscar processos por nome, email ou telefone").fill(nome);
  const linha = juridico.getByRole("row", { name: new RegExp(nome) });
  await expect(linha.getByText("Aguardando Contato Jurídico")).toBeVisible();
  await expect(linha.getByRole("link", { name: `Chat com ${nome}` })).toHaveAttribute("href", `/chat/${id}`);
  // the admin's list shows it too, live
  await expect(page.getByRole("row", { name: new RegExp(nome) }).getByText("Aguardando Contato Jurídico")).toBeVisible();
  expect(await violacoesSerias(juridico)).toEqual([]);

  // 'Documentação Solicitada', assigned to herself
  await linha.getByRole("button", { name: `Editar processo de ${nome}` }).click();
  let dialogo = juridico.getByRole("dialog", { name: `Processo de ${nome}` });
  await expect(dialogo.getByText("Aguardando Contato Jurídico").last()).toBeVisible(); // the history's first entry
  await dialogo.getByLabel("Status jurídico").selectOption("Documentação Solicitada");
  await dialogo.getByLabel("Profissional jurídico").selectOption({ label: "Helena Duarte (juridico@demo.com.br)" });
  await dialogo.getByLabel("Observações jurídicas").fill("Pedir contrato e extratos.");
  expect(await violacoesSerias(juridico)).toEqual([]);
  await dialogo.getByRole("button", { name: "Salvar" }).click();
  await expect(dialogo).toBeHidden();
  await expect(linha.getByText("Documentação Solicitada")).toBeVisible();
  // the professional by name, not by e-mail
  await expect(linha.getByRole("cell", { name: "Helena Duarte", exact: true })).toBeVisible();
  await expect(linha.getByText("juridico@demo.com.br")).toHaveCount(0);
  await expect(page.getByRole("row", { name: new RegExp(nome) }).getByText("Documentação Solicitada")).toBeVisible();

  // a closed value that is not money is refused next to the field, then 'Finalizado Jurídico' with a real one
  await linha.getByRole("button", { name: `Editar processo de ${nome}` }).click();
  dialogo = juridico.getByRole("dialog", { name: `Processo de ${nome}` });
  await dialogo.getByLabel("Status jurídico").selectOption("Finalizado Jurídico");
  await dialogo.getByLabel("Valor fechado").fill("abc");
  await dialogo.getByRole("button", { name: "Salvar" }).click();
  await expect(dialogo.getByText("Informe um valor fechado válido (zero ou mais).")).toBeVisible();
  await dialogo.getByLabel("Valor fechado").fill("R$ 12.500,00");
  await dialogo.getByRole("button", { name: "Salvar" }).click();
  await expect(dialogo).toBeHidden();
  await expect(linha.getByText("Finalizado Jurídico")).toBeVisible();
  await expect(linha.getByText("R$ 12.500,00")).toBeVisible();
  // live on the admin's screen, with the history of who did what
  const linhaAdmin = page.getByRole("row", { name: new RegExp(nome) });
  await expect(linhaAdmin.getByText("Finalizado Jurídico")).toBeVisible();
  await linhaAdmin.getByRole("button", { name: `Editar processo de ${nome}` }).click();
  const historico = page
    .getByRole("dialog", { name: `Processo de ${nome}` })
    .getByRole("list", { name: "Histórico de alterações" });
  await expect(historico.getByRole("listitem")).toHaveCount(4); // opened, professional, two status changes
  await expect(historico.getByRole("listitem").first()).toContainText("Documentação Solicitada");
  await expect(historico.getByRole("listitem").first()).toContainText("Finalizado Jurídico");
  await expect(historico.getByRole("listitem").first()).toContainText("Helena Duarte");

  // the consultant reads the legal status, read-only, in the chat's side panel
  await consultor.goto(`/chat/${id}`);
  await expect(consultor.getByText("Status jurídico", { exact: true })).toBeVisible();
  await expect(consultor.getByText("Finalizado Jurídico", { exact: true })).toBeVisible();
  // and may not open /processos
  await consultor.goto("/processos");
  await expect(consultor.getByText("Apenas o jurídico e os administradores da empresa podem alterar processos.")).toBeVisible();
});

test("/processos at 390 px: no horizontal page scroll, no serious accessibility violations", async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  await entrar(page, "Jurídico");
  await page.goto("/processos");
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  await expect(page.getByRole("button", { name: /^Documentação Solicitada/ })).toBeVisible();
  // evaluated as text: the e2e files are type-checked without the DOM library
  const larguras = (await page.evaluate("({ doc: document.documentElement.scrollWidth, janela: window.innerWidth })")) as {
    doc: number;
    janela: number;
  };
  expect(larguras.doc).toBeLessThanOrEqual(larguras.janela);
  expect(await violacoesSerias(page)).toEqual([]);
});

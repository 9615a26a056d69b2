import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { analisarAxe } from "./support/axe";
import { csrfHeader, LoginPage } from "./support/pages";

/**
 * Decisions 1824–1826: a titular's privacy request from WhatsApp and from the public page, and the clock; decisions
 * 1865–1866: the admin generates and downloads the access package, the titular opens its link.
 */

const violacoes = async (page: Page) =>
  (await analisarAxe(page)).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical" || v.impact === "moderate")
    .map((v) => ({ regra: v.id, onde: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));

const larguras = async (page: Page) =>
  (await page.evaluate(
    "({ janela: window.innerWidth, documento: document.documentElement.scrollWidth, corpo: document.body.scrollWidth })",
  )) as { janela: number; documento: number; corpo: number };

async function entrarComoAdmin(page: Page): Promise<string> {
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo("Admin Empresa");
  return ((await (await page.request.get("/api/auth/sessao")).json()) as { empresa: { id: string } }).empresa.id;
}

test("a lead writes 'MEUS DADOS' on the sandbox: protocol on WhatsApp, code confirmed, 15 days left on /privacidade", async ({
  page,
  browser,
}) => {
  // several screens, two WhatsApp round trips, the package's job, two downloads and axe twice: minutes on a loaded machine
  test.setTimeout(360_000);
  const empresaId = await entrarComoAdmin(page);
  const telefone = `(11) 9${String(Date.now()).slice(-8, -4)}-${String(Date.now()).slice(-4)}`;
  const simulada = await page.request.post("/api/testes/simular-mensagem", {
    headers: await csrfHeader(page),
    data: { telefone, nome: "Titular E2E", texto: "MEUS DADOS" },
  });
  expect(simulada.status()).toBe(202);

  // the protocol and the code leave on WhatsApp (the sandbox takes the message: sent, then delivered)
  let texto = "";
  await expect
    .poll(
      async () => {
        const conversas = (await (await page.request.get("/api/conversas?limite=20")).json()) as {
          itens: { leadId: string; nome: string }[];
        };
        const lead = conversas.itens.find((c) => c.nome === "Titular E2E");
        if (!lead) return "";
        const msgs = (await (await page.request.get(`/api/chat/${lead.leadId}/mensagens`)).json()) as {
          itens: { content: string; sender: string; status: string }[];
        };
        const m = msgs.itens.find((x) => x.sender === "sistema" && x.content.includes("Protocolo:"));
        texto = m && m.status !== "pending" && m.status !== "failed" ? m.content : "";
        return texto;
      },
      { timeout: 30_000 },
    )
    .toContain("Protocolo:");
  const protocolo = /Protocolo: (\d{4}-\d{6})/.exec(texto)?.[1] as string;
  const codigo = /código (\d{6})/.exec(texto)?.[1] as string;
  expect(texto).toContain(`/privacidade/${empresaId}`);

  // the titular, signed out, confirms the code on the company's page
  const titular = await browser.newContext();
  const pub = await titular.newPage();
  await pub.goto(`/privacidade/${empresaId}`);
  // the page reads the company first (a loaded machine may take a while): wait for its form, not a fixed time
  await expect(pub.getByRole("heading", { name: "Confirmar minha identidade" })).toBeVisible({ timeout: 30_000 });
  await pub.getByLabel("Protocolo").fill(protocolo);
  await pub.getByLabel("Código").fill(codigo);
  await pub.getByRole("button", { name: "Confirmar código" }).click();
  await expect(pub.getByRole("status").filter({ hasText: "Identidade confirmada" })).toBeVisible();
  await titular.close();

  // the admin sees it with 15 days left, in progress
  await page.goto("/privacidade");
  const linha = page.getByRole("row").filter({ hasText: protocolo });
  // the list reads the clock of every request: a loaded machine may take a while, wait for the row
  await expect(linha).toBeVisible({ timeout: 30_000 });
  await expect(linha.getByText("15 dias")).toBeVisible();
  await expect(linha.getByText("Em andamento")).toBeVisible();
  await expect(linha.getByText("WhatsApp")).toBeVisible();
  expect(await violacoes(page)).toEqual([]);

  // the admin generates the access package (decision 1865): the job's progress is polled, then the ZIP downloads
  await linha.getByRole("button", { name: `Gerar pacote de dados, protocolo ${protocolo}` }).click();
  const baixar = linha.getByRole("link", { name: `Baixar pacote, protocolo ${protocolo}` });
  await expect(baixar).toBeVisible({ timeout: 60_000 });
  await expect(linha.getByText(/Pacote pronto · link válido até \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), baixar.click()]);
  expect(download.suggestedFilename()).toBe(`dados-pessoais-${protocolo}.zip`);
  expect(
    readFileSync(await download.path())
      .subarray(0, 2)
      .toString(),
  ).toBe("PK");
  // the download is recorded on the request
  await expect(linha.getByText("1 download")).toBeVisible({ timeout: 15_000 });

  // the titular's link arrives on WhatsApp and opens the package page, signed out, at phone width
  let link = "";
  await expect
    .poll(
      async () => {
        const conversas = (await (await page.request.get("/api/conversas?limite=20")).json()) as {
          itens: { leadId: string; nome: string }[];
        };
        const lead = conversas.itens.find((c) => c.nome === "Titular E2E");
        const msgs = (await (await page.request.get(`/api/chat/${lead?.leadId}/mensagens`)).json()) as {
          itens: { content: string; sender: string }[];
        };
        link = /https?:\/\/\S+\/pacote\/[A-Za-z0-9_-]{43}/.exec(msgs.itens.map((m) => m.content).join("\n"))?.[0] ?? "";
        return link;
      },
      { timeout: 30_000 },
    )
    .toContain("/pacote/");
  const celular = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const tel = await celular.newPage();
  await tel.goto(new URL(link).pathname);
  await expect(tel.getByRole("heading", { name: "Seus dados pessoais" })).toBeVisible({ timeout: 30_000 });
  await expect(tel.getByText(`Pacote da solicitação ${protocolo}`)).toBeVisible();
  const l = await larguras(tel);
  expect(l.documento).toBeLessThanOrEqual(l.janela);
  expect(await violacoes(tel)).toEqual([]);
  const [doTitular] = await Promise.all([tel.waitForEvent("download"), tel.getByRole("link", { name: /Baixar pacote/ }).click()]);
  expect(doTitular.suggestedFilename()).toBe(`dados-pessoais-${protocolo}.zip`);
  await page.reload();
  await expect(linha.getByText("2 downloads")).toBeVisible({ timeout: 30_000 });
  // a link that is not one says so in pt-BR
  await tel.goto(`/privacidade/${empresaId}/pacote/${"x".repeat(43)}`);
  await expect(tel.getByText("Link de download inválido. Confira o endereço recebido pelo WhatsApp.")).toBeVisible();
  await celular.close();
});

test.describe("the public page at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("shows the encarregado and the rights, takes a request, and fits a phone with no axe violation", async ({
    page,
    browser,
  }) => {
    // two browsers, axe and the list: more than the default minute on a loaded machine
    test.setTimeout(180_000);
    const empresaId = await entrarComoAdmin(page);
    const visitante = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const pub = await visitante.newPage();
    await pub.goto(`/privacidade/${empresaId}`);
    await expect(pub.getByRole("heading", { name: /^Privacidade — / })).toBeVisible({ timeout: 30_000 });
    await expect(pub.getByText("Dra. Helena Prado")).toBeVisible();
    await expect(pub.getByText("Portabilidade — até 15 dias")).toBeVisible();
    const l = await larguras(pub);
    expect(l.documento).toBeLessThanOrEqual(l.janela);
    expect(l.corpo).toBeLessThanOrEqual(l.janela);
    expect(await violacoes(pub)).toEqual([]);

    // the form refuses what is missing in pt-BR, then takes the request
    await pub.getByRole("button", { name: "Enviar solicitação" }).click();
    await expect(pub.getByText("Informe seu nome.")).toBeVisible();
    await pub.getByLabel("Direito que deseja exercer").selectOption("portabilidade");
    await pub.getByLabel("Nome completo do titular").fill("Visitante da Página");
    await pub.getByLabel("Telefone (WhatsApp) cadastrado").fill("(21) 98888-1234");
    await pub.getByRole("button", { name: "Enviar solicitação" }).click();
    const recebido = pub.getByRole("status").filter({ hasText: "Solicitação registrada. Protocolo" });
    await expect(recebido).toBeVisible();
    const protocolo = /Protocolo (\d{4}-\d{6})/.exec((await recebido.textContent()) ?? "")?.[1] as string;
    await visitante.close();

    await page.goto("/privacidade");
    const linha = page.getByRole("row").filter({ hasText: protocolo });
    await expect(linha.getByText("Página pública")).toBeVisible();
    await expect(linha.getByText("Aguardando verificação")).toBeVisible();
  });
});

import { expect, type Page, test } from "@playwright/test";
import { gerarPdf, gerarPng } from "../apps/server/src/documents/sample-files";
import { analisarAxe } from "./support/axe";
import { csrfHeader, fecharContextos, LoginPage } from "./support/pages";

test.afterEach(async ({ browser }) => fecharContextos(browser));
// long journeys with three signed-in browsers on a shared 2-core machine
test.describe.configure({ timeout: 180_000 });

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

/** A new lead of the demo company converted by the admin: a legal process of its own for this run. */
async function novoProcesso(page: Page, nome: string): Promise<string> {
  const criado = await page.request.post("/api/leads", {
    headers: await csrfHeader(page),
    data: {
      nome,
      email: `documentos.${Date.now()}@exemplo.com.br`,
      telefone: `(31) 9${String(Date.now() % 1e8).padStart(8, "0")}`,
      tipo_financiamento: "Carro",
      valor_total_financiado: "R$ 52.000,00",
      valor_parcela: "1.450,00",
    },
  });
  expect(criado.status(), await criado.text()).toBe(201);
  const { id } = (await criado.json()) as { id: string };
  const conv = await page.request.patch(`/api/leads/${id}/status`, {
    headers: await csrfHeader(page),
    data: { status: "Convertido (Ganho)" },
  });
  expect(conv.status()).toBe(204);
  return id;
}

test("the Jurídico uploads a PDF and a PNG to a process with a progress bar, previews both; /documentos lists and filters them live", async ({
  page,
  browser,
}) => {
  const nome = `Documentos Teste ${sufixo}`;
  await entrar(page, "Admin Empresa");
  await novoProcesso(page, nome);
  // the admin keeps /documentos open, searching for this process: what the Jurídico uploads appears without a reload
  await page.goto("/documentos");
  await expect(page.getByRole("heading", { name: "Documentos", exact: true })).toBeVisible();
  await page.getByLabel("Buscar documentos por nome do arquivo, descrição ou lead").fill(nome);
  await expect(page.getByText("Nenhum documento encontrado")).toBeVisible();

  const ctx = await browser.newContext();
  const juridico = await ctx.newPage();
  await entrar(juridico, "Jurídico");
  await juridico.goto("/processos");
  await juridico.getByLabel("Buscar processos por nome, email ou telefone").fill(nome);
  await juridico.getByRole("button", { name: `Editar processo de ${nome}` }).click();
  const dialogo = juridico.getByRole("dialog", { name: `Processo de ${nome}` });
  const documentos = dialogo.getByRole("region", { name: /^Documentos/ });
  await expect(documentos.getByText("Nenhum documento encontrado")).toBeVisible();

  // refused in the browser before sending: a type outside the list
  await documentos
    .getByLabel("Arquivo")
    .setInputFiles({ name: "programa.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") });
  await expect(
    documentos.getByText("Tipo de arquivo não permitido. Por favor, selecione um arquivo PDF, Word, Excel, imagem ou texto."),
  ).toBeVisible();

  // a slow uplink so the bar can be seen moving: 1.5 MB at ~600 KB/s
  const cdp = await ctx.newCDPSession(juridico);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 600 * 1024,
  });
  const pdf = Buffer.concat([gerarPdf(`Contrato de ${nome}`, ["Cláusula 4ª - juros"]), Buffer.alloc(1_500_000, 0x20)]);
  await documentos.getByLabel("Arquivo").setInputFiles({ name: "contrato.pdf", mimeType: "application/pdf", buffer: pdf });
  await documentos.getByLabel("Descrição (opcional)").fill("Contrato assinado");
  // every value the bar takes is recorded (evaluated as text: the e2e files are type-checked without the DOM library)
  await juridico.evaluate(`(() => {
    window.__valores = [];
    new MutationObserver(() => {
      const b = document.querySelector('[role="progressbar"]');
      if (b && b.getAttribute("aria-valuenow") !== null) window.__valores.push(Number(b.getAttribute("aria-valuenow")));
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-valuenow"] });
  })()`);
  await documentos.getByRole("button", { name: "Enviar documento" }).click();
  const barra = documentos.getByRole("progressbar", { name: "Enviando contrato.pdf" });
  await expect(barra).toBeVisible();
  await expect(barra).toHaveAttribute("aria-valuemax", "100");
  await expect(documentos.getByText("Contrato assinado")).toBeVisible({ timeout: 20_000 });
  await expect(barra).toBeHidden();
  const valores = (await juridico.evaluate("window.__valores")) as number[];
  expect(valores[0]).toBe(0);
  expect(Math.max(...valores)).toBeGreaterThan(0); // fed by the upload's progress events
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  await documentos.getByLabel("Arquivo").setInputFiles({ name: "rg.png", mimeType: "image/png", buffer: gerarPng(300, 200) });
  await documentos.getByRole("button", { name: "Enviar documento" }).click();
  await expect(documentos.getByRole("listitem").filter({ hasText: "rg.png" })).toBeVisible();
  await expect(documentos.getByRole("heading", { name: "Documentos (2)" })).toBeVisible();
  // the uploader by name, not by e-mail (decision 1633)
  await expect(documentos.getByRole("listitem").filter({ hasText: "rg.png" })).toContainText("Helena Duarte");
  await expect(documentos.getByRole("listitem").filter({ hasText: "rg.png" })).not.toContainText("juridico@demo.com.br");

  // preview of the PDF: an iframe on the authorized route, served inline as a PDF that cannot be sniffed
  await documentos.getByRole("button", { name: "Visualizar contrato.pdf" }).click();
  const previa = juridico.getByRole("dialog", { name: "contrato.pdf" });
  const quadro = previa.locator("iframe");
  await expect(quadro).toBeVisible();
  const src = (await quadro.getAttribute("src")) as string;
  expect(src).toMatch(/^\/api\/documentos\/[0-9a-f-]+\/conteudo$/);
  const resposta = await juridico.request.get(src);
  expect(resposta.status()).toBe(200);
  expect(resposta.headers()["content-type"]).toBe("application/pdf");
  expect(resposta.headers()["content-disposition"]).toMatch(/^inline/);
  expect(resposta.headers()["x-content-type-options"]).toBe("nosniff");
  await previa.getByRole("button", { name: "Fechar" }).first().click();
  await expect(previa).toBeHidden();

  // preview of the image: really decoded by the browser
  await documentos.getByRole("button", { name: "Visualizar rg.png" }).click();
  const imagem = juridico.getByRole("dialog", { name: "rg.png" }).getByRole("img");
  await expect(imagem).toBeVisible();
  await expect.poll(() => imagem.evaluate((i) => (i as unknown as { naturalWidth: number }).naturalWidth)).toBe(300);
  await juridico.keyboard.press("Escape");

  // the admin's /documentos shows both, live, newest first, with the uploader
  const lista = page.getByRole("list", { name: "Documentos" });
  await expect(lista.getByRole("listitem")).toHaveCount(2);
  await expect(lista.getByRole("listitem").first()).toContainText("rg.png");
  await expect(lista.getByRole("listitem").nth(1)).toContainText("Contrato assinado");
  await expect(lista.getByRole("listitem").first()).toContainText(nome);
  // filters: type, then lead
  await page.getByLabel("Tipo", { exact: true }).selectOption({ label: "PDF" });
  await expect(lista.getByRole("listitem")).toHaveCount(1);
  await expect(lista.getByRole("listitem").first()).toContainText("contrato.pdf");
  await page.getByLabel("Tipo", { exact: true }).selectOption({ label: "Todos" });
  await page.getByLabel("Buscar documentos por nome do arquivo, descrição ou lead").fill("");
  await page.getByLabel("Lead", { exact: true }).selectOption({ label: nome });
  await expect(lista.getByRole("listitem")).toHaveCount(2);

  // the admin deletes the image (confirmation); the Jurídico's dialog updates live
  await lista.getByRole("button", { name: "Excluir rg.png" }).click();
  const confirmar = page.getByRole("dialog", { name: "Excluir documento" });
  await expect(confirmar).toContainText('Tem certeza que deseja excluir o documento "rg.png"?');
  await confirmar.getByRole("button", { name: "Excluir" }).click();
  await expect(lista.getByRole("listitem")).toHaveCount(1);
  await expect(documentos.getByRole("heading", { name: "Documentos (1)" })).toBeVisible();
  expect(await violacoesSerias(juridico)).toEqual([]);
});

test("the Consultor may not read documents; the Jurídico cannot delete what the admin uploaded", async ({ page, browser }) => {
  const nome = `Documentos Restritos ${sufixo}`;
  await entrar(page, "Admin Empresa");
  const id = await novoProcesso(page, nome);
  const form = {
    descricao: "Laudo do perito",
    arquivo: { name: "laudo.pdf", mimeType: "application/pdf", buffer: gerarPdf("Laudo", ["ok"]) },
  };
  const up = await page.request.post(`/api/processos/${id}/documentos`, { headers: await csrfHeader(page), multipart: form });
  expect(up.status()).toBe(201);
  const doc = (await up.json()) as { id: string };

  const ctxC = await browser.newContext();
  const consultor = await ctxC.newPage();
  await entrar(consultor, "Consultor");
  await consultor.goto("/documentos");
  await expect(
    consultor.getByText("Acesso negado. Apenas o jurídico e os administradores da empresa podem ver os documentos."),
  ).toBeVisible();
  expect((await consultor.request.get(`/api/documentos/${doc.id}/conteudo`)).status()).toBe(403);

  const ctxJ = await browser.newContext();
  const juridico = await ctxJ.newPage();
  await entrar(juridico, "Jurídico");
  // the bell tells the Jurídico of the admin's upload and opens /documentos
  await juridico.getByRole("button", { name: "Notificações" }).click();
  const aviso = juridico.getByRole("menuitem").filter({ hasText: `laudo.pdf foi anexado ao processo de ${nome}.` });
  await expect(aviso).toBeVisible();
  await aviso.click();
  await expect(juridico).toHaveURL(/\/documentos$/);
  await juridico.getByLabel("Buscar documentos por nome do arquivo, descrição ou lead").fill(nome);
  const item = juridico.getByRole("list", { name: "Documentos" }).getByRole("listitem");
  await expect(item).toHaveCount(1);
  await expect(item.getByRole("button", { name: "Excluir laudo.pdf" })).toHaveCount(0);
  const apagar = await juridico.request.delete(`/api/documentos/${doc.id}`, { headers: await csrfHeader(juridico) });
  expect(apagar.status()).toBe(403);
  expect((await apagar.json()).erro).toBe("Apenas quem enviou o documento ou um administrador da empresa pode excluí-lo.");
});

test("/documentos at 390 px: the demo's documents, no horizontal page scroll, no serious accessibility violations", async ({
  browser,
}) => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  await entrar(page, "Jurídico");
  await page.goto("/documentos");
  await expect(page.getByRole("list", { name: "Documentos" }).getByRole("listitem").first()).toBeVisible();
  const larguras = (await page.evaluate("({ doc: document.documentElement.scrollWidth, janela: window.innerWidth })")) as {
    doc: number;
    janela: number;
  };
  expect(larguras.doc).toBeLessThanOrEqual(larguras.janela);
  expect(await violacoesSerias(page)).toEqual([]);
});

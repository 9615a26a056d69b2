import { type Browser, expect, type Page, test } from "@playwright/test";
import { MSG_CONSENTIMENTO } from "../packages/domain/src/consent";
import { analisarAxe } from "./support/axe";
import { fecharContextos, LoginPage } from "./support/pages";

test.afterEach(async ({ browser }) => fecharContextos(browser));

async function entrar(browser: Browser, rotulo: string, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext(viewport ? { viewport } : {})).newPage();
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo(rotulo);
  return page;
}

test("the consultant sees 'Consentimento revogado' on the chat, at 390 px, after the sandbox lead writes 'SAIR'", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const nome = `Cliente Sair ${Date.now()}`;
  const telefone = `(11) 9${String(Date.now()).slice(-8)}`;

  // the lead writes through the sandbox's 'Simular lead' panel (the same inbox and job as a provider's webhook)
  const admin = await entrar(browser, "Admin Empresa");
  await admin.goto("/test-validation");
  async function leadEscreve(texto: string) {
    await admin.getByLabel("Telefone do lead").fill(telefone);
    await admin.getByLabel("Nome no WhatsApp").fill(nome);
    await admin.getByLabel("Mensagem do lead").fill(texto);
    await admin.getByRole("button", { name: "Enviar como lead" }).click();
    await expect(admin.getByText("Mensagem simulada enviada.").first()).toBeVisible();
  }
  await leadEscreve("Olá, quero revisar o meu financiamento");
  const buscarLead = async () => {
    const r = await admin.request.get(`/api/leads?periodo=all&busca=${encodeURIComponent(nome)}`);
    return ((await r.json()) as { itens?: { id: string; nome: string }[] }).itens?.find((l) => l.nome === nome)?.id ?? "";
  };
  await expect.poll(buscarLead, { timeout: 30_000 }).not.toBe("");
  const leadId = await buscarLead();

  // the consultant has the lead's chat open on a phone: service consent from the lead's own message, no marketing record
  const consultor = await entrar(browser, "Consultor", { width: 390, height: 844 });
  await consultor.goto(`/chat/${leadId}`);
  const cabecalho = consultor.locator("header", { has: consultor.getByRole("heading", { name: nome }) });
  await expect(cabecalho.getByText(MSG_CONSENTIMENTO.semRegistro)).toBeVisible();

  // 'SAIR': the header changes live, and the one confirmation appears in the timeline
  await leadEscreve("SAIR");
  await expect(cabecalho.getByText(MSG_CONSENTIMENTO.revogado)).toBeVisible({ timeout: 30_000 });
  await expect(consultor.getByText(/Você não vai mais receber mensagens de ofertas/)).toBeVisible({ timeout: 30_000 });

  const largura = Number(await consultor.evaluate("document.documentElement.scrollWidth"));
  expect(largura).toBeLessThanOrEqual(390);
  const { violations } = await analisarAxe(consultor);
  expect(violations.filter((v) => v.impact !== "minor").map((v) => v.id)).toEqual([]);
});

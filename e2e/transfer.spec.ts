import { type Browser, expect, type Page, test } from "@playwright/test";
import { MSG_TRANSFERENCIA } from "../packages/domain/src/transfer";
import { analisarAxe } from "./support/axe";
import { csrfHeader, fecharContextos, LoginPage } from "./support/pages";

test.afterEach(async ({ browser }) => fecharContextos(browser));

async function entrar(browser: Browser, email: string, largura?: number): Promise<Page> {
  const page = await (await browser.newContext(largura ? { viewport: { width: largura, height: 844 } } : {})).newPage();
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrar(email, "demo1234");
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

const serias = async (page: Page) =>
  (await analisarAxe(page)).violations.filter((v) => v.impact === "serious" || v.impact === "critical");

type TConsultor = { id: string; email: string; nome: string };

test("the consultant transfers a lead with a note from the chat (390 px); the receiver is notified and finds it waiting", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const admin = await entrar(browser, "admin@demo.com.br");
  const { consultores } = (await (await admin.request.get("/api/consultores")).json()) as { consultores: TConsultor[] };
  const de = consultores.find((c) => c.email === "consultor@demo.com.br") as TConsultor;
  const para = consultores.find((c) => c.email === "consultor2@demo.com.br") as TConsultor;
  const nome = `Transferência ${Date.now().toString(36)}`;
  const criado = await admin.request.post("/api/leads", {
    headers: await csrfHeader(admin),
    data: {
      nome,
      email: `transf.${Date.now()}@exemplo.com.br`,
      telefone: `(51) 9${String(Date.now() % 1e8).padStart(8, "0")}`,
      tipo_financiamento: "Carro",
      valor_total_financiado: "R$ 35.000,00",
      valor_parcela: "1.000,00",
    },
  });
  expect(criado.status()).toBe(201);
  const { id } = (await criado.json()) as { id: string };
  const atribuido = await admin.request.patch(`/api/leads/${id}/consultor`, {
    headers: await csrfHeader(admin),
    data: { consultorId: de.id },
  });
  expect(atribuido.ok()).toBe(true);

  // the receiver is signed in elsewhere
  const receptor = await entrar(browser, "consultor2@demo.com.br");

  // the consultant, on a phone, opens the chat's details and 'Transferir'
  const consultor = await entrar(browser, "consultor@demo.com.br", 390);
  await consultor.goto(`/chat/${id}`);
  await consultor.getByRole("button", { name: "Detalhes do lead" }).click();
  await consultor.getByRole("button", { name: MSG_TRANSFERENCIA.botao }).click();
  const dialogo = consultor.getByRole("dialog", { name: MSG_TRANSFERENCIA.titulo });
  await expect(dialogo).toBeVisible();
  const destino = dialogo.getByLabel(MSG_TRANSFERENCIA.destino);
  await expect(destino.locator("option", { hasText: para.nome })).toHaveCount(1);
  expect(await serias(consultor)).toEqual([]);
  const largura = await consultor.evaluate("document.documentElement.scrollWidth");
  expect(largura).toBeLessThanOrEqual(390);

  // the note is required
  await destino.selectOption(para.id);
  await dialogo.getByRole("button", { name: MSG_TRANSFERENCIA.confirmar }).click();
  await expect(dialogo.getByText(MSG_TRANSFERENCIA.notaObrigatoria)).toBeVisible();
  await dialogo.getByLabel(MSG_TRANSFERENCIA.nota).fill("Cliente prefere falar à tarde");
  await dialogo.getByRole("button", { name: MSG_TRANSFERENCIA.confirmar }).click();
  await expect(consultor.getByText(MSG_TRANSFERENCIA.transferido(para.nome))).toBeVisible();
  await expect(dialogo).toBeHidden();

  // the receiver: the bell tells, and the lead waits in their 'Qualificados' column
  await receptor.getByRole("button", { name: "Notificações" }).click();
  await expect(
    receptor.getByRole("menuitem").filter({ hasText: MSG_TRANSFERENCIA.notificacaoTitulo }).filter({ hasText: nome }),
  ).toBeVisible({ timeout: 15_000 });
  await receptor.keyboard.press("Escape");
  await receptor.goto("/meus-leads");
  await expect(receptor.getByRole("region", { name: "Qualificados" }).getByRole("article", { name: nome })).toBeVisible({
    timeout: 30_000,
  });

  // the lead's history says who, to whom and why
  const historico = await admin.request.get(`/api/leads/${id}/historico`);
  expect(JSON.stringify(await historico.json())).toContain("Cliente prefere falar à tarde");
});

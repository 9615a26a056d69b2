import { expect, test } from "@playwright/test";
import { csrfHeader, LoginPage } from "./support/pages";

test("a notification published by the server appears live in the bell", async ({ page }) => {
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo("Admin Empresa");
  const sino = page.getByRole("button", { name: "Notificações" });
  await expect(sino).toBeVisible();
  // wait until the bell has loaded its first page and the WebSocket is up
  await expect.poll(async () => (await page.request.get("/api/notificacoes")).status()).toBe(200);
  const antes = (await (await page.request.get("/api/notificacoes")).json()).naoLidas as number;
  await expect(page.getByLabel(/notificaç(ão|ões) não lidas?/)).toHaveAccessibleName(new RegExp(`^${antes} `));

  const titulo = `Teste ao vivo ${Date.now()}`;
  const res = await page.request.post("/api/testes/notificacao", { data: { titulo }, headers: await csrfHeader(page) });
  expect(res.status()).toBe(201);

  // no reload: the badge and the list update through the WebSocket
  await expect(page.getByLabel(/notificaç(ão|ões) não lidas?/)).toHaveAccessibleName(new RegExp(`^${antes + 1} `));
  await sino.click();
  const item = page.getByRole("menuitem").filter({ hasText: titulo });
  await expect(item).toBeVisible();
  await expect(item.getByText("Agora")).toBeVisible();
  await item.click();
  await expect.poll(async () => (await (await page.request.get("/api/notificacoes")).json()).naoLidas).toBe(antes);
});

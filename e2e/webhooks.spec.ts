import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { analisarAxe } from "./support/axe";
import { LoginPage } from "./support/pages";

/** Outbound webhooks on /configuracoes (decisions 1801–1805), at phone width, against a local receiver. */
const serias = async (page: Page) =>
  (await analisarAxe(page)).violations.filter((v) => v.impact === "serious" || v.impact === "critical");

let receptor: http.Server;
let url = "";
const recebidos: { headers: Record<string, string>; corpo: string }[] = [];
test.beforeAll(async () => {
  receptor = http.createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on("data", (p: Buffer) => partes.push(p));
    req.on("end", () => {
      recebidos.push({
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        corpo: Buffer.concat(partes).toString("utf8"),
      });
      res.writeHead(200);
      res.end("recebido");
    });
  });
  await new Promise<void>((ok) => receptor.listen(0, "127.0.0.1", ok));
  url = `http://127.0.0.1:${(receptor.address() as AddressInfo).port}/crm`;
});
test.afterAll(() => new Promise<void>((ok) => receptor.close(() => ok())));

test("an Enterprise admin creates an endpoint, sees its secret once, and the test event appears in the log", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrar("admin@justarevisao.com.br", "demo1234");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/configuracoes");
  await expect(page.getByRole("heading", { name: "Webhooks", exact: true })).toBeVisible();
  // the empty state, or what an earlier run left
  await expect(page.getByText("Nenhum endpoint criado").or(page.getByTestId("endpoint-webhook").first())).toBeVisible();

  await page.getByLabel("URL do endpoint").fill(url);
  await page.getByLabel("Descrição").last().fill("ERP de teste");
  await page.getByRole("button", { name: "Criar endpoint" }).click();
  const segredo = (await page.getByTestId("segredo-uma-vez").textContent()) ?? "";
  expect(segredo).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
  await expect(page.getByText("Copie o segredo agora: ele não será mostrado de novo.")).toBeVisible();

  const linha = page.getByTestId("endpoint-webhook").filter({ hasText: url });
  await expect(linha).toBeVisible();
  await linha.getByRole("button", { name: "Enviar evento de teste" }).click();
  const log = linha.getByTestId("entregas-webhook");
  await expect(log.getByText("webhook.test", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(log.getByText("Entregue", { exact: true })).toBeVisible({ timeout: 20_000 });
  // the receiver verified it with the secret shown once
  expect(recebidos.length).toBeGreaterThan(0);
  const ultimo = recebidos[recebidos.length - 1];
  expect(() => new Webhook(segredo).verify(ultimo.corpo, ultimo.headers)).not.toThrow();
  expect(JSON.parse(ultimo.corpo).type).toBe("webhook.test");

  const largura = await page.evaluate<number>("document.documentElement.scrollWidth - document.documentElement.clientWidth");
  expect(largura).toBeLessThanOrEqual(0);
  // axe once the toasts have gone: mid-fade their colours are not the ones people read
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  expect(await serias(page)).toEqual([]);

  // once: after a reload the secret is nowhere on the page
  await page.reload();
  await expect(page.getByTestId("endpoint-webhook").filter({ hasText: url })).toBeVisible();
  await expect(page.getByTestId("segredo-uma-vez")).toHaveCount(0);
  await expect(page.getByText(segredo)).toHaveCount(0);

  await page.getByTestId("endpoint-webhook").filter({ hasText: url }).getByRole("button", { name: "Excluir" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByTestId("endpoint-webhook").filter({ hasText: url })).toHaveCount(0);
});

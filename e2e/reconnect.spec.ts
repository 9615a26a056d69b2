import { MSG } from "@crm/domain/messages";
import { expect, test } from "@playwright/test";
import { LoginPage } from "./support/pages";

/**
 * While the server answers 503 (its database is away; apps/server/test/faults.test.ts makes the real one), the app
 * shows that it is reconnecting instead of errors, and when /api/ready is ready again it hides the banner and reads
 * the screen's data again by itself.
 */
test("the app shows it is reconnecting while the server answers 503, then recovers by itself", async ({ page }) => {
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo("Admin Empresa");
  await page.goto("/leads");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  let fora = true;
  let leiturasDepois = 0;
  // the exact answer the server gives while PostgreSQL is away (http/error-handler.ts, health/routes.ts)
  await page.route("**/api/**", async (route) => {
    if (!fora) {
      if (route.request().url().includes("/api/leads")) leiturasDepois++;
      return route.fallback();
    }
    await route.fulfill({
      status: 503,
      contentType: "application/json",
      headers: { "retry-after": "2" },
      body: JSON.stringify({ erro: MSG.servicoIndisponivel }),
    });
  });
  // a new visit while the server is away: the page itself loads, every API read meets the outage
  await page.goto("/leads");
  const banner = page.getByRole("status").filter({ hasText: MSG.reconectandoServidor });
  await expect(banner).toBeVisible();
  await expect(page.getByText(MSG.erroInterno)).toHaveCount(0);

  fora = false;
  await expect(banner).toBeHidden({ timeout: 10_000 });
  await expect.poll(() => leiturasDepois).toBeGreaterThan(0);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

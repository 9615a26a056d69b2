import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * Waits for the page's running CSS animations and transitions (a toast fading in or out)
 * to end: mid-fade, axe reads colours nobody reads, and the check flips with the timing.
 */
async function assentarAnimacoes(page: Page): Promise<void> {
  // a string, as the other page scripts here: the e2e project's types have no DOM
  await page.evaluate(`Promise.all(
    document.getAnimations()
      .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime))
      .map((a) => a.finished.catch(() => undefined)),
  ).then(() => undefined)`);
}

/** The page's axe results, once its animations have settled. */
export async function analisarAxe(page: Page, configurar: (b: AxeBuilder) => AxeBuilder = (b) => b) {
  await assentarAnimacoes(page);
  return configurar(new AxeBuilder({ page })).analyze();
}

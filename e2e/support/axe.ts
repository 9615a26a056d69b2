import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * Waits for the page's running CSS animations and transitions (a toast fading in or out)
 * to end: mid-fade, axe reads colours nobody reads, and the check flips with the timing.
 */
async function assentarAnimacoes(page: Page): Promise<void> {
  // a string, as the other page scripts here: the e2e project's types have no DOM. Two frames first: a toast's
  // transition starts a frame after it mounts, so an empty list right after the click does not mean settled.
  await page.evaluate(`(async () => {
    const quadros = () => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
    const limite = Date.now() + 5000;
    while (Date.now() < limite) {
      await quadros();
      const correndo = document.getAnimations().filter(
        (a) => a.playState === "running" && Number.isFinite(a.effect?.getComputedTiming().endTime),
      );
      if (!correndo.length) return;
      await Promise.all(correndo.map((a) => a.finished.catch(() => undefined)));
    }
  })()`);
}

/**
 * The page's axe results, its toasts left out, once its animations have settled. Sonner fades toasts in and out and
 * fades the content of a toast stacked behind another, and holds them while the pointer rests on them: mid-fade their
 * colours are not the ones people read, and when they settle depends on the machine's timing. Their final colours
 * are the kit's (apps/web's toaster, darkened for AA).
 */
export async function analisarAxe(page: Page, configurar: (b: AxeBuilder) => AxeBuilder = (b) => b) {
  await assentarAnimacoes(page);
  return configurar(new AxeBuilder({ page }).exclude("[data-sonner-toaster]")).analyze();
}

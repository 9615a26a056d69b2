// Webhook → browser benchmark (decision 0401): time from the POST of a signed Cloud API webhook to the message on
// the consultant's screen (a MutationObserver in the open chat notes when the text appears), on loopback.
// Needs the built web app (npm run build). Sizes: BENCH_AMOSTRAS (default 60).
// Run: npx tsx bench/webhook-browser.ts
import { chromium } from "playwright";
import { iniciarServidorBench, percentil, webhookTextoAssinado } from "./webhook-support.js";

const AMOSTRAS = Number(process.env.BENCH_AMOSTRAS ?? 60);

export async function webhookBrowserBench(): Promise<string> {
  const s = await iniciarServidorBench(Number(process.env.BENCH_PORT ?? 3491));
  const navegador = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const page = await (await navegador.newContext({ baseURL: s.url, locale: "pt-BR" })).newPage();
    await page.goto("/login");
    await page.getByLabel("Email").fill(s.email);
    await page.getByLabel("Senha", { exact: true }).fill(s.senha);
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.waitForURL(/dashboard/);
    await page.goto(`/chat/${s.leadId}`);
    await page.getByRole("log", { name: "Mensagens" }).waitFor();
    await page.waitForTimeout(1_000); // the WebSocket is up

    // the page records, with the machine's clock, when each marker first shows up
    // (through globalThis: the bench is compiled without the DOM types; the page's CSP forbids string eval)
    await page.evaluate(() => {
      type TJanela = {
        chegadas: Record<string, number>;
        document: { body: { textContent: string } };
        MutationObserver: new (fn: () => void) => { observe: (alvo: unknown, opcoes: object) => void };
      };
      const w = globalThis as unknown as TJanela;
      w.chegadas = {};
      new w.MutationObserver(() => {
        for (const m of w.document.body.textContent.matchAll(/bench-(\d+)-fim/g)) w.chegadas[m[1]] ??= Date.now();
      }).observe(w.document.body, { childList: true, subtree: true, characterData: true });
    });

    const url = new URL(s.caminho, s.url);
    const latencias: number[] = [];
    for (let i = 0; i < AMOSTRAS; i++) {
      const w = webhookTextoAssinado(s, "5511990000001", `wamid.NAVEGADOR${i}`, `bench-${i}-fim`);
      const t0 = Date.now();
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "x-hub-signature-256": w.assinatura },
        body: w.corpo,
      });
      if (res.status !== 200) throw new Error(`webhook respondeu ${res.status}`);
      const chegada = await page.waitForFunction(
        (k) => (globalThis as unknown as { chegadas: Record<string, number> }).chegadas[k],
        String(i),
        { timeout: 10_000, polling: 5 },
      );
      latencias.push(Number(await chegada.jsonValue()) - t0);
      await page.waitForTimeout(100);
    }
    latencias.sort((a, b) => a - b);
    return `webhook → browser (${AMOSTRAS} messages, loopback): p50 ${percentil(latencias, 50)} ms, p95 ${percentil(latencias, 95)} ms, max ${latencias.at(-1)} ms`;
  } finally {
    await navegador.close();
    await s.parar();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await webhookBrowserBench());

// WhatsApp pairing benchmark (decision 1611): gateway status calls per minute with three tabs open
// on /qr-code while a number is being paired. Starts the built product (e2e/support/server.mjs: fresh embedded
// PostgreSQL, demo data) and a local fake gateway speaking Evolution's protocol; Nova Taxa's admin saves it, asks
// for a QR code in one tab, opens two more, and the gateway's connectionState calls are counted over the window.
// Needs `npm run build`. Sizes: BENCH_JANELA_S (default 60), BENCH_PORT (default 3492).
// Run: npx tsx bench/whatsapp-pairing.ts
import { spawn } from "node:child_process";
import { chromium } from "playwright";
import { iniciarEvolutionFalsa } from "../test-support/fake-evolution.js";

const JANELA_S = Number(process.env.BENCH_JANELA_S ?? 60);
const PORTA = Number(process.env.BENCH_PORT ?? 3492);

async function esperarServidor(url: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("o servidor do benchmark não respondeu");
}

export async function whatsappPairingBench(): Promise<string> {
  const url = `http://localhost:${PORTA}`;
  const servidor = spawn(process.execPath, ["e2e/support/server.mjs"], {
    env: { ...process.env, E2E_PORT: String(PORTA) },
    stdio: "ignore",
  });
  const gw = await iniciarEvolutionFalsa();
  gw.estado.atual = "close";
  const navegador = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    await esperarServidor(url);
    const contexto = await navegador.newContext({ baseURL: url, locale: "pt-BR" });
    const primeira = await contexto.newPage();
    await primeira.goto("/login");
    await primeira.getByLabel("Email").fill("admin@novataxa.com.br");
    await primeira.getByLabel("Senha", { exact: true }).fill("demo1234");
    await primeira.getByRole("button", { name: "Entrar" }).click();
    await primeira.waitForURL(/dashboard/);
    const csrf = (await contexto.cookies()).find((c) => c.name === "crm_csrf")?.value ?? "";
    const cfg = await primeira.request.put("/api/empresa/configuracoes", {
      headers: { "x-csrf-token": csrf },
      data: {
        whatsapp: {
          provedor: "unofficial",
          unofficial_api_url: gw.url,
          unofficial_api_key: gw.apiKey,
          unofficial_instance_id: gw.instancia,
        },
        ia: {},
      },
    });
    if (cfg.status() !== 200) throw new Error(`configurações: ${cfg.status()}`);
    await primeira.goto("/qr-code");
    await primeira.getByRole("button", { name: "Gerar QR Code" }).click();
    await primeira.getByRole("img", { name: "QR Code para conectar o WhatsApp" }).waitFor();
    for (let i = 0; i < 2; i++) await (await contexto.newPage()).goto("/qr-code");
    const antes = gw.verificacoes().length;
    const pedidosAntes = gw.pedidos.length;
    await new Promise((r) => setTimeout(r, JANELA_S * 1000));
    const chamadas = gw.verificacoes().length - antes;
    const todas = gw.pedidos.length - pedidosAntes;
    const porMinuto = (n: number) => ((n * 60) / JANELA_S).toFixed(1);
    return `whatsapp pairing, 3 tabs on /qr-code for ${JANELA_S} s: ${chamadas} gateway status checks (${porMinuto(chamadas)}/min), ${todas} gateway requests in all (${porMinuto(todas)}/min); goal ≤ 3/min`;
  } finally {
    await navegador.close();
    await gw.fechar();
    servidor.kill("SIGTERM");
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await whatsappPairingBench());

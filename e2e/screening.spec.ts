import { type Browser, expect, type Page, test } from "@playwright/test";
import { MENSAGEM_QUALIFICADO_TRIAGEM, PERGUNTAS_TRIAGEM } from "../packages/domain/src/screening";
import { fecharContextos, LoginPage } from "./support/pages";

test.afterEach(async ({ browser }) => fecharContextos(browser));

async function entrar(browser: Browser, rotulo: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo(rotulo);
  return page;
}

type TConsultor = { email: string; status_conexao: string };

test("screening on: a simulated lead answers the questions, qualifies and lands live on the connected consultant's board", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const nome = `Dona Triagem ${Date.now()}`;
  const telefone = `(11) 9${String(Date.now()).slice(-8)}`;

  // the consultant opens the app: their presence makes them Conectado, the only one online (real presence)
  const consultor = await entrar(browser, "Consultor");
  await consultor.goto("/meus-leads");
  await expect(consultor.getByRole("heading", { name: "Meus Leads" })).toBeVisible();
  const admin = await entrar(browser, "Admin Empresa");
  await expect
    .poll(
      async () => {
        const { consultores } = (await (await admin.request.get("/api/consultores")).json()) as { consultores: TConsultor[] };
        return consultores.filter((c) => c.status_conexao === "Conectado").map((c) => c.email);
      },
      { timeout: 75_000, intervals: [1_000] },
    )
    .toEqual(["consultor@demo.com.br"]);
  const sino = consultor.getByLabel(/notificaç(ão|ões) não lidas?/);
  const naoLidasAntes = ((await (await consultor.request.get("/api/notificacoes")).json()) as { naoLidas: number }).naoLidas;
  await expect(sino).toHaveAttribute("aria-label", new RegExp(`^${naoLidasAntes} `));

  // /ia-triagem: no API key on the demo company, so the rule-based screener is labelled as such; turn screening off and on
  await admin.goto("/ia-triagem");
  await expect(admin.getByRole("heading", { name: "IA Triagem" })).toBeVisible();
  await expect(
    admin.getByText("Configure a API Key do ChatGPT nas configurações da empresa para usar a IA na triagem."),
  ).toBeVisible();
  // the badge of the screener in use (the demo's screening history repeats the text on each row)
  await expect(admin.getByText("Triagem por regras (sem IA)", { exact: true }).first()).toBeVisible();
  const chave = admin.getByRole("switch", { name: "Triagem automática" });
  await expect(chave).toHaveAttribute("aria-checked", "true");
  await chave.click();
  await expect(chave).toHaveAttribute("aria-checked", "false");
  await expect(admin.getByText("Triagem automática por IA desativada.")).toBeVisible();
  await chave.click();
  await expect(chave).toHaveAttribute("aria-checked", "true");
  await expect(admin.getByText("Triagem automática por IA ativada.")).toBeVisible();

  // the lead writes from another tab (the sandbox 'Simular lead' panel); /ia-triagem shows each step live
  const simulador = await admin.context().newPage();
  await simulador.goto("/test-validation");
  const historico = admin.getByRole("row").filter({ hasText: nome });
  async function leadEscreve(texto: string, proximo: string) {
    await simulador.getByLabel("Telefone do lead").fill(telefone);
    await simulador.getByLabel("Nome no WhatsApp").fill(nome);
    await simulador.getByLabel("Mensagem do lead").fill(texto);
    await simulador.getByRole("button", { name: "Enviar como lead" }).click();
    await expect(simulador.getByText("Mensagem simulada enviada.").first()).toBeVisible();
    await expect(historico.first()).toContainText(proximo, { timeout: 20_000 });
  }
  await leadEscreve("Olá! Vi o anúncio sobre revisão de juros do consignado.", PERGUNTAS_TRIAGEM.beneficio);
  await expect(historico.first()).toContainText("Dúvidas");
  await leadEscreve("Sim, sou aposentada pelo INSS", PERGUNTAS_TRIAGEM.renda);
  await leadEscreve("Recebo 2.500 reais", PERGUNTAS_TRIAGEM.interesse);
  await leadEscreve("Tenho interesse sim", PERGUNTAS_TRIAGEM.margem);
  await leadEscreve("Tenho margem. O empréstimo é no Banco Pan, parcela de R$ 380,00", "Qualificado");
  await expect(historico.first()).toContainText("Todos os critérios de triagem foram confirmados");
  await expect(historico.first().getByRole("list", { name: "Fatos extraídos" })).toContainText("Renda: R$");
  await expect(historico.first().getByRole("list", { name: "Fatos extraídos" })).toContainText("Banco: Banco Pan");

  // the connected consultant: the lead appears live in Qualificados, and the bell says it was assigned to them
  const qualificados = consultor.getByRole("region", { name: "Qualificados" });
  await expect(qualificados.getByRole("article", { name: nome })).toBeVisible({ timeout: 20_000 });
  await expect(sino).toHaveAttribute("aria-label", new RegExp(`^${naoLidasAntes + 1} `));
  await consultor.getByRole("button", { name: "Notificações" }).click();
  const aviso = consultor.getByRole("menuitem").filter({ hasText: "Novo lead atribuído a você" }).filter({ hasText: nome });
  await expect(aviso).toBeVisible();

  // the whole conversation, the screener's messages included, is in the lead's chat
  await consultor.keyboard.press("Escape");
  await qualificados.getByRole("link", { name: `Abrir chat de ${nome}` }).click();
  const timeline = consultor.getByRole("log", { name: "Mensagens" });
  await expect(timeline).toContainText(PERGUNTAS_TRIAGEM.margem);
  await expect(timeline).toContainText(MENSAGEM_QUALIFICADO_TRIAGEM);

  // the company dashboard's 'Eficiência IA' is a real figure now that a screening concluded
  await admin.goto("/dashboard");
  await expect(admin.getByText("Eficiência IA").locator("..").locator("..")).toContainText(/\d+%/);
});

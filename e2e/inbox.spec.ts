import { type Browser, expect, type Page, test } from "@playwright/test";
import { MSG_TAREFAS } from "../packages/domain/src/follow-ups";
import { MSG_NOTAS } from "../packages/domain/src/notes";
import { iniciarEvolutionFalsa, type TEvolutionFalsa } from "../test-support/fake-evolution";
import { analisarAxe } from "./support/axe";
import { csrfHeader, fecharContextos, LoginPage } from "./support/pages";

/**
 * The consultants' inbox as a person uses it (decisions 1831, 1832, 1838, 1839): quick replies, follow-ups that remind,
 * internal notes that notify and are never sent. What the lead receives is read at the provider: the demo company's
 * WhatsApp points, for these journeys, at a local fake gateway speaking Evolution's protocol, and goes back to the
 * Sandbox after.
 */
test.afterEach(async ({ browser }) => fecharContextos(browser));
// several people sign in per journey, on a machine the whole suite shares
test.describe.configure({ timeout: 240_000 });

const SENHA_DEMO = "demo1234";
const EMAIL_CONSULTOR_2 = "consultor2@demo.com.br";

async function entrar(browser: Browser, rotulo: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo(rotulo);
  return page;
}

const semViolacoesSerias = async (page: Page) =>
  (await analisarAxe(page)).violations.filter((v) => v.impact === "serious" || v.impact === "critical");

/** The consultant's first conversation: a lead assigned to them. */
async function leadDoConsultor(page: Page): Promise<{ id: string; nome: string; telefone: string }> {
  const lista = (await (await page.request.get("/api/conversas?limite=1")).json()) as { itens: { leadId: string }[] };
  const id = lista.itens[0].leadId;
  const { lead } = (await (await page.request.get(`/api/chat/${id}`)).json()) as {
    lead: { nome: string; telefone_normalizado: string };
  };
  return { id, nome: lead.nome, telefone: lead.telefone_normalizado };
}

/** Runs `fn` with the demo company's WhatsApp on a fake gateway, then puts the Sandbox back. */
async function comGatewayFalso(browser: Browser, fn: (gw: TEvolutionFalsa) => Promise<void>) {
  const admin = await entrar(browser, "Admin Empresa");
  const gw = await iniciarEvolutionFalsa();
  const salvar = async (whatsapp: Record<string, string>) =>
    admin.request.put("/api/empresa/configuracoes", { headers: await csrfHeader(admin), data: { whatsapp, ia: {} } });
  const res = await salvar({
    provedor: "unofficial",
    unofficial_api_url: gw.url,
    unofficial_api_key: gw.apiKey,
    unofficial_instance_id: gw.instancia,
  });
  expect(res.status(), await res.text()).toBe(200);
  // the admin's live check reads the gateway's state ('open'): the chat then counts the number as connected
  const verificada = await admin.request.post("/api/whatsapp/conexao/verificar", {
    headers: await csrfHeader(admin),
    data: {},
  });
  expect(((await verificada.json()) as { conectado: boolean }).conectado).toBe(true);
  try {
    await fn(gw);
  } finally {
    expect((await salvar({ provedor: "sandbox" })).status()).toBe(200);
    await gw.fechar();
  }
}

const textosRecebidos = (gw: TEvolutionFalsa) =>
  gw.enviados().map((p) => (p.json as { text?: string; caption?: string }).text ?? "");

test("a consultant types '/', picks a quick reply and sends it with the lead's first name filled", async ({ browser }) => {
  await comGatewayFalso(browser, async (gw) => {
    const consultor = await entrar(browser, "Consultor");
    const lead = await leadDoConsultor(consultor);
    const primeiroNome = lead.nome.split(" ")[0];
    await consultor.goto(`/chat/${lead.id}`);
    const caixa = consultor.getByRole("combobox", { name: "Mensagem", exact: true });
    await expect(caixa).toBeEnabled();

    // '/' lists the company's and the person's own; typing filters on the server
    await caixa.pressSequentially("/boas");
    const lista = consultor.getByRole("listbox", { name: "Respostas rápidas" });
    const opcao = lista.getByRole("option", { name: /\/boas_vindas/ });
    await expect(opcao).toBeVisible();
    await expect(opcao).toContainText(`Olá, ${primeiroNome}!`);
    await expect(lista.getByRole("option")).toHaveCount(1);
    await expect(caixa).toHaveAttribute("aria-activedescendant", (await opcao.getAttribute("id")) as string);
    expect(await semViolacoesSerias(consultor)).toEqual([]);

    // Enter picks it (and does not send); Enter again sends the filled text
    await caixa.press("Enter");
    await expect(lista).toHaveCount(0);
    await expect(caixa).toHaveValue(new RegExp(`^Olá, ${primeiroNome}! Aqui é \\S+, da Revisão Demo Ltda\\.`));
    const texto = await caixa.inputValue();
    expect(textosRecebidos(gw).filter((t) => t === texto)).toEqual([]);
    await caixa.press("Enter");
    await expect(caixa).toHaveValue("");
    await expect.poll(() => textosRecebidos(gw).filter((t) => t === texto).length, { timeout: 20_000 }).toBe(1);
    const envio = gw.enviados().find((p) => (p.json as { text?: string }).text === texto);
    expect((envio?.json as { number?: string } | undefined)?.number).toContain(lead.telefone.slice(-8));
    expect(texto).not.toContain("{{");

    // the box's text saved as a personal quick reply comes back under its shortcut
    const marca = `${Date.now()}`.slice(-6);
    await caixa.fill(`Nosso horário é das 9h às 18h, {{primeiro_nome}}. ${marca}`);
    await consultor.getByRole("button", { name: "Salvar como resposta rápida" }).click();
    const dialogo = consultor.getByRole("dialog", { name: "Salvar como resposta rápida" });
    await dialogo.getByLabel("Atalho").fill(`horario${marca}`);
    await dialogo.getByLabel("Título").fill("Horário de atendimento");
    await dialogo.getByRole("button", { name: "Salvar resposta" }).click();
    await expect(dialogo).toHaveCount(0);
    await caixa.fill("");
    await caixa.pressSequentially(`/horario${marca}`);
    await expect(lista.getByRole("option", { name: new RegExp(`/horario${marca}`) })).toContainText(
      `Nosso horário é das 9h às 18h, ${primeiroNome}. ${marca}`,
    );
    await caixa.press("Escape");
    await expect(lista).toHaveCount(0);

    // and it is on /respostas-rapidas, where the person edits and deletes their own
    await consultor.goto("/respostas-rapidas");
    await expect(consultor.getByRole("heading", { name: "Respostas rápidas" })).toBeVisible();
    const minha = consultor.getByRole("listitem").filter({ hasText: `/horario${marca}` });
    await expect(minha).toContainText("Pessoal");
    expect(await semViolacoesSerias(consultor)).toEqual([]);
    await minha.getByRole("button", { name: `Excluir /horario${marca}` }).click();
    await consultor.getByRole("dialog", { name: "Excluir resposta rápida" }).getByRole("button", { name: "Excluir" }).click();
    await expect(consultor.getByText("Resposta rápida excluída.")).toBeVisible();
    await expect(minha).toHaveCount(0);
  });
});

test("a consultant schedules a return 'in 1 minute' and is reminded: the page at its time, the bell from the server", async ({
  browser,
}) => {
  const consultor = await (await browser.newContext()).newPage();
  await consultor.clock.install();
  const login = new LoginPage(consultor);
  await login.abrir();
  await login.entrarComDemo("Consultor");
  const lead = await leadDoConsultor(consultor);
  await consultor.goto(`/chat/${lead.id}`);

  await consultor.getByRole("button", { name: "Agendar Retorno" }).click();
  const dialogo = consultor.getByRole("dialog", { name: "Agendar retorno" });
  // The page's clock is set one minute behind the server's as the person picks 'Em 1 minuto': the São Paulo minute they
  // get is the server's current one (the next, when this one is nearly over), so the return is due on the server at
  // once, and the page's own minute passes with fastForward. Nobody waits a real minute.
  const devido = Math.floor((Date.now() + 15_000) / 60_000) * 60_000;
  await consultor.clock.setSystemTime(new Date(devido - 59_000));
  await dialogo.getByRole("button", { name: "Em 1 minuto" }).click();
  await dialogo.getByLabel("Observação (opcional)").fill("Confirmar os documentos");
  expect(await semViolacoesSerias(consultor)).toEqual([]);
  // the page sets its reminder's timer when it reads the person's follow-ups again, after saving
  const releitura = consultor.waitForResponse((r) => r.url().includes("/api/tarefas?escopo=minhas") && r.ok());
  await dialogo.getByRole("button", { name: "Agendar retorno" }).click();
  await expect(consultor.getByText(MSG_TAREFAS.retornoAgendado)).toBeVisible();
  await expect(dialogo).toHaveCount(0);
  await releitura;

  // a minute later on the page: its own reminder, with the lead's chat a click away
  await consultor.clock.fastForward("01:00");
  const lembrete = consultor.locator("[data-sonner-toast]").filter({ hasText: MSG_TAREFAS.horaDoRetorno(lead.nome) });
  await expect(lembrete).toBeVisible();
  await expect(lembrete.getByRole("button", { name: "Abrir chat" })).toBeVisible();
  await lembrete.getByRole("button", { name: /close/i }).click();
  await expect(lembrete).toHaveCount(0);

  // the bell: the server's reminder, pushed live
  await consultor.getByRole("button", { name: "Notificações" }).click();
  const menu = consultor.getByRole("menu", { name: "Notificações" });
  await expect(menu.getByText(MSG_TAREFAS.lembreteTitulo).first()).toBeVisible({ timeout: 30_000 });
  await expect(menu).toContainText(lead.nome);
});

test("a note mentioning a colleague notifies them, and the lead never receives it", async ({ browser }) => {
  await comGatewayFalso(browser, async (gw) => {
    const colega = await (await browser.newContext()).newPage();
    const login = new LoginPage(colega);
    await login.abrir();
    await login.entrar(EMAIL_CONSULTOR_2, SENHA_DEMO);
    await expect(colega).toHaveURL(/\/dashboard$/);
    const { nome: nomeColega } = (await (await colega.request.get("/api/perfil")).json()) as { nome: string };

    const consultor = await entrar(browser, "Consultor");
    const lead = await leadDoConsultor(consultor);
    await consultor.goto(`/chat/${lead.id}`);
    await consultor.getByRole("button", { name: MSG_NOTAS.rotulo }).click();
    const nota = consultor.getByLabel(MSG_NOTAS.rotulo, { exact: true });
    const marca = `${Date.now()}`;
    await nota.fill(`Cliente pediu desconto ${marca}, pode assumir amanhã? `);
    await nota.pressSequentially(`@${nomeColega.split(" ")[0]}`);
    await consultor
      .getByRole("list", { name: "Mencionar" })
      .getByRole("button", { name: new RegExp(`@${nomeColega.split(" ")[0]}`) })
      .first()
      .click();
    await consultor.getByRole("button", { name: "Salvar nota interna" }).click();
    const timeline = consultor.getByRole("log", { name: "Mensagens" });
    await expect(timeline).toContainText(`Cliente pediu desconto ${marca}`);
    expect(await semViolacoesSerias(consultor)).toEqual([]);

    // the colleague is told, live, in the bell
    await colega.getByRole("button", { name: "Notificações" }).click();
    const menu = colega.getByRole("menu", { name: "Notificações" });
    await expect(menu).toContainText(`Cliente pediu desconto ${marca}`, { timeout: 20_000 });

    // a message sent after the note reaches the gateway; the note never did
    await consultor.getByRole("button", { name: "Mensagem", exact: true }).click();
    const caixa = consultor.getByRole("combobox", { name: "Mensagem", exact: true });
    await caixa.fill(`Oi! Já volto com a resposta ${marca}`);
    await caixa.press("Enter");
    await expect.poll(() => textosRecebidos(gw).some((t) => t.includes(`Já volto com a resposta ${marca}`))).toBe(true);
    expect(textosRecebidos(gw).filter((t) => t.includes(`Cliente pediu desconto ${marca}`))).toEqual([]);
  });
});

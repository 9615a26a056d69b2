import { type Browser, expect, type Page, test } from "@playwright/test";
import { dataHoraSP } from "../packages/domain/src/follow-ups";
import { MSG_AGENDADAS } from "../packages/domain/src/scheduled-messages";
import { analisarAxe } from "./support/axe";
import { csrfHeader, fecharContextos, LoginPage } from "./support/pages";

/**
 * Scheduled messages as a consultant uses them (decisions 1885–1887): from the chat's composer, a message for in one
 * minute, another for later; both in the lead's pending
 * list and on 'Mensagens agendadas', where the later one is cancelled. At 390 px, checked with axe.
 */
test.afterEach(async ({ browser }) => fecharContextos(browser));
// several sign-ins and a message that waits for its minute, on a machine the whole team shares
test.describe.configure({ timeout: 420_000 });

async function entrar(browser: Browser, rotulo: string, largura = 1280): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: largura, height: 844 } })).newPage();
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo(rotulo);
  return page;
}

const semViolacoesSerias = async (page: Page, onde?: string) =>
  (await analisarAxe(page, (b) => (onde ? b.include(onde) : b))).violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );

/**
 * One of the consultant's latest conversations whose lead did not revoke marketing consent (the demo has one 'SAIR'
 * there); the lead writes first (the company admin's 'Simular lead'), so its 24-hour window is open.
 */
async function leadDoConsultor(page: Page, admin: Page): Promise<{ id: string; nome: string }> {
  const lista = (await (await page.request.get("/api/conversas?limite=10")).json()) as { itens: { leadId: string }[] };
  for (const { leadId: id } of lista.itens) {
    const c = (await (await page.request.get(`/api/chat/${id}/consentimento`)).json()) as { marketing: string | null };
    if (c.marketing === "revogado") continue;
    const { lead } = (await (await page.request.get(`/api/chat/${id}`)).json()) as {
      lead: { nome: string; telefone_normalizado: string };
    };
    const r = await admin.request.post("/api/testes/simular-mensagem", {
      headers: await csrfHeader(admin),
      data: { telefone: lead.telefone_normalizado, texto: "Oi, pode me mandar as novidades amanhã?" },
    });
    expect(r.status(), await r.text()).toBe(202);
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(`/api/chat/${id}`)).json()) as { whatsapp: { janela: { aberta: boolean } } }).whatsapp
            .janela.aberta,
      )
      .toBe(true);
    return { id, nome: lead.nome };
  }
  throw new Error("nenhuma conversa sem opt-out entre as 10 últimas do consultor");
}

test("a consultant schedules a message for in 1 minute, sees it in the list and cancels another", async ({ browser }) => {
  const admin = await entrar(browser, "Admin Empresa");
  const consultor = await entrar(browser, "Consultor", 390);
  const lead = await leadDoConsultor(consultor, admin);
  const marca = `${Date.now()}`.slice(-6);
  await consultor.goto(`/chat/${lead.id}`);

  const agendar = async (texto: string, atalho: string) => {
    await consultor.getByRole("button", { name: "Agendar mensagem" }).click();
    const dialogo = consultor.getByRole("dialog", { name: MSG_AGENDADAS.agendar });
    await expect(dialogo.getByRole("checkbox", { name: MSG_AGENDADAS.cancelarSeLeadEscrever })).toBeChecked();
    await dialogo.getByRole("textbox", { name: MSG_AGENDADAS.mensagem, exact: true }).fill(texto);
    await dialogo.getByRole("button", { name: atalho }).click();
    return dialogo;
  };

  const primeiro = `Oi! Como combinamos, seguem os próximos passos. ${marca}`;
  // 'Em 1 minuto' fills São Paulo's date and time a minute from the page's now (the minute may turn during the click)
  const antes = Date.now();
  const dialogo = await agendar(primeiro, "Em 1 minuto");
  const candidatos = [antes, Date.now()].map((t) => dataHoraSP(new Date(t + 60_000)));
  const esperado = {
    data: await dialogo.getByLabel(MSG_AGENDADAS.data, { exact: true }).inputValue(),
    hora: await dialogo.getByLabel(MSG_AGENDADAS.hora, { exact: true }).inputValue(),
  };
  expect(candidatos).toContainEqual(esperado);
  // the dialog alone (the chat behind it is checked by the chat's own journeys)
  expect(await semViolacoesSerias(consultor, "[role=dialog]")).toEqual([]);
  await dialogo.getByRole("button", { name: MSG_AGENDADAS.agendar }).click();
  await expect(consultor.getByText(MSG_AGENDADAS.agendada)).toBeVisible();
  await expect(dialogo).toHaveCount(0);

  const segundo = `Lembrete para mais tarde. ${marca}`;
  await (await agendar(segundo, "Em 1 hora")).getByRole("button", { name: MSG_AGENDADAS.agendar }).click();
  await expect(consultor.getByRole("dialog")).toHaveCount(0);

  // the chat shows the lead's pending schedules (the one for in a minute may already be on its way)
  const pendentes = consultor.getByTestId("agendadas-do-lead");
  await pendentes.locator("summary").click();
  await expect(pendentes.getByText(segundo)).toBeVisible();

  // 'Mensagens agendadas', from the menu
  await consultor.getByRole("button", { name: "Abrir menu" }).click();
  await consultor.getByRole("link", { name: MSG_AGENDADAS.titulo }).click();
  await expect(consultor.getByRole("heading", { name: MSG_AGENDADAS.titulo })).toBeVisible();
  const item = (texto: string) => consultor.getByTestId("agendamento").filter({ hasText: texto });
  await expect(item(primeiro)).toContainText(esperado.hora);
  await expect(item(segundo)).toContainText("Agendada");
  expect(await semViolacoesSerias(consultor)).toEqual([]);

  await item(segundo)
    .getByRole("button", { name: new RegExp(`^${MSG_AGENDADAS.cancelar}`) })
    .click();
  const confirmar = consultor.getByRole("dialog", { name: MSG_AGENDADAS.cancelar });
  await expect(confirmar).toContainText(MSG_AGENDADAS.confirmarCancelar);
  await confirmar.getByRole("button", { name: MSG_AGENDADAS.cancelar }).click();
  await expect(consultor.getByText(MSG_AGENDADAS.cancelada)).toBeVisible();
  await expect(item(segundo)).toContainText("Cancelada");
  await expect(item(segundo)).toContainText(/Cancelada por /);
  // nothing of 390 px scrolls sideways
  const largura = (await consultor.evaluate("document.documentElement.scrollWidth")) as number;
  expect(largura).toBeLessThanOrEqual(390);
  expect(await semViolacoesSerias(consultor)).toEqual([]);

  // the one for in a minute goes at its time (the server's sweep, within seconds of it): the list changes live
  await expect(item(primeiro)).toContainText("Enviada", { timeout: 150_000 });
  const msgs = (await (await consultor.request.get(`/api/chat/${lead.id}/mensagens`)).json()) as {
    mensagens?: { texto?: string; message?: string }[];
  };
  expect(JSON.stringify(msgs)).toContain(primeiro);
});

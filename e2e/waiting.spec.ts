import { type Browser, expect, type Page, test } from "@playwright/test";
import { CONTAS_DEMO } from "../packages/domain/src/demo";
import { MENUS } from "../packages/domain/src/menus";
import { MSG } from "../packages/domain/src/messages";
import { formatarTelefone } from "../packages/domain/src/phone-display";
import { PAPEL, type TPapel } from "../packages/domain/src/roles";
import type { TTelefonesRepetidos } from "../packages/domain/src/schemas/waiting";
import { analisarAxe } from "./support/axe";
import { csrfHeader, fecharContextos, LoginPage } from "./support/pages";

test.afterEach(async ({ browser }) => fecharContextos(browser));

async function entrar(browser: Browser, rotulo: string, largura?: number): Promise<Page> {
  const page = await (await browser.newContext(largura ? { viewport: { width: largura, height: 844 } } : {})).newPage();
  const login = new LoginPage(page);
  await login.abrir();
  await login.entrarComDemo(rotulo);
  return page;
}

const serias = async (page: Page) =>
  (await analisarAxe(page)).violations.filter((v) => v.impact === "serious" || v.impact === "critical");

type TConsultor = { email: string; nome: string; status_conexao: string };
const aguardando = async (page: Page) =>
  ((await (await page.request.get("/api/atribuicao/fila")).json()) as { aguardando: number }).aguardando;

test("a qualified lead waits with nobody online: badge, banner and one notice; the consultant comes online and it lands on their board", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await entrar(browser, "Admin Empresa");
  // nobody online (the demo's seeded statuses are settled by the first presence sweep)
  await expect
    .poll(
      async () => {
        const { consultores } = (await (await admin.request.get("/api/consultores")).json()) as { consultores: TConsultor[] };
        return consultores.filter((c) => c.status_conexao === "Conectado").length;
      },
      { timeout: 75_000, intervals: [1_000] },
    )
    .toBe(0);

  // a lead qualifies; the automatic assignment finds nobody (the test page's 'assign-lead')
  const nome = `Espera Fila ${Date.now().toString(36)}`;
  const criado = await admin.request.post("/api/leads", {
    headers: await csrfHeader(admin),
    data: {
      nome,
      email: `fila.${Date.now()}@exemplo.com.br`,
      telefone: `(31) 9${String(Date.now() % 1e8).padStart(8, "0")}`,
      tipo_financiamento: "Carro",
      valor_total_financiado: "R$ 40.000,00",
      valor_parcela: "1.200,00",
    },
  });
  expect(criado.status()).toBe(201);
  const { id } = (await criado.json()) as { id: string };
  const antes = await aguardando(admin);
  // the status change itself asks for the automatic assignment (lead-events' job), which finds nobody
  const status = await admin.request.patch(`/api/leads/${id}/status`, {
    headers: await csrfHeader(admin),
    data: { status: "Qualificado para Atendente" },
  });
  expect(status.ok()).toBe(true);
  const n = antes + 1;
  expect(await aguardando(admin)).toBe(n);

  // the sidebar's 'Leads' shows the count; /leads says how many wait and filters to them
  await admin.goto("/leads");
  const menu = admin.getByRole("navigation", { name: "Menu principal" });
  const leads = menu.getByRole("link", { name: /^Leads\W+\d+ leads? qualificados? aguardando atribuição$/ });
  await expect(leads).toHaveAccessibleName(new RegExp(`${MSG.aguardandoAtribuicao(n)}$`));
  await expect(menu.getByTestId("contador-menu-/leads")).toHaveText(String(n));
  const banner = admin.getByRole("region", { name: "Aguardando atribuição" });
  await expect(banner).toContainText(MSG.aguardandoAtribuicao(n));
  expect(await serias(admin)).toEqual([]);
  await banner.getByRole("button", { name: "Ver os que aguardam" }).click();
  await expect(admin).toHaveURL(/atribuicao=aguardando/);
  await expect(admin.getByRole("row").filter({ hasText: nome })).toBeVisible();
  await expect(banner.getByRole("button", { name: "Ver todos os leads" })).toBeVisible();
  // the admins were told once, on the bell
  if (antes === 0) {
    await admin.getByRole("button", { name: "Notificações" }).click();
    await expect(admin.getByRole("menuitem").filter({ hasText: MSG.filaEsperaTitulo }).filter({ hasText: nome })).toBeVisible();
    await admin.keyboard.press("Escape");
  }

  // the consultant signs in: presence makes them Conectado, and the waiting leads are theirs, oldest first
  const consultor = await entrar(browser, "Consultor");
  await consultor.goto("/meus-leads");
  const qualificados = consultor.getByRole("region", { name: "Qualificados" });
  await expect(qualificados.getByRole("article", { name: nome })).toBeVisible({ timeout: 30_000 });
  // the admin's badge and banner follow live
  await expect(menu.getByRole("link", { name: "Leads", exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(banner).toContainText("nenhum lead aguardando");
  expect(await aguardando(admin)).toBe(0);
});

test("the admin moves a lead to 'Qualificado para Atendente' on /leads with the consultant online: it is assigned at once and lands on their board", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const admin = await entrar(browser, "Admin Empresa");
  const nome = `Qualificado Manual ${Date.now().toString(36)}`;
  const criado = await admin.request.post("/api/leads", {
    headers: await csrfHeader(admin),
    data: {
      nome,
      email: `manual.${Date.now()}@exemplo.com.br`,
      telefone: `(41) 9${String((Date.now() + 7) % 1e8).padStart(8, "0")}`,
      tipo_financiamento: "Carro",
      valor_total_financiado: "R$ 30.000,00",
      valor_parcela: "900,00",
    },
  });
  expect(criado.status()).toBe(201);

  // the consultant is working: their board is open, and presence shows them Conectado
  const consultor = await entrar(browser, "Consultor");
  await consultor.goto("/meus-leads");
  const email = CONTAS_DEMO.find((c) => c.papel === PAPEL.consultor)?.email;
  let nomeDoConsultor: string | undefined;
  await expect
    .poll(
      async () => {
        const { consultores } = (await (await admin.request.get("/api/consultores")).json()) as { consultores: TConsultor[] };
        const eu = consultores.find((c) => c.email === email);
        nomeDoConsultor = eu?.nome;
        return eu?.status_conexao;
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toBe("Conectado");

  // the admin finds the lead and changes its status from the row's 'Mais ações'
  await admin.goto("/leads");
  await admin.getByLabel("Buscar leads por nome, email ou telefone").fill(nome);
  const linha = admin.getByRole("row").filter({ hasText: nome });
  await expect(linha).toBeVisible();
  await linha.getByRole("button", { name: `Mais ações de ${nome}` }).click();
  await admin.getByRole("menuitem", { name: "Alterar status" }).click();
  const dialogo = admin.getByRole("dialog", { name: "Alterar status" });
  await dialogo.getByLabel("Status").selectOption("Qualificado para Atendente");
  await dialogo.getByRole("button", { name: "Salvar" }).click();
  await expect(dialogo).toBeHidden();

  // assigned like a lead the AI qualified: on the consultant's board, live, and in the admin's row
  const qualificados = consultor.getByRole("region", { name: "Qualificados" });
  await expect(qualificados.getByRole("article", { name: nome })).toBeVisible({ timeout: 20_000 });
  await expect(linha).toContainText(nomeDoConsultor as string, { timeout: 10_000 });
  await expect(linha).not.toContainText("Não atribuído");
});

test("/leads tells the admin how many leads share a phone since phones were standardized, and lists each pair with links to both", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  for (const largura of [1366, 390]) {
    const admin = await entrar(browser, "Admin Empresa", largura);
    const relatorio = (await (await admin.request.get("/api/leads/telefones-repetidos")).json()) as TTelefonesRepetidos;
    // the demo seeds three pairs (decision 1501)
    expect(relatorio.total).toBeGreaterThan(0);
    await admin.goto("/leads");
    const aviso = admin.getByRole("region", { name: MSG.telefonesRepetidosTitulo });
    await expect(aviso).toContainText(MSG.telefonesRepetidos(relatorio.total));
    await aviso.getByRole("button", { name: "Ver telefones repetidos" }).click();
    const dialogo = admin.getByRole("dialog", { name: MSG.telefonesRepetidosTitulo });
    await expect(dialogo).toContainText(MSG.telefonesRepetidosDescricao);
    const pares = dialogo.getByRole("list", { name: "Pares de leads com o mesmo telefone" }).getByRole("listitem");
    await expect(pares).toHaveCount(relatorio.pares.length);
    const [par] = relatorio.pares;
    await expect(pares.first()).toContainText(formatarTelefone(par.telefone));
    await expect(pares.first().getByRole("link", { name: par.original.nome })).toBeVisible();
    expect(await serias(admin)).toEqual([]);
    // no horizontal page scroll, at a phone's width too
    expect(await admin.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(largura);
    if (largura === 390) continue;
    // each lead of the pair opens
    await pares.first().getByRole("link", { name: par.repetido.nome }).click();
    await expect(admin).toHaveURL(new RegExp(`/chat/${par.repetido.id}$`));
    await expect(admin.getByText(par.repetido.nome).first()).toBeVisible();
  }
});

test("the company settings save the assignment rule, in pt-BR, with no serious accessibility violations", async ({ browser }) => {
  const admin = await entrar(browser, "Admin Empresa");
  await admin.goto("/empresa-config");
  const cartao = admin.getByRole("form", { name: "Atribuição de leads" });
  await expect(cartao).toBeVisible();
  expect(await serias(admin)).toEqual([]);
  // the hours themselves are the company's business hours (decision 1881), edited in 'Horário de atendimento'
  await expect(admin.getByRole("form", { name: "Horário de atendimento" })).toBeVisible();
  await cartao.getByLabel("Atribuir a consultores desconectados durante o expediente").check();
  await cartao.getByRole("button", { name: "Salvar atribuição" }).click();
  await expect(admin.getByText(MSG.atribuicaoSalva)).toBeVisible();
  await admin.reload();
  await expect(cartao.getByLabel("Atribuir a consultores desconectados durante o expediente")).toBeChecked();
  // back as the demo had it (other journeys share the demo)
  await cartao.getByLabel("Atribuir a consultores desconectados durante o expediente").uncheck();
  await cartao.getByRole("button", { name: "Salvar atribuição" }).click();
  await expect(admin.getByText(MSG.atribuicaoSalva).first()).toBeVisible();
  const salvo = await (await admin.request.get("/api/empresa/atribuicao")).json();
  expect(salvo).toEqual({ atribuir_offline_expediente: false, limite_conversas_abertas: null });
});

const ROTULO: Record<TPapel, string> = {
  [PAPEL.plataforma]: "Admin Plataforma",
  [PAPEL.admin]: "Admin Empresa",
  [PAPEL.consultor]: "Consultor",
  [PAPEL.juridico]: "Jurídico",
};

for (const papel of Object.values(PAPEL) as TPapel[]) {
  test(`no menu entry of ${ROTULO[papel]} leads to 'Acesso Negado'`, async ({ browser }) => {
    test.setTimeout(150_000);
    const page = await entrar(browser, ROTULO[papel]);
    const menu = page.getByRole("navigation", { name: "Menu principal" });
    for (const item of MENUS[papel]) {
      await menu.locator(`a[href="${item.path}"]`).click();
      await expect(page).toHaveURL(new RegExp(`${item.path}$`));
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText(/Acesso Negado/i)).toHaveCount(0);
    }
  });
}

test("Consultor: no 'Importar Leads'; Consultor and Jurídico: the read-only WhatsApp status; Jurídico /conversas: 'Acesso Negado' (the server answers 403)", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const consultor = await entrar(browser, "Consultor");
  const menu = consultor.getByRole("navigation", { name: "Menu principal" });
  await expect(menu.getByRole("link", { name: "Meus Leads" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Importar Leads" })).toHaveCount(0);
  // the screen agrees with the menu: administrators only (001 §6)
  await consultor.goto("/leads-import");
  await expect(consultor.getByText(MSG.acessoNegadoImportar)).toBeVisible();

  for (const [pagina, rotulo] of [
    [consultor, "Consultor"],
    [await entrar(browser, "Jurídico"), "Jurídico"],
  ] as const) {
    await pagina.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "WhatsApp" }).click();
    await expect(pagina.getByRole("heading", { name: "Status do WhatsApp" }), rotulo).toBeVisible();
    await expect(pagina.getByTestId("status-conexao")).toHaveText(/^(Conectado|Desconectado)$/);
    await expect(pagina.getByText(/^(Conectado desde|Situação desde)$/)).toBeVisible();
    await expect(pagina.getByText(MSG.whatsappApenasAdmins)).toBeVisible();
    await expect(pagina.getByRole("button", { name: /Gerar QR Code|Conectar/ })).toHaveCount(0);
  }

  const juridico = await entrar(browser, "Jurídico");
  await expect(juridico.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Conversas" })).toHaveCount(
    0,
  );
  const pedidos: string[] = [];
  juridico.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/conversas")) pedidos.push(r.url());
  });
  await juridico.goto("/conversas");
  await expect(juridico.getByRole("heading", { name: "Acesso Negado" })).toBeVisible();
  await expect(juridico.getByText(MSG.acessoNegadoConversas)).toBeVisible();
  await expect(juridico.getByRole("button", { name: "Tentar Novamente" })).toHaveCount(0);
  expect(pedidos).toEqual([]);
  // the server refuses it too, in the same words
  const api = await juridico.request.get("/api/conversas");
  expect(api.status()).toBe(403);
  expect(((await api.json()) as { erro: string }).erro).toBe(MSG.acessoNegadoConversas);
  expect(await serias(juridico)).toEqual([]);
});

import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { CONTAS_DEMO, type TContaDemo } from "../packages/domain/src/demo";
import { MENU_PERFIL, MENUS } from "../packages/domain/src/menus";
import { pode, type TPermissao } from "../packages/domain/src/permissions";
import { PAPEL } from "../packages/domain/src/roles";
import { analisarAxe } from "./support/axe";
import { LoginPage } from "./support/pages";

/**
 * Every signed-in screen of every role, at a phone's 390×844, has no horizontal page
 * scroll and no serious, critical or moderate accessibility violation. The routes come from the web's route
 * table (apps/web/src/app/router.tsx); each is visited by every role the permission table lets open it (and by
 * every role whose menu lists it), with the demo's own ids for the routes that take one.
 */

type TRota = {
  path: string;
  permissao: TPermissao;
  /** the platform admin opens it for one company (?empresa={id}); without it, the screen asks to choose one */
  daEmpresa?: boolean;
  /** visited with a demo id */
  id?: "lead" | "empresa";
};

const ROTAS: TRota[] = [
  { path: "/dashboard", permissao: "sessao.usar" },
  { path: "/leads", permissao: "leads.gerenciar", daEmpresa: true },
  { path: "/meus-leads", permissao: "leads.meus" },
  { path: "/leads-import", permissao: "leads.importar", daEmpresa: true },
  { path: "/conversas", permissao: "conversas.usar" },
  { path: "/chat/:leadId", permissao: "conversas.usar", id: "lead" },
  { path: "/consultores", permissao: "consultores.gerenciar", daEmpresa: true },
  { path: "/ia-triagem", permissao: "ia.gerenciar", daEmpresa: true },
  { path: "/qr-code", permissao: "whatsapp.status", daEmpresa: true },
  { path: "/financeiro", permissao: "financeiro.ver", daEmpresa: true },
  { path: "/marketing", permissao: "marketing.gerenciar", daEmpresa: true },
  { path: "/campanhas", permissao: "campanhas.gerenciar" },
  { path: "/juridico", permissao: "juridico.painel", daEmpresa: true },
  { path: "/juridico-leads", permissao: "juridico.leads", daEmpresa: true },
  { path: "/juridico-equipe", permissao: "juridico.equipe", daEmpresa: true },
  { path: "/empresa-config", permissao: "empresa.configurar" },
  { path: "/configuracoes", permissao: "plataforma.gerenciar" },
  { path: "/perfil", permissao: "perfil.usar" },
  { path: "/assinatura", permissao: "assinatura.gerenciar" },
  { path: "/planos", permissao: "planos.ver" },
  { path: "/empresas", permissao: "empresas.gerenciar" },
  { path: "/empresa/:empresaId", permissao: "empresas.gerenciar", id: "empresa" },
  { path: "/empresa/:empresaId/leads", permissao: "empresas.gerenciar", id: "empresa" },
  { path: "/empresa/:empresaId/management", permissao: "empresas.gerenciar", id: "empresa" },
  { path: "/empresa/:empresaId/subscription", permissao: "empresas.gerenciar", id: "empresa" },
  { path: "/usuarios", permissao: "usuarios.gerenciar" },
  { path: "/analytics", permissao: "plataforma.gerenciar" },
  { path: "/taxas-bacen", permissao: "taxas.gerenciar" },
  { path: "/desempenho", permissao: "desempenho.ver" },
  { path: "/prazos", permissao: "prazos.ver", daEmpresa: true },
  { path: "/prazos/modelos", permissao: "prazos.modelos" },
  { path: "/processos", permissao: "juridico.processos", daEmpresa: true },
  { path: "/documentos", permissao: "juridico.documentos", daEmpresa: true },
  { path: "/retornos", permissao: "tarefas.usar" },
  { path: "/respostas-rapidas", permissao: "respostas.usar" },
  { path: "/mensagens-agendadas", permissao: "agendamentos.usar" },
  { path: "/auditoria", permissao: "auditoria.ver" },
  { path: "/privacidade", permissao: "privacidade.gerenciar", daEmpresa: true },
  // the platform admin without a company sees the platform's incidents across companies (decision 1877)
  { path: "/privacidade/incidentes", permissao: "privacidade.gerenciar" },
  { path: "/privacidade/registro", permissao: "privacidade.gerenciar", daEmpresa: true },
  { path: "/notificacoes", permissao: "notificacoes.usar" },
];

/** Second names of a screen already in ROTAS (the same page component), and the catch-all. */
const APELIDOS = ["/whatsapp-connection", "/profile", "*"];

/** The signed-in paths of the route table, read from its source (the children of <RequireAuth />). */
function rotasDoRouter(): string[] {
  const fonte = readFileSync(new URL("../apps/web/src/app/router.tsx", import.meta.url), "utf8");
  const autenticado = fonte.slice(fonte.indexOf("element: <RequireAuth />"));
  return [...autenticado.matchAll(/path: "([^"]+)"/g)].map((m) => m[1]);
}

test("the sweep covers every signed-in route of the route table", () => {
  const cobertas = new Set([...ROTAS.map((r) => r.path), ...APELIDOS]);
  const router = rotasDoRouter();
  expect(router.length).toBeGreaterThan(30);
  expect(router.filter((p) => !cobertas.has(p))).toEqual([]);
  // and every menu entry of every role is a route the sweep knows
  const menus = Object.values(MENUS).flatMap((m) => m.map((i) => i.path));
  expect(menus.filter((p) => !cobertas.has(p))).toEqual([]);
});

function rotasDoPapel(conta: TContaDemo): TRota[] {
  const doMenu = new Set([...MENUS[conta.papel].map((m) => m.path), MENU_PERFIL.path]);
  return ROTAS.filter((r) => pode(conta.papel, r.permissao) || doMenu.has(r.path));
}

/** Waits for the page's main content: its heading, then no spinner and no busy region left. */
async function esperarConteudo(page: Page) {
  const main = page.locator("main#conteudo");
  await expect(main.getByRole("heading").first()).toBeVisible();
  await expect(main.locator(".animate-spin, [aria-busy='true']")).toHaveCount(0, { timeout: 15_000 });
}

/** How wide the page is: the document, the body and the shell's scrolling main (a page scroll to whoever uses it). */
async function larguras(page: Page) {
  return (await page.evaluate(`(() => {
    const main = document.querySelector("main#conteudo");
    return {
      janela: window.innerWidth,
      documento: document.documentElement.scrollWidth,
      corpo: document.body.scrollWidth,
      main: main ? main.scrollWidth - main.clientWidth : 0,
    };
  })()`)) as { janela: number; documento: number; corpo: number; main: number };
}

async function violacoes(page: Page) {
  // only the violations are collected in detail, and rows or cards past the fifth of a list (the same markup
  // repeated) are left out: axe took 20 to 50 s on a full board of a loaded machine, 2 to 5 s now
  const r = await analisarAxe(page, (b) =>
    b
      .exclude("main tbody > tr:nth-child(n+6)")
      .exclude("main ul > li:nth-child(n+6)")
      .options({ resultTypes: ["violations"] }),
  );
  return r.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical" || v.impact === "moderate")
    .map((v) => ({ regra: v.id, impacto: v.impact, onde: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
}

// One sign-in per role (its page is shared by the role's routes), one test per route: each route reports alone.
for (const conta of CONTAS_DEMO) {
  test.describe(`${conta.rotulo} at 390 px`, () => {
    let page: Page;
    const ids: Record<string, string> = {};

    test.beforeAll(async ({ browser }) => {
      // a context of its own (axe refuses a page made by browser.newPage())
      const contexto = await browser.newContext({ viewport: { width: 390, height: 844 } });
      page = await contexto.newPage();
      const login = new LoginPage(page);
      await login.abrir();
      await login.entrarComDemo(conta.rotulo);
      if (conta.papel === PAPEL.plataforma) {
        await page.goto("/empresas");
        const href = await page.getByRole("link", { name: "Revisão Demo Ltda" }).first().getAttribute("href");
        ids.empresa = href!.split("/")[2];
      } else if (pode(conta.papel, "conversas.usar")) {
        const conversas = (await (await page.request.get("/api/conversas?limite=1")).json()) as {
          itens: { leadId: string }[];
        };
        ids.lead = conversas.itens[0].leadId;
      }
    });
    test.afterAll(async () => {
      await page?.context().close();
    });

    // the platform admin opens a lead's chat from a company's lead list, not with a demo lead id of its own
    const rotas = rotasDoPapel(conta).filter((r) => !(r.id === "lead" && conta.papel === PAPEL.plataforma));
    for (const rota of rotas) {
      test(`${rota.path}: no horizontal page scroll, no moderate, serious or critical axe violation`, async () => {
        let url = rota.path.replace(":leadId", ids.lead ?? "").replace(":empresaId", ids.empresa ?? "");
        if (rota.daEmpresa && conta.papel === PAPEL.plataforma) url += `?empresa=${ids.empresa}`;
        const t0 = Date.now();
        await page.goto(url);
        await esperarConteudo(page);
        const t1 = Date.now();
        const l = await larguras(page);
        const axe = await violacoes(page);
        console.log(
          `${conta.rotulo} ${rota.path}: ${l.documento}/${l.corpo}/+${l.main} px, axe ${JSON.stringify(axe)} (${t1 - t0}+${Date.now() - t1} ms)`,
        );
        expect(l.documento, "the document's width").toBeLessThanOrEqual(l.janela);
        expect(l.corpo, "the body's width").toBeLessThanOrEqual(l.janela);
        expect(l.main, "the main area's sideways scroll").toBe(0);
        expect(axe).toEqual([]);
      });
    }
  });
}

test.describe("/test-validation at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  // a public page outside the shell (its own <main>), so the sweep above does not visit it
  test("as the company admin, with its test leads and actions: no horizontal page scroll, no axe violation", async ({ page }) => {
    const login = new LoginPage(page);
    await login.abrir();
    await login.entrarComDemo("Admin Empresa");
    await page.goto("/test-validation");
    await expect(page.getByRole("heading", { name: "Testes de Validação" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Atribuição direta" }).first()).toBeVisible();
    await expect(page.locator("main .animate-spin, main [aria-busy='true']")).toHaveCount(0, { timeout: 15_000 });
    const l = await larguras(page);
    console.log(`/test-validation: ${l.documento}/${l.corpo} px`);
    expect(l.documento, "the document's width").toBeLessThanOrEqual(l.janela);
    expect(l.corpo, "the body's width").toBeLessThanOrEqual(l.janela);
    expect(await violacoes(page)).toEqual([]);
  });
});

test.describe("/leads on a laptop", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("at 1366×768 every row's actions are in view, with the table scrolled to either end", async ({ page }) => {
    const login = new LoginPage(page);
    await login.abrir();
    await login.entrarComDemo("Admin Empresa");
    await page.goto("/leads");
    const tabela = page.getByRole("region", { name: "Leads" });
    const acoes = tabela.getByRole("button", { name: /^Mais ações de / }).first();
    await expect(acoes).toBeVisible();
    const dentro = async () => {
      const caixa = (await tabela.boundingBox())!;
      const botao = (await acoes.boundingBox())!;
      return botao.x >= caixa.x && botao.x + botao.width <= caixa.x + caixa.width;
    };
    expect(await dentro()).toBe(true);
    // the columns scroll under the pinned actions: 'Criado em' is reached by scrolling the table, the actions stay
    await tabela.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(tabela.getByRole("columnheader", { name: "Criado em" })).toBeInViewport();
    expect(await dentro()).toBe(true);
    const l = await larguras(page);
    expect(l.documento).toBeLessThanOrEqual(l.janela);
  });
});

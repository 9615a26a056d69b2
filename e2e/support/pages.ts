import { type Browser, expect, type Page } from "@playwright/test";

/** Page objects: the journeys read as a person would use the screens. */
export class LoginPage {
  constructor(private readonly page: Page) {}
  async abrir() {
    await this.page.goto("/login");
    await expect(this.page.getByRole("button", { name: "Entrar" })).toBeVisible();
  }
  async entrar(email: string, senha: string) {
    await this.page.getByLabel("Email").fill(email);
    await this.page.getByLabel("Senha", { exact: true }).fill(senha);
    await this.page.getByRole("button", { name: "Entrar" }).click();
  }
  async entrarComDemo(rotulo: string) {
    await this.page.getByRole("button", { name: rotulo, exact: true }).click();
    await this.page.getByRole("button", { name: "Entrar" }).click();
    await expect(this.page).toHaveURL(/\/dashboard$/);
  }
}

export class DevMailbox {
  constructor(private readonly page: Page) {}
  /** Opens the newest email sent to `para` and follows the link in it. */
  async seguirLink(para: string, assunto: RegExp) {
    await this.page.goto("/dev/emails");
    const res = await this.page.request.get("/api/dev/emails");
    const { itens } = (await res.json()) as { itens: { para: string; assunto: string; texto: string }[] };
    const email = itens.find((e) => e.para === para && assunto.test(e.assunto));
    expect(email, `email "${assunto}" para ${para}`).toBeTruthy();
    await expect(this.page.getByText(email!.assunto).first()).toBeVisible();
    const link = email!.texto.match(/https?:\/\/\S+/)![0];
    await this.page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
  }
}

export class Shell {
  constructor(private readonly page: Page) {}
  menu() {
    return this.page.getByRole("navigation", { name: "Menu principal" });
  }
  async sair() {
    await this.page.getByRole("button", { name: "Sair" }).click();
    await expect(this.page).toHaveURL(/\/login/);
  }
}

/** The SPA's CSRF header, for API calls made with the page's cookies. */
export async function csrfHeader(page: Page): Promise<Record<string, string>> {
  const c = (await page.context().cookies()).find((k) => k.name === "crm_csrf");
  return c ? { "x-csrf-token": c.value } : {};
}

/** Registers a company through the API and confirms its admin's email; returns the email (password 'senhaantiga1'). */
export async function registrarConfirmado(page: Page): Promise<string> {
  const email = `conta${Date.now()}@teste.com.br`;
  await page.request.get("/api/health");
  const res = await page.request.post("/api/auth/registro", {
    headers: await csrfHeader(page),
    data: {
      empresa: { nome_empresa: "Conta de Teste", email_contato: email, plano_assinatura: "Básico" },
      usuario: { nome: "Pessoa Teste", email, senha: "senhaantiga1", confirmarSenha: "senhaantiga1", papel: "Admin Empresa" },
    },
  });
  expect(res.status()).toBe(201);
  const { itens } = (await (await page.request.get("/api/dev/emails")).json()) as { itens: { para: string; texto: string }[] };
  const token = itens.find((e) => e.para === email)!.texto.match(/token=([\w-]+)/)![1];
  const ok = await page.request.post("/api/auth/confirmar-email", { headers: await csrfHeader(page), data: { token } });
  expect(ok.status()).toBe(200);
  return email;
}

/**
 * Closes the extra browser contexts a journey opened with browser.newContext(): they outlive the test
 * otherwise, and an open chat in a forgotten tab would keep reading the next journey's messages.
 */
export async function fecharContextos(browser: Browser) {
  await Promise.all(browser.contexts().map((c) => c.close().catch(() => {})));
}

/**
 * Turns the company's away message off for a journey whose lead writes, and answers how to put it back. The away
 * message is sent when the company is closed (decision 1882): at night, on a weekend or a holiday it becomes the
 * conversation's last message, so a journey that is not about it would give another answer by the hour (decision
 * 1931). `page` is signed in as the company's admin.
 */
export async function semMensagemDeAusencia(page: Page): Promise<() => Promise<void>> {
  const horario = await (await page.request.get("/api/empresa/horario")).json();
  const salvar = async (ausencia_ativa: boolean) => {
    const r = await page.request.put("/api/empresa/horario", {
      headers: await csrfHeader(page),
      data: { ...horario, ausencia_ativa },
    });
    if (!r.ok()) throw new Error(`PUT /api/empresa/horario: ${r.status()} ${await r.text()}`);
  };
  await salvar(false);
  return () => salvar(horario.ausencia_ativa);
}

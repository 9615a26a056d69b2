import { CONTAS_DEMO, DEMO_SENHA } from "@crm/domain/demo";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { hashSenha } from "./password.js";
import { consultar, criarContaConfirmada, dadosRegistro, entrar } from "./testing.js";

describe("with demo data allowed and the dev mailbox (embedded default)", () => {
  const t = useTestApp({ seedDemo: true });

  it("announces no demo accounts until they exist, then all of them", async () => {
    const antes = await t.navegador().req({ url: "/api/config/publica" });
    expect(antes.json()).toEqual({ demo: null, caixaDeEmailsDev: true });

    const hash = await hashSenha(DEMO_SENHA);
    const [{ id }] = await consultar(
      t,
      "INSERT INTO empresas (nome_empresa, email_contato) VALUES ('Demo', 'demo@demo.com.br') RETURNING id",
    );
    for (const c of CONTAS_DEMO) {
      await consultar(
        t,
        "INSERT INTO usuarios_plataforma (id_empresa_fk, email, papel, senha_hash, email_confirmado_em) VALUES ($1, $2, $3, $4, now())",
        [c.papel === "Admin Plataforma" ? null : id, c.email, c.papel, hash],
      );
    }
    const depois = await t.navegador().req({ url: "/api/config/publica" });
    expect(depois.json()).toEqual({
      demo: {
        senha: "demo1234",
        contas: [
          { rotulo: "Admin Plataforma", email: "plataforma@demo.com.br" },
          { rotulo: "Admin Empresa", email: "admin@demo.com.br" },
          { rotulo: "Consultor", email: "consultor@demo.com.br" },
          { rotulo: "Jurídico", email: "juridico@demo.com.br" },
        ],
      },
      caixaDeEmailsDev: true,
    });
    // the quick-fill buttons really sign in
    const nav = await entrar(t, "plataforma@demo.com.br", DEMO_SENHA);
    expect((await nav.req({ url: "/api/auth/sessao" })).json()).toMatchObject({
      usuario: { papel: "Admin Plataforma" },
      empresa: null,
    });
  });

  it("lists the outbox at /api/dev/emails, newest first", async () => {
    await t.navegador().req({ method: "POST", url: "/api/auth/registro", payload: dadosRegistro("primeiro@exemplo.com.br") });
    await t.navegador().req({ method: "POST", url: "/api/auth/registro", payload: dadosRegistro("segundo@exemplo.com.br") });
    const r = await t.navegador().req({ url: "/api/dev/emails" });
    expect(r.statusCode).toBe(200);
    const { itens } = r.json();
    expect(itens.map((e: { para: string }) => e.para)).toEqual(["segundo@exemplo.com.br", "primeiro@exemplo.com.br"]);
    expect(itens[0]).toMatchObject({
      assunto: "Confirme seu email",
      texto: expect.stringContaining("token="),
      html: expect.stringContaining("<html"),
    });
    expect(Date.parse(itens[0].created_at)).not.toBeNaN();
  });

  it("diagnoses connection, session and cookies at /api/debug/auth", async () => {
    const anonimo = await t.navegador().req({ url: "/api/debug/auth" });
    expect(anonimo.json()).toMatchObject({ conexao: { ok: true }, sessao: null, cookies: { sessao: false, csrf: false } });
    await criarContaConfirmada(t, "debug@exemplo.com.br");
    const nav = await entrar(t, "debug@exemplo.com.br");
    const r = (await nav.req({ url: "/api/debug/auth" })).json();
    expect(r.sessao).toMatchObject({ email: "debug@exemplo.com.br", papel: "Admin Empresa", empresa: "Revisão Justa Ltda" });
    expect(Date.parse(r.sessao.expira)).toBeGreaterThan(Date.now());
    expect(r.cookies).toEqual({ sessao: true, csrf: true });
  });
});

describe("without demo data", () => {
  const t = useTestApp({ seedDemo: false });
  it("answers demo null even if the demo accounts exist", async () => {
    for (const c of CONTAS_DEMO.filter((c) => c.papel === "Admin Plataforma")) {
      await consultar(t, "INSERT INTO usuarios_plataforma (email, papel, senha_hash) VALUES ($1, $2, 'x')", [c.email, c.papel]);
    }
    const r = await t.navegador().req({ url: "/api/config/publica" });
    expect(r.json().demo).toBeNull();
  });
});

describe("with SMTP configured", () => {
  const t = useTestApp({ smtpUrl: "smtp://127.0.0.1:9/?ignoreTLS=true" });
  it("has no dev mailbox (404) and says so in the public config", async () => {
    expect((await t.navegador().req({ url: "/api/dev/emails" })).statusCode).toBe(404);
    expect((await t.navegador().req({ url: "/api/config/publica" })).json().caixaDeEmailsDev).toBe(false);
  });
});

describe("in production", () => {
  const t = useTestApp({ env: "production" });
  it("has no dev mailbox even without SMTP", async () => {
    expect((await t.navegador().req({ url: "/api/dev/emails" })).statusCode).toBe(404);
  });
});

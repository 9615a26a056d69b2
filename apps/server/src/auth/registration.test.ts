import { MSG } from "@crm/domain/messages";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { consultar, dadosRegistro } from "./testing.js";

const t = useTestApp();

async function contar() {
  const [r] = await consultar<Record<"empresas" | "usuarios" | "tokens" | "emails", number>>(
    t,
    `SELECT (SELECT count(*) FROM empresas) AS empresas, (SELECT count(*) FROM usuarios_plataforma) AS usuarios,
            (SELECT count(*) FROM auth_tokens) AS tokens, (SELECT count(*) FROM emails_saida) AS emails`,
  );
  return r;
}

// [case, form step, fields changed (undefined = left out), field expected in campos, pt-BR message]
type TParte = "empresa" | "usuario";
const casos: [string, TParte, Record<string, unknown>, string, string][] = [
  ["nome_empresa vazio", "empresa", { nome_empresa: "  " }, "nome_empresa", MSG.nomeEmpresaObrigatorio],
  ["nome_empresa ausente", "empresa", { nome_empresa: undefined }, "nome_empresa", MSG.nomeEmpresaObrigatorio],
  ["email_contato vazio", "empresa", { email_contato: "" }, "email_contato", MSG.emailContatoObrigatorio],
  ["email_contato inválido", "empresa", { email_contato: "contato@" }, "email_contato", MSG.emailInvalido],
  ["plano desconhecido", "empresa", { plano_assinatura: "Ouro" }, "plano_assinatura", MSG.dadosInvalidos],
  ["nome vazio", "usuario", { nome: "" }, "nome", MSG.nomeObrigatorio],
  ["email vazio", "usuario", { email: "" }, "email", MSG.emailObrigatorio],
  ["email inválido", "usuario", { email: "maria.exemplo.com" }, "email", MSG.emailInvalido],
  ["senha vazia", "usuario", { senha: "", confirmarSenha: "" }, "senha", MSG.senhaObrigatoria],
  ["senha curta", "usuario", { senha: "12345", confirmarSenha: "12345" }, "senha", MSG.senhaMinima],
  ["confirmação diferente", "usuario", { confirmarSenha: "outra-senha" }, "confirmarSenha", MSG.senhasNaoCoincidem],
  ["papel Admin Plataforma", "usuario", { papel: "Admin Plataforma" }, "papel", MSG.cadastroSomenteAdministrador],
  // decision 1652: a company signed up by a Consultor or Jurídico had no administrator
  ["papel Consultor", "usuario", { papel: "Consultor" }, "papel", MSG.cadastroSomenteAdministrador],
  ["papel Jurídico", "usuario", { papel: "Jurídico" }, "papel", MSG.cadastroSomenteAdministrador],
];

describe("registration validation", () => {
  // each case from its own address, so these do not eat the per-IP sign-up limit of the other tests
  let n = 0;
  it.each(casos)(
    "%s → 400 with the pt-BR message on the field, nothing written",
    async (_caso, parte, mudanca, campo, mensagem) => {
      const antes = await contar();
      const body = dadosRegistro("valida@exemplo.com.br");
      Object.assign(body[parte], mudanca);
      const r = await t
        .navegador()
        .req({ method: "POST", url: "/api/auth/registro", payload: body, remoteAddress: `198.51.100.${++n}` });
      expect(r.statusCode).toBe(400);
      expect(r.json().campos[`${parte}.${campo}`]).toBe(mensagem);
      expect(r.json().erro).toBe(mensagem);
      expect(await contar()).toEqual(antes);
    },
  );

  it("reports every missing field of an empty form at once", async () => {
    const r = await t.navegador().req({ method: "POST", url: "/api/auth/registro", payload: { empresa: {}, usuario: {} } });
    expect(r.statusCode).toBe(400);
    expect(r.json().campos).toMatchObject({
      "empresa.nome_empresa": MSG.nomeEmpresaObrigatorio,
      "empresa.email_contato": MSG.emailContatoObrigatorio,
      "usuario.nome": MSG.nomeObrigatorio,
      "usuario.email": MSG.emailObrigatorio,
      "usuario.senha": MSG.senhaObrigatoria,
    });
  });
});

describe("duplicate email", () => {
  it("answers 409 on usuario.email and leaves no orphan company", async () => {
    const nav = t.navegador();
    const primeiro = await nav.req({ method: "POST", url: "/api/auth/registro", payload: dadosRegistro("dup@exemplo.com.br") });
    expect(primeiro.statusCode).toBe(201);
    const antes = await contar();
    const outro = dadosRegistro("DUP@exemplo.com.br");
    outro.empresa.nome_empresa = "Outra Empresa";
    const r = await nav.req({ method: "POST", url: "/api/auth/registro", payload: outro });
    expect(r.statusCode).toBe(409);
    expect(r.json()).toEqual({ erro: MSG.emailJaCadastrado, campos: { "usuario.email": MSG.emailJaCadastrado } });
    expect(await contar()).toEqual(antes);
    expect(await consultar(t, "SELECT 1 FROM empresas WHERE nome_empresa = 'Outra Empresa'")).toEqual([]);
  });

  it("lets only one of two simultaneous sign-ups with the same email through", async () => {
    const antes = await contar();
    const [a, b] = await Promise.all(
      [1, 2].map(() =>
        t.navegador().req({ method: "POST", url: "/api/auth/registro", payload: dadosRegistro("corrida@exemplo.com.br") }),
      ),
    );
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const depois = await contar();
    expect(depois.empresas).toBe(antes.empresas + 1);
    expect(depois.usuarios).toBe(antes.usuarios + 1);
  });
});

describe("the company registered (decisions 1651, 1652)", () => {
  it("makes the person who registers its first Admin Empresa, with no role to choose", async () => {
    const body = dadosRegistro("primeira@exemplo.com.br");
    delete body.usuario.papel;
    const r = await t.navegador().req({ method: "POST", url: "/api/auth/registro", payload: body });
    expect(r.statusCode, r.body).toBe(201);
    expect(
      await consultar(
        t,
        `SELECT u.papel, e.nome_empresa FROM usuarios_plataforma u JOIN empresas e ON e.id = u.id_empresa_fk
          WHERE u.email = 'primeira@exemplo.com.br'`,
      ),
    ).toEqual([{ papel: "Admin Empresa", nome_empresa: "Revisão Justa Ltda" }]);
  });

  it("refuses a company already there by name and contact email (409 on the name), read as a person reads it", async () => {
    const primeiro = dadosRegistro("dona@exemplo.com.br");
    primeiro.empresa.email_contato = "contato@revisaojusta.com.br";
    expect((await t.navegador().req({ method: "POST", url: "/api/auth/registro", payload: primeiro })).statusCode).toBe(201);
    const antes = await contar();
    const repetida = dadosRegistro("outra.pessoa@exemplo.com.br");
    repetida.empresa = {
      ...repetida.empresa,
      nome_empresa: "  REVISAO justa, LTDA. ",
      email_contato: "Contato@RevisaoJusta.com.br",
    };
    const r = await t.navegador().req({ method: "POST", url: "/api/auth/registro", payload: repetida });
    expect(r.statusCode).toBe(409);
    expect(r.json()).toEqual({
      erro: MSG.empresaJaCadastrada,
      campos: { "empresa.nome_empresa": MSG.empresaJaCadastrada },
    });
    expect(await contar()).toEqual(antes);
    // the same trade name with another contact is another company
    repetida.empresa.email_contato = "contato@revisaojusta-sp.com.br";
    expect((await t.navegador().req({ method: "POST", url: "/api/auth/registro", payload: repetida })).statusCode).toBe(201);
  });
});

describe("registration rate limit", () => {
  it("refuses the 21st sign-up from one IP within the hour (429)", async () => {
    const ip = "203.0.113.7";
    const nav = t.navegador();
    for (let i = 0; i < 20; i++) {
      const r = await nav.req({ method: "POST", url: "/api/auth/registro", payload: {}, remoteAddress: ip });
      expect(r.statusCode).toBe(400);
    }
    const r = await nav.req({
      method: "POST",
      url: "/api/auth/registro",
      payload: dadosRegistro("limite@exemplo.com.br"),
      remoteAddress: ip,
    });
    expect(r.statusCode).toBe(429);
    expect(r.json().erro).toBe(MSG.muitasTentativas);
    // another address is not affected
    const outro = await nav.req({
      method: "POST",
      url: "/api/auth/registro",
      payload: { ...dadosRegistro("limite@exemplo.com.br") },
      remoteAddress: "203.0.113.8",
    });
    expect(outro.statusCode).toBe(201);
  });
});

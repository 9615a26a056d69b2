import { MSG } from "@crm/domain/messages";
import type { TPerfil, TSessaoAtiva } from "@crm/domain/schemas/profile";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { TNavegador } from "../../test/app.js";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, entrar, type TEmpresaComUsuarios } from "../../test/factories.js";
import { consultar, emailsPara, socketDaSessao } from "../auth/testing.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
});

const perfil = async (nav: TNavegador) => (await nav.req({ url: "/api/perfil" })).json() as TPerfil;
const sessoes = async (nav: TNavegador) =>
  ((await nav.req({ url: "/api/perfil/sessoes" })).json() as { sessoes: TSessaoAtiva[] }).sessoes;

/** A second browser of the same user, signed in with its own session. */
async function outroNavegador(email: string, senha = "senha123", userAgent?: string) {
  const nav = t.navegador();
  const res = await nav.req({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password: senha },
    headers: userAgent ? { "user-agent": userAgent } : undefined,
  });
  expect(res.statusCode, res.body).toBe(200);
  return nav;
}

describe("basic info", () => {
  it("shows who I am and saves name and phone, renaming my consultant record too", async () => {
    const nav = a.navegadores.consultor;
    expect(await perfil(nav)).toMatchObject({
      email: a.usuarios.consultor.email,
      papel: "Consultor",
      empresa: a.empresa.nome_empresa,
      emailPendente: null,
    });
    const bad = await nav.req({ method: "PATCH", url: "/api/perfil", payload: { nome: "", telefone: "" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().campos.nome).toBe("Nome é obrigatório");
    const res = await nav.req({
      method: "PATCH",
      url: "/api/perfil",
      payload: { nome: "Camila R.", telefone: "(11) 97777-6666" },
    });
    expect(res.statusCode, res.body).toBe(200);
    // stored canonical (decision 1501); the form shows it formatted
    expect(res.json()).toMatchObject({ nome: "Camila R.", telefone: "5511977776666" });
    expect((await consultar(t, "SELECT nome FROM consultores WHERE id = $1", [a.consultor.id]))[0].nome).toBe("Camila R.");
    expect((await nav.req({ url: "/api/auth/sessao" })).json().usuario.nome).toBe("Camila R.");
  });

  it("works for the platform admin (no company) and needs a session", async () => {
    expect(await perfil(a.navegadores.plataforma)).toMatchObject({ papel: "Admin Plataforma", empresa: null });
    expect((await t.navegador().req({ url: "/api/perfil" })).statusCode).toBe(401);
  });
});

describe("password change (001 §5), checking the current password", () => {
  it("answers the spec's messages for bad input", async () => {
    const nav = b.navegadores.admin;
    for (const [corpo, campo, msg] of [
      [{ senhaAtual: "", novaSenha: "abcdef", confirmarSenha: "abcdef" }, "senhaAtual", "Por favor, insira sua senha atual"],
      [{ senhaAtual: "x", novaSenha: "", confirmarSenha: "" }, "novaSenha", "Por favor, insira a nova senha"],
      [
        { senhaAtual: "x", novaSenha: "abc", confirmarSenha: "abc" },
        "novaSenha",
        "A nova senha deve ter pelo menos 6 caracteres",
      ],
      [{ senhaAtual: "x", novaSenha: "abcdef", confirmarSenha: "abcdeg" }, "confirmarSenha", "As senhas não coincidem"],
    ] as const) {
      const res = await nav.req({ method: "POST", url: "/api/perfil/senha", payload: corpo });
      expect(res.statusCode).toBe(400);
      expect(res.json().campos[campo]).toBe(msg);
    }
  });

  it("refuses a wrong current password and keeps the old one", async () => {
    const nav = b.navegadores.admin;
    const res = await nav.req({
      method: "POST",
      url: "/api/perfil/senha",
      payload: { senhaAtual: "errada", novaSenha: "nova-senha-9", confirmarSenha: "nova-senha-9" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ erro: "Senha atual incorreta.", campos: { senhaAtual: "Senha atual incorreta." } });
    await outroNavegador(b.usuarios.admin.email, "senha123");
    const [tentativa] = await consultar(t, "SELECT count(*)::int AS n FROM auth_tentativas WHERE email = $1", [
      b.usuarios.admin.email,
    ]);
    expect(tentativa.n).toBe(1);
  });

  it("changes it, ends the other sessions (told live) and keeps this one", async () => {
    const nav = b.navegadores.admin;
    const outro = await outroNavegador(b.usuarios.admin.email);
    const socket = socketDaSessao(t, outro);
    try {
      const res = await nav.req({
        method: "POST",
        url: "/api/perfil/senha",
        payload: { senhaAtual: "senha123", novaSenha: "nova-senha-9", confirmarSenha: "nova-senha-9" },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().mensagem).toBe("Senha atualizada com sucesso!");
      expect(res.json().sessoesEncerradas).toBeGreaterThanOrEqual(1);
      const fim = Date.now() + 3_000;
      while (!vi.mocked(socket.conexao.fechar).mock.calls.length && Date.now() < fim) await new Promise((r) => setTimeout(r, 20));
      expect(socket.conexao.enviar).toHaveBeenCalledWith({ tipo: "sessao.revogada" });
    } finally {
      socket.sair();
    }
    expect((await outro.req({ url: "/api/auth/sessao" })).statusCode).toBe(401);
    expect((await nav.req({ url: "/api/auth/sessao" })).statusCode).toBe(200);
    await outroNavegador(b.usuarios.admin.email, "nova-senha-9");
    expect((await emailsPara(t, b.usuarios.admin.email))[0].assunto).toBe("Sua senha foi alterada");
  });
});

describe("email change (001 §5): effective only once confirmed from the new address", () => {
  it("validates, then emails a link to the new address; the change happens when it is opened", async () => {
    const nav = a.navegadores.juridico;
    const atual = a.usuarios.juridico.email;
    const casos = [
      [{ novoEmail: "sem-arroba", senhaAtual: "senha123" }, 400, "Por favor, insira um e-mail válido"],
      [{ novoEmail: atual.toUpperCase(), senhaAtual: "senha123" }, 400, "O novo e-mail deve ser diferente do atual"],
      [{ novoEmail: "livre@exemplo.com.br", senhaAtual: "errada" }, 400, "Senha atual incorreta."],
      [{ novoEmail: b.usuarios.consultor.email, senhaAtual: "senha123" }, 409, "Este email já está cadastrado."],
    ] as const;
    for (const [corpo, status, msg] of casos) {
      const res = await nav.req({ method: "POST", url: "/api/perfil/email", payload: corpo });
      expect(res.statusCode, msg).toBe(status);
      expect(res.json().erro).toBe(msg);
    }
    expect(await emailsPara(t, "livre@exemplo.com.br")).toEqual([]);

    const res = await nav.req({
      method: "POST",
      url: "/api/perfil/email",
      payload: { novoEmail: "Livre@Exemplo.com.br", senhaAtual: "senha123" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await perfil(nav)).emailPendente).toBe("livre@exemplo.com.br");
    const [mail] = await emailsPara(t, "livre@exemplo.com.br");
    expect(mail.assunto).toBe("Confirme seu novo e-mail");
    const token = mail.texto.match(/\/confirmar-novo-email#token=([\w-]+)/)![1];
    // nothing changed yet: the old email still signs in
    await outroNavegador(atual);
    expect((await perfil(nav)).email).toBe(atual);

    const conf = await t.navegador().req({ method: "POST", url: "/api/perfil/confirmar-email", payload: { token } });
    expect(conf.statusCode, conf.body).toBe(200);
    expect(await perfil(nav)).toMatchObject({ email: "livre@exemplo.com.br", emailPendente: null });
    expect((await emailsPara(t, atual))[0].assunto).toBe("Seu e-mail foi alterado");
    await outroNavegador("livre@exemplo.com.br");
    const denovo = await t.navegador().req({ method: "POST", url: "/api/perfil/confirmar-email", payload: { token } });
    expect(denovo.statusCode).toBe(400);
    expect(denovo.json().erro).toBe(MSG.linkTrocaEmailInvalido);
  });

  it("moves a consultant's record to the new email too", async () => {
    const nav = a.navegadores.consultor;
    await nav.req({
      method: "POST",
      url: "/api/perfil/email",
      payload: { novoEmail: "camila.nova@exemplo.com.br", senhaAtual: "senha123" },
    });
    const token = (await emailsPara(t, "camila.nova@exemplo.com.br"))[0].texto.match(/#token=([\w-]+)/)![1];
    expect((await t.navegador().req({ method: "POST", url: "/api/perfil/confirmar-email", payload: { token } })).statusCode).toBe(
      200,
    );
    expect((await consultar(t, "SELECT email FROM consultores WHERE id = $1", [a.consultor.id]))[0].email).toBe(
      "camila.nova@exemplo.com.br",
    );
  });
});

describe("active sessions", () => {
  it("lists my live sessions with device, IP and the current one marked; only mine", async () => {
    const email = a.usuarios.admin.email;
    const celular = await outroNavegador(
      email,
      "senha123",
      "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
    );
    const lista = await sessoes(a.navegadores.admin);
    expect(lista.length).toBeGreaterThanOrEqual(2);
    expect(lista.filter((s) => s.current)).toHaveLength(1);
    const doCelular = lista.find((s) => s.dispositivo === "Chrome no Android");
    expect(doCelular).toMatchObject({ current: false, ip_address: "127.0.0.1" });
    expect(lista.some((s) => s.current && s.id === doCelular?.id)).toBe(false);
    const doOutro = await sessoes(b.navegadores.admin);
    expect(doOutro.some((s) => lista.some((x) => x.id === s.id))).toBe(false);

    // another user's session id is 404 and stays alive
    const res = await b.navegadores.admin.req({ method: "DELETE", url: `/api/perfil/sessoes/${doCelular!.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().erro).toBe("Sessão não encontrada.");
    expect((await celular.req({ url: "/api/auth/sessao" })).statusCode).toBe(200);
  });

  it("revokes one session, which is told live and signed out; 'sign out all others' ends the rest", async () => {
    const email = a.usuarios.admin.email;
    const celular = await outroNavegador(
      email,
      "senha123",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1",
    );
    const notebook = await outroNavegador(email);
    const socket = socketDaSessao(t, celular);
    try {
      const alvo = (await sessoes(a.navegadores.admin)).find((s) => s.dispositivo === "Safari no iOS")!;
      const res = await a.navegadores.admin.req({ method: "DELETE", url: `/api/perfil/sessoes/${alvo.id}` });
      expect(res.statusCode).toBe(204);
      const fim = Date.now() + 3_000;
      while (!vi.mocked(socket.conexao.fechar).mock.calls.length && Date.now() < fim) await new Promise((r) => setTimeout(r, 20));
      expect(socket.conexao.enviar).toHaveBeenCalledWith({ tipo: "sessao.revogada" });
      expect(socket.conexao.fechar).toHaveBeenCalled();
    } finally {
      socket.sair();
    }
    expect((await celular.req({ url: "/api/auth/sessao" })).statusCode).toBe(401);
    expect((await notebook.req({ url: "/api/auth/sessao" })).statusCode).toBe(200);

    const todas = await a.navegadores.admin.req({ method: "POST", url: "/api/perfil/sessoes/encerrar-outras" });
    expect(todas.statusCode).toBe(200);
    expect(todas.json().sessoesEncerradas).toBeGreaterThanOrEqual(1);
    expect((await notebook.req({ url: "/api/auth/sessao" })).statusCode).toBe(401);
    const restantes = await sessoes(a.navegadores.admin);
    expect(restantes).toHaveLength(1);
    expect(restantes[0].current).toBe(true);
    // signing in again still works
    await entrar(t.navegador(), email);
  });
});

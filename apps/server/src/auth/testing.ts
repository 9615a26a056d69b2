/** Helpers shared by the auth API tests (imported only by *.test.ts, never by the server). */
import type { TRegistro } from "@crm/domain/schemas/auth";
import { expect, vi } from "vitest";
import type { TNavegador, TTestApp } from "../../test/app.js";
import { unsafeWithSystem } from "../db/tenant.js";
import type { TConexao } from "../realtime/realtime.js";
import { COOKIE_SESSAO } from "./sessions.js";
import { hashToken } from "./tokens.js";

export const SENHA = "segredo123";

/** A valid sign-up body as the two-step form sends it (emails lower-cased by the schema). */
export function dadosRegistro(email: string): { empresa: Record<string, unknown>; usuario: Record<string, unknown> } {
  return {
    empresa: { nome_empresa: "Revisão Justa Ltda", email_contato: email, plano_assinatura: "Premium" },
    usuario: { nome: "Maria Souza", email, senha: SENHA, confirmarSenha: SENHA, papel: "Admin Empresa" } satisfies Partial<
      TRegistro["usuario"]
    >,
  };
}

export type TEmailSaida = { id: string; para: string; assunto: string; texto: string; html: string; enviado_em: Date | null };

export async function emailsPara(t: TTestApp, para: string): Promise<TEmailSaida[]> {
  const { rows } = await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
    tx.query("SELECT * FROM emails_saida WHERE para = $1 ORDER BY created_at DESC, id DESC", [para]),
  );
  return rows;
}

/** The token of the newest email's link, read from the text body as a person would click it. */
export async function tokenDoUltimoEmail(t: TTestApp, para: string, assunto: string): Promise<string> {
  const [email] = (await emailsPara(t, para)).filter((e) => e.assunto === assunto);
  expect(email, `email "${assunto}" para ${para}`).toBeDefined();
  const m = email.texto.match(/#type=(?:email_confirmation|recovery)&token=([A-Za-z0-9_-]+)/);
  expect(m).not.toBeNull();
  return (m as RegExpMatchArray)[1];
}

/** Registers a company and confirms its first user through the API, like a new customer. */
export async function criarContaConfirmada(t: TTestApp, email: string): Promise<void> {
  const nav = t.navegador();
  const r = await nav.req({ method: "POST", url: "/api/auth/registro", payload: dadosRegistro(email) });
  expect(r.statusCode, r.body).toBe(201);
  const token = await tokenDoUltimoEmail(t, email, "Confirme seu email");
  const c = await nav.req({ method: "POST", url: "/api/auth/confirmar-email", payload: { token } });
  expect(c.statusCode, c.body).toBe(200);
}

export async function entrar(t: TTestApp, email: string, password = SENHA): Promise<TNavegador> {
  const nav = t.navegador();
  const r = await nav.req({ method: "POST", url: "/api/auth/login", payload: { email, password } });
  expect(r.statusCode, r.body).toBe(200);
  return nav;
}

export async function consultar<T = Record<string, unknown>>(t: TTestApp, sql: string, params: unknown[] = []): Promise<T[]> {
  const { rows } = await unsafeWithSystem(t.deps.db.app, "teste", (tx) => tx.query(sql, params));
  return rows;
}

/** A fake WebSocket of this browser's session, to see what realtime delivers to it. */
export function socketDaSessao(t: TTestApp, nav: TNavegador) {
  const sessaoId = hashToken(nav.cookies.get(COOKIE_SESSAO) as string);
  const conexao: TConexao = {
    usuarioId: "",
    empresaId: null,
    papel: "Consultor",
    sessaoId,
    enviar: vi.fn(),
    fechar: vi.fn(),
  };
  const sair = t.deps.realtime.registrar(conexao);
  return { conexao, sair };
}

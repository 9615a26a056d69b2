/** Helpers shared by the team API tests (imported only by *.test.ts, never by the server). */
import { papelDoLink } from "@crm/domain/schemas/invitations";
import { expect } from "vitest";
import type { TNavegador, TTestApp } from "../../test/app.js";
import { emailsPara } from "../auth/testing.js";

export type TLinkLido = { url: URL; pagina: "consultor" | "juridico"; corpo: Record<string, string> };

/** The invitation link of the newest invitation email to `para`, read as the invitee would click it. */
export async function linkDoUltimoConvite(t: TTestApp, para: string): Promise<TLinkLido> {
  const [email] = (await emailsPara(t, para)).filter((e) => e.assunto.startsWith("Convite para a equipe"));
  expect(email, `convite para ${para}`).toBeDefined();
  const m = email.texto.match(/https?:\/\/\S+/);
  expect(m).not.toBeNull();
  return lerLink((m as RegExpMatchArray)[0]);
}

/** What the invitation page sends to the API for a link (the body's `link`). */
function lerLink(href: string): TLinkLido {
  const url = new URL(href);
  const pagina = url.pathname === "/convite-juridico" ? "juridico" : "consultor";
  const p = url.searchParams;
  const corpo = {
    token: p.get("token") ?? "",
    empresa: p.get("empresa") ?? "",
    email: p.get("email") ?? "",
    pagina,
    papel: (pagina === "juridico" ? "Jurídico" : papelDoLink(p.get("role"))) ?? "",
  };
  return { url, pagina, corpo };
}

export const SENHA_CONVITE = "nova-senha-1";

export function cadastro(extra: Record<string, unknown> = {}) {
  return { nome: "Carla Nunes", whatsapp: "(11) 98888-7777", senha: SENHA_CONVITE, confirmarSenha: SENHA_CONVITE, ...extra };
}

export function aceitar(nav: TNavegador, link: Record<string, string>, dados: Record<string, unknown> = cadastro()) {
  return nav.req({ method: "POST", url: "/api/convites/aceitar", payload: { link, cadastro: dados } });
}

export function verificar(nav: TNavegador, link: Record<string, string>) {
  return nav.req({ method: "POST", url: "/api/convites/verificar", payload: link });
}

export function convidar(nav: TNavegador, dados: Record<string, unknown>, empresaId?: string) {
  const qs = empresaId ? `?empresaId=${empresaId}` : "";
  return nav.req({ method: "POST", url: `/api/consultores/convites${qs}`, payload: dados });
}

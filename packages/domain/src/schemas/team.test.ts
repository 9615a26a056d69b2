import { describe, expect, it } from "vitest";
import { montarLinkConvite, papelDoLink } from "./invitations";
import { zTrocaEmailDe } from "./profile";
import { ZEdicaoConsultor, ZNovoConvite } from "./team";

const erro = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe("WhatsApp (001 §5)", () => {
  it("takes digits, spaces, hyphens, parentheses and an optional leading plus", () => {
    for (const ok of ["11999990000", "+55 (11) 99999-0000", "(11) 3333-4444"]) {
      expect(ZEdicaoConsultor.safeParse({ nome: "A", whatsapp: ok }).success, ok).toBe(true);
    }
    expect(erro(ZEdicaoConsultor.safeParse({ nome: "A", whatsapp: "" }))).toBe("WhatsApp é obrigatório");
    for (const bad of ["11 9999.0000", "55+11999990000", "abc", "+55 ()-"]) {
      expect(erro(ZEdicaoConsultor.safeParse({ nome: "A", whatsapp: bad })), bad).toBe("Formato de WhatsApp inválido");
    }
  });
});

describe("invite form", () => {
  it("defaults the role to Consultor and lower-cases the email", () => {
    expect(ZNovoConvite.parse({ nome: " Ana ", email: "Ana@X.com " })).toEqual({
      nome: "Ana",
      email: "ana@x.com",
      papel: "Consultor",
    });
    expect(ZNovoConvite.safeParse({ nome: "Ana", email: "a@x.com", papel: "Jurídico" }).success).toBe(false);
  });
});

describe("invitation links", () => {
  it("builds the spec's link and reads its role the way the original did", () => {
    const link = montarLinkConvite("https://crm.exemplo.com", {
      token: "tok",
      empresaId: "e1",
      email: "a@x.com",
      nome: "Ana Souza",
      papel: "Jurídico",
      usuarioId: "u1",
    });
    expect(link).toBe(
      "https://crm.exemplo.com/convite-juridico?token=tok&user=u1&empresa=e1&email=a%40x.com&name=Ana+Souza&role=Jur%C3%ADdico",
    );
    expect(papelDoLink(null)).toBe("Consultor");
    expect(papelDoLink("juridico")).toBe("Jurídico");
    expect(papelDoLink("Admin Empresa")).toBe("Admin Empresa");
    expect(papelDoLink("Admin Plataforma")).toBeNull();
  });
});

describe("email change (001 §5)", () => {
  it("needs an @ and a different address", () => {
    const z = zTrocaEmailDe("eu@x.com");
    expect(erro(z.safeParse({ novoEmail: "semarroba", senhaAtual: "x" }))).toBe("Por favor, insira um e-mail válido");
    expect(erro(z.safeParse({ novoEmail: "EU@x.com", senhaAtual: "x" }))).toBe("O novo e-mail deve ser diferente do atual");
    expect(erro(z.safeParse({ novoEmail: "novo@x.com", senhaAtual: "" }))).toBe("Por favor, insira sua senha atual");
    expect(z.safeParse({ novoEmail: "novo@x.com", senhaAtual: "x" }).success).toBe(true);
  });
});

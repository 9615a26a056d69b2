import { z } from "zod";
import { MSG } from "../messages";
import { PAPEL } from "../roles";
import { SENHA_MINIMA } from "./auth";
import { zId } from "./id";
import { PAPEIS_CONVITE, type TPapelConvite, zNome, zWhatsApp } from "./team";
import { zTexto } from "./text";

/** The two public invitation pages (001 §2 'Invitation pages'). */
export type TPaginaConvite = "consultor" | "juridico";
export const CAMINHO_CONVITE: Record<TPaginaConvite, string> = {
  consultor: "/convite-consultor",
  juridico: "/convite-juridico",
};
/** The roles each page completes: the legal page only Jurídico; the team page consultants (and admins). */
export const PAPEIS_DA_PAGINA: Record<TPaginaConvite, readonly TPapelConvite[]> = {
  consultor: [PAPEL.consultor, PAPEL.admin],
  juridico: [PAPEL.juridico],
};
export const paginaDoPapel = (papel: TPapelConvite): TPaginaConvite => (papel === PAPEL.juridico ? "juridico" : "consultor");

/** After 'Cadastro Concluído!' the page goes to /login (001 §9). */
export const REDIRECIONAR_CONVITE_MS = 3_000;

/**
 * The `role` link parameter as the original wrote it: missing means Consultor; the legal invite used 'juridico'.
 * Unknown values give null (the link was tampered with).
 */
export function papelDoLink(role: string | null | undefined): TPapelConvite | null {
  if (!role) return PAPEL.consultor;
  const r = role.trim();
  if (r.toLowerCase() === "juridico" || r === PAPEL.juridico) return PAPEL.juridico;
  return (PAPEIS_CONVITE as readonly string[]).includes(r) ? (r as TPapelConvite) : null;
}

/**
 * `${APP_URL}/convite-consultor?token=…&empresa=…&email=…&name=…&role=…` (001 §2 link parameters). The token is what the
 * server trusts; the rest are display hints, checked against the invitation so an edited link is refused.
 */
export function montarLinkConvite(
  appUrl: string,
  c: { token: string; empresaId: string; email: string; nome: string; papel: TPapelConvite; usuarioId?: string | null },
): string {
  const p = new URLSearchParams({ token: c.token });
  if (c.usuarioId) p.set("user", c.usuarioId);
  p.set("empresa", c.empresaId);
  p.set("email", c.email);
  p.set("name", c.nome);
  p.set("role", c.papel);
  return `${appUrl}${CAMINHO_CONVITE[paginaDoPapel(c.papel)]}?${p}`;
}

/** The token is base64url (invite-token.ts): anything else is a malformed link, refused like an unknown one. */
const token = () =>
  z
    .string()
    .min(20, MSG.linkConviteInvalido)
    .max(200, MSG.linkConviteInvalido)
    .regex(/^[A-Za-z0-9_-]+$/, MSG.linkConviteInvalido);

/** What the link carries, sent back for the server's check (the page never trusts it alone). */
export const ZLinkConvite = z.object({
  token: token(),
  empresa: zId({ error: MSG.linkConviteInvalido }),
  email: zTexto().trim().min(1, MSG.emailNaoFornecidoConvite).max(254).toLowerCase(),
  pagina: z.enum(["consultor", "juridico"]),
  papel: z.enum(PAPEIS_CONVITE, { error: MSG.linkConviteInvalido }),
});
export type TLinkConvite = z.infer<typeof ZLinkConvite>;

/** Invitation check result (001 §3): success flag, error text, invitation. */
export const ZVerificacaoConvite = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  invitation: z
    .object({
      email: z.string(),
      papel: z.enum(PAPEIS_CONVITE),
      nome: z.string(),
      empresaNome: z.string(),
      /** the email already has an active account in the company: accepting attaches it (password check) */
      usuarioExistente: z.boolean(),
    })
    .optional(),
});
export type TVerificacaoConvite = z.infer<typeof ZVerificacaoConvite>;

const senhaNova = () =>
  z
    .string({ error: MSG.senhaObrigatoria })
    .min(1, MSG.senhaObrigatoria)
    .min(SENHA_MINIMA, MSG.senhaMinima)
    .max(200, MSG.dadosInvalidos);
const coincidem = (v: { senha: string; confirmarSenha: string }) => v.senha === v.confirmarSenha;

/** /convite-consultor form (001 §5): Nome, WhatsApp (consultants only), Senha, Confirmar Senha. */
export const ZCadastroConvite = z
  .object({
    nome: zNome(),
    whatsapp: zWhatsApp().optional(),
    senha: senhaNova(),
    confirmarSenha: z.string(),
  })
  .refine(coincidem, { path: ["confirmarSenha"], message: MSG.senhasNaoCoincidem });
export type TCadastroConvite = z.infer<typeof ZCadastroConvite>;

/** The consultant page's form: WhatsApp is required for a Consultor. */
export const ZCadastroConviteConsultor = z
  .object({ nome: zNome(), whatsapp: zWhatsApp(), senha: senhaNova(), confirmarSenha: z.string() })
  .refine(coincidem, { path: ["confirmarSenha"], message: MSG.senhasNaoCoincidem });

export const ZAceitarConvite = z.object({ link: ZLinkConvite, cadastro: ZCadastroConvite });
export type TAceitarConvite = z.infer<typeof ZAceitarConvite>;

/** An existing account of the company proves it is theirs with its current password. */
export const ZAceitarConviteExistente = z.object({
  link: ZLinkConvite,
  senha: z.string({ error: MSG.senhaObrigatoria }).min(1, MSG.senhaObrigatoria).max(200),
});
export type TAceitarConviteExistente = z.infer<typeof ZAceitarConviteExistente>;

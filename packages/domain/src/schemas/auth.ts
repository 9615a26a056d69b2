import { z } from "zod";
import { MSG } from "../messages";
import { PLANOS } from "../plans";
import { PAPEL } from "../roles";
import { semNul } from "./text";

export const SENHA_MINIMA = 6;

const email = (obrigatorio: string) =>
  z
    .string({ error: obrigatorio })
    .trim()
    .min(1, obrigatorio)
    .max(254, MSG.emailInvalido)
    .pipe(z.email(MSG.emailInvalido))
    .transform((v) => v.toLowerCase());

const senha = (obrigatoria: string) =>
  z.string({ error: obrigatoria }).min(1, obrigatoria).min(SENHA_MINIMA, MSG.senhaMinima).max(200, MSG.dadosInvalidos);

export const ZLogin = z.object({
  email: z
    .string({ error: MSG.loginCamposObrigatorios })
    .trim()
    .min(1, MSG.loginCamposObrigatorios)
    .max(254, MSG.emailInvalido)
    .refine(semNul, MSG.textoComCaractereNulo)
    .transform((v) => v.toLowerCase()),
  password: z.string({ error: MSG.loginCamposObrigatorios }).min(1, MSG.loginCamposObrigatorios).max(200),
});
export type TLogin = z.infer<typeof ZLogin>;

/** Step 1 of /register (000 §2.3). */
export const ZRegistroEmpresa = z.object({
  nome_empresa: z.string({ error: MSG.nomeEmpresaObrigatorio }).trim().min(1, MSG.nomeEmpresaObrigatorio).max(200),
  email_contato: email(MSG.emailContatoObrigatorio),
  plano_assinatura: z.enum(PLANOS, { error: MSG.dadosInvalidos }),
});
export type TRegistroEmpresa = z.infer<typeof ZRegistroEmpresa>;

/**
 * Step 2 of /register. The person registering becomes the company's first Admin Empresa (decision 1652): `papel` may
 * be left out; any other role is refused on the field, never turned silently into Admin Empresa.
 */
export const ZRegistroUsuario = z
  .object({
    nome: z.string({ error: MSG.nomeObrigatorio }).trim().min(1, MSG.nomeObrigatorio).max(200),
    email: email(MSG.emailObrigatorio),
    senha: senha(MSG.senhaObrigatoria),
    confirmarSenha: z.string(),
    papel: z.literal(PAPEL.admin, { error: MSG.cadastroSomenteAdministrador }).optional(),
  })
  .refine((v) => v.senha === v.confirmarSenha, { path: ["confirmarSenha"], message: MSG.senhasNaoCoincidem });
export type TRegistroUsuario = z.infer<typeof ZRegistroUsuario>;

export const ZRegistro = z.object({ empresa: ZRegistroEmpresa, usuario: ZRegistroUsuario });
export type TRegistro = z.infer<typeof ZRegistro>;

export const ZEsqueciSenha = z.object({ email: email(MSG.emailObrigatorio) });

export const ZRedefinirSenha = z
  .object({
    token: z.string().min(20, MSG.linkRedefinicaoInvalido).max(200, MSG.linkRedefinicaoInvalido),
    senha: senha(MSG.novaSenhaObrigatoria),
    confirmarSenha: z.string(),
  })
  .refine((v) => v.senha === v.confirmarSenha, { path: ["confirmarSenha"], message: MSG.senhasNaoCoincidem });

export const ZConfirmarEmail = z.object({
  token: z.string().min(20, MSG.linkConfirmacaoInvalido).max(200, MSG.linkConfirmacaoInvalido),
});

import { z } from "zod";
import { MSG } from "../messages";
import { telefoneValido } from "../phone";
import { PAPEIS } from "../roles";
import { SENHA_MINIMA } from "./auth";
import { zId } from "./id";
import { FORMATO_TELEFONE, zNome } from "./team";
import { zTexto } from "./text";

/** GET /api/perfil: who I am, and the new email waiting for confirmation, if any. */
export const ZPerfil = z.object({
  id: zId(),
  nome: z.string(),
  email: z.string(),
  telefone: z.string().nullable(),
  papel: z.enum(PAPEIS),
  empresa: z.string().nullable(),
  emailPendente: z.string().nullable(),
  created_at: z.string(),
});
export type TPerfil = z.infer<typeof ZPerfil>;

/** Basic info: name and an optional phone. */
export const ZPerfilBasico = z.object({
  nome: zNome(),
  telefone: zTexto()
    .trim()
    .max(30, MSG.perfilTelefoneInvalido)
    .refine((v) => v === "" || (FORMATO_TELEFONE.test(v) && telefoneValido(v)), MSG.perfilTelefoneInvalido)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .default(null),
});
export type TPerfilBasico = z.infer<typeof ZPerfilBasico>;
export type TPerfilBasicoEntrada = z.input<typeof ZPerfilBasico>;

const senhaAtual = () => z.string({ error: MSG.senhaAtualObrigatoria }).min(1, MSG.senhaAtualObrigatoria).max(200);

/**
 * Email change (001 §5): must contain @ and differ from the current one. The current password is asked too:
 * a session left open must not be enough to take the account over.
 */
export const ZTrocaEmail = z.object({
  novoEmail: zTexto({ error: MSG.perfilEmailInvalido })
    .trim()
    .max(254, MSG.perfilEmailInvalido)
    .refine((v) => /^[^\s@]+@[^\s@]+$/.test(v), MSG.perfilEmailInvalido)
    .transform((v) => v.toLowerCase()),
  senhaAtual: senhaAtual(),
});
export type TTrocaEmail = z.infer<typeof ZTrocaEmail>;

/** The same rules plus 'different from the current email', for the form that knows it. */
export const zTrocaEmailDe = (emailAtual: string) =>
  ZTrocaEmail.refine((v) => v.novoEmail !== emailAtual.toLowerCase(), {
    path: ["novoEmail"],
    message: MSG.novoEmailDiferente,
  });

/** Password change (001 §5); unlike the original, the current password is checked by the server. */
export const ZTrocaSenha = z
  .object({
    senhaAtual: senhaAtual(),
    novaSenha: z
      .string({ error: MSG.novaSenhaObrigatoriaPerfil })
      .min(1, MSG.novaSenhaObrigatoriaPerfil)
      .min(SENHA_MINIMA, MSG.novaSenhaMinima)
      .max(200, MSG.dadosInvalidos),
    confirmarSenha: z.string(),
  })
  .refine((v) => v.novaSenha === v.confirmarSenha, { path: ["confirmarSenha"], message: MSG.senhasNaoCoincidem });
export type TTrocaSenha = z.infer<typeof ZTrocaSenha>;

export const ZConfirmarTrocaEmail = z.object({
  token: z.string().min(20, MSG.linkTrocaEmailInvalido).max(200, MSG.linkTrocaEmailInvalido),
});

/** Session entry (001 §3): id, created_at, user_agent, ip_address, current; plus a readable device and last use. */
export const ZSessaoAtiva = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  user_agent: z.string().nullable(),
  ip_address: z.string().nullable(),
  dispositivo: z.string(),
  current: z.boolean(),
});
export type TSessaoAtiva = z.infer<typeof ZSessaoAtiva>;
export const ZListaSessoes = z.object({ sessoes: z.array(ZSessaoAtiva) });

import { z } from "zod";
import { PLANOS } from "../plans";
import { PAPEIS } from "../roles";
import { zId } from "./id";

/** GET /api/auth/sessao and the answer of POST /api/auth/login. */
export const ZSessao = z.object({
  usuario: z.object({ id: zId(), email: z.string(), nome: z.string(), papel: z.enum(PAPEIS) }),
  empresa: z.object({ id: zId(), nome_empresa: z.string(), plano_assinatura: z.enum(PLANOS) }).nullable(),
});
export type TSessao = z.infer<typeof ZSessao>;

/** GET /api/config/publica: what the signed-out pages need to know. */
export const ZConfigPublica = z.object({
  /** demo accounts seeded (embedded default only): the login page shows the quick-fill buttons */
  demo: z.object({ senha: z.string(), contas: z.array(z.object({ rotulo: z.string(), email: z.string() })) }).nullable(),
  /** no SMTP configured: emails are kept in the outbox and readable at /dev/emails */
  caixaDeEmailsDev: z.boolean(),
});
export type TConfigPublica = z.infer<typeof ZConfigPublica>;

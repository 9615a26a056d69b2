import { z } from "zod";
import { MSG } from "../messages";
import { telefoneValido } from "../phone";
import { PLANOS } from "../plans";
import { PAPEL } from "../roles";
import { ESPECIALIDADES_JURIDICAS, STATUS_CONEXAO } from "../status";
import { zId } from "./id";
import { zTexto } from "./text";

/** Invite link validity (001 §9). */
export const VALIDADE_CONVITE_DIAS = 7;
/** How long the 'Copiado!' indicator stays after copying a link (001 §9). */
export const DURACAO_COPIADO_MS = 2_000;

/** Roles the consultant-management invite dialog can give (a company admin counts against the plan's admins). */
export const PAPEIS_CONVITE_EQUIPE = [PAPEL.consultor, PAPEL.admin] as const;
export type TPapelConviteEquipe = (typeof PAPEIS_CONVITE_EQUIPE)[number];
/** Every role an invitation can carry: the team ones and the legal team's. */
export const PAPEIS_CONVITE = [PAPEL.consultor, PAPEL.admin, PAPEL.juridico] as const;
export type TPapelConvite = (typeof PAPEIS_CONVITE)[number];

export const ROTULO_PAPEL_CONVITE: Record<TPapelConvite, string> = {
  Consultor: "Consultor",
  "Admin Empresa": "Administrador",
  Jurídico: "Jurídico",
};

/** A simple address shape (001 §5), lower-cased: emails identify accounts. */
export const zEmail = (obrigatorio: string = MSG.emailObrigatorio, invalido: string = MSG.emailInvalido) =>
  zTexto({ error: obrigatorio })
    .trim()
    .min(1, obrigatorio)
    .max(254, invalido)
    .pipe(z.email(invalido))
    .transform((v) => v.toLowerCase());

export const zNome = () => zTexto({ error: MSG.nomeObrigatorio }).trim().min(1, MSG.nomeObrigatorio).max(200, MSG.dadosInvalidos);

/** Digits, spaces, hyphens, parentheses and an optional leading plus (001 §5), with at least 8 digits. */
export const FORMATO_TELEFONE = /^\+?[\d\s\-()]+$/;
/** A phone the one identity rule reads (phone.ts: DDD and number, or + and a country code); stored canonical. */
const temDigitosSuficientes = (v: string) => telefoneValido(v);

export const zWhatsApp = () =>
  zTexto({ error: MSG.whatsappObrigatorio })
    .trim()
    .min(1, MSG.whatsappObrigatorio)
    .max(30, MSG.whatsappInvalido)
    .regex(FORMATO_TELEFONE, MSG.whatsappInvalido)
    .refine(temDigitosSuficientes, MSG.whatsappInvalido);

/** Invite form of /consultores (001 §5): name, email, role (default Consultor). */
export const ZNovoConvite = z.object({
  nome: zNome(),
  email: zEmail(),
  papel: z.enum(PAPEIS_CONVITE_EQUIPE, { error: MSG.dadosInvalidos }).default(PAPEL.consultor),
});
export type TNovoConvite = z.infer<typeof ZNovoConvite>;
export type TNovoConviteEntrada = z.input<typeof ZNovoConvite>;

/** Consultant edit (001 §5): the email is fixed (it signs in with it). */
export const ZEdicaoConsultor = z.object({ nome: zNome(), whatsapp: zWhatsApp() });
export type TEdicaoConsultor = z.infer<typeof ZEdicaoConsultor>;

export const ZConsultor = z.object({
  id: zId(),
  nome: z.string(),
  email: z.string(),
  whatsapp: z.string().nullable(),
  status_conexao: z.enum(STATUS_CONEXAO),
  leads_atribuidos: z.number().int(),
  tem_acesso: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TConsultor = z.infer<typeof ZConsultor>;

export const ZLimitePlano = z.object({ plano: z.enum(PLANOS), maximo: z.number().int().nullable(), usados: z.number().int() });

export const ZPainelConsultores = z.object({
  consultores: z.array(ZConsultor),
  estatisticas: z.object({
    total: z.number().int(),
    conectados: z.number().int(),
    ocupados: z.number().int(),
    leadsAtribuidos: z.number().int(),
    convitesPendentes: z.number().int(),
  }),
  limites: z.object({ consultores: ZLimitePlano, administradores: ZLimitePlano }),
});
export type TPainelConsultores = z.infer<typeof ZPainelConsultores>;

export const ZConvite = z.object({
  id: zId(),
  nome: z.string(),
  email: z.string(),
  papel: z.enum(PAPEIS_CONVITE),
  expires_at: z.string(),
  created_at: z.string(),
  expirado: z.boolean(),
  usuario_existente: z.boolean(),
  /** the link the invitee received; only admins of the company ever see it */
  link: z.string(),
});
export type TConvite = z.infer<typeof ZConvite>;
export const ZListaConvites = z.object({ convites: z.array(ZConvite) });

/** Platform admins act on one company, named in the query string; company admins on their own. */
export const ZEmpresaAlvo = z.object({ empresaId: zId().optional() });

// ---------------------------------------------------------------- legal team (001 §2 'Legal team', §5)

export const ZMembroJuridicoForm = z.object({
  nome: zNome(),
  email: zEmail(),
  telefone: zTexto({ error: MSG.equipeTelefoneObrigatorio })
    .trim()
    .min(1, MSG.equipeTelefoneObrigatorio)
    .max(30, MSG.equipeTelefoneInvalido)
    .regex(FORMATO_TELEFONE, MSG.equipeTelefoneInvalido)
    .refine(temDigitosSuficientes, MSG.equipeTelefoneInvalido),
  especialidade: z.enum(ESPECIALIDADES_JURIDICAS, { error: MSG.equipeEspecialidadeObrigatoria }),
  status: z.enum(["ativo", "inativo"]).default("ativo"),
});
/** Adding a member can also invite them to sign in as Jurídico (/convite-juridico). */
export const ZNovoMembroJuridico = ZMembroJuridicoForm.extend({ enviarConvite: z.boolean().default(true) });
export type TMembroJuridicoForm = z.infer<typeof ZMembroJuridicoForm>;
export type TNovoMembroJuridico = z.infer<typeof ZNovoMembroJuridico>;
export type TNovoMembroJuridicoEntrada = z.input<typeof ZNovoMembroJuridico>;

export const ZMembroJuridico = z.object({
  id: zId(),
  nome: z.string(),
  email: z.string(),
  telefone: z.string(),
  especialidade: z.enum(ESPECIALIDADES_JURIDICAS),
  status: z.enum(["ativo", "inativo"]),
  /** has a Jurídico sign-in of the company */
  tem_acesso: z.boolean(),
  convite: z.object({ link: z.string(), expires_at: z.string(), expirado: z.boolean() }).nullable(),
  created_at: z.string(),
});
export type TMembroJuridico = z.infer<typeof ZMembroJuridico>;

export const ZEquipeJuridica = z.object({
  membros: z.array(ZMembroJuridico),
  estatisticas: z.object({ total: z.number().int(), ativos: z.number().int(), especialidades: z.number().int() }),
});
export type TEquipeJuridica = z.infer<typeof ZEquipeJuridica>;

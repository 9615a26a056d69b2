import { z } from "zod";
import { isoDiaSP } from "../period";
import { PLANOS } from "../plans";
import { CICLOS, luhnValido, STATUS_ASSINATURA, validadeNoFuturo } from "../subscription";
import { FASES_ASSINATURA } from "../subscription-machine";
import { MSG_ASSINATURA as M } from "../subscription-messages";

/**
 * The card form of /assinatura and of the /planos checkout (ARCHITECTURE §10): Luhn, MM/AA not in the past, CVC,
 * name. The server keeps only brand, last 4 and expiry; the number is never stored or logged.
 */
export const ZCartao = z.object({
  numero: z
    .string({ error: M.numeroCartaoInvalido })
    .max(30, M.numeroCartaoInvalido)
    .refine((v) => luhnValido(v), M.numeroCartaoInvalido),
  validade: z
    .string({ error: M.validadeInvalida })
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, M.validadeInvalida)
    .refine((v) => validadeNoFuturo(v, isoDiaSP(new Date())), M.validadeVencida),
  cvc: z.string({ error: M.cvcInvalido }).regex(/^\d{3,4}$/, M.cvcInvalido),
  nome: z.string({ error: M.nomeCartaoObrigatorio }).trim().min(1, M.nomeCartaoObrigatorio).max(100),
});
export type TCartao = z.infer<typeof ZCartao>;

export const ZFormaPagamento = z.discriminatedUnion(
  "tipo",
  [
    z.object({ tipo: z.literal("cartao"), cartao: ZCartao }),
    z.object({ tipo: z.literal("boleto") }),
    z.object({ tipo: z.literal("pix") }),
  ],
  { error: M.dadosInvalidos },
);
export type TFormaPagamento = z.infer<typeof ZFormaPagamento>;

/** How a checkout is paid: the card (given now or on file) or, for yearly payment only, boleto (001 §9 FAQ). */
export const FORMAS_CHECKOUT = ["cartao", "boleto"] as const;

/** Upgrade / downgrade / checkout: a target plan is required (000 §5 'Dados inválidos'). */
export const ZMudarPlano = z.object({
  plano: z.enum(PLANOS, { error: M.dadosInvalidos }),
  ciclo: z.enum(CICLOS, { error: M.dadosInvalidos }).optional(),
  cartao: ZCartao.optional(),
  forma: z.enum(FORMAS_CHECKOUT, { error: M.dadosInvalidos }).optional(),
});
export type TMudarPlano = z.infer<typeof ZMudarPlano>;

export const ZCancelarAssinatura = z.object({
  motivo: z.string({ error: M.motivoObrigatorio }).trim().min(1, M.motivoObrigatorio).max(1000),
});

/** The operator's actions on one company (/empresa/{id}/subscription). */
export const ZAcaoOperador = z.object({
  plano: z.enum(PLANOS, { error: M.dadosInvalidos }).optional(),
  status: z.enum(STATUS_ASSINATURA, { error: M.dadosInvalidos }).optional(),
  estenderTesteDias: z.number({ error: M.dadosInvalidos }).int().min(1).max(90).optional(),
});
/** At least one action (the server answers 'Dados inválidos' to an empty one). */
export const acaoOperadorVazia = (v: z.infer<typeof ZAcaoOperador>) =>
  v.plano === undefined && v.status === undefined && v.estenderTesteDias === undefined;
export type TAcaoOperador = z.infer<typeof ZAcaoOperador>;

export const ZFatura = z.object({
  id: z.string(),
  plano: z.enum(PLANOS),
  valor: z.number(),
  status: z.enum(["paid", "pending"]),
  tipo: z.enum(["renovacao", "upgrade"]),
  data: z.string(),
  vencimento: z.string(),
  periodoInicio: z.string(),
  periodoFim: z.string(),
  pagoEm: z.string().nullable(),
  metodo: z.enum(["cartao", "boleto", "pix"]).nullable(),
});
export type TFatura = z.infer<typeof ZFatura>;

export const ZAssinatura = z.object({
  empresaId: z.string(),
  empresaNome: z.string(),
  plano: z.enum(PLANOS),
  status: z.enum(STATUS_ASSINATURA),
  ciclo: z.enum(CICLOS),
  dataAdesao: z.string(),
  dataRenovacao: z.string().nullable(),
  testeAte: z.string().nullable(),
  cancelarNoFim: z.boolean(),
  planoAgendado: z.enum(PLANOS).nullable(),
  somenteLeituraDesde: z.string().nullable(),
  /** due day of the oldest unpaid invoice: the state machine's 'pagamento pendente' (decision 1621) */
  vencimentoEmAberto: z.string().nullable(),
  hoje: z.string(),
  uso: z.object({ consultores: z.number(), administradores: z.number(), leadsMes: z.number() }),
  pagamento: z.object({
    tipo: z.enum(["cartao", "boleto", "pix"]).nullable(),
    bandeira: z.string().nullable(),
    ultimos4: z.string().nullable(),
    expMes: z.number().nullable(),
    expAno: z.number().nullable(),
  }),
  faturas: z.array(ZFatura),
});
export type TAssinatura = z.infer<typeof ZAssinatura>;

/** The simulated charge of a pending invoice: a valid PIX BR Code (copia e cola + QR) and a boleto line. */
export const ZCobranca = z.object({ pixCopiaECola: z.string(), pixQrSvg: z.string(), linhaBoleto: z.string() });
export type TCobranca = z.infer<typeof ZCobranca>;

/** The subscription's state for the shell's banner: the state and, for the person asking, what to do. */
export const ZSituacaoAssinatura = z.object({
  fase: z.enum(FASES_ASSINATURA),
  oQueFazer: z.string().nullable(),
  podeEscrever: z.boolean(),
});
export type TSituacaoAssinatura = z.infer<typeof ZSituacaoAssinatura>;

export const ZPlanoAtual = z.object({ plano: z.enum(PLANOS).nullable(), ciclo: z.enum(CICLOS).nullable() });

import { z } from "zod";
import { diaValido } from "../marketing";
import { MSG } from "../messages";
import { PLANOS } from "../plans";
import { DIAS_MAXIMOS_PERIODO_PLATAFORMA } from "../platform";
import { PAPEIS, PAPEL } from "../roles";
import { STATUS_ASSINATURA } from "../status";
import { zId } from "./id";
import { zNumero } from "./number";
import { zTexto } from "./text";

// ---------------------------------------------------------------- /usuarios (decision 1308)

export const TAMANHO_PAGINA_USUARIOS = 20;
/** The roles a company user can be given from /usuarios (the platform admin's role has no company). */
export const PAPEIS_EMPRESA = [PAPEL.admin, PAPEL.consultor, PAPEL.juridico] as const;

export const ZFiltroUsuariosPlataforma = z.object({
  busca: zTexto().max(200).optional(),
  papel: z.enum(PAPEIS).optional(),
  empresaId: zId().optional(),
  status: z.enum(["ativo", "inativo"]).optional(),
  pagina: zNumero(z.number().int().min(1).max(100_000)).default(1),
});
export type TFiltroUsuariosPlataforma = z.infer<typeof ZFiltroUsuariosPlataforma>;

export const ZUsuarioPlataforma = z.object({
  id: zId(),
  nome: z.string(),
  email: z.string(),
  papel: z.enum(PAPEIS),
  empresaId: zId().nullable(),
  empresaNome: z.string().nullable(),
  ativo: z.boolean(),
  /** sessions not expired nor revoked */
  sessoes: z.number().int(),
  createdAt: z.string(),
});
export type TUsuarioPlataforma = z.infer<typeof ZUsuarioPlataforma>;

export const ZListaUsuariosPlataforma = z.object({
  usuarios: z.array(ZUsuarioPlataforma),
  total: z.number().int(),
  pagina: z.number().int(),
  tamanho: z.number().int(),
  /** the company filter's options: every company, by name */
  empresas: z.array(z.object({ id: zId(), nome: z.string() })),
});
export type TListaUsuariosPlataforma = z.infer<typeof ZListaUsuariosPlataforma>;

export const ZIdUsuario = z.object({ id: zId() });
export const ZMudarPapelUsuario = z.object({ papel: z.enum(PAPEIS_EMPRESA, { error: MSG.papelInvalido }) });
export type TMudarPapelUsuario = z.infer<typeof ZMudarPapelUsuario>;
export const ZResultadoAcaoUsuario = z.object({ usuario: ZUsuarioPlataforma, sessoesEncerradas: z.number().int() });
export type TResultadoAcaoUsuario = z.infer<typeof ZResultadoAcaoUsuario>;

// ---------------------------------------------------------------- /dashboard and /analytics (decision 1307)

const dia = z.string().refine(diaValido, MSG.dataInvalida);
const DIA_MS = 86_400_000;

/**
 * From/To, São Paulo days, both inclusive; both optional (the last twelve months by default). `porEmpresa`: the
 * per-company rows too (/analytics' table; /dashboard does not show them and gets none).
 */
export const ZPeriodoPlataforma = z
  .object({ de: dia.optional(), ate: dia.optional(), porEmpresa: z.stringbool({ error: MSG.dadosInvalidos }).optional() })
  .refine((p) => !p.de || !p.ate || p.de <= p.ate, { message: MSG.periodoDeDepoisDoAte, path: ["ate"] })
  .refine((p) => !p.de || !p.ate || (Date.parse(p.ate) - Date.parse(p.de)) / DIA_MS <= DIAS_MAXIMOS_PERIODO_PLATAFORMA, {
    message: MSG.periodoLongoDemais,
    path: ["de"],
  });
export type TPeriodoPlataforma = z.infer<typeof ZPeriodoPlataforma>;

const ZStatus = z.enum(STATUS_ASSINATURA);

export const ZEmpresaIndicadores = z.object({
  id: zId(),
  nome: z.string(),
  plano: z.enum(PLANOS),
  status: ZStatus,
  emTeste: z.boolean(),
  usuarios: z.number().int(),
  leads: z.number().int(),
  qualificados: z.number().int(),
  convertidos: z.number().int(),
  /** converted ÷ qualified in the period, rounded percent (000 §9) */
  taxaConversao: z.number().int(),
  mrr: z.number(),
});
export type TEmpresaIndicadores = z.infer<typeof ZEmpresaIndicadores>;

export const ZIndicadoresPlataforma = z.object({
  periodo: z.object({ de: z.string(), ate: z.string() }),
  cartoes: z.object({
    /** companies that joined by the end of the period */
    empresas: z.number().int(),
    ativas: z.number().int(),
    suspensas: z.number().int(),
    emTeste: z.number().int(),
    /** active users of every company (the platform admins left out) */
    usuarios: z.number().int(),
    /** leads created in the period, every company */
    leads: z.number().int(),
    qualificados: z.number().int(),
    convertidos: z.number().int(),
    taxaConversao: z.number().int(),
    /** today's recurring revenue (BRL), not the period's */
    mrr: z.number(),
    arr: z.number(),
  }),
  /** companies by join month: new ones and the running total at the month's end */
  crescimento: z.array(z.object({ mes: z.string(), rotulo: z.string(), novas: z.number().int(), total: z.number().int() })),
  planos: z.array(z.object({ plano: z.enum(PLANOS), empresas: z.number().int() })),
  /** one row per company that joined by To, by name: only when asked (`porEmpresa`) */
  empresas: z.array(ZEmpresaIndicadores).optional(),
});
export type TIndicadoresPlataforma = z.infer<typeof ZIndicadoresPlataforma>;

// ---------------------------------------------------------------- the platform's /configuracoes (decision 1309)

const VERSAO_GRAPH = /^v\d{2}\.\d$/;
/** Empty means the built-in default: the Graph version GRAPH_VERSAO_PADRAO, the sender of MAIL_FROM. */
export const ZConfiguracoesPlataformaEntrada = z.object({
  graphVersaoPadrao: zTexto()
    .trim()
    .refine((v) => v === "" || VERSAO_GRAPH.test(v), MSG.versaoGraphInvalida),
  remetenteNome: zTexto()
    .trim()
    .max(100, MSG.remetenteNomeLongo)
    .refine((v) => !/[<>"\r\n]/.test(v), MSG.remetenteNomeInvalido),
  remetenteEmail: zTexto()
    .trim()
    .toLowerCase()
    .refine((v) => v === "" || z.email().safeParse(v).success, MSG.emailInvalido),
});
export type TConfiguracoesPlataformaEntrada = z.infer<typeof ZConfiguracoesPlataformaEntrada>;

export const ZConfiguracoesPlataforma = z.object({
  graphVersaoPadrao: z.string(),
  remetenteNome: z.string(),
  remetenteEmail: z.string(),
  /** what applies when a field is empty */
  padroes: z.object({ graphVersao: z.string(), remetente: z.string() }),
  /** what the platform uses now */
  efetivos: z.object({ graphVersao: z.string(), remetente: z.string() }),
  atualizadoEm: z.string().nullable(),
  atualizadoPor: z.string().nullable(),
});
export type TConfiguracoesPlataforma = z.infer<typeof ZConfiguracoesPlataforma>;

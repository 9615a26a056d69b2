import { z } from "zod";
import { STATUS_JURIDICO } from "../status";
import { zId } from "./id";
import { zNumero } from "./number";
import { zTexto } from "./text";

// /juridico (the legal dashboard, 000 §2.14) and /juridico-leads (the admin's hand-off view, decision 1105).

const ZStatusJuridico = z.enum(STATUS_JURIDICO);

export const ZProcessoRecente = z.object({
  id: zId(),
  nome: z.string(),
  status_juridico_lead: ZStatusJuridico,
  valor_contrato_fechado: z.string().nullable(),
  /** the legal professional's name, the e-mail only for an account without one (decision 1633) */
  profissional_nome: z.string().nullable(),
  profissional_email: z.string().nullable(),
  updated_at: z.string(),
});
export type TProcessoRecente = z.infer<typeof ZProcessoRecente>;

/** 001 §7: the 5 latest documents with the lead's name and the uploader (by name, decision 1633). */
export const ZDocumentoRecente = z.object({
  id: zId(),
  nome_arquivo: z.string(),
  lead_id: zId(),
  lead_nome: z.string(),
  /** the uploader's name, the e-mail only for an account without one (decision 1633) */
  usuario_nome: z.string().nullable(),
  usuario_email: z.string().nullable(),
  data_upload: z.string(),
});
export type TDocumentoRecente = z.infer<typeof ZDocumentoRecente>;

/** An alert built from the data (alerts.ts): what needs someone's attention, with a few of the processes. */
export const ZAlertaJuridico = z.object({
  chave: z.string(),
  nivel: z.enum(["atencao", "critico"]),
  titulo: z.string(),
  descricao: z.string(),
  quantidade: z.number().int(),
  processos: z.array(z.object({ id: zId(), nome: z.string(), dias: z.number().int() })),
});
export type TAlertaJuridico = z.infer<typeof ZAlertaJuridico>;

export const ZPainelJuridico = z.object({
  contadores: z.object({
    total: z.number().int(),
    emAndamento: z.number().int(),
    finalizados: z.number().int(),
    pendentes: z.number().int(),
  }),
  porStatus: z.record(ZStatusJuridico, z.number().int()),
  /** the sum of the processes' closed values (numeric as text, BRL) */
  valorFechadoTotal: z.string(),
  totalDocumentos: z.number().int(),
  processosRecentes: z.array(ZProcessoRecente),
  documentosRecentes: z.array(ZDocumentoRecente),
  alertas: z.array(ZAlertaJuridico),
  /** processes opened (converted) and finished per São Paulo month, the last 6 months */
  meses: z.array(z.object({ mes: z.string(), rotulo: z.string(), abertos: z.number().int(), finalizados: z.number().int() })),
});
export type TPainelJuridico = z.infer<typeof ZPainelJuridico>;

// ---------------------------------------------------------------- /juridico-leads

/**
 * Where a converted lead is on its way to the legal team: converted in the chat but not sent ('Convertido'),
 * a process nobody took yet, a process with its legal professional.
 */
export const ETAPAS_ENCAMINHAMENTO = ["nao_enviado", "sem_profissional", "com_profissional"] as const;
export type TEtapaEncaminhamento = (typeof ETAPAS_ENCAMINHAMENTO)[number];
export const ROTULO_ETAPA: Record<TEtapaEncaminhamento, string> = {
  nao_enviado: "Não enviado ao jurídico",
  sem_profissional: "Aguardando profissional",
  com_profissional: "Com profissional",
};

export const TAMANHO_PAGINA_LEADS_JURIDICOS = 25;

export const ZFiltroLeadsJuridicos = z.object({
  empresaId: zId().optional(),
  etapa: z.enum(ETAPAS_ENCAMINHAMENTO).optional(),
  consultor: zId().optional(),
  statusJuridico: ZStatusJuridico.optional(),
  /** nome, email or telefone */
  busca: zTexto().trim().max(100).optional(),
  pagina: zNumero(z.number().int().min(1).max(100_000)).default(1),
  tamanho: zNumero(z.number().int().min(1).max(100)).default(TAMANHO_PAGINA_LEADS_JURIDICOS),
});
export type TFiltroLeadsJuridicos = z.infer<typeof ZFiltroLeadsJuridicos>;

export const ZLeadJuridico = z.object({
  id: zId(),
  nome: z.string(),
  telefone: z.string().nullable(),
  status_lead: z.string(),
  etapa: z.enum(ETAPAS_ENCAMINHAMENTO),
  consultor_nome: z.string().nullable(),
  /** the legal professional's name, the e-mail only for an account without one (decision 1633) */
  profissional_nome: z.string().nullable(),
  profissional_email: z.string().nullable(),
  status_juridico_lead: ZStatusJuridico.nullable(),
  valor_contrato_fechado: z.string().nullable(),
  /** when it was converted (the process's date, else its last change) */
  convertido_em: z.string(),
  dias: z.number().int(),
});
export type TLeadJuridico = z.infer<typeof ZLeadJuridico>;

export const ZPaginaLeadsJuridicos = z.object({
  itens: z.array(ZLeadJuridico),
  pagina: z.number().int(),
  tamanho: z.number().int(),
  temMais: z.boolean(),
  /** how many converted leads are in each step, over the other filters */
  porEtapa: z.record(z.enum(ETAPAS_ENCAMINHAMENTO), z.number().int()),
});
export type TPaginaLeadsJuridicos = z.infer<typeof ZPaginaLeadsJuridicos>;

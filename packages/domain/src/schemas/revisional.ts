import { z } from "zod";
import { lerValorBRL } from "../leads-money";
import { MSG } from "../messages";
import { FAIXAS_RAZAO, LIMIAR_TRIAGEM_MAX, LIMIAR_TRIAGEM_MIN } from "../revisional/bands";
import { MODALIDADES_CREDITO } from "../revisional/modalities";
import { REGRAS_TRIAGEM_REVISIONAL } from "../revisional/screening-rule";
import { zId } from "./id";
import { zNumero } from "./number";
import { zTexto } from "./text";

/** Contract data of a lead (decision 1403): every field optional; empty means not informed. */
const vazio = (v: unknown) => v === undefined || v === null || (typeof v === "string" && !v.trim());

// every field names its own pt-BR message, whatever the wrong value's type (decision 1601)
const dinheiroOpcional = z
  .union([z.string(), z.number(), z.null()], { error: MSG.valorMonetarioInvalido })
  .transform((v, ctx) => {
    if (vazio(v)) return null;
    const n = typeof v === "number" ? v : lerValorBRL(String(v).trim());
    if (n === null || !Number.isFinite(n) || n <= 0 || n >= 1e12) {
      ctx.addIssue({ code: "custom", message: MSG.valorMonetarioInvalido });
      return z.NEVER;
    }
    return Math.round(n * 100) / 100;
  });

const inteiroOpcional = (min: number, max: number, mensagem: string) =>
  z.union([z.string(), z.number(), z.null()], { error: mensagem }).transform((v, ctx) => {
    if (vazio(v)) return null;
    const s = String(v).trim();
    if (!/^\d{1,4}$/.test(s) || Number(s) < min || Number(s) > max) {
      ctx.addIssue({ code: "custom", message: mensagem });
      return z.NEVER;
    }
    return Number(s);
  });

export const MSG_CONTRATO = {
  modalidade: "Selecione uma modalidade da lista.",
  prazo: "Número de parcelas entre 1 e 480.",
  pagas: "Parcelas pagas: um número inteiro de 0 a 480.",
  data: "Data do contrato inválida.",
  taxa: "Taxa informada entre 0 e 30% ao mês (use vírgula: 2,35).",
  banco: "Nome do banco com até 120 caracteres.",
  pagasAcimaDoPrazo: "Parcelas pagas maior que o número de parcelas do contrato.",
  limiar: `Limiar entre ${LIMIAR_TRIAGEM_MIN} e ${LIMIAR_TRIAGEM_MAX} vezes a média.`,
  regraTriagem: "Escolha o que a triagem faz com um contrato dentro do limiar.",
} as const;

/** The contract fields the manual lead form and the lead API add to a new lead (decision 1403), optional. */
export const CAMPOS_CONTRATO_NOVO_LEAD = {
  quantidade_parcelas: inteiroOpcional(1, 480, MSG_CONTRATO.prazo).optional().default(null),
  data_contrato: z
    .union([z.string(), z.null()], { error: MSG_CONTRATO.data })
    .optional()
    .transform((v, ctx) => {
      if (vazio(v)) return null;
      const s = String(v).trim();
      const d = new Date(`${s}T12:00:00Z`);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s || s < "1990-01-01") {
        ctx.addIssue({ code: "custom", message: MSG_CONTRATO.data });
        return z.NEVER;
      }
      return s;
    }),
  banco: zTexto({ error: MSG_CONTRATO.banco })
    .trim()
    .max(120, MSG_CONTRATO.banco)
    .nullable()
    .optional()
    .transform((v) => v || null),
  taxa_informada_mensal: z
    .union([z.string(), z.number(), z.null()], { error: MSG_CONTRATO.taxa })
    .optional()
    .transform((v, ctx) => {
      if (vazio(v)) return null;
      const s = String(v).trim().replace("%", "").replace(",", ".");
      const n = Number(s);
      if (!/^\d{1,2}(\.\d{1,4})?$/.test(s) || n > 30) {
        ctx.addIssue({ code: "custom", message: MSG_CONTRATO.taxa });
        return z.NEVER;
      }
      return n;
    }),
};

export const ZContratoLead = z
  .object({
    modalidade_credito: z.enum(MODALIDADES_CREDITO, { error: MSG_CONTRATO.modalidade }).nullable().optional().default(null),
    valor_contrato: dinheiroOpcional.optional().default(null),
    valor_liberado: dinheiroOpcional.optional().default(null),
    valor_parcela: dinheiroOpcional.optional().default(null),
    quantidade_parcelas: CAMPOS_CONTRATO_NOVO_LEAD.quantidade_parcelas,
    quantidade_parcelas_pagas: inteiroOpcional(0, 480, MSG_CONTRATO.pagas).optional().default(null),
    data_contrato: CAMPOS_CONTRATO_NOVO_LEAD.data_contrato,
    banco: CAMPOS_CONTRATO_NOVO_LEAD.banco,
    taxa_informada_mensal: CAMPOS_CONTRATO_NOVO_LEAD.taxa_informada_mensal,
  })
  .refine(
    (c) =>
      c.quantidade_parcelas === null ||
      c.quantidade_parcelas_pagas === null ||
      c.quantidade_parcelas_pagas <= c.quantidade_parcelas,
    { message: MSG_CONTRATO.pagasAcimaDoPrazo, path: ["quantidade_parcelas_pagas"] },
  );
export type TContratoLeadEntrada = z.input<typeof ZContratoLead>;
export type TContratoLead = z.output<typeof ZContratoLead>;

const ZTaxa = z.object({ mensal: z.number(), anual: z.number() });
const ZReferencia = z.object({
  tipo: z.enum(["media_bacen", "teto_inss"]),
  taxaMensal: z.number(),
  competencia: z.string(),
  fonte: z.string(),
  ilustrativa: z.boolean(),
  taxaAnualPublicada: z.number().nullable(),
});
const ZCampo = z.enum([
  "modalidade",
  "valorFinanciado",
  "valorLiberado",
  "prestacao",
  "prazoMeses",
  "parcelasPagas",
  "dataContrato",
  "taxaInformadaMensal",
  "banco",
]);

export const ZPreAnalise = z.discriminatedUnion("estado", [
  z.object({ estado: z.literal("incompleta"), faltando: z.array(ZCampo) }),
  z.object({ estado: z.literal("invalida"), mensagem: z.string(), campo: ZCampo.nullable() }),
  z.object({
    estado: z.literal("calculada"),
    taxa: ZTaxa,
    origemTaxa: z.enum(["calculada", "informada"]),
    taxaSobreLiberado: ZTaxa.nullable(),
    taxaInformada: ZTaxa.nullable(),
    referencia: ZReferencia.nullable(),
    razao: z.number().nullable(),
    faixa: z.enum(FAIXAS_RAZAO).nullable(),
    acimaDoLimiar: z.boolean().nullable(),
    limiar: z.number(),
    prestacaoNaReferenciaCentavos: z.number().int().nullable(),
    excessoPorParcelaCentavos: z.number().int().nullable(),
    sobrepagoAteAgoraCentavos: z.number().int().nullable(),
    sobrepagoTotalCentavos: z.number().int().nullable(),
    usados: z.array(ZCampo),
    faltando: z.array(ZCampo),
  }),
]);

export const ZPreAnaliseLead = z.object({
  leadId: zId(),
  nome: z.string(),
  contrato: z.object({
    modalidade_credito: z.enum(MODALIDADES_CREDITO, { error: MSG_CONTRATO.modalidade }).nullable(),
    valor_contrato: z.number().nullable(),
    valor_liberado: z.number().nullable(),
    valor_parcela: z.number().nullable(),
    quantidade_parcelas: z.number().int().nullable(),
    quantidade_parcelas_pagas: z.number().int().nullable(),
    data_contrato: z.string().nullable(),
    banco: z.string().nullable(),
    taxa_informada_mensal: z.number().nullable(),
  }),
  analise: ZPreAnalise,
  /** why no reference: 'Sem taxa média de referência…' */
  motivoSemReferencia: z.string().nullable(),
  /** when the screening told the lead the contract looks within the average (decision 1405), or null */
  avisadoNaTriagemEm: z.string().nullable(),
});
export type TPreAnaliseLead = z.infer<typeof ZPreAnaliseLead>;

/** The company's pre-analysis settings: the screening threshold and what the screening does within it. */
export const ZConfigPreAnalise = z.object({
  limiar: z.number(),
  regra_triagem: z.enum(REGRAS_TRIAGEM_REVISIONAL),
});
export type TConfigPreAnalise = z.infer<typeof ZConfigPreAnalise>;

/** What the admin saves: the threshold as a number or the form's text ("1,5"). */
export const ZSalvarConfigPreAnalise = z.object({
  limiar: zNumero(
    z.number().min(LIMIAR_TRIAGEM_MIN, MSG_CONTRATO.limiar).max(LIMIAR_TRIAGEM_MAX, MSG_CONTRATO.limiar),
    MSG_CONTRATO.limiar,
  ),
  regra_triagem: z.enum(REGRAS_TRIAGEM_REVISIONAL, { error: MSG_CONTRATO.regraTriagem }),
});

import { z } from "zod";
import { ESTADOS_CAMPANHA, MOTIVOS_EXCLUSAO, MSG_CAMPANHAS, PADROES_RITMO, TIPOS_MENSAGEM_CAMPANHA } from "../campaigns";
import { FAIXAS_RAZAO } from "../revisional/bands";
import { ORIGENS_LEAD, STATUS_LEAD } from "../status";
import { ZTemplateAprovado } from "./chat";
import { zId } from "./id";
import { zTexto } from "./text";

// Opt-in campaigns (decisions 1891–1894): the audience builder, the campaign form, the list and the detail.

const DIA = /^\d{4}-\d{2}-\d{2}$/;
const zDia = z.string().regex(DIA, MSG_CAMPANHAS.periodoInvalido);

/** The audience's filters: every list empty means "any"; a lead must match each non-empty one. */
export const ZFiltrosCampanha = z
  .object({
    status: z.array(z.enum(STATUS_LEAD)).max(STATUS_LEAD.length).default([]),
    etiquetas: z.array(zId()).max(50).default([]),
    origens: z.array(z.enum(ORIGENS_LEAD)).max(ORIGENS_LEAD.length).default([]),
    consultores: z.array(zId()).max(200).default([]),
    faixas: z.array(z.enum(FAIXAS_RAZAO)).max(FAIXAS_RAZAO.length).default([]),
    /** created between these São Paulo days, both included */
    criadoDe: zDia.optional(),
    criadoAte: zDia.optional(),
  })
  .refine((f) => !f.criadoDe || !f.criadoAte || f.criadoDe <= f.criadoAte, {
    message: MSG_CAMPANHAS.periodoInvalido,
    path: ["criadoAte"],
  });
export type TFiltrosCampanha = z.infer<typeof ZFiltrosCampanha>;
export type TFiltrosCampanhaEntrada = z.input<typeof ZFiltrosCampanha>;

export const ZExclusoes = z.object(
  Object.fromEntries(MOTIVOS_EXCLUSAO.map((m) => [m, z.number().int()])) as {
    [K in (typeof MOTIVOS_EXCLUSAO)[number]]: z.ZodNumber;
  },
);
export type TExclusoes = z.infer<typeof ZExclusoes>;

/** The live count of the audience builder. */
export const ZContagemPublico = z.object({ total: z.number().int(), elegiveis: z.number().int(), exclusoes: ZExclusoes });
export type TContagemPublico = z.infer<typeof ZContagemPublico>;

const zHora = (min: number, max: number) =>
  z
    .number({ error: MSG_CAMPANHAS.janelaInvalida })
    .int(MSG_CAMPANHAS.janelaInvalida)
    .min(min, MSG_CAMPANHAS.janelaInvalida)
    .max(max, MSG_CAMPANHAS.janelaInvalida);
const zEspaco = () =>
  z
    .number({ error: MSG_CAMPANHAS.espacoInvalido })
    .int(MSG_CAMPANHAS.espacoInvalido)
    .min(0, MSG_CAMPANHAS.espacoInvalido)
    .max(3600, MSG_CAMPANHAS.espacoInvalido);

export const ZNovaCampanha = z
  .object({
    nome: zTexto({ error: MSG_CAMPANHAS.nomeObrigatorio })
      .trim()
      .min(1, MSG_CAMPANHAS.nomeObrigatorio)
      .max(120, MSG_CAMPANHAS.nomeLongo),
    filtros: ZFiltrosCampanha,
    tipo_mensagem: z.enum(TIPOS_MENSAGEM_CAMPANHA),
    /** the gateway's text, with {{nome}}, {{consultor}}, {{empresa}} filled per lead */
    texto: zTexto().max(4096, MSG_CAMPANHAS.textoLongo).optional(),
    /** the official API's approved template and, per positional variable, what fills it (a variable or fixed text) */
    modelo: z
      .object({
        nome: zTexto().trim().min(1, MSG_CAMPANHAS.modeloObrigatorio).max(512),
        idioma: zTexto().trim().min(2).max(20).default("pt_BR"),
        parametros: z.array(zTexto().max(1000)).max(20).default([]),
      })
      .optional(),
    janela_inicio: zHora(0, 23).default(PADROES_RITMO.janelaInicio),
    janela_fim: zHora(1, 24).default(PADROES_RITMO.janelaFim),
    limite_diario: z
      .number({ error: MSG_CAMPANHAS.limiteInvalido })
      .int(MSG_CAMPANHAS.limiteInvalido)
      .min(1, MSG_CAMPANHAS.limiteInvalido)
      .max(100_000, MSG_CAMPANHAS.limiteInvalido)
      .default(PADROES_RITMO.limiteDiario),
    espaco_min_s: zEspaco().default(PADROES_RITMO.espacoMinS),
    espaco_max_s: zEspaco().default(PADROES_RITMO.espacoMaxS),
    /** when sending may start (ISO instant); absent: now */
    inicio_em: z.iso.datetime({ offset: true, error: MSG_CAMPANHAS.inicioInvalido }).optional(),
    /** the ad campaign of a marketing cost whose cost this campaign shows (custos_marketing.campanha) */
    campanha_marketing: zTexto().trim().max(200).optional(),
  })
  .refine((c) => c.janela_fim > c.janela_inicio, { message: MSG_CAMPANHAS.janelaInvalida, path: ["janela_fim"] })
  .refine((c) => c.espaco_max_s >= c.espaco_min_s, { message: MSG_CAMPANHAS.espacoInvalido, path: ["espaco_max_s"] })
  .refine((c) => c.tipo_mensagem !== "texto" || !!c.texto?.trim(), { message: MSG_CAMPANHAS.textoObrigatorio, path: ["texto"] })
  .refine((c) => c.tipo_mensagem !== "modelo" || !!c.modelo, { message: MSG_CAMPANHAS.modeloObrigatorio, path: ["modelo"] });
export type TNovaCampanha = z.infer<typeof ZNovaCampanha>;
export type TNovaCampanhaEntrada = z.input<typeof ZNovaCampanha>;

export const ZFunilCampanha = z.object({
  destinatarios: z.number().int(),
  pendentes: z.number().int(),
  ignorados: z.number().int(),
  falhas: z.number().int(),
  enviadas: z.number().int(),
  entregues: z.number().int(),
  lidas: z.number().int(),
  respondidas: z.number().int(),
  qualificados: z.number().int(),
  convertidos: z.number().int(),
});
export type TFunilCampanha = z.infer<typeof ZFunilCampanha>;

export const ZCampanha = z.object({
  id: z.guid(),
  nome: z.string(),
  estado: z.enum(ESTADOS_CAMPANHA),
  tipo_mensagem: z.enum(TIPOS_MENSAGEM_CAMPANHA),
  texto: z.string().nullable(),
  template_nome: z.string().nullable(),
  janela_inicio: z.number().int(),
  janela_fim: z.number().int(),
  limite_diario: z.number().int(),
  espaco_min_s: z.number().int(),
  espaco_max_s: z.number().int(),
  inicio_em: z.string(),
  campanha_marketing: z.string().nullable(),
  total_destinatarios: z.number().int(),
  exclusoes: ZExclusoes,
  criada_em: z.string(),
  concluida_em: z.string().nullable(),
  funil: ZFunilCampanha,
  /** the marketing cost named by campanha_marketing (BRL, 2 decimals as text), or null */
  custo: z.string().nullable(),
});
export type TCampanha = z.infer<typeof ZCampanha>;

export const ZAcaoCampanha = z.object({ acao: z.enum(["pausar", "retomar", "cancelar"]) });
export type TAcaoCampanha = z.infer<typeof ZAcaoCampanha>;

/** The message step's template picker (decision 1944): the company's approved templates, or why they could not be read. */
export const ZModelosCampanha = z.object({ aprovados: z.array(ZTemplateAprovado), erro: z.string().nullable() });
export type TModelosCampanha = z.infer<typeof ZModelosCampanha>;

import { z } from "zod";
import { MODALIDADES_CREDITO } from "../revisional/modalities";
import { CODIGOS_SERIES } from "../revisional/series";

/** /taxas-bacen (decision 1402): the series, their last months, their refresh log, the INSS ceiling steps. */
const ZAtualizacao = z.object({
  em: z.string(),
  origem: z.enum(["sgs", "csv", "demo"]),
  resultado: z.enum(["ok", "erro"]),
  mensagem: z.string().nullable(),
  valores: z.number().int(),
});

export const ZSerieResumo = z.object({
  codigo: z.number().int(),
  /** the yearly companion of a '% a.m.' series; null when the series itself is '% a.a.' */
  codigoAnual: z.number().int().nullable(),
  titulo: z.string(),
  /** the unit the series is published and stored in (imobiliário's 20772 is '% a.a.') */
  unidade: z.enum(["% a.m.", "% a.a."]),
  modalidade: z.enum(MODALIDADES_CREDITO),
  /** in the series' unit */
  faixaPlausivel: z.tuple([z.number(), z.number()]),
  meses: z.number().int(),
  primeiraCompetencia: z.string().nullable(),
  ultimaCompetencia: z.string().nullable(),
  /** as published, in the series' unit */
  ultimaTaxa: z.number().nullable(),
  /** months of the demo's illustrative snapshot still in the series */
  mesesIlustrativos: z.number().int(),
  ultimaAtualizacao: ZAtualizacao.nullable(),
});

export const ZTetoInss = z.object({
  desde: z.string(),
  taxaMensal: z.number(),
  fonte: z.string(),
  diaConfirmado: z.boolean(),
});

export const ZPainelTaxas = z.object({
  series: z.array(ZSerieResumo),
  tetosInss: z.array(ZTetoInss),
  atualizacaoPendente: z.boolean(),
});
export type TPainelTaxas = z.infer<typeof ZPainelTaxas>;
export type TSerieResumo = z.infer<typeof ZSerieResumo>;

/** A series' code in a URL: one of the catalogue's (anything else is 400). */
export const ZCodigoSerie = z.object({
  codigo: z.enum(CODIGOS_SERIES.map(String) as [string, ...string[]], { error: "Série desconhecida." }).transform(Number),
});

export const ZValoresSerie = z.object({
  valores: z.array(
    z.object({ competencia: z.string(), taxa: z.number(), origem: z.enum(["sgs", "csv", "demo"]), ilustrativa: z.boolean() }),
  ),
});
export type TValoresSerie = z.infer<typeof ZValoresSerie>;

/** The CSV travels as text read in the browser: 1 MB is ~40 years of every series. */
export const TAMANHO_MAXIMO_CSV_TAXAS = 1_000_000;
export const ZImportacaoTaxas = z.object({
  codigo: z.number().int().nullable(),
  csv: z
    .string()
    .min(1, { message: "Selecione um arquivo CSV." })
    .max(TAMANHO_MAXIMO_CSV_TAXAS, { message: "O arquivo CSV passa de 1 MB." }),
});
export const ZImportacaoTaxasOk = z.object({ importados: z.number().int() });
export const ZImportacaoTaxasRecusada = z.object({ erro: z.string(), erros: z.array(z.string()) });

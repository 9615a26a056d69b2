import type { TAnaliseCsv } from "@crm/domain/leads-csv";
import { MODALIDADE_DO_TIPO } from "@crm/domain/revisional/modalities";
import { campoCopy, escritorCopy, linhaCopy } from "../../db/copy-text.js";
import { uuidsv7 } from "./uuid7.js";

/**
 * What an accepted CSV import keeps for its job (decision 1711): not the file but its checked lines, in COPY's text
 * format, ready to stream into the job's staging table (`LINHAS_IMPORTACAO`) without parsing anything again. One row
 * per data line that passed the checks: the new lead's id (time-ordered, file order), its line, the phone as typed (for
 * the duplicates report), the line it repeats when its phone already appeared higher up in the file, and the lead's
 * columns as the import stores them. Lines repeated in the file carry only the first three and `repetida_de`.
 */
export const COLUNAS_LINHAS_IMPORTACAO = [
  "id",
  "linha",
  "telefone_digitado",
  "repetida_de",
  "nome",
  "email",
  "telefone_normalizado",
  "tipo_financiamento",
  "modalidade_credito",
  "valor_contrato",
  "valor_parcela",
  "quantidade_parcelas_pagas",
  "objetivo_cliente",
  "quantidade_parcelas",
  "data_contrato",
  "banco",
  "taxa_informada_mensal",
] as const;

/** The staging table of one run, private to its connection and dropped with its transaction. */
export const TABELA_LINHAS_IMPORTACAO = `CREATE TEMPORARY TABLE importacao_linhas (
    id uuid, linha int NOT NULL, telefone_digitado text NOT NULL, repetida_de int, nome text, email text,
    telefone_normalizado text, tipo_financiamento text, modalidade_credito text, valor_contrato numeric, valor_parcela numeric,
    quantidade_parcelas_pagas int, objetivo_cliente text, quantidade_parcelas int, data_contrato date, banco text,
    taxa_informada_mensal numeric,
    -- set by the run: the phone is already a lead of the company
    cadastrado boolean NOT NULL DEFAULT false,
    -- set by the run: the phone is on the suppression list (decision 1863)
    suprimido boolean NOT NULL DEFAULT false
  ) ON COMMIT DROP`;

/** Where the checked lines wait for the job. Imports accepted before decision 1711 stored the CSV itself (`.csv`). */
export const chaveLinhasImportacao = (empresaId: string, importacaoId: string) => `importacoes/${empresaId}/${importacaoId}.tsv`;

const NULO = "\\N";

/** The checked lines of a file with no line errors, as the job will COPY them. */
export function linhasDaImportacao(analise: TAnaliseCsv): Buffer {
  const ids = uuidsv7(analise.leads.length);
  const arquivo = escritorCopy(analise.leads.length * 220);
  analise.leads.forEach((l, i) => {
    // the modality a lead starts with, from the domain: the table's fill trigger then has nothing to do (decision 1712)
    const modalidade = l.tipo_financiamento && MODALIDADE_DO_TIPO[l.tipo_financiamento];
    // in COLUNAS_LINHAS_IMPORTACAO's order; ids, numbers, dates, canonical phones and the fixed vocabularies never need escaping
    arquivo.escrever(
      `${ids[i]}\t${l.linha}\t${campoCopy(l.telefone)}\t\\N\t${campoCopy(l.nome)}\t${campoCopy(l.email)}\t${l.telefone_normalizado}\t${
        l.tipo_financiamento ?? NULO
      }\t${modalidade ?? NULO}\t${l.valor_contrato}\t${l.valor_parcela ?? NULO}\t${l.quantidade_parcelas_pagas ?? NULO}\t${campoCopy(
        l.objetivo_cliente,
      )}\t${l.quantidade_parcelas ?? NULO}\t${l.data_contrato ?? NULO}\t${campoCopy(l.banco)}\t${l.taxa_informada_mensal ?? NULO}\n`,
    );
  });
  const vazias = COLUNAS_LINHAS_IMPORTACAO.length - 4;
  for (const d of analise.duplicadas)
    arquivo.escrever(linhaCopy([null, d.linha, d.telefone, d.linhaOriginal ?? null, ...Array(vazias).fill(null)]));
  return arquivo.conteudo();
}

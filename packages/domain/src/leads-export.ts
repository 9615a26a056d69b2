import { formatarNumeroBR } from "./leads-money";
import { horaLocalSP } from "./period";

/**
 * The /leads export (000 §2.12, where the original only said 'Funcionalidade de exportação em desenvolvimento'):
 * the filtered list as CSV that Excel in pt-BR opens in columns (UTF-8 BOM, `;`, CRLF, 1.234,56 and dd/mm/aaaa),
 * or as XLSX with typed cells.
 */
export type TLeadExportado = {
  nome: string;
  email: string | null;
  telefone: string | null;
  status_lead: string;
  consultor_nome: string | null;
  origem_lead: string;
  valor_contrato: string | number;
  tipo_financiamento: string | null;
  valor_parcela: string | number | null;
  quantidade_parcelas_pagas: number | null;
  objetivo_cliente: string | null;
  cidade: string | null;
  created_at: Date;
  updated_at: Date;
};

export type TColunaExportacao = {
  titulo: string;
  tipo: "texto" | "dinheiro" | "inteiro" | "dataHora";
  chave: keyof TLeadExportado;
};

export const COLUNAS_EXPORTACAO: readonly TColunaExportacao[] = [
  { titulo: "Nome", tipo: "texto", chave: "nome" },
  { titulo: "Email", tipo: "texto", chave: "email" },
  { titulo: "Telefone", tipo: "texto", chave: "telefone" },
  { titulo: "Status", tipo: "texto", chave: "status_lead" },
  { titulo: "Consultor", tipo: "texto", chave: "consultor_nome" },
  { titulo: "Origem", tipo: "texto", chave: "origem_lead" },
  { titulo: "Valor do contrato (R$)", tipo: "dinheiro", chave: "valor_contrato" },
  { titulo: "Tipo de financiamento", tipo: "texto", chave: "tipo_financiamento" },
  { titulo: "Valor da parcela (R$)", tipo: "dinheiro", chave: "valor_parcela" },
  { titulo: "Parcelas pagas", tipo: "inteiro", chave: "quantidade_parcelas_pagas" },
  { titulo: "Objetivo do cliente", tipo: "texto", chave: "objetivo_cliente" },
  { titulo: "Cidade", tipo: "texto", chave: "cidade" },
  { titulo: "Criado em", tipo: "dataHora", chave: "created_at" },
  { titulo: "Atualizado em", tipo: "dataHora", chave: "updated_at" },
];

export const SEPARADOR_EXPORTACAO = ";";

/** "31/12/2025 23:59" in São Paulo time: the shape Excel pt-BR turns into a date-time cell. */
export function dataHoraPlanilha(d: Date): string {
  const l = horaLocalSP(d);
  const dois = (n: number) => String(n).padStart(2, "0");
  return `${dois(l.getUTCDate())}/${dois(l.getUTCMonth() + 1)}/${l.getUTCFullYear()} ${dois(l.getUTCHours())}:${dois(l.getUTCMinutes())}`;
}

export { horaLocalSP };

/**
 * A text cell safe to open: a leading = + - @ (or tab/CR) would make a spreadsheet run it as a formula
 * (CSV injection), so it gets a leading apostrophe, which Excel shows as plain text.
 */
export function textoSeguro(s: string): string {
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

export function celulaCsv(v: string): string {
  return /[";\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** One CSV line (with CRLF) of a lead. */
export function linhaCsvExportacao(l: TLeadExportado): string {
  return `${COLUNAS_EXPORTACAO.map((c) => {
    const v = l[c.chave];
    if (v === null || v === undefined || v === "") return "";
    if (c.tipo === "dinheiro") return formatarNumeroBR(v as string | number);
    if (c.tipo === "inteiro") return String(v);
    if (c.tipo === "dataHora") return dataHoraPlanilha(v as Date);
    return celulaCsv(textoSeguro(String(v)));
  }).join(SEPARADOR_EXPORTACAO)}\r\n`;
}

/** The header line, after the UTF-8 byte order mark that makes Excel read the file as UTF-8. */
export function cabecalhoCsvExportacao(): string {
  return `\uFEFF${COLUNAS_EXPORTACAO.map((c) => celulaCsv(c.titulo)).join(SEPARADOR_EXPORTACAO)}\r\n`;
}

/** leads-2025-12-31.csv, dated in São Paulo. */
export function nomeArquivoExportacao(formato: "csv" | "xlsx", agora = new Date()): string {
  return `leads-${horaLocalSP(agora).toISOString().slice(0, 10)}.${formato}`;
}

import { once } from "node:events";
import { PassThrough, type Readable } from "node:stream";
import {
  COLUNAS_EXPORTACAO,
  cabecalhoCsvExportacao,
  horaLocalSP,
  linhaCsvExportacao,
  nomeArquivoExportacao,
  type TLeadExportado,
} from "@crm/domain/leads-export";
import { formatarTelefone } from "@crm/domain/phone-display";
import type { TExportarLeads } from "@crm/domain/schemas/leads";
import type ExcelJS from "exceljs";
import type { TDeps } from "../../core/deps.js";
import { type TCtxDaEmpresa, withTenant } from "../../db/tenant.js";
import { montarCondicao, ordemSql } from "./filter-sql.js";

const LOTE = 2_000;
const TIPOS = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;

type TEscritor = { linhas: (ls: TLeadExportado[]) => Promise<void>; fim: () => Promise<void> };

/**
 * The filtered /leads list as a file, streamed: rows are read through a cursor in batches inside one tenant
 * transaction and written as they come, so 200k leads never sit in memory. The same filters and order as the
 * table. Resolves once the query has run and its first batch is read, so input the database refuses is the
 * request's error (a 4xx before any byte is sent); a failure after that ends the stream with an error (the
 * download is cut, never wrong).
 */
export async function exportarLeads(
  deps: Pick<TDeps, "db">,
  ctx: TCtxDaEmpresa,
  f: TExportarLeads,
  log?: { error: (o: object, m: string) => void },
): Promise<{ stream: Readable; nomeArquivo: string; tipo: string }> {
  // loaded on the first spreadsheet export: exceljs is ~1 s of every start and of every API test file's import
  const excel = f.formato === "xlsx" ? (await import("exceljs")).default : null;
  const saida = new PassThrough();
  let consultaPronta: () => void = () => {};
  const pronta = new Promise<void>((resolve) => {
    consultaPronta = resolve;
  });
  const trabalho = withTenant(deps.db.app, ctx, async (tx) => {
    const { where, params } = await montarCondicao(tx, ctx, f);
    await tx.query(
      `DECLARE exportacao NO SCROLL CURSOR FOR
       SELECT l.nome, l.email, l.telefone, l.status_lead, c.nome AS consultor_nome, l.origem_lead, l.valor_contrato,
              l.tipo_financiamento, l.valor_parcela, l.quantidade_parcelas_pagas, l.objetivo_cliente, l.cidade,
              l.created_at, l.updated_at
         FROM leads_juros_check l
         LEFT JOIN consultores c ON c.id_empresa_fk = l.id_empresa_fk AND c.id = l.consultor_atribuido_id
        WHERE ${where} ORDER BY ${ordemSql(f.ordem, f.direcao)}`,
      params,
    );
    let { rows } = await tx.query(`FETCH ${LOTE} FROM exportacao`);
    consultaPronta();
    const escritor = excel ? escritorXlsx(saida, excel) : escritorCsv(saida);
    while (rows.length) {
      // phones as people read them, '(11) 97000-2222' (a text cell: digits alone would become a number in Excel)
      for (const r of rows) if (r.telefone) r.telefone = formatarTelefone(r.telefone);
      await escritor.linhas(rows);
      if (saida.destroyed) throw new Error("download interrompido");
      ({ rows } = await tx.query(`FETCH ${LOTE} FROM exportacao`));
    }
    await escritor.fim();
  });
  // before the first rows, a failure is the request's own answer (nothing was sent yet)
  await Promise.race([pronta, trabalho]).catch((err) => {
    saida.destroy();
    throw err;
  });
  trabalho.catch((err) => {
    if (!saida.destroyed) log?.error({ err }, "exportação de leads falhou");
    saida.destroy(err);
  });
  return { stream: saida, nomeArquivo: nomeArquivoExportacao(f.formato), tipo: TIPOS[f.formato] };
}

/** Waits while the client is slower than the database (backpressure), or until it went away. */
async function escrever(saida: PassThrough, pedaco: string) {
  if (saida.destroyed) return;
  if (!saida.write(pedaco)) await Promise.race([once(saida, "drain"), once(saida, "close")]);
}

function escritorCsv(saida: PassThrough): TEscritor {
  let inicio = true;
  return {
    async linhas(ls) {
      const texto = ls.map(linhaCsvExportacao).join("");
      await escrever(saida, inicio ? cabecalhoCsvExportacao() + texto : texto);
      inicio = false;
    },
    async fim() {
      if (inicio) await escrever(saida, cabecalhoCsvExportacao());
      saida.end();
    },
  };
}

function escritorXlsx(saida: PassThrough, excel: typeof ExcelJS): TEscritor {
  const livro = new excel.stream.xlsx.WorkbookWriter({ stream: saida, useStyles: true, useSharedStrings: false });
  const folha = livro.addWorksheet("Leads", { views: [{ state: "frozen", ySplit: 1 }] });
  folha.columns = COLUNAS_EXPORTACAO.map((c) => ({
    header: c.titulo,
    key: c.chave,
    width: c.tipo === "texto" ? 24 : 18,
    style:
      c.tipo === "dinheiro"
        ? { numFmt: "#,##0.00" }
        : c.tipo === "dataHora"
          ? { numFmt: "dd/mm/yyyy hh:mm" }
          : c.tipo === "inteiro"
            ? { numFmt: "0" }
            : {},
  }));
  folha.getRow(1).font = { bold: true };
  return {
    async linhas(ls) {
      for (const l of ls) {
        const valores: Record<string, unknown> = {};
        for (const c of COLUNAS_EXPORTACAO) {
          const v = l[c.chave];
          if (v === null || v === undefined) continue;
          valores[c.chave] =
            // typed cells: a text cell is never run as a formula, so no apostrophe is needed here
            c.tipo === "dinheiro" ? Number(v) : c.tipo === "dataHora" ? horaLocalSP(v as Date) : v;
        }
        folha.addRow(valores).commit();
      }
      if (saida.writableNeedDrain) await Promise.race([once(saida, "drain"), once(saida, "close")]);
    },
    async fim() {
      folha.commit();
      await livro.commit();
    },
  };
}

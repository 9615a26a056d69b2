import { decodificarCsv, LIMITE_ERROS_LISTADOS, pareceBinario, TAMANHO_MAXIMO_CSV } from "@crm/domain/leads-csv";
import { analisarCsvCustos, chaveCusto, type TCustoCsv } from "@crm/domain/marketing-csv";
import { MSG } from "@crm/domain/messages";
import type { TImportacaoCustos, TImportacaoCustosRecusada } from "@crm/domain/schemas/marketing";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { fileTypeFromBuffer } from "file-type";
import { registrarAuditoria } from "../auth/audit.js";
import { autorDoRegistro, CUSTO_NO_REGISTRO, sqlRegistro } from "../change-log/in-statement.js";
import type { TDeps } from "../core/deps.js";
import type { TCtxEmpresa } from "../db/tenant.js";
import { withTenant } from "../db/tenant.js";
import { badRequest, HttpError } from "../http/errors.js";

/** Multipart for this plugin's import route only: one CSV up to 16MB (001 §9). */
export async function registrarUploadCustos(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: TAMANHO_MAXIMO_CSV, files: 1, fields: 5, fieldSize: 1024 },
    throwFileSizeLimit: true,
  });
}

/** The uploaded file's bytes: a CSV by name or declared type, and text by content (a renamed spreadsheet is refused). */
export async function lerCsvDeCustos(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest(MSG.csvSelecioneValido);
  let arquivo: { dados: Buffer; nome: string; mime: string } | null = null;
  try {
    for await (const parte of req.parts()) {
      if (parte.type === "file" && !arquivo)
        arquivo = { dados: await parte.toBuffer(), nome: parte.filename ?? "", mime: parte.mimetype.toLowerCase() };
    }
  } catch (e) {
    if ((e as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw new HttpError(413, MSG.csvMuitoGrande);
    throw badRequest(MSG.erroProcessarCsv);
  }
  if (!arquivo) throw badRequest(MSG.csvSelecioneValido);
  const ehCsv =
    /\.csv$/i.test(arquivo.nome) ||
    ["text/csv", "application/csv", "application/vnd.ms-excel", "text/plain"].includes(arquivo.mime);
  if (!ehCsv) throw badRequest(MSG.csvSelecioneValido);
  if (!arquivo.dados.length) throw badRequest(MSG.csvVazio);
  if (pareceBinario(arquivo.dados) || (await fileTypeFromBuffer(arquivo.dados))) throw badRequest(MSG.csvSelecioneValido);
  return arquivo.dados;
}

export type TResultadoImportacaoCustos = { ok: true; r: TImportacaoCustos } | { ok: false; recusa: TImportacaoCustosRecusada };

const mesmosValores = (c: TCustoCsv, r: Record<string, unknown>) =>
  Math.round(Number(r.valor_gasto) * 100) === Math.round(c.valor_gasto * 100) &&
  r.campanhas_ativas === c.campanhas_ativas &&
  r.impressoes === c.impressoes &&
  r.cliques === c.cliques;

/**
 * Imports a cost spreadsheet, all or nothing: a bad file is a 400; any bad line refuses the whole file with every
 * 'Linha N' message. A line already stored (same day, platform and ad account) with the same figures is skipped, so
 * the same growing spreadsheet can be imported again; with other figures it is an error (edit it in the table).
 * The rest goes in one INSERT, ctr/cpc/cpm computed as the form's.
 */
export async function importarCustos(
  deps: Pick<TDeps, "db">,
  ctx: TCtxEmpresa,
  dados: Buffer,
  meta: { ip: string },
): Promise<TResultadoImportacaoCustos> {
  const analise = analisarCsvCustos(decodificarCsv(dados).texto);
  if (analise.erroArquivo) throw badRequest(analise.erroArquivo);
  const recusar = (erros: { linha: number; mensagem: string }[], total: number): TResultadoImportacaoCustos => ({
    ok: false,
    recusa: { erro: MSG.importacaoCustosCancelada(total), erros: erros.slice(0, LIMITE_ERROS_LISTADOS), totalErros: total },
  });
  if (analise.totalErros) return recusar(analise.erros, analise.totalErros);

  return withTenant(deps.db.app, ctx, async (tx) => {
    // two imports of the same company at once would both miss each other's lines
    await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('custos_marketing:' || $1, 0))", [ctx.empresaId]);
    const dias = analise.custos.map((c) => c.data_custo).sort();
    const { rows } = await tx.query(
      `SELECT data_custo, plataforma, id_conta_anuncio, campanha, anuncio_id AS id_anuncio, valor_gasto::text, campanhas_ativas, impressoes, cliques
         FROM custos_marketing WHERE id_empresa_fk = $1 AND data_custo BETWEEN $2::date AND $3::date`,
      [ctx.empresaId, dias[0], dias[dias.length - 1]],
    );
    const existentes = new Map<string, Record<string, unknown>[]>();
    for (const r of rows) {
      const k = chaveCusto(r);
      existentes.set(k, [...(existentes.get(k) ?? []), r]);
    }
    const novos: TCustoCsv[] = [];
    const erros: { linha: number; mensagem: string }[] = [];
    let ignorados = 0;
    for (const c of analise.custos) {
      const iguais = existentes.get(chaveCusto(c));
      if (!iguais) novos.push(c);
      else if (iguais.some((r) => mesmosValores(c, r))) ignorados++;
      else erros.push({ linha: c.linha, mensagem: MSG.linhaComErro(c.linha, MSG.csvCustoJaCadastrado) });
    }
    if (erros.length) return recusar(erros, erros.length);
    if (novos.length) {
      const col = <K extends keyof TCustoCsv>(k: K) => novos.map((c) => c[k]);
      await tx.query(
        // the costs and their `custo.criado` log rows in one statement, however many lines (decision 1702)
        `WITH feitos AS (
           INSERT INTO custos_marketing AS c (id_empresa_fk, data_custo, plataforma, valor_gasto, campanhas_ativas, impressoes,
                  cliques, ctr, cpc, cpm, id_conta_anuncio, campanha, anuncio_id)
           SELECT $1, * FROM unnest($2::date[], $3::text[], $4::numeric[], $5::int[], $6::int[], $7::int[], $8::numeric[],
                  $9::numeric[], $10::numeric[], $11::text[], $12::text[], $13::text[])
           RETURNING NULL::custos_marketing AS antes, c AS depois)
         ${sqlRegistro(14, CUSTO_NO_REGISTRO)}`,
        [
          ctx.empresaId,
          col("data_custo"),
          col("plataforma"),
          col("valor_gasto"),
          col("campanhas_ativas"),
          col("impressoes"),
          col("cliques"),
          col("ctr"),
          col("cpc"),
          col("cpm"),
          col("id_conta_anuncio"),
          col("campanha"),
          col("id_anuncio"),
          autorDoRegistro("custo.criado", { origem: "usuario", usuarioId: ctx.usuarioId }),
        ],
      );
    }
    await registrarAuditoria(tx, {
      empresaId: ctx.empresaId,
      usuarioId: ctx.usuarioId,
      acao: "marketing.custos_importados",
      entidade: "custo_marketing",
      dados: { inseridos: novos.length, ignorados },
      ip: meta.ip,
    });
    return { ok: true, r: { inseridos: novos.length, ignorados } };
  });
}

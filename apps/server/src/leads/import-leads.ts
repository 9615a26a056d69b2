import { analisarCsv, decodificarCsv, type TLeadCsv } from "@crm/domain/leads-csv";
import { MSG } from "@crm/domain/messages";
import type { TImportacaoRecusada, TResultadoImportacao } from "@crm/domain/schemas/leads";
import { type TTx, withTenant } from "../db/tenant.js";
import type { TDeps } from "../deps.js";
import { badRequest } from "../http/errors.js";
import type { TCtxLeads } from "./context.js";
import { avisarLeadsAlterados } from "./events.js";
import { garantirLimiteMensal, travarCriacaoDeLeads } from "./plan-limit.js";
import { uuidsv7 } from "./uuid7.js";

/** Rows per INSERT: arrays of ~1 MB, one statement-level search-index trigger run each. */
const LOTE = 10_000;
const ORIGEM = "Importação CSV";

export type TImportacao = { ok: true; resultado: TResultadoImportacao } | { ok: false; recusa: TImportacaoRecusada };

/**
 * CSV import (001 §5). The whole file is read and checked first; any bad line cancels the import with every
 * 'Linha N' message and the database unchanged. Phones already in the company or repeated in the file are
 * reported and skipped. The new leads (origin 'Importação CSV', status Novo Lead, every column stored) go in
 * one transaction, in batches, within the plan's monthly limit: all of them or none.
 */
export async function importarLeadsCsv(
  deps: Pick<TDeps, "db" | "realtime">,
  ctx: TCtxLeads,
  bytes: Uint8Array,
): Promise<TImportacao> {
  const analise = analisarCsv(decodificarCsv(bytes).texto);
  if (analise.erroArquivo) throw badRequest(analise.erroArquivo);
  const base = { erros: analise.erros, totalErros: analise.totalErros, totalLinhas: analise.totalLinhas };
  if (analise.totalErros) {
    return { ok: false, recusa: { erro: MSG.importacaoCancelada(analise.totalErros), ...base, inseridos: 0, duplicadas: [] } };
  }
  return withTenant(deps.db.app, ctx, async (tx) => {
    await travarCriacaoDeLeads(tx, ctx.empresaId);
    const existentes = await telefonesCadastrados(
      tx,
      ctx.empresaId,
      analise.leads.map((l) => l.telefone_normalizado),
    );
    const novos = analise.leads.filter((l) => !existentes.has(l.telefone_normalizado));
    const duplicadas = [
      ...analise.duplicadas.map((d) => ({ ...d, motivo: "arquivo" as const })),
      ...analise.leads
        .filter((l) => existentes.has(l.telefone_normalizado))
        .map((l) => ({ linha: l.linha, telefone: l.telefone, motivo: "cadastrado" as const })),
    ].sort((a, b) => a.linha - b.linha);
    if (novos.length) {
      await garantirLimiteMensal(tx, ctx.empresaId, novos.length);
      await inserirLotes(tx, ctx.empresaId, novos);
      await avisarLeadsAlterados(deps, tx, ctx.empresaId);
    }
    return { ok: true as const, resultado: { ...base, inseridos: novos.length, duplicadas } };
  });
}

async function telefonesCadastrados(tx: TTx, empresaId: string, telefones: string[]): Promise<Set<string>> {
  const achados = new Set<string>();
  for (let i = 0; i < telefones.length; i += LOTE * 5) {
    const { rows } = await tx.query(
      "SELECT telefone_normalizado AS t FROM leads_juros_check WHERE id_empresa_fk = $1 AND telefone_normalizado = ANY ($2::text[])",
      [empresaId, telefones.slice(i, i + LOTE * 5)],
    );
    for (const r of rows) achados.add(r.t);
  }
  return achados;
}

async function inserirLotes(tx: TTx, empresaId: string, leads: TLeadCsv[]): Promise<void> {
  const ids = uuidsv7(leads.length);
  for (let i = 0; i < leads.length; i += LOTE) {
    const lote = leads.slice(i, i + LOTE);
    const col = <K extends keyof TLeadCsv>(k: K) => lote.map((l) => l[k]);
    await tx.query(
      `INSERT INTO leads_juros_check (id, id_empresa_fk, nome, email, telefone, telefone_normalizado, tipo_financiamento,
         valor_contrato, valor_parcela, quantidade_parcelas_pagas, objetivo_cliente, origem_lead, fonte, status_lead)
       SELECT u.id, $1, u.nome, u.email, u.telefone, u.tn, u.tipo, u.valor, u.parcela, u.pagas, u.objetivo, $12, $12, 'Novo Lead'
         FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::numeric[], $9::numeric[],
                     $10::int[], $11::text[]) AS u (id, nome, email, telefone, tn, tipo, valor, parcela, pagas, objetivo)`,
      [
        empresaId,
        ids.slice(i, i + LOTE),
        col("nome"),
        col("email"),
        col("telefone"),
        col("telefone_normalizado"),
        col("tipo_financiamento"),
        col("valor_contrato"),
        col("valor_parcela"),
        col("quantidade_parcelas_pagas"),
        col("objetivo_cliente"),
        ORIGEM,
      ],
    );
  }
}

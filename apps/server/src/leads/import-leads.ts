import type { TAnaliseCsv, TLeadCsv } from "@crm/domain/leads-csv";
import type { TResultadoImportacao } from "@crm/domain/schemas/leads";
import type { TDeps } from "../core/deps.js";
import type { TTx } from "../db/tenant.js";
import { avisarLeadsAlterados } from "../lead-events/publish.js";
import { garantirLimiteMensal, travarCriacaoDeLeads } from "./plan-limit.js";
import { uuidsv7 } from "./uuid7.js";

/** Rows per INSERT: arrays of ~1 MB, one statement-level search-index trigger run each, one progress report each. */
const LOTE = 10_000;
const ORIGEM = "Importação CSV";

/** Leads inserted so far out of those to insert; called before the first batch and after each one. */
export type TAoProgredir = (p: { processadas: number; total: number }) => Promise<void>;

type TDuplicada = TResultadoImportacao["duplicadas"][number];

/**
 * The leads of a checked file (no line errors) that are new to the company, and the lines left out: phones
 * repeated in the file or already a lead of the company, in line order.
 */
export async function separarDuplicadas(
  tx: TTx,
  empresaId: string,
  analise: TAnaliseCsv,
): Promise<{ novos: TLeadCsv[]; duplicadas: TDuplicada[] }> {
  const existentes = await telefonesCadastrados(
    tx,
    empresaId,
    analise.leads.map((l) => l.telefone_normalizado),
  );
  const novos = analise.leads.filter((l) => !existentes.has(l.telefone_normalizado));
  const duplicadas = [
    ...analise.duplicadas.map((d) => ({ ...d, motivo: "arquivo" as const })),
    ...analise.leads
      .filter((l) => existentes.has(l.telefone_normalizado))
      .map((l) => ({ linha: l.linha, telefone: l.telefone, motivo: "cadastrado" as const })),
  ].sort((a, b) => a.linha - b.linha);
  return { novos, duplicadas };
}

/**
 * The insert of a CSV import (001 §5), in the caller's tenant transaction: phones already in the company or
 * repeated in the file are reported and skipped; the new leads (origin 'Importação CSV', status Novo Lead, every
 * column stored) go in batches within the plan's monthly limit, checked under the company's lead-creation lock.
 * All of them or none: the caller's transaction is the unit (a refusal throws HttpError 403).
 */
export async function inserirLeadsDoCsv(
  deps: Pick<TDeps, "realtime">,
  tx: TTx,
  empresaId: string,
  analise: TAnaliseCsv,
  aoProgredir: TAoProgredir = async () => {},
): Promise<TResultadoImportacao> {
  await travarCriacaoDeLeads(tx, empresaId);
  const { novos, duplicadas } = await separarDuplicadas(tx, empresaId, analise);
  if (novos.length) {
    await garantirLimiteMensal(tx, empresaId, novos.length);
    await aoProgredir({ processadas: 0, total: novos.length });
    await inserirLotes(tx, empresaId, novos, (processadas) => aoProgredir({ processadas, total: novos.length }));
    await avisarLeadsAlterados(deps, tx, empresaId);
  }
  return {
    inseridos: novos.length,
    duplicadas,
    erros: analise.erros,
    totalErros: analise.totalErros,
    totalLinhas: analise.totalLinhas,
  };
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

async function inserirLotes(
  tx: TTx,
  empresaId: string,
  leads: TLeadCsv[],
  aposLote: (processadas: number) => Promise<void>,
): Promise<void> {
  const ids = uuidsv7(leads.length);
  for (let i = 0; i < leads.length; i += LOTE) {
    const lote = leads.slice(i, i + LOTE);
    const col = <K extends keyof TLeadCsv>(k: K) => lote.map((l) => l[k]);
    await tx.query(
      `INSERT INTO leads_juros_check (id, id_empresa_fk, nome, email, telefone, telefone_normalizado, tipo_financiamento,
         valor_contrato, valor_parcela, quantidade_parcelas_pagas, objetivo_cliente, origem_lead, fonte, status_lead,
         quantidade_parcelas, data_contrato, banco, taxa_informada_mensal)
       SELECT u.id, $1, u.nome, u.email, u.telefone, u.tn, u.tipo, u.valor, u.parcela, u.pagas, u.objetivo, $12, $12, 'Novo Lead',
              u.prazo, u.data, u.banco, u.taxa
         FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::numeric[], $9::numeric[],
                     $10::int[], $11::text[], $13::int[], $14::date[], $15::text[], $16::numeric[])
              AS u (id, nome, email, telefone, tn, tipo, valor, parcela, pagas, objetivo, prazo, data, banco, taxa)`,
      [
        empresaId,
        ids.slice(i, i + LOTE),
        col("nome"),
        col("email"),
        // one phone identity (decision 1501): the canonical digits in both columns; the typed text stays in the report
        col("telefone_normalizado"),
        col("telefone_normalizado"),
        col("tipo_financiamento"),
        col("valor_contrato"),
        col("valor_parcela"),
        col("quantidade_parcelas_pagas"),
        col("objetivo_cliente"),
        ORIGEM,
        col("quantidade_parcelas"),
        col("data_contrato"),
        col("banco"),
        col("taxa_informada_mensal"),
      ],
    );
    await aposLote(i + lote.length);
  }
}

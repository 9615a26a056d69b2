import { planosComRecurso } from "@crm/domain/plan-limits";
import { CATEGORIAS_RETENCAO, REGRAS_RETENCAO, type TCategoriaRetencao } from "@crm/domain/privacy-records";
import type { TExecucaoRetencao, TRegraRetencao } from "@crm/domain/schemas/privacy-records";
import { STATUS_CONVERTIDOS } from "@crm/domain/status";
import type { TAutorMudanca } from "../change-log/record.js";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { type TCtxDaEmpresa, type TTx, withCompanyJob } from "../db/tenant.js";
import { exigirRecursoDoPlano } from "../membership/plan-limits.js";
import { registrarAcaoPrivacidade } from "../privacy-requests/log.js";
import { anonimizarLeads } from "./erase-leads.js";
import { registrarAcaoRegistro } from "./log.js";

/** The company's rules, every category, its own row or the default (decision 1873). */
export async function lerRegrasRetencao(tx: TTx, empresaId: string): Promise<TRegraRetencao[]> {
  const { rows } = await tx.query<{ categoria: TCategoriaRetencao; meses: number; ativa: boolean }>(
    "SELECT categoria, meses, ativa FROM retencao_regras WHERE id_empresa_fk = $1",
    [empresaId],
  );
  return CATEGORIAS_RETENCAO.map(
    (categoria) =>
      rows.find((r) => r.categoria === categoria) ?? { categoria, meses: REGRAS_RETENCAO[categoria].padraoMeses, ativa: true },
  );
}

/** Saves the rules the admin sent (a plan feature, decision 1874), logged as a settings change without values. */
export async function gravarRegrasRetencao(tx: TTx, ctx: TCtxDaEmpresa, regras: TRegraRetencao[]): Promise<void> {
  await exigirRecursoDoPlano(tx, ctx.empresaId, "regrasRetencao");
  await tx.query(
    `INSERT INTO retencao_regras (id_empresa_fk, categoria, meses, ativa)
     SELECT $1, r.categoria, r.meses, r.ativa FROM jsonb_to_recordset($2::jsonb) AS r (categoria text, meses int, ativa boolean)
     ON CONFLICT (id_empresa_fk, categoria) DO UPDATE SET meses = excluded.meses, ativa = excluded.ativa, updated_at = now()`,
    [ctx.empresaId, JSON.stringify(regras)],
  );
  await registrarAcaoRegistro(
    tx,
    ctx.empresaId,
    { origem: "usuario", usuarioId: ctx.usuarioId },
    {
      entidade: "configuracao",
      id: ctx.empresaId,
      tipo: "configuracao.alterada",
      depois: { secao: "retencao" },
    },
  );
}

/** The last runs of the company, newest first. */
export async function listarExecucoes(tx: TTx, empresaId: string, limite = 10): Promise<TExecucaoRetencao[]> {
  const { rows } = await tx.query(
    `SELECT id, executada_em, origem, total, itens FROM retencao_execucoes
      WHERE id_empresa_fk = $1 ORDER BY executada_em DESC, concluida_em DESC LIMIT $2`,
    [empresaId, limite],
  );
  return rows.map((r) => ({ ...r, executada_em: (r.executada_em as Date).toISOString() }));
}

type TItem = TExecucaoRetencao["itens"][number];

/** Leads never converted whose last message (or creation) is older than the rule; none with an open request. */
async function leadsVencidos(tx: TTx, empresaId: string, meses: number, agora: Date): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT l.id FROM leads_juros_check l
      WHERE l.id_empresa_fk = $1 AND l.anonimizado_em IS NULL AND l.convertido_em IS NULL
        AND l.status_juridico_lead IS NULL AND NOT l.status_lead = ANY ($4::text[])
        AND coalesce(l.ultima_mensagem_em, l.created_at) < $2::timestamptz - make_interval(months => $3)
        AND NOT EXISTS (SELECT 1 FROM privacidade_pedidos p
                         WHERE p.id_empresa_fk = l.id_empresa_fk AND p.id_lead_fk = l.id AND p.encerrado_em IS NULL)
      ORDER BY l.id FOR NO KEY UPDATE OF l`,
    [empresaId, agora, meses, [...STATUS_CONVERTIDOS]],
  );
  return rows.map((r) => r.id);
}

/** Closed privacy requests past the rule: the titular's data cleared, the protocol, dates and reply kept as proof. */
async function anonimizarPedidosEncerrados(
  tx: TTx,
  empresaId: string,
  meses: number,
  agora: Date,
  autor: TAutorMudanca,
): Promise<{ n: number; arquivos: string[] }> {
  const { rows } = await tx.query<{ id: string; chave: string | null }>(
    `WITH alvo AS (
       SELECT id, documento_storage_key FROM privacidade_pedidos
        WHERE id_empresa_fk = $1 AND encerrado_em < $2::timestamptz - make_interval(months => $3)
          AND num_nonnulls(nome_titular, telefone_normalizado, cpf, email, detalhes, representante_nome,
                           documento_storage_key) > 0
        ORDER BY id FOR UPDATE)
     UPDATE privacidade_pedidos p SET nome_titular = NULL, telefone_normalizado = NULL, cpf = NULL, email = NULL,
            detalhes = NULL, representante_nome = NULL, documento_storage_key = NULL, documento_nome = NULL,
            documento_mime = NULL, documento_tamanho = NULL, updated_at = now()
       FROM alvo WHERE p.id_empresa_fk = $1 AND p.id = alvo.id
     RETURNING p.id, alvo.documento_storage_key AS chave`,
    [empresaId, agora, meses],
  );
  for (const r of rows) await registrarAcaoPrivacidade(tx, { empresaId, pedidoId: r.id, tipo: "privacidade.anonimizada", autor });
  return { n: rows.length, arquivos: rows.flatMap((r) => (r.chave ? [r.chave] : [])) };
}

/**
 * A retention run's work in the caller's transaction (the job's, or the demo seed's): every active rule, the report
 * row and its log row. Returns the report and the stored files to delete once committed.
 */
export async function aplicarRetencao(
  tx: TTx,
  empresaId: string,
  origem: "agendada" | "manual",
  agora: Date,
): Promise<{ execucao: TExecucaoRetencao; arquivos: string[] }> {
  const autor: TAutorMudanca = { origem: "sistema" };
  // one run at a time per company: the nightly job and a second instance never anonymise the same rows twice
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('retencao:' || $1, 0))", [empresaId]);
  const itens: TItem[] = [];
  const arquivos: string[] = [];
  for (const regra of await lerRegrasRetencao(tx, empresaId)) {
    if (!regra.ativa) continue;
    if (regra.categoria === "leads_nao_convertidos") {
      const feitos = await anonimizarLeads(tx, empresaId, await leadsVencidos(tx, empresaId, regra.meses, agora), autor, agora);
      arquivos.push(...feitos.arquivos);
      itens.push({ categoria: regra.categoria, meses: regra.meses, removidos: feitos.leads });
    } else {
      const feitos = await anonimizarPedidosEncerrados(tx, empresaId, regra.meses, agora, autor);
      arquivos.push(...feitos.arquivos);
      itens.push({ categoria: regra.categoria, meses: regra.meses, removidos: feitos.n });
    }
  }
  const total = itens.reduce((s, i) => s + i.removidos, 0);
  const { rows } = await tx.query(
    `INSERT INTO retencao_execucoes (id_empresa_fk, executada_em, origem, itens, total)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [empresaId, agora, origem, JSON.stringify(itens), total],
  );
  await registrarAcaoRegistro(tx, empresaId, autor, {
    entidade: "privacidade",
    id: rows[0].id,
    tipo: "privacidade.retencao_executada",
    depois: { total, itens },
  });
  return { execucao: { id: rows[0].id as string, executada_em: agora.toISOString(), origem, total, itens }, arquivos };
}

/**
 * One company's retention run (decision 1873), in one transaction under its tenant: each active rule removes what is
 * due by the server's clock (decision 1795), and the run's report — counts by category, never a person's data — is a
 * `retencao_execucoes` row and a `privacidade.retencao_executada` log row. Stored files go after the commit; one
 * that fails to go is logged, never brought back. Returns the report, or null when the plan has no retention rules.
 */
export async function executarRetencaoDaEmpresa(
  deps: Pick<TDeps, "db" | "storage">,
  empresaId: string,
  origem: "agendada" | "manual" = "agendada",
  agora: Date = relogio.agora(),
  log?: { warn: (o: object, m: string) => void },
): Promise<TExecucaoRetencao | null> {
  const r = await withCompanyJob(deps.db.app, empresaId, "retencao-dados", async (tx) => {
    const { rows: emp } = await tx.query("SELECT plano_assinatura FROM empresas WHERE id = $1", [empresaId]);
    if (!emp[0] || !planosComRecurso("regrasRetencao").includes(emp[0].plano_assinatura)) return null;
    return aplicarRetencao(tx, empresaId, origem, agora);
  });
  if (!r) return null;
  for (const chave of r.arquivos)
    await deps.storage.remover(chave).catch((err: unknown) => log?.warn({ err, chave }, "arquivo da retenção não removido"));
  return r.execucao;
}

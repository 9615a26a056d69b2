// `npm run bench -- bulk`: what derived-data upkeep costs the lead writers (issue 23's goals: a bulk status change and a
// bulk delete of 2,000 leads ≤ 2× the same statements with the upkeep off, one status change ≤ 1.5×). Each case runs
// the product's own writer (leads/change-status.ts mudarStatusLeads, leads/delete-leads.ts excluirLeads: lock the
// leads, the statement, its change-log rows, the history) as crm_app under row-level security, once with every
// derived-data trigger on and once with them off: `ALTER TABLE … DISABLE TRIGGER USER` on every table that has one
// except the change log's own (`mudancas`: it is the write, not upkeep), so foreign keys and their cascades still run.
// Rounds alternate on and off; the figure is the median of BULK_BENCH_RODADAS (3). The machine is shared: noisy.
// Settings: BULK_BENCH_LEADS (2,000 per bulk), BULK_BENCH_BASE (20,000 leads already in the company).
import { fileURLToPath } from "node:url";
import { PAPEL } from "@crm/domain/roles";
import type Pg from "pg";
import type { TDeps } from "../apps/server/src/core/deps.js";
import { mudarStatusLeads } from "../apps/server/src/leads/actions/change-status.js";
import { excluirLeads } from "../apps/server/src/leads/actions/delete-leads.js";
import { fmt, mediana, numeroEnv } from "./leads-harness.js";
import { bancoDeBancada } from "./scratch-db.js";

const N = numeroEnv("BULK_BENCH_LEADS", 2000);
const BASE = numeroEnv("BULK_BENCH_BASE", 20_000);
const RODADAS = numeroEnv("BULK_BENCH_RODADAS", 3);
const STATUS = ["Em Atendimento", "Proposta Enviada"] as const;
const ORIGENS = ["Manual", "Facebook Ads", "Google Ads", "WhatsApp", "Site"];

/**
 * `n` leads of the company as the product has them: spread over 120 days, five origins, three campaigns, a third
 * assigned to the consultant, values and instalments set (every summary key and measure moves), each with one
 * status-history row (a delete cascades to it). Written with the triggers on, so the summaries hold them.
 */
let semeados = 0;
async function semear(dono: Pg.Pool, empresaId: string, consultorId: string, n: number, status: string): Promise<string[]> {
  const { rows } = await dono.query<{ id: string }>(
    `INSERT INTO leads_juros_check (id_empresa_fk, nome, email, telefone, telefone_normalizado, status_lead, origem_lead,
       campanha_origem, consultor_atribuido_id, valor_contrato, valor_parcela, quantidade_parcelas, quantidade_parcelas_pagas,
       tipo_financiamento, created_at)
     SELECT $1, 'Lead ' || g || ' Silva', 'lead' || g || '@bench.local', f, f, $4, (ARRAY[${ORIGENS.map((o) => `'${o}'`).join(",")}])[1 + g % 5],
            CASE WHEN g % 4 <> 0 THEN 'campanha-' || (g % 3) END, CASE WHEN g % 3 = 0 THEN $2::uuid END,
            1000 + (g % 500) * 100, 100 + g % 50, 48, g % 48, 'Carro', now() - (g % 120) * interval '1 day'
       FROM (SELECT g, '55119' || lpad((g + $5)::text, 8, '0') AS f FROM generate_series(1, $3::int) g) x
     RETURNING id`,
    [empresaId, consultorId, n, status, semeados],
  );
  semeados += n;
  const ids = rows.map((r) => r.id);
  await dono.query(
    `INSERT INTO lead_status_historico (id_empresa_fk, id_lead_fk, campo, valor_anterior, valor_novo)
     SELECT $1, id, 'status_lead', NULL, $3 FROM unnest($2::uuid[]) id`,
    [empresaId, ids, status],
  );
  return ids;
}

/** Every user trigger but the change log's, on or off (the owner's DDL between measurements, never during one). */
async function upkeep(dono: Pg.Pool, ligada: boolean): Promise<void> {
  const { rows } = await dono.query<{ tabela: string }>(
    `SELECT DISTINCT tgrelid::regclass::text AS tabela FROM pg_trigger
      WHERE NOT tgisinternal AND tgrelid <> 'mudancas'::regclass ORDER BY 1`,
  );
  for (const { tabela } of rows) await dono.query(`ALTER TABLE ${tabela} ${ligada ? "ENABLE" : "DISABLE"} TRIGGER USER`);
}

export async function bulkWritesBench(): Promise<string[]> {
  const { dono, db, fechar } = await bancoDeBancada("bulk");
  try {
    const deps = {
      db,
      realtime: { publicar: async () => {}, publicarVarios: async () => {} },
      jobs: { enviar: async () => {}, enviarVarios: async () => {} },
      storage: { remover: async () => {} },
    } as unknown as Pick<TDeps, "db" | "realtime" | "jobs" | "storage">;
    const { rows: e } = await dono.query(
      "INSERT INTO empresas (nome_empresa, email_contato, plano_assinatura) VALUES ('Bench lote', 'lote@bench.local', 'Enterprise') RETURNING id",
    );
    const empresaId = e[0].id as string;
    const { rows: u } = await dono.query(
      `INSERT INTO usuarios_plataforma (id_empresa_fk, email, nome, papel, senha_hash, email_confirmado_em)
       VALUES ($1, 'admin@lote.bench.local', 'Admin Lote', $2, 'x', now()) RETURNING id`,
      [empresaId, PAPEL.admin],
    );
    const { rows: c } = await dono.query(
      `INSERT INTO consultores (id_empresa_fk, nome, email) VALUES ($1, 'Consultor Lote', 'consultor@lote.bench.local') RETURNING id`,
      [empresaId],
    );
    const consultorId = c[0].id as string;
    const ctx = { empresaId, usuarioId: u[0].id as string, papel: PAPEL.admin };
    await semear(dono, empresaId, consultorId, BASE, "Novo Lead");
    const muitos = await semear(dono, empresaId, consultorId, N, STATUS[0]);
    const um = await semear(dono, empresaId, consultorId, 1, STATUS[0]);
    await dono.query("VACUUM ANALYZE");

    // a timed change and its untimed way back, in the same mode: the summaries stay as the rows are either way
    const mudar = async (ids: string[]) => {
      const t0 = performance.now();
      const n = await mudarStatusLeads(deps, ctx, ids, STATUS[1]);
      const ms = performance.now() - t0;
      if (n !== ids.length) throw new Error(`status: ${n} de ${ids.length} leads mudaram`);
      await mudarStatusLeads(deps, ctx, ids, STATUS[0]);
      return ms;
    };
    const excluir = async () => {
      const ids = await semear(dono, empresaId, consultorId, N, STATUS[0]);
      await dono.query("ANALYZE leads_juros_check");
      const t0 = performance.now();
      const n = await excluirLeads(deps, ctx, ids);
      const ms = performance.now() - t0;
      if (n !== ids.length) throw new Error(`exclusão: ${n} de ${ids.length} leads excluídos`);
      return ms;
    };
    const casos: [string, () => Promise<number>, number][] = [
      [`bulk status change, ${N} leads`, () => mudar(muitos), 2],
      [`bulk delete, ${N} leads`, excluir, 2],
      ["one status change", () => mudar(um), 1.5],
    ];
    const linhas = [
      `bulk writes: ${BASE.toLocaleString("pt-BR")} leads in the company, median of ${RODADAS} rounds, upkeep on vs off (every derived-data trigger disabled; change log, foreign keys and cascades kept)`,
    ];
    for (const [rotulo, medir, meta] of casos) {
      const on: number[] = [];
      const off: number[] = [];
      // a warm-up each way, then rounds that alternate, so the tables' growth weighs on both alike
      for (let r = -1; r < RODADAS; r++) {
        await upkeep(dono, false);
        const semUpkeep = await medir();
        await upkeep(dono, true);
        const comUpkeep = await medir();
        if (r >= 0) {
          off.push(semUpkeep);
          on.push(comUpkeep);
        }
      }
      const razao = mediana(on) / mediana(off);
      linhas.push(
        `  ${rotulo}: upkeep on ${fmt(mediana(on))} ms · off ${fmt(mediana(off))} ms · ratio ${razao.toFixed(2)}x (goal ≤ ${meta}x: ${razao <= meta ? "met" : "not met"})`,
      );
    }
    return linhas;
  } finally {
    await fechar();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log((await bulkWritesBench()).join("\n"));
}

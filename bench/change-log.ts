// `npm run bench -- changelog`: what the change log (decisions 1701, 1702) costs a status change. One lead and a bulk
// of CHANGE_LOG_BENCH_LEADS (2,000) leads move between two statuses through lead-events' mudarStatusDosLeads (its
// one statement writes the status and the log rows), against the same moves by the statement it replaced (status
// only, no log row) with the same history rows. Median of BENCH_RODADAS rounds (3); the machine is shared: noisy.
import { PAPEL } from "@crm/domain/roles";
import type { TDeps } from "../apps/server/src/core/deps.js";
import { type TTx, withTenant } from "../apps/server/src/db/tenant.js";
import { registrarHistorico } from "../apps/server/src/lead-events/history.js";
import { mudarStatusDosLeads } from "../apps/server/src/lead-events/status.js";
import { fmt, mediana, numeroEnv, RODADAS } from "./leads-harness.js";
import { bancoDeBancada } from "./scratch-db.js";

const N = numeroEnv("CHANGE_LOG_BENCH_LEADS", 2000);
const STATUS = ["Em Atendimento", "Proposta Enviada"] as const;

/** Realtime and jobs do nothing here: only the database work of the status change is timed. */
const deps = {
  realtime: { publicar: async () => {}, publicarVarios: async () => {} },
  jobs: { enviar: async () => {}, enviarVarios: async () => {} },
} as unknown as Pick<TDeps, "realtime" | "jobs">;

/** The status statement before the change log, with its history rows: the baseline. */
async function semRegistro(tx: TTx, empresaId: string, ids: string[], de: string, para: string) {
  await tx.query(
    `UPDATE leads_juros_check SET status_lead = $3, updated_at = now() WHERE id_empresa_fk = $1 AND id = ANY ($2::uuid[])
     RETURNING id, consultor_atribuido_id IS NULL AS sem_consultor`,
    [empresaId, ids, para],
  );
  await registrarHistorico(tx, {
    empresaId,
    campo: "status_lead",
    autor: { usuarioId: null, origem: "sistema" },
    mudancas: ids.map((leadId) => ({ leadId, de, para })),
  });
}

export async function changeLogBench(): Promise<string[]> {
  const { dono, db, fechar } = await bancoDeBancada("changelog");
  try {
    const { rows } = await dono.query(
      "INSERT INTO empresas (nome_empresa, email_contato, plano_assinatura) VALUES ('Bench registro', 'b@bench.local', 'Enterprise') RETURNING id",
    );
    const empresaId = rows[0].id as string;
    const { rows: leads } = await dono.query<{ id: string }>(
      `INSERT INTO leads_juros_check (id_empresa_fk, nome, telefone_normalizado, status_lead)
       SELECT $1, 'Lead ' || g, '55119' || lpad(g::text, 8, '0'), $2 FROM generate_series(1, $3) g RETURNING id`,
      [empresaId, STATUS[0], N + 1],
    );
    await dono.query("ANALYZE");
    const ctx = { empresaId, usuarioId: "", papel: PAPEL.admin };
    const um = [leads[0].id];
    const muitos = leads.slice(1).map((l) => l.id);
    let atual = 0;
    const medir = async (ids: string[], comRegistro: boolean) => {
      const de = STATUS[atual];
      const para = STATUS[1 - atual];
      const t0 = performance.now();
      await withTenant(db.app, ctx, async (tx) => {
        if (comRegistro)
          await mudarStatusDosLeads(deps, tx, {
            empresaId,
            leads: ids.map((id) => ({ id, status_lead: de })),
            para,
            autor: { usuarioId: null, origem: "sistema" },
          });
        else await semRegistro(tx, empresaId, ids, de, para);
      });
      atual = 1 - atual;
      return performance.now() - t0;
    };
    const linhas: string[] = [`change log: status change, ${N} leads in the bulk, median of ${RODADAS} rounds (ms)`];
    for (const [rotulo, ids] of [
      ["1 lead", um],
      [`${N} leads`, muitos],
    ] as const) {
      const sem: number[] = [];
      const com: number[] = [];
      // one warm-up each, then alternate so the table's growth weighs on both alike
      await medir(ids, false);
      await medir(ids, true);
      for (let r = 0; r < RODADAS; r++) {
        sem.push(await medir(ids, false));
        com.push(await medir(ids, true));
      }
      linhas.push(`  ${rotulo}: without log ${fmt(mediana(sem))} · with log ${fmt(mediana(com))}`);
    }
    const { rows: n } = await dono.query("SELECT count(*)::int AS n, pg_total_relation_size('mudancas') AS bytes FROM mudancas");
    linhas.push(`  log rows written: ${n[0].n}, mudancas size ${(Number(n[0].bytes) / 1024).toFixed(0)} kB`);
    return linhas;
  } finally {
    await fechar();
  }
}

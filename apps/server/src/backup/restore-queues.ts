import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { listaDeColunas, nomeQualificado, type TTabelaBackup } from "./catalog.js";
import { contarEEscrever } from "./tar-streams.js";

/**
 * pg-boss's queues come back through its own `create_queue`, which also creates each queue's job partition (the
 * `pgboss.job` rows that follow are routed into them). A queue's dead-letter queue is created before it.
 */
export async function restaurarFilas(client: pg.ClientBase, t: TTabelaBackup, linhas: AsyncIterable<Buffer>): Promise<void> {
  await client.query(`CREATE TEMP TABLE filas_restauradas (LIKE ${nomeQualificado(t)}) ON COMMIT DROP`);
  await contarEEscrever(linhas, client.query(copyFrom(`COPY filas_restauradas (${listaDeColunas(t)}) FROM STDIN`)));
  const { rows } = await client.query<{ nome: string; morta: string | null; opcoes: unknown }>(
    `SELECT name AS nome, dead_letter AS morta,
            json_build_object('policy', policy, 'retryLimit', retry_limit, 'retryDelay', retry_delay,
              'retryBackoff', retry_backoff, 'expireInSeconds', expire_seconds, 'retentionMinutes', retention_minutes,
              'deadLetter', dead_letter) AS opcoes
       FROM filas_restauradas ORDER BY name`,
  );
  const criadas = new Set<string>();
  const criar = async (nome: string, caminho: Set<string>) => {
    const f = rows.find((r) => r.nome === nome);
    if (!f || criadas.has(nome) || caminho.has(nome)) return;
    caminho.add(nome);
    if (f.morta) await criar(f.morta, caminho);
    await client.query("SELECT pgboss.create_queue($1, $2::json)", [f.nome, JSON.stringify(f.opcoes)]);
    criadas.add(nome);
  };
  for (const f of rows) await criar(f.nome, new Set());
  await client.query(
    `UPDATE pgboss.queue q SET created_on = f.created_on, updated_on = f.updated_on FROM filas_restauradas f WHERE q.name = f.name`,
  );
}

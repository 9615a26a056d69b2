import type pg from "pg";

/** A table of the backup: its rows go in and out as one COPY, with these columns (generated ones are recomputed). */
export type TTabelaBackup = { schema: string; nome: string; colunas: string[] };

export const nomeQualificado = (t: { schema: string; nome: string }) => `"${t.schema}"."${t.nome}"`;
export const listaDeColunas = (t: TTabelaBackup) => t.colunas.map((c) => `"${c.replace(/"/g, '""')}"`).join(", ");

/**
 * Every table of the app's two schemas, `public` (the migrations') and `pgboss` (the job queue's), in an order where a
 * table comes after every table its foreign keys point at: restored in that order, no check has to be switched off
 * (decision 1857). pg-boss's version row is written by its own install; its job partitions are one table to it
 * (`pgboss.job`, rows routed to the queue's partition), recreated per queue by `pgboss.create_queue`.
 */
export async function tabelasDoBackup(client: pg.ClientBase): Promise<TTabelaBackup[]> {
  const { rows } = await client.query<{ schema: string; nome: string; colunas: string[]; depende: string[] }>(
    `SELECT n.nspname AS schema, c.relname AS nome,
            array(SELECT a.attname::text FROM pg_attribute a
                   WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
                   ORDER BY a.attnum) AS colunas,
            array(SELECT DISTINCT format('%s.%s', rn.nspname, r.relname) FROM pg_constraint f
                    JOIN pg_class r ON r.oid = f.confrelid JOIN pg_namespace rn ON rn.oid = r.relnamespace
                   -- a partitioned table's keys are its partitions' (pgboss.job's point at pgboss.queue)
                   -- (pg_partition_tree gives no row for a plain table)
                   WHERE (f.conrelid = c.oid OR f.conrelid IN (SELECT relid FROM pg_partition_tree(c.oid))) AND f.contype = 'f'
                     AND f.confrelid <> c.oid AND f.confrelid NOT IN (SELECT relid FROM pg_partition_tree(c.oid))) AS depende
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname IN ('public', 'pgboss') AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND NOT (n.nspname = 'pgboss' AND c.relname = 'version')
      ORDER BY n.nspname DESC, c.relname`,
  );
  const porNome = new Map(rows.map((r) => [`${r.schema}.${r.nome}`, r]));
  const ordem: TTabelaBackup[] = [];
  const estado = new Map<string, "visitando" | "feita">();
  const visitar = (chave: string, caminho: string[]) => {
    const t = porNome.get(chave);
    if (!t || estado.get(chave) === "feita") return;
    if (estado.get(chave) === "visitando")
      throw new Error(`chaves estrangeiras em ciclo entre ${[...caminho, chave].join(" → ")}: o backup não sabe a ordem`);
    estado.set(chave, "visitando");
    for (const d of t.depende) visitar(d, [...caminho, chave]);
    estado.set(chave, "feita");
    ordem.push({ schema: t.schema, nome: t.nome, colunas: t.colunas });
  };
  for (const chave of porNome.keys()) visitar(chave, []);
  return ordem;
}

/** The sequences' positions (a restored table's next id must not collide with a restored row). */
export async function sequencias(client: pg.ClientBase): Promise<{ nome: string; valor: string | null }[]> {
  const { rows } = await client.query<{ nome: string; valor: string | null }>(
    `SELECT format('%I.%I', schemaname, sequencename) AS nome, last_value::text AS valor
       FROM pg_sequences WHERE schemaname IN ('public', 'pgboss') ORDER BY 1`,
  );
  return rows;
}

/** Columns holding transaction ids (`xid8`): the change log's and the audit intake's reading order (decision 1701). */
export async function colunasDeTransacao(client: pg.ClientBase): Promise<{ tabela: string; coluna: string }[]> {
  const { rows } = await client.query<{ tabela: string; coluna: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS tabela, format('%I', a.attname) AS coluna
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.atttypid = 'xid8'::regtype AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY 1, 2`,
  );
  return rows;
}

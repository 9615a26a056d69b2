import { randomUUID } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import type pg from "pg";

/** How often a running instance renews its row, and after how long without renewal the row no longer counts. */
const BATIMENTO_MS = 5_000;
const VIDA_S = 20;

/** The file that names a data folder: the same for every instance that mounts one shared folder. */
const ARQUIVO_IDENTIDADE = ".pasta-de-dados";

export type TReservaPasta = { pasta: string; parar: () => Promise<void> };

/** The folder's identity, created once (`wx`: two instances starting on one shared folder agree on the first). */
async function identidadeDaPasta(raiz: string): Promise<string> {
  const arquivo = path.join(raiz, ARQUIVO_IDENTIDADE);
  await mkdir(raiz, { recursive: true });
  try {
    await writeFile(arquivo, randomUUID(), { flag: "wx", mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  return (await readFile(arquivo, "utf8")).trim();
}

/** The start refused: what the person starting the second instance reads (pt-BR), pointing to the two ways out. */
export class PastaDeDadosRecusada extends Error {
  constructor(outra: { maquina: string; caminho: string; segundos: number }) {
    super(mensagemOutraPasta(outra));
  }
}

function mensagemOutraPasta(outra: { maquina: string; caminho: string; segundos: number }): string {
  return (
    `Armazenamento local recusado: outra instância (máquina ${outra.maquina}, pasta ${outra.caminho}, vista há ${outra.segundos} s) usa este banco com os ` +
    "arquivos em outra pasta de dados: o que uma gravasse não existiria para a outra. Com várias instâncias, use " +
    "STORAGE_DRIVER=s3 (docs/operations.md) ou monte a mesma pasta compartilhada como DATA_DIR/storage em todas. " +
    `Se a outra instância já parou, tente de novo em ${VIDA_S} s.`
  );
}

/** What the start logs when files stay on this disk while the database may be shared (decision 1856). */
export const avisoPastaLocal = (raiz: string) =>
  `arquivos no disco local (${raiz}) com banco externo: outra instância só pode usar este banco montando a mesma pasta; com várias instâncias, use STORAGE_DRIVER=s3 ou uma pasta compartilhada`;

/**
 * Local storage with an external database (decision 1856): this instance's data folder is recorded in the database,
 * renewed every 5 s, and the start is refused while a live instance (renewed within 20 s) uses another folder. The
 * check and the insert run under one advisory lock, so two instances starting together on two folders cannot both
 * pass. `parar()` removes the row at shutdown.
 */
export async function reservarPastaLocal(pool: pg.Pool, raiz: string): Promise<TReservaPasta> {
  const pasta = await identidadeDaPasta(raiz);
  const instancia = randomUUID();
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock(hashtext('crm:armazenamento-local'))");
    await client.query("DELETE FROM instancias_armazenamento_local WHERE visto_em < now() - make_interval(secs => $1)", [VIDA_S]);
    const { rows } = await client.query<{ maquina: string; caminho: string; segundos: number }>(
      `SELECT maquina, caminho, extract(epoch FROM now() - visto_em)::int AS segundos
         FROM instancias_armazenamento_local WHERE pasta <> $1 ORDER BY visto_em DESC LIMIT 1`,
      [pasta],
    );
    if (rows[0]) throw new PastaDeDadosRecusada(rows[0]);
    await client.query(
      "INSERT INTO instancias_armazenamento_local (instancia, pasta, maquina, caminho) VALUES ($1, $2, $3, $4)",
      [instancia, pasta, hostname(), raiz],
    );
    await client.query("COMMIT");
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  // a renewal that fails (the database away) is retried at the next beat; a row dropped as stale meanwhile comes back
  const relogio = setInterval(() => {
    pool
      .query(
        `INSERT INTO instancias_armazenamento_local (instancia, pasta, maquina, caminho) VALUES ($1, $2, $3, $4)
         ON CONFLICT (instancia) DO UPDATE SET visto_em = now()`,
        [instancia, pasta, hostname(), raiz],
      )
      .catch(() => {});
  }, BATIMENTO_MS);
  relogio.unref();
  return {
    pasta,
    async parar() {
      clearInterval(relogio);
      await pool.query("DELETE FROM instancias_armazenamento_local WHERE instancia = $1", [instancia]).catch(() => {});
    },
  };
}

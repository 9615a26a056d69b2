import type pg from "pg";
import { impressaoDaChave } from "../crypto/secrets.js";
import type { TArmazenamento } from "../storage/storage.js";
import { Cabecalho, FORMATO_BACKUP, type TManifesto } from "./archive-format.js";
import { tabelasDaEmpresa } from "./company-scope.js";
import { ErroRestauracao } from "./read-archive.js";
import { abrirArquivoDeSaida } from "./write-archive.js";

export type TResultadoExportacao = { empresa: { id: string; nome: string }; manifesto: TManifesto; bytes: number; ms: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Writes one company — its rows in every tenant table, its users, security log and audit chain, and its stored
 * files — into an archive of the backup's format with `empresa` in the header (decision 1943): the platform admin's
 * "Exportar empresa" (portability, offboarding) and `npm run company:export`. The rows are read in one REPEATABLE
 * READ snapshot as the system role: a company's own screens do not see every row of it (a person's notifications and
 * personal quick replies are theirs only), and the archive must hold them all. What keeps the other companies out is
 * the one condition every read carries (company-scope.ts), checked by the tests against every table.
 */
export async function exportarEmpresa(o: {
  pool: pg.Pool;
  empresaId: string;
  armazenamento: TArmazenamento;
  destino: string;
  versaoApp: string;
  /** the last migration this installation applied */
  migracao: string;
  appSecret: string;
}): Promise<TResultadoExportacao> {
  const inicio = performance.now();
  if (!UUID.test(o.empresaId)) throw new ErroRestauracao(`Empresa não encontrada: ${o.empresaId}`);
  const client = await o.pool.connect();
  let saida: ReturnType<typeof abrirArquivoDeSaida> | undefined;
  try {
    await client.query(
      `BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY;
       SELECT set_config('app.empresa_id', ${client.escapeLiteral(o.empresaId)}, true), set_config('app.usuario_id', '', true),
              set_config('app.papel', 'sistema', true), set_config('application_name', 'crm:exportar empresa', true)`,
    );
    const { rows } = await client.query<{ nome: string }>("SELECT nome_empresa AS nome FROM empresas WHERE id = $1", [
      o.empresaId,
    ]);
    const nome = rows[0]?.nome;
    if (nome === undefined) throw new ErroRestauracao(`Empresa não encontrada: ${o.empresaId}`);
    const tabelas = await tabelasDaEmpresa(client);
    const empresa = { id: o.empresaId, nome };
    saida = abrirArquivoDeSaida(
      o.destino,
      Cabecalho.parse({
        formato: FORMATO_BACKUP,
        versaoApp: o.versaoApp,
        migracao: o.migracao,
        criadoEm: new Date().toISOString(),
        tabelas: tabelas.map(({ schema, nome, colunas }) => ({ schema, nome, colunas })),
        empresa,
        impressaoDaChave: impressaoDaChave(o.appSecret),
      }),
    );
    for (const [i, t] of tabelas.entries()) await saida.tabela(client, i, t, t.filtro, [o.empresaId]);
    await client.query("COMMIT");
    await saida.arquivos(o.armazenamento, o.empresaId);
    const bytes = await saida.concluir();
    return { empresa, manifesto: saida.manifesto, bytes, ms: performance.now() - inicio };
  } catch (e) {
    await client.query("ROLLBACK").catch(() => {});
    await saida?.abortar();
    throw e;
  } finally {
    client.release();
  }
}

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { TVerificacao } from "@crm/domain/doctor";
import type pg from "pg";
import { checksumDaMigracao, MIGRATIONS_DIR } from "../db/migrate.js";
import { conferirPapelDaAplicacao, type TDb } from "../db/pool.js";
import { resultado } from "./check.js";

/** PostgreSQL 15+: the migrations use its MERGE, NULLS NOT DISTINCT and the public schema's 15 defaults. */
const VERSAO_MINIMA = 150000;

export async function verificarBanco(db: TDb): Promise<TVerificacao[]> {
  const { rows } = await db.app.query<{ versao: number; texto: string }>(
    "SELECT current_setting('server_version_num')::int AS versao, current_setting('server_version') AS texto",
  );
  const v = rows[0] as { versao: number; texto: string };
  const saida = [
    v.versao >= VERSAO_MINIMA
      ? resultado("banco.versao", "Versão do PostgreSQL", "ok", `PostgreSQL ${v.texto}`)
      : resultado(
          "banco.versao",
          "Versão do PostgreSQL",
          "erro",
          `PostgreSQL ${v.texto}`,
          "Atualize o servidor para o PostgreSQL 15 ou mais novo (pg_upgrade ou o serviço gerenciado).",
        ),
  ];
  saida.push(
    await conferirPapelDaAplicacao(db).then(
      () => resultado("banco.papeis", "Papel da aplicação", "ok", "crm_app sem superusuário, sem BYPASSRLS, dono de nada"),
      (e: Error) =>
        resultado(
          "banco.papeis",
          "Papel da aplicação",
          "erro",
          e.message,
          "Crie os papéis como em docs/operations.md (Banco de dados).",
        ),
    ),
  );
  saida.push(await verificarRls(db.app), await verificarMigracoes(db.app));
  return saida;
}

/** Every table holding a company's rows must have row-level security on and forced (decision 0003). */
async function verificarRls(pool: pg.Pool): Promise<TVerificacao> {
  const { rows } = await pool.query<{ tabela: string }>(
    `SELECT c.relname AS tabela FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
        AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'id_empresa_fk' AND NOT a.attisdropped)
        AND NOT (c.relrowsecurity AND c.relforcerowsecurity)
      ORDER BY 1`,
  );
  if (!rows.length)
    return resultado("banco.rls", "Segurança por linha (RLS)", "ok", "ligada e forçada em toda tabela de empresa");
  return resultado(
    "banco.rls",
    "Segurança por linha (RLS)",
    "erro",
    `sem RLS forçada: ${rows.map((r) => r.tabela).join(", ")}`,
    "Alguém desligou a RLS à mão: rode ALTER TABLE … ENABLE ROW LEVEL SECURITY e … FORCE ROW LEVEL SECURITY nessas tabelas.",
  );
}

/** Applied migrations against the files: pending ones, ones edited after they ran, ones this code does not know. */
async function verificarMigracoes(pool: pg.Pool): Promise<TVerificacao> {
  const titulo = "Migrações";
  const arquivos = readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  const { rows } = await pool.query<{ versao: string; checksum: string | null }>(
    "SELECT versao, checksum FROM migracoes_aplicadas()",
  );
  const aplicadas = new Map(rows.map((r) => [r.versao, r.checksum]));
  const pendentes: string[] = [];
  const alteradas: string[] = [];
  for (const f of arquivos) {
    const versao = f.replace(/\.sql$/, "");
    if (!aplicadas.has(versao)) pendentes.push(versao);
    else {
      const gravado = aplicadas.get(versao);
      if (gravado && gravado !== checksumDaMigracao(readFileSync(path.join(MIGRATIONS_DIR, f), "utf8"))) alteradas.push(versao);
    }
    aplicadas.delete(versao);
  }
  const desconhecidas = [...aplicadas.keys()];
  if (alteradas.length || desconhecidas.length)
    return resultado(
      "banco.migracoes",
      titulo,
      "erro",
      [
        alteradas.length ? `alteradas depois de aplicadas: ${alteradas.join(", ")}` : "",
        desconhecidas.length ? `aplicadas mas desconhecidas deste código: ${desconhecidas.join(", ")}` : "",
      ]
        .filter(Boolean)
        .join("; "),
      desconhecidas.length
        ? "O banco é de uma versão mais nova do CRM: rode a mesma versão (ou mais nova) em todas as instâncias."
        : "Uma migração aplicada não se edita: desfaça a alteração no arquivo e escreva uma nova migração.",
    );
  if (pendentes.length)
    return resultado(
      "banco.migracoes",
      titulo,
      "aviso",
      `pendentes: ${pendentes.join(", ")}`,
      "Rode npm run db:migrate (ou reinicie uma instância: ela aplica as pendentes).",
    );
  return resultado("banco.migracoes", titulo, "ok", `${arquivos.length} aplicadas, checksums conferem`);
}

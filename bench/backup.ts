// `npm run bench -- backup`: the backup and restore times of a 1M-lead database (decision 1857), and one company's
// export and import (decision 1943). BACKUP_BENCH_LEADS (1,000,000) leads, 200,000 of them in the measured company,
// BACKUP_BENCH_ARQUIVOS (200) stored files of 100 kB; the archive goes to a temp dir. The restore goes into a second,
// empty database of the same cluster and an empty folder; the import into a third, migrated one. The machine is
// shared by several engineers: figures are noisy.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Pg from "pg";
import { versaoDoApp } from "../apps/server/src/backup/app-version.js";
import { exportarEmpresa } from "../apps/server/src/backup/company-export.js";
import { importarEmpresa } from "../apps/server/src/backup/company-import.js";
import { fazerBackup } from "../apps/server/src/backup/dump.js";
import { restaurarBackup } from "../apps/server/src/backup/restore.js";
import { startEmbeddedPostgres } from "../apps/server/src/db/embedded.js";
import { migrate } from "../apps/server/src/db/migrate.js";
import { withDatabase } from "../apps/server/src/db/pool.js";
import { criarArmazenamentoLocal } from "../apps/server/src/storage/storage.js";
import { numeroEnv, type TBancada } from "./leads-harness.js";
import { gerar } from "./leads-list.js";

const LEADS = numeroEnv("BACKUP_BENCH_LEADS", 1_000_000);
const ARQUIVOS = numeroEnv("BACKUP_BENCH_ARQUIVOS", 200);
const SEGREDO = "bench-".repeat(6);

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;

export async function backupBench(): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), "crm-bench-backup-"));
  const pg = await startEmbeddedPostgres({ dir: path.join(dir, "pg"), password: "bench", persistent: false });
  const dono = new Pg.Pool({ connectionString: pg.url, max: 2 });
  dono.on("error", () => {});
  const linhas: string[] = [];
  try {
    await migrate(dono);
    const { rows } = await dono.query(
      "INSERT INTO empresas (nome_empresa, email_contato, plano_assinatura) VALUES ('Bench backup', 'b@bench.local', 'Enterprise') RETURNING id",
    );
    const empresaId = rows[0].id as string;
    const naEmpresa = Math.min(LEADS, 200_000);
    await gerar({ dono, empresaId } as TBancada, LEADS, naEmpresa);
    const origem = criarArmazenamentoLocal(path.join(dir, "arquivos"));
    for (let i = 0; i < ARQUIVOS; i++)
      await origem.gravar(`${empresaId}/documentos/bench/${String(i).padStart(4, "0")}.pdf`, randomBytes(100 * 1024));
    const { rows: tamanho } = await dono.query<{ b: string }>("SELECT pg_database_size(current_database())::text AS b");
    linhas.push(
      `backup e restauração — ${LEADS.toLocaleString("pt-BR")} leads (${naEmpresa.toLocaleString("pt-BR")} numa empresa), ` +
        `${ARQUIVOS} arquivos de 100 kB; banco de ${mb(Number(tamanho[0]?.b))} (máquina compartilhada: números ruidosos)`,
    );

    const arquivo = path.join(dir, "backup.tar.gz");
    const feito = await fazerBackup({ url: pg.url, armazenamento: origem, destino: arquivo, versaoApp: versaoDoApp() });
    const total = feito.manifesto.tabelas.reduce((n, t) => n + t.linhas, 0);
    linhas.push(
      `  npm run backup: ${s(feito.ms)} → ${mb(feito.bytes)} (${total.toLocaleString("pt-BR")} linhas em ` +
        `${feito.manifesto.tabelas.length} tabelas, ${Math.round(total / (feito.ms / 1000)).toLocaleString("pt-BR")} linhas/s)`,
    );

    const novoBanco = async (nome: string) => {
      await dono.query(`CREATE DATABASE ${nome}`);
      return withDatabase(pg.url, nome);
    };
    const restaurado = await novoBanco("restaurado");
    const r = await restaurarBackup({
      url: restaurado,
      armazenamento: criarArmazenamentoLocal(path.join(dir, "restaurado")),
      origem: arquivo,
      forcar: false,
    });
    const conferem = r.tabelas.every((t) => t.esperadas === t.encontradas);
    linhas.push(
      `  npm run restore (confere o arquivo inteiro, carrega, compara as contagens): ${s(r.ms)}; ` +
        `${r.tabelas.length} tabelas ${conferem ? "conferem" : "NÃO conferem"}, ${r.arquivos} arquivos`,
    );

    const exportado = path.join(dir, "empresa.tar.gz");
    const migracao = (await dono.query<{ v: string }>("SELECT max(versao) AS v FROM schema_migrations")).rows[0]?.v ?? "";
    const ex = await exportarEmpresa({
      pool: dono,
      empresaId,
      armazenamento: origem,
      destino: exportado,
      versaoApp: versaoDoApp(),
      migracao,
      appSecret: SEGREDO,
    });
    linhas.push(`  exportar a empresa (${naEmpresa.toLocaleString("pt-BR")} leads): ${s(ex.ms)} → ${mb(ex.bytes)}`);
    const destino = await novoBanco("outra_instalacao");
    const outra = new Pg.Pool({ connectionString: destino, max: 1 });
    try {
      await migrate(outra);
    } finally {
      await outra.end();
    }
    const im = await importarEmpresa({
      url: destino,
      armazenamento: criarArmazenamentoLocal(path.join(dir, "outra")),
      origem: exportado,
      appSecret: SEGREDO,
    });
    linhas.push(
      `  importar a empresa noutra instalação (confere, carrega, chaves estrangeiras, contagens): ${s(im.ms)}; ` +
        `${im.tabelas.every((t) => t.esperadas === t.encontradas) ? "contagens conferem" : "contagens NÃO conferem"}`,
    );
    return linhas;
  } finally {
    await dono.end();
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

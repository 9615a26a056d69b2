import { createReadStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { MSG } from "@crm/domain/messages";
import { nomeArquivoExportacaoEmpresa } from "@crm/domain/messages-platform";
import { horaLocalSP } from "@crm/domain/period";
import { versaoDoApp } from "../backup/app-version.js";
import { exportarEmpresa } from "../backup/company-export.js";
import { ErroRestauracao } from "../backup/read-archive.js";
import type { TDeps } from "../core/deps.js";
import { notFound } from "../http/errors.js";

const versao = versaoDoApp();

/**
 * 'Exportar empresa' (decision 1943): one company's rows and files in the backup's format, written to a private
 * temporary file, then streamed and removed once the download ends or is dropped. Read as crm_app through the app
 * pool (in the system role, so that every row of the company is read): no other right is needed.
 */
export async function crossTenantExportarEmpresa(
  deps: Pick<TDeps, "db" | "storage" | "config" | "migracao">,
  empresaId: string,
): Promise<{ nome: string; stream: Readable; bytes: number }> {
  const pasta = await mkdtemp(path.join(tmpdir(), "crm-exportacao-"));
  const destino = path.join(pasta, "empresa.tar.gz");
  try {
    const r = await exportarEmpresa({
      pool: deps.db.app,
      empresaId,
      armazenamento: deps.storage,
      destino,
      versaoApp: versao,
      migracao: deps.migracao ?? "desconhecida",
      appSecret: deps.config.appSecret,
    });
    const stream = createReadStream(destino);
    stream.once("close", () => void rm(pasta, { recursive: true, force: true }));
    const dia = horaLocalSP(new Date()).toISOString().slice(0, 10);
    return { nome: nomeArquivoExportacaoEmpresa(r.empresa.nome, dia), stream, bytes: r.bytes };
  } catch (e) {
    await rm(pasta, { recursive: true, force: true });
    if (e instanceof ErroRestauracao) throw notFound(MSG.empresaNaoEncontrada);
    throw e;
  }
}

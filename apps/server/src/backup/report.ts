import type { TResultadoExportacao } from "./company-export.js";
import type { TResultadoImportacao } from "./company-import.js";
import type { TResultadoBackup } from "./dump.js";
import type { TResultadoRestauracao } from "./restore.js";

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** What `npm run backup` prints. */
export function resumoDoBackup(destino: string, r: TResultadoBackup): string {
  const linhas = r.manifesto.tabelas.reduce((n, t) => n + t.linhas, 0);
  const bytesArquivos = r.manifesto.arquivos.reduce((n, a) => n + a.bytes, 0);
  return [
    `Backup gravado em ${destino} (${mb(r.bytes)}, ${s(r.ms)}), migração ${r.migracao}:`,
    `  banco     ${r.manifesto.tabelas.length} tabelas, ${linhas} linhas`,
    `  arquivos  ${r.manifesto.arquivos.length} (${mb(bytesArquivos)}), cada um com seu sha256 no manifesto`,
  ].join("\n");
}

/** What `npm run restore` prints: every table's count against the manifest, then the files. */
export function resumoDaRestauracao(r: TResultadoRestauracao): string {
  const largura = Math.max(...r.tabelas.map((t) => t.tabela.length), 6);
  return [
    `Backup de ${r.cabecalho.criadoEm} (versão ${r.cabecalho.versaoApp}, migração ${r.cabecalho.migracao}) restaurado em ${s(r.ms)}.`,
    `${"tabela".padEnd(largura)}  linhas  conferem`,
    ...r.tabelas.map(
      (t) =>
        `${t.tabela.padEnd(largura)}  ${String(t.encontradas).padStart(6)}  ${t.encontradas === t.esperadas ? "sim" : `NÃO (manifesto: ${t.esperadas})`}`,
    ),
    `Arquivos: ${r.arquivos}, todos com o sha256 do manifesto.`,
    r.migracoesDepois.length ? `Migrações aplicadas depois: ${r.migracoesDepois.join(", ")}` : "Banco já na última migração.",
  ].join("\n");
}

/** What `npm run company:export` prints. */
export function resumoDaExportacao(destino: string, r: TResultadoExportacao): string {
  const linhas = r.manifesto.tabelas.reduce((n, t) => n + t.linhas, 0);
  const bytesArquivos = r.manifesto.arquivos.reduce((n, a) => n + a.bytes, 0);
  return [
    `Empresa ${r.empresa.nome} (${r.empresa.id}) exportada em ${destino} (${mb(r.bytes)}, ${s(r.ms)}):`,
    `  banco     ${r.manifesto.tabelas.length} tabelas, ${linhas} linhas`,
    `  arquivos  ${r.manifesto.arquivos.length} (${mb(bytesArquivos)}), cada um com seu sha256 no manifesto`,
  ].join("\n");
}

/** What `npm run company:import` prints: the counts against the manifest, then what must be set again. */
export function resumoDaImportacao(r: TResultadoImportacao): string {
  const comLinhas = r.tabelas.filter((t) => t.encontradas > 0);
  const largura = Math.max(...comLinhas.map((t) => t.tabela.length), 6);
  return [
    `Empresa ${r.empresa.nome} (${r.empresa.id}) importada em ${s(r.ms)}: ${r.tabelas.length} tabelas conferidas com o manifesto.`,
    `${"tabela".padEnd(largura)}  linhas`,
    ...comLinhas.map((t) => `${t.tabela.padEnd(largura)}  ${String(t.encontradas).padStart(6)}`),
    `Arquivos: ${r.arquivos}, todos com o sha256 do manifesto.`,
    ...(r.segredosPerdidos.length
      ? [
          "Esta instalação tem outro APP_SECRET: o que ele protegia na origem não pode ser lido aqui. Refaça:",
          ...r.segredosPerdidos.map((x) => `  - ${x}`),
        ]
      : ["Mesmo APP_SECRET da origem: tokens, chaves e a lista de supressão continuam valendo."]),
  ].join("\n");
}

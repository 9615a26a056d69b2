import {
  analisarCsv,
  conteudoModeloCsv,
  decodificarCsv,
  NOME_MODELO_CSV,
  pareceBinario,
  TAMANHO_MAXIMO_CSV,
  type TAnaliseCsv,
} from "@crm/domain/leads-csv";
import { MSG } from "@crm/domain/messages";
import { contar } from "@crm/domain/plural";
import type { TImportacaoLeads, TImportacaoRecusada } from "@crm/domain/schemas/leads";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, FileUp } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { esperar } from "../../../lib/sleep";
import { Alert } from "../../../ui/Alert";
import { Button } from "../../../ui/Button";
import { ProgressBar } from "../../../ui/ProgressBar";
import { Spinner } from "../../../ui/Spinner";
import { toast } from "../../../ui/toast";
import { CHAVE_LEADS, salvarArquivo } from "../api";
import { CsvPreview } from "./CsvPreview";
import { ImportProgress } from "./ImportProgress";
import { ImportResultPanel } from "./ImportResultPanel";
import { emAndamento, importacoesRecentesQuery } from "./importQueries";
import { enviarCsv, ImportacaoRecusada } from "./uploadCsv";

type TEstado =
  | { etapa: "escolher"; erro?: string }
  | { etapa: "analisando"; arquivo: File }
  | { etapa: "previa"; arquivo: File; analise: TAnaliseCsv }
  | { etapa: "enviando"; arquivo: File; analise: TAnaliseCsv; progresso: number | null }
  /** accepted: a job inserts the leads; the preview stays when this tab sent the file */
  | { etapa: "importando"; id: string; nomeArquivo: string; analise?: TAnaliseCsv }
  | { etapa: "resultado"; r: TImportacaoRecusada & { recusada: boolean } };

const pareceCsv = (f: File) =>
  /\.csv$/i.test(f.name) || ["text/csv", "application/csv", "application/vnd.ms-excel"].includes(f.type);

/**
 * CSV bulk import (001 'Lead import', §5): template download, a preview of the first lines checked by the same
 * rules as the server, upload with a progress bar, the insert's progress while the import job runs (decision 0306),
 * then the result (inserted, failed lines, duplicates). An import still running when the page opens is followed.
 */
export function CsvImportCard({ base, onImportado }: { base: string; onImportado: (n: number) => void }) {
  const qc = useQueryClient();
  const entrada = useRef<HTMLInputElement>(null);
  const [estado, setEstado] = useState<TEstado>({ etapa: "escolher" });

  const recentes = useQuery(importacoesRecentesQuery(base));
  const retomada = useRef(false);
  useEffect(() => {
    if (retomada.current || !recentes.data) return;
    retomada.current = true; // only what was running when the page opened
    const emCurso = recentes.data.find(emAndamento);
    if (emCurso)
      setEstado((e) => (e.etapa === "escolher" ? { etapa: "importando", id: emCurso.id, nomeArquivo: emCurso.nomeArquivo } : e));
  }, [recentes.data]);

  const terminar = useCallback(
    (importacao: TImportacaoLeads) => {
      if (importacao.status === "concluida" && importacao.resultado) {
        const r = importacao.resultado;
        setEstado({ etapa: "resultado", r: { ...r, erro: "", recusada: false } });
        void qc.invalidateQueries({ queryKey: CHAVE_LEADS });
        if (r.inseridos > 0) onImportado(r.inseridos);
      } else {
        const erro = importacao.erro ?? MSG.importacaoFalhou;
        toast.error(erro);
        setEstado({ etapa: "resultado", r: { erro, inseridos: 0, recusada: true } });
      }
    },
    [qc, onImportado],
  );

  async function escolher(arquivo: File | undefined) {
    if (!arquivo) return;
    if (!pareceCsv(arquivo)) return setEstado({ etapa: "escolher", erro: MSG.csvSelecioneValido });
    if (arquivo.size > TAMANHO_MAXIMO_CSV) return setEstado({ etapa: "escolher", erro: MSG.csvMuitoGrande });
    setEstado({ etapa: "analisando", arquivo });
    await esperar(30); // let the spinner paint before a large file is parsed
    try {
      const bytes = new Uint8Array(await arquivo.arrayBuffer());
      if (pareceBinario(bytes)) return setEstado({ etapa: "escolher", erro: MSG.csvSelecioneValido });
      setEstado({ etapa: "previa", arquivo, analise: analisarCsv(decodificarCsv(bytes).texto) });
    } catch {
      setEstado({ etapa: "escolher", erro: MSG.erroProcessarCsv });
    }
  }

  async function importar(arquivo: File, analise: TAnaliseCsv) {
    setEstado({ etapa: "enviando", arquivo, analise, progresso: 0 });
    try {
      const importacao = await enviarCsv(base, arquivo, (f) =>
        setEstado((e) => (e.etapa === "enviando" ? { ...e, progresso: f >= 1 ? null : f * 100 } : e)),
      );
      setEstado({ etapa: "importando", id: importacao.id, nomeArquivo: arquivo.name, analise });
    } catch (e) {
      const recusa = e instanceof ImportacaoRecusada ? e.recusa : { erro: MSG.erroProcessarCsv };
      setEstado({ etapa: "resultado", r: { ...recusa, recusada: true } });
    }
  }

  function recomecar() {
    if (entrada.current) entrada.current.value = "";
    setEstado({ etapa: "escolher" });
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="outline"
          onClick={() =>
            salvarArquivo(new Blob([`\uFEFF${conteudoModeloCsv()}`], { type: "text/csv;charset=utf-8" }), NOME_MODELO_CSV)
          }
        >
          <Download className="size-4" aria-hidden="true" />
          Baixar modelo CSV
        </Button>
        <label className="inline-flex cursor-pointer items-center gap-2 rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-blue-600 hover:bg-blue-800">
          <FileUp className="size-4" aria-hidden="true" />
          Selecionar arquivo CSV
          <input
            ref={entrada}
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            disabled={estado.etapa === "enviando" || estado.etapa === "analisando" || estado.etapa === "importando"}
            onChange={(e) => void escolher(e.target.files?.[0])}
          />
        </label>
        <p className="text-xs text-slate-600">
          Colunas: nome, telefone, tipo_financiamento, valor_total_financiado, valor_parcela (obrigatórias),
          quantidade_parcelas_pagas, objetivo_cliente. Separador vírgula ou ponto e vírgula; até 16MB.
        </p>
      </div>

      {estado.etapa === "escolher" && estado.erro && <Alert tipo="erro">{estado.erro}</Alert>}
      {estado.etapa === "analisando" && (
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <Spinner /> Analisando {estado.arquivo.name}...
        </p>
      )}
      {(estado.etapa === "previa" || estado.etapa === "enviando") && (
        <>
          <CsvPreview analise={estado.analise} nomeArquivo={estado.arquivo.name} />
          {estado.etapa === "enviando" ? (
            <ProgressBar
              valor={estado.progresso}
              rotulo={estado.progresso === null ? "Processando importação..." : "Enviando arquivo..."}
            />
          ) : (
            <div className="flex flex-wrap gap-2">
              {/* a file that cannot give any lead (missing headers, no valid line) offers no import at all */}
              {!estado.analise.erroArquivo && estado.analise.leads.length > 0 && (
                <Button onClick={() => void importar(estado.arquivo, estado.analise)} disabled={estado.analise.totalErros > 0}>
                  Importar {contar(estado.analise.leads.length, "lead", "leads")}
                </Button>
              )}
              <Button variant="outline" onClick={recomecar}>
                Escolher outro arquivo
              </Button>
            </div>
          )}
        </>
      )}
      {estado.etapa === "importando" && (
        <>
          {estado.analise ? (
            <CsvPreview analise={estado.analise} nomeArquivo={estado.nomeArquivo} />
          ) : (
            <p className="text-sm text-slate-700">
              Importação de <span className="font-medium">{estado.nomeArquivo}</span> em andamento.
            </p>
          )}
          <ImportProgress key={estado.id} base={base} id={estado.id} onFim={terminar} />
        </>
      )}
      {estado.etapa === "resultado" && (
        <>
          <ImportResultPanel r={estado.r} />
          <Button variant="outline" onClick={recomecar}>
            Importar outro arquivo
          </Button>
        </>
      )}
    </div>
  );
}

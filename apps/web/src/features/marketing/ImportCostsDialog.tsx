import { TAMANHO_MAXIMO_CSV } from "@crm/domain/leads-csv";
import { COLUNAS_CSV_CUSTOS, conteudoModeloCsvCustos, NOME_MODELO_CSV_CUSTOS } from "@crm/domain/marketing-csv";
import { MSG } from "@crm/domain/messages";
import { contar } from "@crm/domain/plural";
import type { TImportacaoCustosRecusada } from "@crm/domain/schemas/marketing";
import { useQueryClient } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useId, useState } from "react";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { toast } from "../../ui/toast";
import { CHAVE_CUSTOS, ImportacaoCustosRecusada, importarCsvCustos, type TAlvo } from "./api";

const MOSTRAR = 20;
const pareceCsv = (f: File) =>
  /\.csv$/i.test(f.name) || ["text/csv", "application/csv", "application/vnd.ms-excel"].includes(f.type);

function baixarModelo() {
  const url = URL.createObjectURL(new Blob([`\uFEFF${conteudoModeloCsvCustos()}`], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = NOME_MODELO_CSV_CUSTOS;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Import of a cost spreadsheet with the form's columns: all lines or none; a refused file lists its 'Linha N'
 * errors. Lines already stored with the same figures are skipped, so a growing spreadsheet can be sent again.
 */
export function ImportCostsDialog({ open, onClose, alvo }: { open: boolean; onClose: () => void; alvo: TAlvo }) {
  const qc = useQueryClient();
  const id = useId();
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [enviando, setEnviando] = useState(false);
  const [recusa, setRecusa] = useState<TImportacaoCustosRecusada | null>(null);

  function fechar() {
    if (enviando) return;
    setArquivo(null);
    setRecusa(null);
    onClose();
  }

  function escolher(f: File | null) {
    setRecusa(null);
    setArquivo(null);
    if (!f) return;
    if (!pareceCsv(f)) return setRecusa({ erro: MSG.csvSelecioneValido });
    if (f.size > TAMANHO_MAXIMO_CSV) return setRecusa({ erro: MSG.csvMuitoGrande });
    setArquivo(f);
  }

  async function enviar() {
    if (!arquivo) return setRecusa({ erro: MSG.csvSelecioneValido });
    setEnviando(true);
    try {
      const r = await importarCsvCustos(alvo, arquivo);
      toast.success(MSG.custosImportados(r.inseridos, r.ignorados));
      await qc.invalidateQueries({ queryKey: CHAVE_CUSTOS });
      setEnviando(false);
      setArquivo(null);
      onClose();
    } catch (e) {
      setRecusa(e instanceof ImportacaoCustosRecusada ? e.recusa : { erro: MSG.erroProcessarCsv });
      setEnviando(false);
    }
  }

  const mais = recusa?.erros ? (recusa.totalErros ?? recusa.erros.length) - Math.min(recusa.erros.length, MOSTRAR) : 0;
  return (
    <Dialog
      open={open}
      onOpenChange={(v) => !v && fechar()}
      titulo="Importar Custos (CSV)"
      descricao={`Colunas: ${COLUNAS_CSV_CUSTOS.join(", ")}. Data, plataforma e valor são obrigatórios; separador ; ou ,.`}
    >
      <div className="space-y-4">
        <Button variant="link" onClick={baixarModelo}>
          <Download className="size-4" aria-hidden="true" />
          Baixar modelo
        </Button>
        <div>
          <label htmlFor={`${id}-arquivo`} className="block text-sm font-medium text-slate-800">
            Arquivo CSV (até 16MB)
          </label>
          <input
            id={`${id}-arquivo`}
            type="file"
            accept=".csv,text/csv"
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium"
            onChange={(e) => escolher(e.target.files?.[0] ?? null)}
          />
        </div>
        {recusa && (
          <Alert tipo="erro">
            <p>{recusa.erro}</p>
            {recusa.erros && recusa.erros.length > 0 && (
              <ul className="mt-2 list-disc space-y-0.5 pl-5" aria-label="Linhas com erro">
                {recusa.erros.slice(0, MOSTRAR).map((e) => (
                  <li key={`${e.linha}-${e.mensagem}`}>{e.mensagem}</li>
                ))}
                {mais > 0 && <li>e mais {contar(mais, "linha", "linhas")} com erro</li>}
              </ul>
            )}
          </Alert>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={fechar} disabled={enviando}>
            Cancelar
          </Button>
          <Button onClick={enviar} carregando={enviando} disabled={!arquivo}>
            {enviando ? "Importando..." : "Importar"}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

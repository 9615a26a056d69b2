import { ROTULO_MODALIDADE } from "@crm/domain/revisional/modalities";
import { TEXTO_TAXAS } from "@crm/domain/revisional/rates-texts";
import type { TSerieResumo } from "@crm/domain/schemas/bacen-rates";
import { TAMANHO_MAXIMO_CSV_TAXAS } from "@crm/domain/schemas/bacen-rates";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ApiError, mensagemDeErro } from "../../lib/api";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Select } from "../../ui/Select";
import { toast } from "../../ui/toast";
import { CHAVE_TAXAS, importarTaxas } from "./api";

/**
 * A CSV as the SGS itself exports a series ("data";"valor"), for the chosen series or with a 'codigo' column.
 * Read here as text (1 MB at most); the server checks every line and stores all or nothing.
 */
export function ImportRatesForm({ series }: { series: TSerieResumo[] }) {
  const id = useId();
  const qc = useQueryClient();
  const [codigo, setCodigo] = useState<string>(String(series[0]?.codigo ?? ""));
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [erro, setErro] = useState<{ erro: string; detalhes?: string[] } | null>(null);
  const [enviando, setEnviando] = useState(false);

  async function enviar() {
    setErro(null);
    if (!arquivo) return setErro({ erro: TEXTO_TAXAS.selecioneArquivo });
    if (arquivo.size > TAMANHO_MAXIMO_CSV_TAXAS) return setErro({ erro: TEXTO_TAXAS.arquivoGrande });
    let csv: string;
    try {
      csv = await arquivo.text();
    } catch {
      // e.g. the file changed on disk after it was picked: the browser refuses to read it
      return setErro({ erro: TEXTO_TAXAS.arquivoIlegivel });
    }
    setEnviando(true);
    try {
      const r = await importarTaxas(codigo ? Number(codigo) : null, csv);
      toast.success(TEXTO_TAXAS.importadas(r.importados));
      await qc.invalidateQueries({ queryKey: CHAVE_TAXAS });
    } catch (e) {
      setErro({ erro: mensagemDeErro(e, TEXTO_TAXAS.erroCarregar), detalhes: e instanceof ApiError ? e.detalhes : undefined });
    } finally {
      setEnviando(false);
    }
  }

  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-serie`} className="block text-sm font-medium text-slate-800">
            Série
          </label>
          <Select id={`${id}-serie`} value={codigo} onChange={(e) => setCodigo(e.target.value)} className="mt-1 w-full">
            {series.map((s) => (
              <option key={s.codigo} value={s.codigo}>
                {ROTULO_MODALIDADE[s.modalidade]} (SGS {s.codigo}, {s.unidade})
              </option>
            ))}
            <option value="">Coluna 'codigo' do arquivo</option>
          </Select>
        </div>
        <div>
          <label htmlFor={`${id}-arquivo`} className="block text-sm font-medium text-slate-800">
            Arquivo CSV (até 1 MB)
          </label>
          <input
            id={`${id}-arquivo`}
            type="file"
            accept=".csv,text/csv"
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium"
            onChange={(e) => setArquivo(e.target.files?.[0] ?? null)}
          />
        </div>
      </div>
      <p className="text-xs text-slate-600">{TEXTO_TAXAS.formatoCsv}</p>
      {erro && (
        <Alert tipo="erro">
          <p>{erro.erro}</p>
          {erro.detalhes && (
            <ul className="mt-2 list-disc space-y-0.5 pl-5" aria-label="Linhas com erro">
              {erro.detalhes.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      <Button variant="outline" onClick={enviar} disabled={enviando}>
        {TEXTO_TAXAS.importar}
      </Button>
    </div>
  );
}

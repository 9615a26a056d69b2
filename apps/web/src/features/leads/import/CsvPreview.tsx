import { COLUNAS_MODELO_CSV, type TAnaliseCsv } from "@crm/domain/leads-csv";
import { contar } from "@crm/domain/plural";
import { Alert } from "../../../ui/Alert";
import { Table, TBody, Td, THead, Th, Tr } from "../../../ui/Table";
import { LineErrors } from "./LineErrors";

/** What the file holds before anything is sent: problems found, and its first lines as they will be read. */
export function CsvPreview({ analise, nomeArquivo }: { analise: TAnaliseCsv; nomeArquivo: string }) {
  if (analise.erroArquivo) return <Alert tipo="erro">{analise.erroArquivo}</Alert>;
  const colunas = COLUNAS_MODELO_CSV.filter((c) => analise.amostra.some((l) => c in l.campos));
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        <strong>{nomeArquivo}</strong>: {contar(analise.totalLinhas, "linha", "linhas")} de leads,{" "}
        {contar(analise.leads.length, "válida", "válidas")}
        {analise.duplicadas.length > 0 && `, ${analise.duplicadas.length} com telefone repetido no arquivo`}
        {analise.totalErros > 0 && `, ${analise.totalErros} com erro`}.
      </p>
      {analise.totalErros > 0 && (
        <Alert tipo="erro">
          <p className="font-medium">Corrija o arquivo antes de importar: nenhuma linha é importada enquanto houver erros.</p>
          <LineErrors erros={analise.erros} total={analise.totalErros} />
        </Alert>
      )}
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-900">Primeiras linhas</h3>
        <Table rotulo="Primeiras linhas do arquivo">
          <THead>
            <tr>
              <Th>Linha</Th>
              {colunas.map((c) => (
                <Th key={c}>{c}</Th>
              ))}
            </tr>
          </THead>
          <TBody>
            {analise.amostra.map((l) => (
              <Tr key={l.linha}>
                <Td className="tabular-nums">{l.linha}</Td>
                {colunas.map((c) => (
                  <Td key={c} className="max-w-56 truncate">
                    {l.campos[c]}
                  </Td>
                ))}
              </Tr>
            ))}
          </TBody>
        </Table>
      </div>
    </div>
  );
}

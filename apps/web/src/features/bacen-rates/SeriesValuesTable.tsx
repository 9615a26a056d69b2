import { TEXTO_TAXAS } from "@crm/domain/revisional/rates-texts";
import { serieDoCodigo } from "@crm/domain/revisional/series";
import { useQuery } from "@tanstack/react-query";
import { Spinner } from "../../ui/Spinner";
import { Table, TableEmptyRow, TBody, Td, THead, Th, Tr } from "../../ui/Table";
import { valoresSerieQuery } from "./api";
import { mesBR, taxaBR } from "./format";

/** The last 10 years of one series, newest first, as published (in the series' unit). */
export function SeriesValuesTable({ codigo }: { codigo: number }) {
  const q = useQuery(valoresSerieQuery(codigo));
  const unidade = serieDoCodigo(codigo)?.unidade;
  if (q.isPending) return <Spinner rotulo="Carregando meses…" />;
  if (q.isError) return <p className="text-sm text-red-700">{TEXTO_TAXAS.erroCarregar}</p>;
  return (
    <Table rotulo={`Meses da série ${codigo}`}>
      <THead>
        <Tr>
          <Th>Mês</Th>
          <Th>Taxa</Th>
          <Th>Origem</Th>
        </Tr>
      </THead>
      <TBody>
        {q.data.valores.length === 0 && <TableEmptyRow colunas={3}>{TEXTO_TAXAS.semValores}</TableEmptyRow>}
        {q.data.valores.map((v) => (
          <Tr key={v.competencia}>
            <Td>{mesBR(v.competencia)}</Td>
            <Td>{taxaBR(v.taxa, unidade)}</Td>
            <Td>{v.ilustrativa ? TEXTO_TAXAS.ilustrativas : v.origem.toUpperCase()}</Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

import type { ReactNode } from "react";

/**
 * A chart's figures as a table only screen readers get (the chart itself is aria-hidden). In a clipped box: a table
 * does not shrink to sr-only's 1 px, and its cells would widen a phone's page.
 */
export function ChartDataTable({
  legenda,
  colunas,
  linhas,
}: {
  legenda: ReactNode;
  /** the first names the rows' header column */
  colunas: string[];
  linhas: { chave: string; rotulo: ReactNode; valores: ReactNode[] }[];
}) {
  return (
    <div className="sr-only">
      <table>
        <caption>{legenda}</caption>
        <thead>
          <tr>
            {colunas.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {linhas.map((l) => (
            <tr key={l.chave}>
              <th scope="row">{l.rotulo}</th>
              {l.valores.map((v, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are positional, in the columns' order
                <td key={i}>{v}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { formatarBRL } from "@crm/domain/format";
import { ROTULO_TIPO_BENEFICIO, type TFatosTriagem } from "@crm/domain/schemas/screening";

const simNao = (v: boolean) => (v ? "Sim" : "Não");

/** The facts the screener extracted, as short "label: value" chips; only what the lead stated. */
export function FactsList({ fatos }: { fatos: TFatosTriagem }) {
  const itens: [string, string][] = [];
  if (fatos.tipo_beneficio) itens.push(["Benefício", ROTULO_TIPO_BENEFICIO[fatos.tipo_beneficio]]);
  if (fatos.renda_mensal !== null) itens.push(["Renda", formatarBRL(fatos.renda_mensal)]);
  if (fatos.banco) itens.push(["Banco", fatos.banco]);
  if (fatos.tipo_contrato) itens.push(["Contrato", fatos.tipo_contrato]);
  if (fatos.valor_parcela !== null) itens.push(["Parcela", formatarBRL(fatos.valor_parcela)]);
  if (fatos.taxa_juros !== null) itens.push(["Taxa", `${String(fatos.taxa_juros).replace(".", ",")}% ao mês`]);
  if (fatos.valor_financiado !== null) itens.push(["Valor financiado", formatarBRL(fatos.valor_financiado)]);
  if (fatos.quantidade_parcelas !== null) itens.push(["Parcelas", String(fatos.quantidade_parcelas)]);
  if (fatos.parcelas_pagas !== null) itens.push(["Pagas", String(fatos.parcelas_pagas)]);
  if (fatos.data_contrato) itens.push(["Data do contrato", fatos.data_contrato.split("-").reverse().join("/")]);
  if (fatos.interesse_confirmado !== null) itens.push(["Interesse", simNao(fatos.interesse_confirmado)]);
  if (fatos.margem_disponivel !== null) itens.push(["Margem", simNao(fatos.margem_disponivel)]);
  if (!itens.length) return <span className="text-slate-500">—</span>;
  return (
    <ul className="flex max-w-xs flex-wrap gap-1" aria-label="Fatos extraídos">
      {itens.map(([rotulo, valor]) => (
        <li key={rotulo} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800">
          <span className="font-medium">{rotulo}:</span> {valor}
        </li>
      ))}
    </ul>
  );
}

import { TEXTO_TAXAS } from "@crm/domain/revisional/rates-texts";
import type { TPainelTaxas } from "@crm/domain/schemas/bacen-rates";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { Table, TBody, Td, THead, Th, Tr } from "../../ui/Table";
import { diaBR, taxaBR } from "./format";

/** The INSS payroll-loan ceiling steps with their sources, newest first. */
export function InssCeilingTable({ tetos }: { tetos: TPainelTaxas["tetosInss"] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{TEXTO_TAXAS.tetoInss}</CardTitle>
        <p className="text-sm text-slate-600">{TEXTO_TAXAS.tetoInssDescricao}</p>
      </CardHeader>
      <CardContent>
        <Table rotulo={TEXTO_TAXAS.tetoInss}>
          <THead>
            <Tr>
              <Th>Desde</Th>
              <Th>Teto</Th>
              <Th>Fonte</Th>
            </Tr>
          </THead>
          <TBody>
            {[...tetos].reverse().map((t) => (
              <Tr key={t.desde}>
                <Td className="whitespace-nowrap">
                  {diaBR(t.desde)}
                  {!t.diaConfirmado && <span className="block text-xs text-slate-600">{TEXTO_TAXAS.dataAproximada}</span>}
                </Td>
                <Td className="whitespace-nowrap">{taxaBR(t.taxaMensal)}</Td>
                <Td className="min-w-48 text-xs">{t.fonte}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      </CardContent>
    </Card>
  );
}

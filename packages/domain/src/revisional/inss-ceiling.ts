/**
 * The ceiling of the monthly rate of INSS payroll loans (consignado para aposentados e pensionistas), set by the
 * Conselho Nacional de Previdência Social (CNPS). For consignado INSS the pre-analysis compares with the ceiling in
 * force on the contract date . Each step with its source (decision 1402); `diaConfirmado` is false where
 * the sources give the month but not the day the ceiling took effect.
 */
export type TTetoInss = { desde: string; taxaMensal: number; fonte: string; diaConfirmado: boolean };

export const TETOS_INSS: readonly TTetoInss[] = [
  {
    desde: "2018-01-01",
    taxaMensal: 2.64,
    fonte: "CNPS, dez/2017 (O Estado de S. Paulo, 'Juro máximo de empréstimo para aposentado cai para 2,64%')",
    diaConfirmado: false,
  },
  { desde: "2023-03-13", taxaMensal: 1.7, fonte: "CNPS, 13/03/2023 (Valor Econômico, 28/03/2023)", diaConfirmado: true },
  {
    desde: "2023-03-28",
    taxaMensal: 1.97,
    fonte: "CNPS, 28/03/2023 (Valor Econômico, 'Consignado no INSS terá juro de 1,97%', 29/03/2023)",
    diaConfirmado: true,
  },
  {
    desde: "2023-08-17",
    taxaMensal: 1.91,
    fonte: "CNPS, aprovado em 17/08/2023, em vigor após publicação no DOU (Meia Hora, 17/08/2023)",
    diaConfirmado: false,
  },
  {
    desde: "2023-10-16",
    taxaMensal: 1.84,
    fonte: "CNPS, em vigor em 16/10/2023 (Rede Sul Brasil; Valor Econômico, 11/10/2023)",
    diaConfirmado: true,
  },
  { desde: "2023-12-01", taxaMensal: 1.8, fonte: "CNPS, dez/2023 (O Liberal, 11/01/2024)", diaConfirmado: false },
  {
    desde: "2024-01-11",
    taxaMensal: 1.76,
    fonte: "CNPS, aprovado em 11/01/2024, em vigor até 8 dias úteis após o DOU (O Liberal, 11/01/2024)",
    diaConfirmado: false,
  },
  {
    desde: "2024-02-28",
    taxaMensal: 1.72,
    fonte: "CNPS, aprovado em 28/02/2024, em vigor após o DOU (Reuters/UOL, 28/02/2024)",
    diaConfirmado: false,
  },
  { desde: "2024-04-26", taxaMensal: 1.68, fonte: "CNPS, 26/04/2024 (imprensa)", diaConfirmado: false },
  { desde: "2025-01-01", taxaMensal: 1.8, fonte: "CNPS, jan/2025 (imprensa)", diaConfirmado: false },
  { desde: "2025-03-25", taxaMensal: 1.85, fonte: "CNPS, 25/03/2025 (imprensa)", diaConfirmado: false },
];

/** The ceiling in force on `data` (yyyy-mm-dd), or null before the first known step. */
export function tetoInssEm(data: string): TTetoInss | null {
  let vigente: TTetoInss | null = null;
  for (const t of TETOS_INSS) if (t.desde <= data) vigente = t;
  return vigente;
}

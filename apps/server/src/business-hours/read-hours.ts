import type { TFaixa, THorario } from "@crm/domain/business-hours";
import { ehFeriadoNacional } from "../calendar/holidays.js";
import type { TTx } from "../db/tenant.js";

/** The days the company added as holidays (state, city), 'YYYY-MM-DD'. */
async function lerFeriadosDaEmpresa(tx: TTx, empresaId: string): Promise<Set<string>> {
  const { rows } = await tx.query<{ dia: string }>(
    "SELECT to_char(dia, 'YYYY-MM-DD') AS dia FROM feriados_empresa WHERE id_empresa_fk = $1",
    [empresaId],
  );
  return new Set(rows.map((r) => r.dia));
}

/** The company's calendar (decision 1881): a day is a holiday when it is a national one or one the admin added. */
const calendarioDe =
  (daEmpresa: ReadonlySet<string>): THorario["ehFeriado"] =>
  (dia) =>
    daEmpresa.has(dia) || ehFeriadoNacional(dia);

/** The company's business hours, holidays included: what the assignment, the away message and the figures read. */
export async function lerHorario(tx: TTx, empresaId: string): Promise<THorario> {
  const { rows } = await tx.query<{ semana: (TFaixa | null)[] }>(
    "SELECT expediente_semana AS semana FROM empresas WHERE id = $1",
    [empresaId],
  );
  const semana = rows[0]?.semana ?? [null, null, null, null, null, null, null];
  return { semana, ehFeriado: calendarioDe(await lerFeriadosDaEmpresa(tx, empresaId)) };
}

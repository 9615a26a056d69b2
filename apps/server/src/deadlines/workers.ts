import type { TDeps } from "../core/deps.js";
import { FILA_CADEIA_INICIAL, type TTrabalhoCadeiaInicial } from "../jobs/queues.js";
import { processarCadeiaInicial } from "./chains.js";
import { FILA_AVISO_CLIENTE, processarAvisoCliente, type TTrabalhoAvisoCliente } from "./client-notice.js";
import {
  CRON_LEMBRETES,
  FILA_LEMBRETES,
  FILA_LEMBRETES_VARREDURA,
  processarLembretes,
  type TTrabalhoLembretes,
  varrerLembretes,
} from "./reminders.js";

/**
 * Starts this instance's deadline workers (called once from createDeps): client notices, safety-date reminders and
 * the first legal status's task chain of new processes.
 */
export async function iniciarTrabalhosPrazos(deps: TDeps): Promise<void> {
  await deps.jobs.trabalhar<TTrabalhoCadeiaInicial>(FILA_CADEIA_INICIAL, (t) => processarCadeiaInicial(deps, t).then(() => {}));
  await deps.jobs.trabalhar<TTrabalhoAvisoCliente>(FILA_AVISO_CLIENTE, (t) => processarAvisoCliente(deps, t));
  await deps.jobs.trabalhar<TTrabalhoLembretes>(FILA_LEMBRETES, (t) => processarLembretes(deps, t));
  await deps.jobs.trabalhar(FILA_LEMBRETES_VARREDURA, () => varrerLembretes(deps).then(() => {}));
  await deps.jobs.agendar(FILA_LEMBRETES_VARREDURA, CRON_LEMBRETES);
}

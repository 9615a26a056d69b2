import type { TDeps } from "../core/deps.js";
import { FILA_CONVERSOES_META, type TTrabalhoConversaoMeta } from "../jobs/queues.js";
import { enviarConversaoMeta } from "./send-conversion.js";

/** Starts this instance's Conversions API sender (called once from createDeps). */
export async function iniciarTrabalhosAtribuicao(deps: TDeps): Promise<void> {
  await deps.jobs.trabalhar<TTrabalhoConversaoMeta>(FILA_CONVERSOES_META, (t) => enviarConversaoMeta(deps, t), {
    concorrencia: 2,
  });
}

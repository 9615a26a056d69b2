import { z } from "zod";
import type { TDeps } from "../core/deps.js";
import type { TFila } from "../jobs/jobs.js";
import { CANAL_MUDANCAS } from "../realtime/change-log-events.js";
import { apagarEntregasAntigas } from "./deliveries.js";
import { criarDespachante, type TDespachante, type TOpcoesDespachante } from "./dispatcher.js";
import { CANAL_WEBHOOKS } from "./endpoints.js";
import { gerarEntregas } from "./follower.js";

/** The 30 days' clean-up of the delivery log, once a day across the instances. */
const FILA_LIMPEZA: TFila = { nome: "webhooks.limpeza", dados: z.object({}).nullish(), politica: "stately", tentativas: 2 };
const CRON_LIMPEZA = "17 4 * * *";
/** The sender's turn when nothing wakes it: retries that fell due, rows of a commit that a running transaction held back. */
const TURNO_MS = 1_000;
const LOTE_LEITURA = 1_000;

export type TTrabalhosWebhooks = {
  /** Follows the log to its end, then sends what is due; resolves when both are done (tests drive it). */
  rodar: () => Promise<void>;
  despachante: TDespachante;
};

/**
 * Starts this instance's webhooks (decision 1803): the change log's commits (its NOTIFY) and a 1 s turn wake the
 * follower, which turns new log rows into deliveries, and the sender, which sends what is due; a test event or a
 * resend wakes them through `crm_webhooks`.
 */
export async function iniciarTrabalhosWebhooks(deps: TDeps, o: TOpcoesDespachante = {}): Promise<TTrabalhosWebhooks> {
  const despachante = criarDespachante(deps, o);
  let lendo: Promise<void> | null = null;
  let denovo = false;
  const ler = async () => {
    do {
      denovo = false;
      for (;;) {
        // the new deliveries this sender has room for are leased to it as they are written, and sent at once after
        // the commit, without a claim (decision 1950)
        const { lidas, reservadas } = await gerarEntregas(deps.db.app, LOTE_LEITURA, despachante.reservaLocal() ?? undefined);
        despachante.receber(reservadas);
        if (lidas < LOTE_LEITURA) break;
        despachante.bombear();
      }
    } while (denovo);
  };
  const rodar = (): Promise<void> => {
    if (lendo) {
      denovo = true;
      return lendo;
    }
    lendo = ler().finally(() => {
      lendo = null;
      despachante.bombear();
    });
    return lendo;
  };
  const acordar = () => void rodar().catch(o.aoErro ?? (() => {}));
  deps.realtime.ouvir(CANAL_MUDANCAS, { aoNotificar: acordar, aoEstado: () => {} });
  deps.realtime.ouvir(CANAL_WEBHOOKS, { aoNotificar: () => despachante.bombear(), aoEstado: () => {} });
  deps.jobs.repetir("webhooks", TURNO_MS, rodar, () => despachante.parar());
  await deps.jobs.trabalhar(FILA_LIMPEZA, () => apagarEntregasAntigas(deps.db.app).then(() => {}));
  await deps.jobs.agendar(FILA_LIMPEZA, CRON_LIMPEZA);
  return { rodar, despachante };
}

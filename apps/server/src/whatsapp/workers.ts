import type { TDeps } from "../core/deps.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { FILA_TRIAGEM } from "../jobs/queues.js";
import { agendarRecuperacaoGateway, recuperarEmpresa, varrerGateways } from "./inbound/backfill.js";
import { baixarMidiaRecebida } from "./inbound/download-media.js";
import { ingestorDe } from "./inbound/ingest.js";
import { processarEntrada } from "./inbound/process-inbox.js";
import { processarEnvioLote } from "./outbound/send-batch.js";
import { iniciarTrabalhosRespostaEliminacao } from "./outbound/send-erasure-reply.js";
import { processarEnvio } from "./outbound/send-message.js";
import {
  FILA_ENTRADA,
  FILA_ENVIO,
  FILA_ENVIO_LOTE,
  FILA_MIDIA,
  FILA_RECUPERACAO,
  FILA_RECUPERACAO_VARREDURA,
  FILA_SANDBOX,
  FILA_VARREDURA,
  type TTrabalhoEntrada,
  type TTrabalhoEnvio,
  type TTrabalhoEnvioLote,
  type TTrabalhoMidia,
  type TTrabalhoRecuperacao,
} from "./queues.js";

/** Events that could not be used are kept this long for inspection (applied ones are deleted at once). */
const RETENCAO_EVENTOS_DIAS = 7;
/** Every gateway company's history is read back this often (cheap when nothing is missing: backfill.ts). */
const RECUPERACAO_CRON = "*/5 * * * *";

/** Starts the WhatsApp workers of this instance (called once from createDeps). */
export async function iniciarTrabalhosWhatsApp(deps: TDeps): Promise<void> {
  const { jobs } = deps;
  // created here so that enqueuing works even before the AI screening (decision 0601) starts its worker
  await jobs.garantirFila(FILA_TRIAGEM);
  await jobs.trabalhar<TTrabalhoEntrada>(FILA_ENTRADA, (t) => processarEntrada(deps, t.dados.empresaId), { concorrencia: 2 });
  await jobs.trabalhar<TTrabalhoEnvio>(FILA_ENVIO, (t) => processarEnvio(deps, t), { concorrencia: 4 });
  // batches of different numbers at once: each mostly waits on its pace and the provider (decision 1911)
  await jobs.trabalhar<TTrabalhoEnvioLote>(FILA_ENVIO_LOTE, (t) => processarEnvioLote(deps, t), { concorrencia: 8 });
  await jobs.trabalhar<TTrabalhoMidia>(FILA_MIDIA, (t) => baixarMidiaRecebida(deps, t), { concorrencia: 2 });
  // an erasure's reply, to a phone the erasure removed everywhere else (decision 1942)
  await iniciarTrabalhosRespostaEliminacao(deps);

  // the sandbox's delivery reports go through the same inbox as a real provider's webhooks
  await jobs.trabalhar(FILA_SANDBOX, async (t) => {
    await ingestorDe(deps).receber(t.dados.empresaId, t.dados.eventos);
  });

  await jobs.trabalhar(FILA_VARREDURA, () => varrer(deps));
  await jobs.agendar(FILA_VARREDURA, "* * * * *");

  // what the gateway posted while this product was down or refusing is read back (decision 0408): every few
  // minutes, after a reconnection (apply-connection.ts) and now, at start-up
  await jobs.trabalhar<TTrabalhoRecuperacao>(
    FILA_RECUPERACAO,
    async (t) => void (await recuperarEmpresa(deps, t.dados.empresaId)),
    {
      concorrencia: 2,
    },
  );
  await jobs.trabalhar(FILA_RECUPERACAO_VARREDURA, async () => void (await varrerGateways(deps)));
  await jobs.agendar(FILA_RECUPERACAO_VARREDURA, RECUPERACAO_CRON);
  await agendarRecuperacaoGateway(deps);
}

/** Safety net: companies with due inbox events get a processing job; old unusable events are deleted. */
async function varrer(deps: TDeps): Promise<void> {
  // crosses tenants because it must: it finds which companies have due events (each is then processed under its
  // own company's context, process-inbox.ts)
  const empresas = await unsafeWithSystem(deps.db.app, "whatsapp-varredura-quais-empresas", async (tx) => {
    await tx.query(
      "DELETE FROM whatsapp_eventos WHERE processado_em IS NOT NULL AND processado_em < now() - make_interval(days => $1)",
      [RETENCAO_EVENTOS_DIAS],
    );
    const { rows } = await tx.query(
      "SELECT DISTINCT id_empresa_fk FROM whatsapp_eventos WHERE processado_em IS NULL AND proxima_tentativa_em <= now()",
    );
    for (const r of rows) await deps.jobs.enviar(FILA_ENTRADA, { empresaId: r.id_empresa_fk }, { tx, chave: r.id_empresa_fk });
    return rows.length;
  });
  if (empresas) deps.jobs.acordar(FILA_ENTRADA);
}

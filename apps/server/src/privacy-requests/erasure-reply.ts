import type { TDeps } from "../core/deps.js";
import { cofreDe } from "../crypto/secrets.js";
import type { TTx } from "../db/tenant.js";
import { FILA_RESPOSTA_ELIMINACAO } from "../jobs/queues.js";

/**
 * In the erasure's transaction, before the phone is erased everywhere else (decision 1942): the phone on file,
 * encrypted on the request, and the send job, queued with the commit (so a rolled-back erasure sends nothing). The job
 * (whatsapp/outbound/send-erasure-reply.ts) clears the phone when the send ends, either way.
 */
export async function agendarRespostaEliminacao(
  deps: Pick<TDeps, "jobs" | "config">,
  tx: TTx,
  empresaId: string,
  pedidoId: string,
  telefone: string,
): Promise<void> {
  await tx.query(
    `UPDATE privacidade_pedidos SET resposta_para_cifrado = $3, resposta_envio = 'pendente', resposta_envio_em = NULL,
            resposta_envio_erro = NULL
      WHERE id_empresa_fk = $1 AND id = $2`,
    [empresaId, pedidoId, cofreDe(deps.config.appSecret).cifrar(telefone)],
  );
  await deps.jobs.enviar(FILA_RESPOSTA_ELIMINACAO, { empresaId, pedidoId }, { tx });
}

import { MSG } from "@crm/domain/messages";
import { MSG_PRIVACIDADE } from "@crm/domain/privacy-requests";
import type { TDeps } from "../../core/deps.js";
import { cofreDe } from "../../crypto/secrets.js";
import { type TTx, withCompanyJob } from "../../db/tenant.js";
import type { TTrabalho } from "../../jobs/jobs.js";
import {
  FILA_RESPOSTA_ELIMINACAO,
  FILA_RESPOSTA_ELIMINACAO_FALHAS,
  type TTrabalhoRespostaEliminacao,
} from "../../jobs/queues.js";
import { enviosWhatsApp } from "../../metrics/instruments.js";
import { registrarAcaoPrivacidade } from "../../privacy-requests/log.js";
import { configCompleta, lerConfigWhatsApp } from "../providers/company-config.js";
import { ErroProvedor } from "../providers/provider.js";
import { provedorDe } from "../providers/providers.js";
import { reservarVaga } from "./pacing.js";

/**
 * An erasure's reply on WhatsApp (decision 1942): the phone, kept encrypted on the request only for this, receives the
 * reply as a text through the company's provider, at the number's pace; sent or given up, the phone goes.
 * A send that would wait longer than this for the number's pace frees the worker and comes back (as send-message.ts). */
const ESPERA_MAXIMA_MS = 5_000;
const dormir = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The send's end, either way: its state for /privacidade, the phone gone for good, and the change log's row. */
async function concluir(tx: TTx, t: TTrabalhoRespostaEliminacao, status: "enviada" | "falhou", erro: string | null) {
  const { rowCount } = await tx.query(
    `UPDATE privacidade_pedidos SET resposta_envio = $3, resposta_envio_em = now(), resposta_envio_erro = $4,
            resposta_para_cifrado = NULL, updated_at = now()
      WHERE id_empresa_fk = $1 AND id = $2 AND resposta_envio = 'pendente'`,
    [t.empresaId, t.pedidoId, status, erro?.slice(0, 500) ?? null],
  );
  if (rowCount)
    await registrarAcaoPrivacidade(tx, {
      empresaId: t.empresaId,
      pedidoId: t.pedidoId,
      tipo: status === "enviada" ? "privacidade.resposta_enviada" : "privacidade.resposta_falhou",
      autor: { origem: "sistema" },
    });
}

async function enviarRespostaEliminacao(deps: TDeps, t: TTrabalho<TTrabalhoRespostaEliminacao>): Promise<void> {
  const preparo = await withCompanyJob(deps.db.app, t.dados.empresaId, "privacidade-resposta", async (tx) => {
    const { rows } = await tx.query<{ resposta: string | null; resposta_para_cifrado: string | null }>(
      `SELECT resposta, resposta_para_cifrado FROM privacidade_pedidos
        WHERE id_empresa_fk = $1 AND id = $2 AND resposta_envio = 'pendente' FOR UPDATE`,
      [t.dados.empresaId, t.dados.pedidoId],
    );
    const r = rows[0];
    if (!r) return null; // ended already (sent or given up): a job run again after that sends nothing
    const para = cofreDe(deps.config.appSecret).decifrar(r.resposta_para_cifrado);
    const cfg = await lerConfigWhatsApp(tx, deps.config.appSecret, t.dados.empresaId);
    if (!cfg || !configCompleta(cfg)) {
      await concluir(tx, t.dados, "falhou", MSG_PRIVACIDADE.respostaSemWhatsApp);
      return null;
    }
    if (!para || !r.resposta) {
      // encrypted with another APP_SECRET (a rotation between the erasure and the send): nothing to send to
      await concluir(tx, t.dados, "falhou", MSG.erroInterno);
      return null;
    }
    return { para, texto: r.resposta, cfg, espera: await reservarVaga(tx, t.dados.empresaId, cfg.provedor) };
  });
  if (!preparo) return;
  if (preparo.espera > ESPERA_MAXIMA_MS) {
    await deps.jobs.enviar(FILA_RESPOSTA_ELIMINACAO, t.dados, { depoisDeSegundos: preparo.espera / 1000 });
    return;
  }
  if (preparo.espera > 0) await dormir(preparo.espera);
  try {
    await provedorDe(deps, preparo.cfg).enviar({ tipo: "text", para: preparo.para, texto: preparo.texto });
    enviosWhatsApp.inc({ provider: preparo.cfg.provedor, result: "ok" });
    await withCompanyJob(deps.db.app, t.dados.empresaId, "privacidade-resposta", (tx) => concluir(tx, t.dados, "enviada", null));
  } catch (e) {
    const erro = e instanceof ErroProvedor ? e : null;
    enviosWhatsApp.inc({
      provider: preparo.cfg.provedor,
      result: String(erro?.opcoes.codigo ?? erro?.opcoes.status ?? "erro"),
    });
    // down, slow or disconnected: the queue tries again; a refusal, or the last try, ends it with the reason
    if ((erro ? erro.retentavel || erro.desconectado : true) && !t.ultimaTentativa) throw e;
    await withCompanyJob(deps.db.app, t.dados.empresaId, "privacidade-resposta", (tx) =>
      concluir(tx, t.dados, "falhou", erro?.mensagem ?? MSG.erroInterno),
    );
  }
}

/** Starts this instance's workers of the erasure reply (from iniciarTrabalhosWhatsApp). */
export async function iniciarTrabalhosRespostaEliminacao(deps: TDeps): Promise<void> {
  await deps.jobs.trabalhar(FILA_RESPOSTA_ELIMINACAO, (t) => enviarRespostaEliminacao(deps, t));
  await deps.jobs.trabalhar(FILA_RESPOSTA_ELIMINACAO_FALHAS, (t) =>
    withCompanyJob(deps.db.app, t.dados.empresaId, "privacidade-resposta", (tx) =>
      concluir(tx, t.dados, "falhou", "tentativas esgotadas"),
    ),
  );
}

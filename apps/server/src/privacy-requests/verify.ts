import { formatarData } from "@crm/domain/format";
import { CODIGO_MAX_TENTATIVAS, limparCpf, MSG_PRIVACIDADE } from "@crm/domain/privacy-requests";
import type { TConfirmarCodigo } from "@crm/domain/schemas/privacy-requests";
import type { TAutorMudanca } from "../change-log/record.js";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { type TTx, withCompanyJob } from "../db/tenant.js";
import { badRequest, conflict, HttpError } from "../http/errors.js";
import { FILA_ENVIO } from "../jobs/queues.js";
import { enfileirarMensagemAoLead } from "../lead-events/queue-message.js";
import { registrarAcaoPrivacidade } from "./log.js";
import { codigoConfere } from "./one-time-code.js";
import { dataBR, REMETENTE_PRIVACIDADE } from "./open-request.js";

type TPedidoCodigo = {
  id: string;
  status: string;
  cpf: string | null;
  codigo_hash: string | null;
  codigo_expira_em: Date | null;
  codigo_tentativas: number;
};

/**
 * The titular confirms the one-time code on the public page (decision 1826): the code sent to the phone on file, and
 * the CPF when the request has one. A wrong try is counted (and kept: the count commits, the answer is the error);
 * after 5 the code is dead; an expired one asks for a new code. Right: the request starts its work and the
 * simplified answer of art. 19 I goes out at once.
 */
export async function confirmarCodigo(
  deps: Pick<TDeps, "db" | "config" | "realtime" | "jobs">,
  empresaId: string,
  c: TConfirmarCodigo,
): Promise<void> {
  const erro = await withCompanyJob(deps.db.app, empresaId, "privacidade-confirmar-codigo", async (tx) => {
    const { rows } = await tx.query<TPedidoCodigo>(
      `SELECT id, status, cpf, codigo_hash, codigo_expira_em, codigo_tentativas FROM privacidade_pedidos
        WHERE id_empresa_fk = $1 AND protocolo = $2 FOR UPDATE`,
      [empresaId, c.protocolo],
    );
    const p = rows[0];
    // an unknown protocol answers like a wrong code: the page does not tell which protocols exist
    if (!p) return badRequest(MSG_PRIVACIDADE.codigoInvalido);
    if (p.status !== "aguardando_verificacao" || !p.codigo_hash) return conflict(MSG_PRIVACIDADE.codigoNaoAguardado);
    if (p.codigo_tentativas >= CODIGO_MAX_TENTATIVAS) return new HttpError(429, MSG_PRIVACIDADE.codigoBloqueado);
    if (!p.codigo_expira_em || p.codigo_expira_em.getTime() <= relogio.agora().getTime())
      return badRequest(MSG_PRIVACIDADE.codigoExpirado);
    const cpfConfere = !p.cpf || limparCpf(c.cpf) === p.cpf;
    if (!codigoConfere(deps.config.appSecret, p.id, c.codigo, p.codigo_hash) || !cpfConfere) {
      await tx.query(
        "UPDATE privacidade_pedidos SET codigo_tentativas = codigo_tentativas + 1 WHERE id_empresa_fk = $1 AND id = $2",
        [empresaId, p.id],
      );
      return badRequest(MSG_PRIVACIDADE.codigoInvalido);
    }
    await tx.query(
      `UPDATE privacidade_pedidos SET status = 'em_andamento', verificado_em = $3, codigo_hash = NULL, updated_at = now()
        WHERE id_empresa_fk = $1 AND id = $2`,
      [empresaId, p.id, relogio.agora()],
    );
    const autor: TAutorMudanca = { origem: "sistema" };
    await registrarAcaoPrivacidade(tx, {
      empresaId,
      pedidoId: p.id,
      tipo: "privacidade.verificada",
      autor,
      antes: { status: p.status },
    });
    await enviarRespostaSimplificada(deps, tx, empresaId, p.id, autor);
    return null;
  });
  if (erro) throw erro;
  deps.jobs.acordar(FILA_ENVIO);
}

/**
 * Art. 19 I: once the titular is known (code confirmed, or a representative approved), the simplified answer goes out
 * at once on WhatsApp — whether we hold data, where it came from, since when, what for — and the complete declaration
 * follows within the clock. A request with no lead gets none here (nothing on file to describe: the company answers).
 */
export async function enviarRespostaSimplificada(
  deps: Pick<TDeps, "realtime" | "jobs">,
  tx: TTx,
  empresaId: string,
  pedidoId: string,
  autor: TAutorMudanca,
): Promise<void> {
  const { rows } = await tx.query(
    `SELECT p.protocolo, p.vence_em::text AS vence_em, p.id_lead_fk, l.origem_lead, l.created_at, e.nome_empresa
       FROM privacidade_pedidos p
       JOIN empresas e ON e.id = p.id_empresa_fk
       JOIN leads_juros_check l ON l.id_empresa_fk = p.id_empresa_fk AND l.id = p.id_lead_fk
      WHERE p.id_empresa_fk = $1 AND p.id = $2`,
    [empresaId, pedidoId],
  );
  const r = rows[0];
  if (!r) return;
  await enfileirarMensagemAoLead(deps, tx, {
    empresaId,
    leadId: r.id_lead_fk,
    texto: MSG_PRIVACIDADE.respostaSimplificada({
      empresa: r.nome_empresa,
      protocolo: r.protocolo,
      origem: r.origem_lead || "contato direto",
      desde: formatarData(r.created_at),
      vence: dataBR(r.vence_em),
    }),
    sender: "sistema",
    natureza: "confirmacao",
    senderNome: REMETENTE_PRIVACIDADE,
    autor,
  });
  await tx.query("UPDATE privacidade_pedidos SET resposta_simplificada_em = $3 WHERE id_empresa_fk = $1 AND id = $2", [
    empresaId,
    pedidoId,
    relogio.agora(),
  ]);
  await registrarAcaoPrivacidade(tx, { empresaId, pedidoId, tipo: "privacidade.respondida", autor });
}

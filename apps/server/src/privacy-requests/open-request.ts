import { formatarData } from "@crm/domain/format";
import { isoDiaSP } from "@crm/domain/period";
import {
  CODIGO_VALIDADE_MIN,
  formatarProtocolo,
  MSG_PRIVACIDADE,
  prazoDoDireito,
  ROTULO_DIREITO,
  type TCanalPedido,
  type TDireitoTitular,
  venceEmDe,
} from "@crm/domain/privacy-requests";
import { PAPEL } from "@crm/domain/roles";
import type { TAutorMudanca } from "../change-log/record.js";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import type { TTx } from "../db/tenant.js";
import { enfileirarMensagemAoLead } from "../lead-events/queue-message.js";
import { notificar } from "../notifications/notify.js";
import { registrarAcaoPrivacidade } from "./log.js";
import { hashDoCodigo, novoCodigo } from "./one-time-code.js";
import { lerConfigPrivacidade } from "./settings.js";

export type TNovoPedido = {
  empresaId: string;
  direito: TDireitoTitular;
  canal: TCanalPedido;
  /** the lead the titular is (the phone on file), when there is one */
  leadId: string | null;
  telefoneNormalizado: string | null;
  nome: string | null;
  cpf: string | null;
  email: string | null;
  detalhes: string | null;
  representanteNome: string | null;
  autor: TAutorMudanca;
};

/** How the CRM signs the privacy messages in the chat timeline. */
export const REMETENTE_PRIVACIDADE = "Privacidade (LGPD)";

/** The titular's page, where the code is confirmed. */
const linkDaPagina = (deps: Pick<TDeps, "config">, empresaId: string) =>
  `${deps.config.appUrl.replace(/\/$/, "")}/privacidade/${empresaId}`;

const dataBR = (isoDia: string) => formatarData(`${isoDia}T12:00:00-03:00`);

/** The next protocol number of the company: the counter row moves once per request, concurrent openings included. */
async function proximoProtocolo(tx: TTx, empresaId: string, agora: Date): Promise<string> {
  const { rows } = await tx.query(
    `INSERT INTO privacidade_config (id_empresa_fk, ultimo_protocolo) VALUES ($1, 1)
     ON CONFLICT (id_empresa_fk) DO UPDATE SET ultimo_protocolo = privacidade_config.ultimo_protocolo + 1
     RETURNING ultimo_protocolo`,
    [empresaId],
  );
  return formatarProtocolo(Number(isoDiaSP(agora).slice(0, 4)), rows[0].ultimo_protocolo);
}

/**
 * Opens a privacy request in the caller's transaction (decision 1824): its protocol, its clock (the right's days from
 * today, art. 19 II), the one-time code for the phone on file (decision 1826) — or, for a representative, the wait for
 * a document —, the `privacidade.solicitada` row, the company admins' bell, and, when the titular is a lead, the
 * protocol on WhatsApp through the outbound queue (the caller wakes it after commit).
 */
export async function abrirPedido(
  deps: Pick<TDeps, "config" | "realtime" | "jobs">,
  tx: TTx,
  p: TNovoPedido,
): Promise<{ id: string; protocolo: string; mensagemEnviada: boolean }> {
  const agora = relogio.agora();
  const cfg = await lerConfigPrivacidade(tx, p.empresaId);
  const dias = prazoDoDireito(p.direito, cfg.prazos_dias);
  const vence = venceEmDe(agora, dias);
  const protocolo = await proximoProtocolo(tx, p.empresaId, agora);
  const representante = !!p.representanteNome;
  const { rows } = await tx.query(
    `INSERT INTO privacidade_pedidos (id_empresa_fk, protocolo, direito, canal, status, id_lead_fk, nome_titular,
        telefone_normalizado, cpf, email, detalhes, representante_nome, aberto_em, prazo_dias, vence_em, registrado_por_fk)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     RETURNING id`,
    [
      p.empresaId,
      protocolo,
      p.direito,
      p.canal,
      representante ? "aguardando_documento" : "aguardando_verificacao",
      p.leadId,
      p.nome,
      p.telefoneNormalizado,
      p.cpf,
      p.email,
      p.detalhes,
      p.representanteNome,
      agora,
      dias,
      vence,
      p.autor.origem === "usuario" ? (p.autor.usuarioId ?? null) : null,
    ],
  );
  const id: string = rows[0].id;
  await registrarAcaoPrivacidade(tx, { empresaId: p.empresaId, pedidoId: id, tipo: "privacidade.solicitada", autor: p.autor });
  await notificar(deps, tx, {
    empresaId: p.empresaId,
    destino: { papeis: [PAPEL.admin] },
    tipo: "system",
    titulo: "Nova solicitação de privacidade",
    conteudo: MSG_PRIVACIDADE.alertaConteudo(protocolo, ROTULO_DIREITO[p.direito]),
    dados: { tipo: "privacidade", pedidoId: id, link: "/privacidade" },
  });
  if (!p.leadId) return { id, protocolo, mensagemEnviada: false };
  const codigo = representante ? null : await novoCodigoDoPedido(deps, tx, p.empresaId, id, agora);
  await enviarProtocolo(deps, tx, p.empresaId, id, codigo, p.autor.origem === "usuario" ? p.autor : { origem: "sistema" });
  return { id, protocolo, mensagemEnviada: true };
}

/** A fresh code for the request: its hash, expiry and tries reset; returns the code to send. */
export async function novoCodigoDoPedido(
  deps: Pick<TDeps, "config">,
  tx: TTx,
  empresaId: string,
  pedidoId: string,
  agora: Date,
): Promise<string> {
  const codigo = novoCodigo();
  await tx.query(
    `UPDATE privacidade_pedidos SET codigo_hash = $3, codigo_expira_em = $4, codigo_tentativas = 0, updated_at = now()
      WHERE id_empresa_fk = $1 AND id = $2`,
    [
      empresaId,
      pedidoId,
      hashDoCodigo(deps.config.appSecret, pedidoId, codigo),
      new Date(agora.getTime() + CODIGO_VALIDADE_MIN * 60_000),
    ],
  );
  return codigo;
}

/** The request's protocol (and code, when one is waited for) to the lead on WhatsApp, through the outbound queue. */
export async function enviarProtocolo(
  deps: Pick<TDeps, "config" | "realtime" | "jobs">,
  tx: TTx,
  empresaId: string,
  pedidoId: string,
  codigo: string | null,
  autor: TAutorMudanca = { origem: "sistema" },
): Promise<void> {
  const { rows } = await tx.query(
    `SELECT p.protocolo, p.direito, p.vence_em::text AS vence_em, p.id_lead_fk, e.nome_empresa
       FROM privacidade_pedidos p JOIN empresas e ON e.id = p.id_empresa_fk
      WHERE p.id_empresa_fk = $1 AND p.id = $2 AND p.id_lead_fk IS NOT NULL`,
    [empresaId, pedidoId],
  );
  const r = rows[0];
  if (!r) return;
  await enfileirarMensagemAoLead(deps, tx, {
    empresaId,
    leadId: r.id_lead_fk,
    texto: MSG_PRIVACIDADE.protocoloWhatsApp({
      empresa: r.nome_empresa,
      protocolo: r.protocolo,
      direito: ROTULO_DIREITO[r.direito as TDireitoTitular],
      codigo,
      link: linkDaPagina(deps, empresaId),
      vence: dataBR(r.vence_em),
    }),
    sender: "sistema",
    natureza: "confirmacao",
    senderNome: REMETENTE_PRIVACIDADE,
    autor,
  });
}

export { dataBR };

import { PAPEL } from "@crm/domain/roles";
import type { TConexaoWhatsApp } from "@crm/domain/schemas/whatsapp";
import type { TStatusSessao } from "@crm/domain/whatsapp";
import type { TDeps } from "../../core/deps.js";
import type { TTx } from "../../db/tenant.js";
import { notificar } from "../../notifications/notify.js";
import { configCompleta, type TConfigWhatsApp } from "../providers/company-config.js";

export type TSessaoLinha = {
  status: TStatusSessao;
  qr_code: string | null;
  ultimo_erro: string | null;
  session_id: string | null;
  updated_at: Date;
};

export async function lerSessao(tx: TTx, empresaId: string): Promise<TSessaoLinha | null> {
  const { rows } = await tx.query(
    "SELECT status, qr_code, ultimo_erro, session_id, updated_at FROM whatsapp_sessions WHERE id_empresa_fk = $1",
    [empresaId],
  );
  return rows[0] ?? null;
}

/**
 * Can the company send now? The sandbox always can; the official API once configured, unless the last check
 * or send found it unreachable; a gateway only while its session is open.
 */
export function estaConectado(cfg: TConfigWhatsApp, sessao: TSessaoLinha | null): boolean {
  if (cfg.provedor === "sandbox") return true;
  if (!configCompleta(cfg)) return false;
  if (cfg.provedor === "official") return sessao?.status !== "disconnected";
  return sessao?.status === "connected";
}

/** `verificadaEm`: when the provider last answered a check, which may be after the row last changed. */
export function conexaoParaApi(cfg: TConfigWhatsApp, sessao: TSessaoLinha | null, verificadaEm?: Date | null): TConexaoWhatsApp {
  const conectado = estaConectado(cfg, sessao);
  const atualizado = [sessao?.updated_at, verificadaEm].filter((d): d is Date => !!d).map((d) => new Date(d).getTime());
  return {
    provedor: cfg.provedor,
    configurado: configCompleta(cfg),
    status: cfg.provedor === "sandbox" ? "connected" : (sessao?.status ?? (conectado ? "connected" : "disconnected")),
    conectado,
    qrCode: cfg.provedor === "unofficial" && sessao?.status === "qr_ready" ? sessao.qr_code : null,
    erro: conectado ? null : (sessao?.ultimo_erro ?? null),
    identificacao: sessao?.session_id ?? null,
    atualizadoEm: atualizado.length ? new Date(Math.max(...atualizado)).toISOString() : null,
  };
}

export type TNovoEstado = {
  status: TStatusSessao;
  qrCode?: string | null;
  erro?: string | null;
  identificacao?: string | null;
  /** when the provider said it (events arrive in any order: an older report never overwrites a newer one) */
  quando?: Date;
  /**
   * Tell the admins even without a known connection before (a send just failed for lack of it). By default
   * only a real drop (connected → disconnected) is told: a gateway still being paired is not news.
   */
  avisarSempre?: boolean;
};

/**
 * Records the session state (the spec's upsert on id_empresa_fk), tells the company's screens, and when the
 * connection drops notifies the admins once, with the way back (re-pair at /whatsapp-connection).
 */
export async function registrarEstadoSessao(
  deps: Pick<TDeps, "realtime">,
  tx: TTx,
  empresaId: string,
  n: TNovoEstado,
): Promise<void> {
  const quando = n.quando ?? new Date();
  const { rows: antes } = await tx.query(
    `SELECT status, qr_code, ultimo_erro, session_id, desconexao_notificada_em FROM whatsapp_sessions
      WHERE id_empresa_fk = $1 FOR UPDATE`,
    [empresaId],
  );
  const a = antes[0] as (TSessaoLinha & { desconexao_notificada_em: Date | null }) | undefined;
  const mudou =
    !a ||
    a.status !== n.status ||
    a.qr_code !== (n.qrCode ?? null) ||
    a.ultimo_erro !== (n.erro ?? null) ||
    (!!n.identificacao && a.session_id !== n.identificacao);
  // a check that finds what is stored writes nothing and tells no screen: the screens recheck on this row's
  // live changes, so a rewrite per check made every check trigger the next one (decision 1611). A provider's
  // dated report is still recorded (its time orders the reports that follow).
  if (!mudou && !n.quando && !n.avisarSempre) return;
  const { rowCount } = await tx.query(
    `INSERT INTO whatsapp_sessions AS s (id_empresa_fk, status, qr_code, ultimo_erro, session_id, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (id_empresa_fk) DO UPDATE SET
       status = EXCLUDED.status, qr_code = EXCLUDED.qr_code, ultimo_erro = EXCLUDED.ultimo_erro,
       session_id = coalesce(EXCLUDED.session_id, s.session_id), updated_at = EXCLUDED.updated_at,
       desconexao_notificada_em = CASE WHEN EXCLUDED.status = 'connected' THEN NULL ELSE s.desconexao_notificada_em END
     WHERE s.updated_at <= EXCLUDED.updated_at`,
    [empresaId, n.status, n.qrCode ?? null, n.erro ?? null, n.identificacao ?? null, quando],
  );
  if (!rowCount) return; // an older report than what we know
  const r = { anterior: a?.status ?? null, notificada: a?.desconexao_notificada_em ?? null };
  if (mudou) await deps.realtime.publicar(tx, { empresaId }, { tipo: "whatsapp.sessao", dados: { status: n.status } });
  const caiu = r.anterior === "connected" || (n.avisarSempre && r.anterior !== "disconnected");
  if (n.status === "disconnected" && caiu && !r.notificada) {
    await tx.query("UPDATE whatsapp_sessions SET desconexao_notificada_em = now() WHERE id_empresa_fk = $1", [empresaId]);
    await notificar(deps, tx, {
      empresaId,
      destino: { papeis: [PAPEL.admin] },
      tipo: "whatsapp_disconnected",
      titulo: "WhatsApp desconectado",
      conteudo: `${n.erro ? `${n.erro}. ` : ""}Abra a tela WhatsApp (Conexão WhatsApp) para reconectar o número lendo o QR Code.`,
      dados: { link: "/whatsapp-connection" },
    });
  }
}

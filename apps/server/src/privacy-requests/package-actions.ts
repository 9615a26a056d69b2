import { formatarDataHora } from "@crm/domain/format";
import { DIREITOS_COM_PACOTE, MSG_PACOTE } from "@crm/domain/privacy-package";
import { MSG_PRIVACIDADE, type TDireitoTitular } from "@crm/domain/privacy-requests";
import type { TPacotePublico } from "@crm/domain/schemas/privacy-requests";
import type { FastifyReply } from "fastify";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { type TCtxDaEmpresa, type TTx, withCompanyJob, withTenant } from "../db/tenant.js";
import { conflict, HttpError, notFound } from "../http/errors.js";
import { registrarAcaoPrivacidade } from "./log.js";
import { FILA_PACOTE, hashDoToken } from "./package-job.js";

/**
 * The admin starts a request's package once the titular is known (decision 1865): access, portability, or a
 * confirmation whose titular asked for the data. One package per request; a failed or expired one may be started
 * again (same row, new file).
 */
export async function iniciarPacote(deps: Pick<TDeps, "db" | "jobs">, ctx: TCtxDaEmpresa, pedidoId: string): Promise<void> {
  await withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `SELECT p.direito, p.status, p.verificado_em, p.id_lead_fk, k.id AS pacote_id, k.status AS pacote_status
         FROM privacidade_pedidos p
         LEFT JOIN privacidade_pacotes k ON k.id_empresa_fk = p.id_empresa_fk AND k.id_pedido_fk = p.id
        WHERE p.id_empresa_fk = $1 AND p.id = $2 FOR UPDATE OF p`,
      [ctx.empresaId, pedidoId],
    );
    const p = rows[0];
    if (!p) throw notFound(MSG_PRIVACIDADE.naoEncontrado);
    if (!DIREITOS_COM_PACOTE.includes(p.direito as TDireitoTitular)) throw conflict(MSG_PACOTE.direitoSemPacote);
    if (!p.verificado_em || p.status === "recusada") throw conflict(MSG_PACOTE.naoVerificado);
    if (!p.id_lead_fk) throw conflict(MSG_PACOTE.semLead);
    if (p.pacote_id && p.pacote_status !== "falhou" && p.pacote_status !== "expirado") throw conflict(MSG_PACOTE.jaExiste);
    const { rows: k } = await tx.query(
      `INSERT INTO privacidade_pacotes (id_empresa_fk, id_pedido_fk, status, solicitado_em, solicitado_por_fk)
       VALUES ($1, $2, 'na_fila', $3, $4)
       ON CONFLICT (id_empresa_fk, id_pedido_fk) DO UPDATE SET status = 'na_fila', progresso = 0, tentativas = 0,
          erro = NULL, storage_key = NULL, tamanho = NULL, token_hash = NULL, pronto_em = NULL, expira_em = NULL,
          removido_em = NULL, solicitado_em = EXCLUDED.solicitado_em, solicitado_por_fk = EXCLUDED.solicitado_por_fk,
          updated_at = now()
       RETURNING id`,
      [ctx.empresaId, pedidoId, relogio.agora(), ctx.usuarioId],
    );
    await registrarAcaoPrivacidade(tx, {
      empresaId: ctx.empresaId,
      pedidoId,
      tipo: "privacidade.pacote_solicitado",
      autor: { origem: "usuario", usuarioId: ctx.usuarioId },
    });
    await deps.jobs.enviar(FILA_PACOTE, { empresaId: ctx.empresaId, pacoteId: k[0].id }, { tx });
  });
  deps.jobs.acordar(FILA_PACOTE);
}

type TPacoteLido = {
  id: string;
  id_pedido_fk: string;
  status: string;
  storage_key: string | null;
  expira_em: Date | null;
  tamanho: string | null;
  protocolo: string;
  nome_empresa: string;
};

const COLUNAS = `k.id, k.id_pedido_fk, k.status, k.storage_key, k.expira_em, k.tamanho, p.protocolo, e.nome_empresa
  FROM privacidade_pacotes k
  JOIN privacidade_pedidos p ON p.id_empresa_fk = k.id_empresa_fk AND p.id = k.id_pedido_fk
  JOIN empresas e ON e.id = k.id_empresa_fk`;

const expirado = (k: TPacoteLido) => k.status === "expirado" || (k.expira_em !== null && k.expira_em <= relogio.agora());

/** A download: one row on the request's package and one change-log row (the audit trail reads it), then the file. */
async function registrarDownload(
  tx: TTx,
  empresaId: string,
  k: TPacoteLido,
  canal: "link_titular" | "empresa",
  usuarioId: string | null,
) {
  await tx.query(
    `INSERT INTO privacidade_pacote_downloads (id_empresa_fk, id_pacote_fk, canal, id_usuario_fk, baixado_em)
     VALUES ($1, $2, $3, $4, $5)`,
    [empresaId, k.id, canal, usuarioId, relogio.agora()],
  );
  await registrarAcaoPrivacidade(tx, {
    empresaId,
    pedidoId: k.id_pedido_fk,
    tipo: "privacidade.pacote_baixado",
    autor: usuarioId ? { origem: "usuario", usuarioId } : { origem: "sistema" },
    antes: { canal },
  });
}

async function enviarZip(deps: Pick<TDeps, "storage">, k: TPacoteLido, reply: FastifyReply) {
  const arquivo = await deps.storage.abrir(k.storage_key as string).catch(() => null);
  if (!arquivo) throw notFound(MSG_PACOTE.naoPronto);
  return reply
    .header("Content-Type", "application/zip")
    .header("Content-Length", String(arquivo.tamanho))
    .header("Content-Disposition", `attachment; filename="dados-pessoais-${k.protocolo}.zip"`)
    .header("Cache-Control", "private, no-store")
    .send(arquivo.stream);
}

/** The company's admin downloads the package of one of its requests (RLS and the company's id scope the read). */
export async function baixarPacoteDaEmpresa(
  deps: Pick<TDeps, "db" | "storage">,
  ctx: TCtxDaEmpresa,
  pedidoId: string,
  reply: FastifyReply,
) {
  const k = await withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query<TPacoteLido>(`SELECT ${COLUNAS} WHERE k.id_empresa_fk = $1 AND k.id_pedido_fk = $2`, [
      ctx.empresaId,
      pedidoId,
    ]);
    const k = rows[0];
    if (!k) throw notFound(MSG_PRIVACIDADE.naoEncontrado);
    if (expirado(k)) throw new HttpError(410, MSG_PACOTE.expiradoAdmin);
    if (k.status !== "pronto") throw conflict(MSG_PACOTE.naoPronto);
    await registrarDownload(tx, ctx.empresaId, k, "empresa", ctx.usuarioId);
    return k;
  });
  return enviarZip(deps, k, reply);
}

/** The titular's link: the token's hash, in the company of the address only (a token of another company is unknown). */
function lerPeloToken(tx: TTx, deps: Pick<TDeps, "config">, empresaId: string, token: string) {
  return tx
    .query<TPacoteLido>(`SELECT ${COLUNAS} WHERE k.id_empresa_fk = $1 AND k.token_hash = $2`, [
      empresaId,
      hashDoToken(deps.config.appSecret, empresaId, token),
    ])
    .then((r) => r.rows[0]);
}

/** The link page: ready (with its expiry) or expired (the day it expired); an unknown token is 404. */
export function lerPacotePublico(deps: Pick<TDeps, "db" | "config">, empresaId: string, token: string): Promise<TPacotePublico> {
  return withCompanyJob(deps.db.app, empresaId, "privacidade-pacote-link", async (tx) => {
    const k = await lerPeloToken(tx, deps, empresaId, token);
    if (!k?.expira_em) throw notFound(MSG_PACOTE.linkInvalido);
    return {
      empresa: k.nome_empresa,
      protocolo: k.protocolo,
      status: expirado(k) ? "expirado" : "pronto",
      expira_em: k.expira_em.toISOString(),
      tamanho: k.tamanho === null ? null : Number(k.tamanho),
    };
  });
}

/** The titular downloads by the link: 410 with the pt-BR reason once expired, the download recorded otherwise. */
export async function baixarPacotePublico(
  deps: Pick<TDeps, "db" | "storage" | "config">,
  empresaId: string,
  token: string,
  reply: FastifyReply,
) {
  const k = await withCompanyJob(deps.db.app, empresaId, "privacidade-pacote-link", async (tx) => {
    const k = await lerPeloToken(tx, deps, empresaId, token);
    if (!k?.expira_em) throw notFound(MSG_PACOTE.linkInvalido);
    if (expirado(k)) throw new HttpError(410, MSG_PACOTE.linkExpirado(formatarDataHora(k.expira_em)));
    await registrarDownload(tx, empresaId, k, "link_titular", null);
    return k;
  });
  return enviarZip(deps, k, reply);
}

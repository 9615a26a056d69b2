import { randomBytes } from "node:crypto";
import { MSG } from "@crm/domain/messages";
import { MSG_PRIVACIDADE, STATUS_PEDIDO_ENCERRADO, type TStatusPedido } from "@crm/domain/privacy-requests";
import type { FastifyRequest } from "fastify";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { type TCtxDaEmpresa, type TTx, withTenant } from "../db/tenant.js";
import { receberDocumento, tipoDoArquivoRecebido } from "../documents/receive-upload.js";
import { badRequest, conflict, notFound } from "../http/errors.js";
import { FILA_ENVIO } from "../jobs/queues.js";
import { registrarAcaoPrivacidade } from "./log.js";
import { enviarRespostaSimplificada } from "./verify.js";

const autorDe = (ctx: TCtxDaEmpresa) => ({ origem: "usuario" as const, usuarioId: ctx.usuarioId });

async function lerPedido(tx: TTx, empresaId: string, id: string) {
  const { rows } = await tx.query(
    "SELECT id, status, documento_storage_key FROM privacidade_pedidos WHERE id_empresa_fk = $1 AND id = $2 FOR UPDATE",
    [empresaId, id],
  );
  if (!rows[0]) throw notFound(MSG_PRIVACIDADE.naoEncontrado);
  return rows[0] as { id: string; status: string; documento_storage_key: string | null };
}

/**
 * A representative's document (art. 18 §3), uploaded by the company admin who received it: the documents' upload
 * path (spooled to disk while counted, at most 10 MB, its type proven from the content and matched with its name),
 * kept in private storage; the request then waits for an admin's approval.
 */
export async function anexarDocumentoDoRepresentante(
  deps: Pick<TDeps, "db" | "storage" | "config">,
  ctx: TCtxDaEmpresa,
  id: string,
  req: FastifyRequest,
): Promise<void> {
  await withTenant(deps.db.app, ctx, async (tx) => {
    const p = await lerPedido(tx, ctx.empresaId, id);
    if (p.status !== "aguardando_documento" && p.status !== "aguardando_aprovacao")
      throw conflict(MSG_PRIVACIDADE.statusNaoPermite);
  });
  const recebido = await receberDocumento(req, deps.config.dataDir);
  try {
    const { arquivo } = recebido;
    const tipo = await tipoDoArquivoRecebido(arquivo);
    if (!arquivo) throw badRequest(MSG.documentoSemArquivo);
    const chave = `${ctx.empresaId}/privacidade/${id}/${Date.now()}-${randomBytes(6).toString("hex")}.${tipo}`;
    await deps.storage.gravarArquivo(chave, arquivo.caminho);
    try {
      await withTenant(deps.db.app, ctx, async (tx) => {
        const p = await lerPedido(tx, ctx.empresaId, id);
        if (p.status !== "aguardando_documento" && p.status !== "aguardando_aprovacao")
          throw conflict(MSG_PRIVACIDADE.statusNaoPermite);
        await tx.query(
          `UPDATE privacidade_pedidos SET documento_storage_key = $3, documento_nome = $4, documento_mime = $5,
              documento_tamanho = $6, status = 'aguardando_aprovacao', updated_at = now()
            WHERE id_empresa_fk = $1 AND id = $2`,
          [ctx.empresaId, id, chave, arquivo.nome, tipo, arquivo.tamanho],
        );
        await registrarAcaoPrivacidade(tx, {
          empresaId: ctx.empresaId,
          pedidoId: id,
          tipo: "privacidade.documento",
          autor: autorDe(ctx),
          antes: { status: p.status },
        });
      });
    } catch (e) {
      await deps.storage.remover(chave).catch(() => undefined);
      throw e;
    }
  } finally {
    await recebido.descartar();
  }
}

/** An admin approves a representative's request once its document is in: it starts, and the simplified answer goes out. */
export async function aprovarRepresentante(deps: Pick<TDeps, "db" | "realtime" | "jobs">, ctx: TCtxDaEmpresa, id: string) {
  await withTenant(deps.db.app, ctx, async (tx) => {
    const p = await lerPedido(tx, ctx.empresaId, id);
    if (p.status === "aguardando_documento" || !p.documento_storage_key) throw conflict(MSG_PRIVACIDADE.semDocumento);
    if (p.status !== "aguardando_aprovacao") throw conflict(MSG_PRIVACIDADE.statusNaoPermite);
    const agora = relogio.agora();
    await tx.query(
      `UPDATE privacidade_pedidos SET status = 'em_andamento', aprovado_em = $3, aprovado_por_fk = $4, verificado_em = $3,
          updated_at = now()
        WHERE id_empresa_fk = $1 AND id = $2`,
      [ctx.empresaId, id, agora, ctx.usuarioId],
    );
    await registrarAcaoPrivacidade(tx, {
      empresaId: ctx.empresaId,
      pedidoId: id,
      tipo: "privacidade.aprovada",
      autor: autorDe(ctx),
      antes: { status: p.status },
    });
    await enviarRespostaSimplificada(deps, tx, ctx.empresaId, id, autorDe(ctx));
  });
  deps.jobs.acordar(FILA_ENVIO);
}

/** Closes a request: answered, or refused with its reasons (art. 18 §4); the clock stops. */
export async function encerrarPedido(
  deps: Pick<TDeps, "db">,
  ctx: TCtxDaEmpresa,
  id: string,
  e: { status: "atendida" | "recusada"; resposta: string },
) {
  await withTenant(deps.db.app, ctx, async (tx) => {
    const p = await lerPedido(tx, ctx.empresaId, id);
    if (STATUS_PEDIDO_ENCERRADO.includes(p.status as TStatusPedido)) throw conflict(MSG_PRIVACIDADE.statusNaoPermite);
    await tx.query(
      `UPDATE privacidade_pedidos SET status = $3, resposta = $4, encerrado_em = $5, codigo_hash = NULL, updated_at = now()
        WHERE id_empresa_fk = $1 AND id = $2`,
      [ctx.empresaId, id, e.status, e.resposta, relogio.agora()],
    );
    await registrarAcaoPrivacidade(tx, {
      empresaId: ctx.empresaId,
      pedidoId: id,
      tipo: e.status === "atendida" ? "privacidade.atendida" : "privacidade.recusada",
      autor: autorDe(ctx),
      antes: { status: p.status },
    });
  });
}

import { isoDiaSP } from "@crm/domain/period";
import { corDoPrazo, diasRestantes, STATUS_PEDIDO_ENCERRADO, type TStatusPedido } from "@crm/domain/privacy-requests";
import type { TPainelPrivacidade, TPedidoPrivacidade } from "@crm/domain/schemas/privacy-requests";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { type TCtxDaEmpresa, withTenant } from "../db/tenant.js";

/** The newest requests the screen lists (open ones always come first, by due day). */
const LIMITE = 500;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The columns of a request as /privacidade and /api/v1 show it (decision 1895: one reading for both). */
export const COLUNAS_PEDIDO = `id, protocolo, direito, canal, status, id_lead_fk, nome_titular, representante_nome,
  documento_storage_key IS NOT NULL AS tem_documento, aberto_em, vence_em::text AS vence_em, prazo_dias,
  verificado_em, resposta_simplificada_em, encerrado_em, resposta, resposta_envio, resposta_envio_em, resposta_envio_erro`;

/**
 * A request's access package as /privacidade shows it (decision 1865): its state ('expirado' once past its link's
 * last day at `$2`), progress, size and downloads. The request is `p`.
 */
const PACOTE_DO_PEDIDO = `(SELECT json_build_object('status', CASE WHEN k.status = 'pronto' AND k.expira_em <= $2 THEN 'expirado' ELSE k.status END,
    'progresso', k.progresso, 'solicitado_em', k.solicitado_em, 'pronto_em', k.pronto_em,
    'expira_em', k.expira_em, 'tamanho', k.tamanho,
    'downloads', (SELECT count(*)::int FROM privacidade_pacote_downloads d
                   WHERE d.id_empresa_fk = k.id_empresa_fk AND d.id_pacote_fk = k.id),
    'ultimo_download_em', (SELECT max(d.baixado_em) FROM privacidade_pacote_downloads d
                   WHERE d.id_empresa_fk = k.id_empresa_fk AND d.id_pacote_fk = k.id))
   FROM privacidade_pacotes k WHERE k.id_empresa_fk = p.id_empresa_fk AND k.id_pedido_fk = p.id)`;

/** A request row with its clock: days left by the server's clock (decision 1795), green/amber/red, closed in time. */
export function paraPedido(linha: Record<string, unknown>, agora: Date): Omit<TPedidoPrivacidade, "pacote"> {
  const r = linha as Omit<
    TPedidoPrivacidade,
    "pacote" | "lead_id" | "aberto_em" | "verificado_em" | "resposta_simplificada_em" | "encerrado_em" | "resposta_envio"
  > & {
    resposta_envio: "pendente" | "enviada" | "falhou" | null;
    resposta_envio_em: Date | null;
    resposta_envio_erro: string | null;
    id_lead_fk: string | null;
    aberto_em: Date;
    verificado_em: Date | null;
    resposta_simplificada_em: Date | null;
    encerrado_em: Date | null;
  };
  const aberto = !STATUS_PEDIDO_ENCERRADO.includes(r.status as TStatusPedido);
  const dias = aberto ? diasRestantes(r.vence_em, agora) : null;
  return {
    id: r.id,
    protocolo: r.protocolo,
    direito: r.direito,
    canal: r.canal,
    status: r.status,
    lead_id: r.id_lead_fk,
    nome_titular: r.nome_titular,
    representante_nome: r.representante_nome,
    tem_documento: r.tem_documento,
    aberto_em: iso(r.aberto_em) as string,
    vence_em: r.vence_em,
    prazo_dias: r.prazo_dias,
    dias_restantes: dias,
    cor: dias === null ? null : corDoPrazo(dias),
    verificado_em: iso(r.verificado_em),
    resposta_simplificada_em: iso(r.resposta_simplificada_em),
    encerrado_em: iso(r.encerrado_em),
    no_prazo: r.encerrado_em ? isoDiaSP(new Date(r.encerrado_em)) <= r.vence_em : null,
    resposta: r.resposta,
    resposta_envio: r.resposta_envio
      ? { status: r.resposta_envio, em: iso(r.resposta_envio_em), erro: r.resposta_envio_erro }
      : null,
  };
}

/**
 * /privacidade (decision 1825): every request with its right, status and clock — days left by the server's clock
 * (decision 1795), green/amber/red —, open ones first by due day; and the share of the last 12 months' closed requests
 * that were closed by their due day; each request's access package with its progress and downloads (decision 1865).
 */
export function painelPrivacidade(deps: Pick<TDeps, "db">, ctx: TCtxDaEmpresa): Promise<TPainelPrivacidade> {
  const agora = relogio.agora();
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `SELECT ${COLUNAS_PEDIDO}, ${PACOTE_DO_PEDIDO} AS pacote
         FROM privacidade_pedidos p WHERE id_empresa_fk = $1
        ORDER BY encerrado_em IS NOT NULL, CASE WHEN encerrado_em IS NULL THEN vence_em END, encerrado_em DESC, aberto_em DESC
        LIMIT ${LIMITE}`,
      [ctx.empresaId, agora],
    );
    const { rows: taxa } = await tx.query(
      `SELECT count(*)::int AS encerrados,
              count(*) FILTER (WHERE (encerrado_em AT TIME ZONE 'America/Sao_Paulo')::date <= vence_em)::int AS no_prazo
         FROM privacidade_pedidos
        WHERE id_empresa_fk = $1 AND encerrado_em IS NOT NULL AND encerrado_em > $2::timestamptz - interval '12 months'`,
      [ctx.empresaId, agora],
    );
    const { encerrados, no_prazo } = taxa[0];
    return {
      pedidos: rows.map(
        (r): TPedidoPrivacidade => ({
          ...paraPedido(r, agora),
          pacote: r.pacote ? { ...r.pacote, tamanho: r.pacote.tamanho === null ? null : Number(r.pacote.tamanho) } : null,
        }),
      ),
      no_prazo_12m: { encerrados, no_prazo, percentual: encerrados ? Math.round((100 * no_prazo) / encerrados) : null },
    };
  });
}

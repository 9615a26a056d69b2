import { montarRemetente } from "@crm/domain/platform";
import type { TConfiguracoesPlataforma, TConfiguracoesPlataformaEntrada } from "@crm/domain/schemas/platform";
import { GRAPH_VERSAO_PADRAO } from "@crm/domain/whatsapp";
import { registrarAuditoria } from "../auth/audit.js";
import type { TDeps } from "../core/deps.js";
import { nomeDoUsuarioSql } from "../db/person-name.js";
import { type TTenantCtx, type TTx, withTenant } from "../db/tenant.js";

async function ler(tx: TTx, mailFrom: string): Promise<TConfiguracoesPlataforma> {
  const { rows } = await tx.query(
    `SELECT c.graph_versao_padrao, c.email_remetente_nome, c.email_remetente_endereco, c.updated_at,
            ${nomeDoUsuarioSql("u")} AS por
       FROM configuracoes_plataforma c LEFT JOIN usuarios_plataforma u ON u.id = c.atualizado_por_fk`,
  );
  const r = rows[0] ?? {};
  return {
    graphVersaoPadrao: r.graph_versao_padrao ?? "",
    remetenteNome: r.email_remetente_nome ?? "",
    remetenteEmail: r.email_remetente_endereco ?? "",
    padroes: { graphVersao: GRAPH_VERSAO_PADRAO, remetente: mailFrom },
    efetivos: {
      graphVersao: r.graph_versao_padrao || GRAPH_VERSAO_PADRAO,
      remetente: montarRemetente(mailFrom, r.email_remetente_nome, r.email_remetente_endereco),
    },
    atualizadoEm: r.updated_at ? (r.updated_at as Date).toISOString() : null,
    atualizadoPor: r.por ?? null,
  };
}

/** The platform's own settings (decision 1309): the saved values, the built-in defaults and what applies now. */
export function lerConfiguracoesPlataforma(deps: Pick<TDeps, "db" | "config">, ctx: TTenantCtx) {
  return withTenant(deps.db.app, ctx, (tx) => ler(tx, deps.config.mailFrom));
}

/**
 * Saves them (empty = the built-in default) with an audit row of what changed. The WhatsApp sender reads the
 * Graph version with each company's settings and the mail sweeper the sender at each pass: no restart needed.
 */
export function salvarConfiguracoesPlataforma(
  deps: Pick<TDeps, "db" | "config">,
  ctx: TTenantCtx,
  e: TConfiguracoesPlataformaEntrada,
  meta: { ip: string },
): Promise<TConfiguracoesPlataforma> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const antes = await ler(tx, deps.config.mailFrom);
    await tx.query(
      `UPDATE configuracoes_plataforma
          SET graph_versao_padrao = $1, email_remetente_nome = $2, email_remetente_endereco = $3,
              atualizado_por_fk = $4, updated_at = now()`,
      [e.graphVersaoPadrao || null, e.remetenteNome || null, e.remetenteEmail || null, ctx.usuarioId],
    );
    await registrarAuditoria(tx, {
      empresaId: null,
      usuarioId: ctx.usuarioId,
      acao: "plataforma.configuracoes_salvas",
      entidade: "configuracoes_plataforma",
      dados: {
        antes: {
          graphVersaoPadrao: antes.graphVersaoPadrao,
          remetenteNome: antes.remetenteNome,
          remetenteEmail: antes.remetenteEmail,
        },
        depois: e,
      },
      ip: meta.ip,
    });
    return ler(tx, deps.config.mailFrom);
  });
}

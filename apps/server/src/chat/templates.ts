import { MSG } from "@crm/domain/messages";
import type { TModelo, TModelos, TSalvarModelo, TTemplateAprovado } from "@crm/domain/schemas/chat";
import { MODELOS_PADRAO } from "@crm/domain/templates";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { notFound } from "../http/errors.js";
import { lerConfigWhatsApp, type TConfigWhatsApp } from "../whatsapp/providers/company-config.js";
import { comoErroProvedor } from "../whatsapp/providers/provider.js";
import { provedorDe } from "../whatsapp/providers/providers.js";
import { acessarLead } from "./access.js";

const PADRAO: TModelo[] = MODELOS_PADRAO.map((m) => ({
  id: m.id,
  nome: m.nome,
  categoria: m.categoria,
  conteudo: m.conteudo,
  padrao: true,
}));

/** The templates provider approved (only these may open a conversation outside the 24-hour window). */
export async function templatesAprovados(deps: TDeps, cfg: TConfigWhatsApp): Promise<TTemplateAprovado[]> {
  return provedorDe(deps, cfg).templates();
}

/** The templates dialog: the six built-in ones, the company's own, and the provider-approved list. */
export async function listarModelos(deps: TDeps, ctx: TTenantCtx, leadId: string): Promise<TModelos> {
  const { cfg, proprios } = await withTenant(deps.db.app, ctx, async (tx) => {
    const lead = await acessarLead(tx, ctx, leadId);
    const { rows } = await tx.query(
      "SELECT id, nome, categoria, conteudo FROM modelos_mensagem WHERE id_empresa_fk = $1 ORDER BY categoria, nome, id",
      [lead.empresaId],
    );
    return {
      cfg: (await lerConfigWhatsApp(tx, deps.config.appSecret, lead.empresaId)) as TConfigWhatsApp,
      proprios: rows.map((r): TModelo => ({ ...r, padrao: false })),
    };
  });
  let aprovados: TTemplateAprovado[] = [];
  let erroAprovados: string | null = null;
  try {
    aprovados = await templatesAprovados(deps, cfg);
  } catch (e) {
    erroAprovados = comoErroProvedor(e, MSG.whatsappErroConexaoApi).mensagem;
  }
  return { modelos: [...PADRAO, ...proprios], aprovados, erroAprovados };
}

const ctxEmpresa = (ctx: TTenantCtx) => {
  if (!ctx.empresaId) throw notFound(MSG.empresaNaoEncontradaLogado);
  return ctx.empresaId;
};

export async function criarModelo(deps: TDeps, ctx: TTenantCtx, m: TSalvarModelo): Promise<TModelo> {
  const empresaId = ctxEmpresa(ctx);
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      "INSERT INTO modelos_mensagem (id_empresa_fk, nome, categoria, conteudo) VALUES ($1, $2, $3, $4) RETURNING id, nome, categoria, conteudo",
      [empresaId, m.nome, m.categoria, m.conteudo],
    );
    return { ...rows[0], padrao: false };
  });
}

export async function editarModelo(deps: TDeps, ctx: TTenantCtx, id: string, m: TSalvarModelo): Promise<TModelo> {
  const empresaId = ctxEmpresa(ctx);
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `UPDATE modelos_mensagem SET nome = $3, categoria = $4, conteudo = $5, updated_at = now()
        WHERE id_empresa_fk = $1 AND id = $2 RETURNING id, nome, categoria, conteudo`,
      [empresaId, id, m.nome, m.categoria, m.conteudo],
    );
    if (!rows[0]) throw notFound(MSG.modeloNaoEncontrado);
    return { ...rows[0], padrao: false };
  });
}

export async function excluirModelo(deps: TDeps, ctx: TTenantCtx, id: string): Promise<void> {
  const empresaId = ctxEmpresa(ctx);
  await withTenant(deps.db.app, ctx, async (tx) => {
    const { rowCount } = await tx.query("DELETE FROM modelos_mensagem WHERE id_empresa_fk = $1 AND id = $2", [empresaId, id]);
    if (!rowCount) throw notFound(MSG.modeloNaoEncontrado);
  });
}

import { MSG } from "@crm/domain/messages";
import { MEDIDAS_SEGURANCA, MSG_REGISTRO, operacoesDoCatalogo, type TConteudoRopa } from "@crm/domain/privacy-records";
import type { TControlador, TVersaoRopa } from "@crm/domain/schemas/privacy-records";
import { relogio } from "../core/clock.js";
import type { TCtxDaEmpresa, TTx } from "../db/tenant.js";
import { notFound } from "../http/errors.js";
import { exigirRecursoDoPlano } from "../membership/plan-limits.js";
import { registrarAcaoRegistro } from "./log.js";

/** The controller's data of the company's privacy settings (decision 1872); nulls where not filled in. */
export async function lerControlador(tx: TTx, empresaId: string): Promise<TControlador> {
  const { rows } = await tx.query(
    `SELECT controlador_cnpj AS cnpj, controlador_endereco AS endereco, controlador_atividade AS atividade,
            controlador_responsavel AS responsavel
       FROM privacidade_config WHERE id_empresa_fk = $1`,
    [empresaId],
  );
  return rows[0] ?? { cnpj: null, endereco: null, atividade: null, responsavel: null };
}

/** Saves the controller's data in the privacy settings' row (created if the company has none yet). */
export async function gravarControlador(tx: TTx, ctx: TCtxDaEmpresa, c: TControlador): Promise<void> {
  await tx.query(
    `INSERT INTO privacidade_config (id_empresa_fk, controlador_cnpj, controlador_endereco, controlador_atividade,
                                     controlador_responsavel)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id_empresa_fk) DO UPDATE SET controlador_cnpj = $2, controlador_endereco = $3,
       controlador_atividade = $4, controlador_responsavel = $5, updated_at = now()`,
    [ctx.empresaId, c.cnpj || null, c.endereco || null, c.atividade || null, c.responsavel || null],
  );
  await registrarAcaoRegistro(
    tx,
    ctx.empresaId,
    { origem: "usuario", usuarioId: ctx.usuarioId },
    {
      entidade: "configuracao",
      id: ctx.empresaId,
      tipo: "configuracao.alterada",
      depois: { secao: "controlador" },
    },
  );
}

/**
 * Generates the next ROPA version (decision 1872): the catalogue's operations, the controller's data and the
 * encarregado as they are now, with the dates of every version before it (ANPD's model asks for the date filled in
 * and of each update). Stored whole, so a version downloads later exactly as it was generated. A plan feature.
 */
export async function gerarVersaoRopa(
  tx: TTx,
  ctx: { empresaId: string; usuarioId: string | null },
  agora: Date = relogio.agora(),
): Promise<TVersaoRopa> {
  await exigirRecursoDoPlano(tx, ctx.empresaId, "geradorRopa");
  // two admins generating at once get versions n and n+1, never the same number
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('ropa:' || $1, 0))", [ctx.empresaId]);
  const { rows: cfg } = await tx.query(
    `SELECT e.nome_empresa, e.email_contato, c.encarregado_nome, c.encarregado_email, c.encarregado_telefone,
            c.controlador_cnpj, c.controlador_endereco, c.controlador_atividade, c.controlador_responsavel
       FROM empresas e LEFT JOIN privacidade_config c ON c.id_empresa_fk = e.id WHERE e.id = $1`,
    [ctx.empresaId],
  );
  if (!cfg[0]) throw notFound(MSG.empresaNaoEncontrada);
  const { rows: anteriores } = await tx.query<{ versao: number; gerada_em: Date }>(
    "SELECT versao, gerada_em FROM ropa_versoes WHERE id_empresa_fk = $1 ORDER BY versao",
    [ctx.empresaId],
  );
  const versao = (anteriores.at(-1)?.versao ?? 0) + 1;
  const c = cfg[0];
  const conteudo: TConteudoRopa = {
    versao,
    geradaEm: agora.toISOString(),
    controlador: {
      nome: c.nome_empresa,
      cnpj: c.controlador_cnpj,
      endereco: c.controlador_endereco,
      atividade: c.controlador_atividade,
      responsavel: c.controlador_responsavel,
      email: c.email_contato,
    },
    encarregado: { nome: c.encarregado_nome, email: c.encarregado_email, telefone: c.encarregado_telefone },
    operacoes: operacoesDoCatalogo(),
    medidasSeguranca: [...MEDIDAS_SEGURANCA],
    transferenciaInternacional: MSG_REGISTRO.transferenciaInternacional,
    historico: [
      ...anteriores.map((a) => ({ versao: a.versao, geradaEm: a.gerada_em.toISOString() })),
      { versao, geradaEm: agora.toISOString() },
    ],
  };
  const { rows } = await tx.query(
    `INSERT INTO ropa_versoes (id_empresa_fk, versao, gerada_em, gerada_por_fk, conteudo)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [ctx.empresaId, versao, agora, ctx.usuarioId || null, JSON.stringify(conteudo)],
  );
  await registrarAcaoRegistro(
    tx,
    ctx.empresaId,
    { origem: "usuario", usuarioId: ctx.usuarioId },
    {
      entidade: "privacidade",
      id: rows[0].id,
      tipo: "privacidade.ropa_gerado",
      depois: { versao, operacoes: conteudo.operacoes.length },
    },
  );
  return {
    id: rows[0].id,
    versao,
    gerada_em: agora.toISOString(),
    gerada_por: null,
    operacoes: conteudo.operacoes.length,
  };
}

/** The company's versions, newest first, with who generated each. */
export async function listarVersoesRopa(tx: TTx, empresaId: string): Promise<TVersaoRopa[]> {
  const { rows } = await tx.query(
    `SELECT v.id, v.versao, v.gerada_em, u.nome AS gerada_por, jsonb_array_length(v.conteudo -> 'operacoes') AS operacoes
       FROM ropa_versoes v LEFT JOIN usuarios_plataforma u ON u.id = v.gerada_por_fk
      WHERE v.id_empresa_fk = $1 ORDER BY v.versao DESC`,
    [empresaId],
  );
  return rows.map((r) => ({ ...r, gerada_em: (r.gerada_em as Date).toISOString() }));
}

/** One version's stored content (404 for another company's id: RLS leaves none). */
export async function lerVersaoRopa(tx: TTx, empresaId: string, id: string): Promise<TConteudoRopa> {
  const { rows } = await tx.query("SELECT conteudo FROM ropa_versoes WHERE id_empresa_fk = $1 AND id = $2", [empresaId, id]);
  if (!rows[0]) throw notFound(MSG_REGISTRO.versaoNaoEncontrada);
  return rows[0].conteudo as TConteudoRopa;
}

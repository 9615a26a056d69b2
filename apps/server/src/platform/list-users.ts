import {
  TAMANHO_PAGINA_USUARIOS,
  type TFiltroUsuariosPlataforma,
  type TListaUsuariosPlataforma,
  type TUsuarioPlataforma,
} from "@crm/domain/schemas/platform";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, type TTx, withTenant } from "../db/tenant.js";

/** The user's text literal inside LIKE: %, _ and \ match only themselves. */
const escaparLike = (s: string) => s.replace(/[\\%_]/g, "\\$&");

/** The columns of one /usuarios row (alias u for usuarios_plataforma, e for empresas). */
const COLUNAS_USUARIO = `u.id, u.nome, u.email, u.papel, u.id_empresa_fk, e.nome_empresa, u.ativo, u.created_at,
  (SELECT count(*)::int FROM auth_sessoes s
    WHERE s.id_usuario_fk = u.id AND s.revoked_at IS NULL AND s.expires_at > now()) AS sessoes`;

function linhaUsuario(r: Record<string, unknown>): TUsuarioPlataforma {
  return {
    id: r.id as string,
    nome: r.nome as string,
    email: r.email as string,
    papel: r.papel as TUsuarioPlataforma["papel"],
    empresaId: (r.id_empresa_fk as string | null) ?? null,
    empresaNome: (r.nome_empresa as string | null) ?? null,
    ativo: r.ativo as boolean,
    sessoes: r.sessoes as number,
    createdAt: (r.created_at as Date).toISOString(),
  };
}

export async function lerUsuario(tx: TTx, id: string): Promise<TUsuarioPlataforma | null> {
  const { rows } = await tx.query(
    `SELECT ${COLUNAS_USUARIO} FROM usuarios_plataforma u LEFT JOIN empresas e ON e.id = u.id_empresa_fk WHERE u.id = $1`,
    [id],
  );
  return rows[0] ? linhaUsuario(rows[0]) : null;
}

/**
 * Every user of every company (decision 1308), newest first, one page at a time: search by name or email
 * (case-insensitive, anywhere in the text), role, company and active/inactive. The platform admin crosses companies
 * through the 'tenant' policies of usuarios_plataforma and empresas and the 'plataforma' policy of auth_sessoes.
 */
export async function listarUsuariosPlataforma(
  deps: Pick<TDeps, "db">,
  ctx: TTenantCtx,
  f: TFiltroUsuariosPlataforma,
): Promise<TListaUsuariosPlataforma> {
  const onde: string[] = [];
  const args: unknown[] = [];
  const arg = (v: unknown) => {
    args.push(v);
    return `$${args.length}`;
  };
  const busca = f.busca?.trim().toLowerCase();
  if (busca) {
    const p = arg(`%${escaparLike(busca)}%`);
    onde.push(`(lower(u.nome) LIKE ${p} OR u.email LIKE ${p})`);
  }
  if (f.papel) onde.push(`u.papel = ${arg(f.papel)}`);
  if (f.empresaId) onde.push(`u.id_empresa_fk = ${arg(f.empresaId)}`);
  if (f.status) onde.push(`u.ativo = ${arg(f.status === "ativo")}`);
  const where = onde.length ? `WHERE ${onde.join(" AND ")}` : "";
  const tamanho = TAMANHO_PAGINA_USUARIOS;
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `SELECT ${COLUNAS_USUARIO}, count(*) OVER ()::int AS total
         FROM usuarios_plataforma u LEFT JOIN empresas e ON e.id = u.id_empresa_fk
        ${where}
        ORDER BY u.created_at DESC, u.id
        LIMIT ${tamanho} OFFSET ${(f.pagina - 1) * tamanho}`,
      args,
    );
    let total = rows[0]?.total ?? 0;
    if (!rows.length && f.pagina > 1) {
      const c = await tx.query(`SELECT count(*)::int AS n FROM usuarios_plataforma u ${where}`, args);
      total = c.rows[0].n;
    }
    const empresas = await tx.query("SELECT id, nome_empresa AS nome FROM empresas ORDER BY lower(nome_empresa), id");
    return { usuarios: rows.map(linhaUsuario), total, pagina: f.pagina, tamanho, empresas: empresas.rows };
  });
}

import { pode } from "@crm/domain/permissions";
import { normalizarTelefone } from "@crm/domain/phone";
import { PAPEL } from "@crm/domain/roles";
import type { TResultadoBusca } from "@crm/domain/schemas/search";
import { crossTenantListarEmpresas } from "../companies/list-companies.js";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { condicoesDaBusca } from "../leads/list/filter-sql.js";

const LIMITE_BUSCA = 8;
const MIN_DIGITOS_TELEFONE = 3;

/** Makes the user's text literal inside LIKE: %, _ and \ match only themselves. */
export function escaparLike(s: string): string {
  return s.replace(/[\\%_]/g, "\\$&");
}

/**
 * The digits to look for in telefone_normalizado, or null when the text is not a phone number.
 * Only text made of phone characters counts ("rua 12" must not match every phone with 12), and a whole
 * number is normalized the way stored phones are, so "(11) 98765-4321" or "11 8765-4321" find 5511987654321.
 */
export function digitosBusca(q: string): string | null {
  if (!/^[\d\s()+\-.]+$/.test(q)) return null;
  const d = q.replace(/\D/g, "");
  if (d.length < MIN_DIGITOS_TELEFONE) return null;
  return d.length >= 10 ? (normalizarTelefone(d) ?? d) : d;
}

/** The "contains anywhere" step reads at most this many of the company's most recently updated leads. */
const RECENTES_CONTEM = 20_000;

/**
 * The top bar's search (000 §2.8, §5): leads by nome or email (case-insensitive) or phone, and consultants by
 * nome or email, within the user's company. Leads come in two steps so it stays fast with 200k of them
 * (decision 0307): first "contains anywhere" (a piece of a word, an e-mail's domain, a phone's last digits) among
 * the `recentes` most recently updated leads, newest first; then, if that left room, older leads by index (the
 * beginning of a word of the name or e-mail, or of the phone, as /leads searches).
 * What leads a role may see follows the lists they have: a Consultor their own and unassigned ones (001 §6
 * My Leads), Jurídico the legal processes (status 'Convertido (Ganho)'), admins all. Consultants only for the roles
 * that may open /consultores, where a consultant result leads (decision 1644).
 * The platform admin, who has no company, gets the companies matching the text and, with a company chosen in the
 * shell (`?empresaId=`, resolved by the tenant hook: route target `empresaOpcional`), that company's leads and
 * consultants (decision 1645).
 */
export async function buscar(
  deps: Pick<TDeps, "db">,
  ctx: TTenantCtx,
  q: string,
  opts: { recentes?: number } = {},
): Promise<TResultadoBusca> {
  const empresas = ctx.papel === PAPEL.plataforma ? await buscarEmpresas(deps, ctx, q) : [];
  const empresaId = ctx.empresaId;
  if (!empresaId) return { leads: [], consultores: [], empresas };
  const padrao = `%${escaparLike(q)}%`;
  const digitos = digitosBusca(q);
  const comConsultores = pode(ctx.papel, "consultores.gerenciar");
  return withTenant(deps.db.app, ctx, async (tx) => {
    const recentes = opts.recentes ?? RECENTES_CONTEM;
    const contem = await tx.query(
      ...(await consultaLeads(ctx, async (p) => ({
        fonte: `(SELECT r.* FROM leads_juros_check r WHERE r.id_empresa_fk = $1
                  ORDER BY r.updated_at DESC, r.id LIMIT ${p(recentes)}) l`,
        condicoes: [
          `(l.nome ILIKE ${p(padrao)} OR l.email ILIKE ${p(padrao)} OR l.telefone_normalizado LIKE ${p(digitos === null ? null : `%${digitos}%`)})`,
        ],
      }))),
    );
    let leads: TLeadBusca[] = contem.rows;
    if (leads.length < LIMITE_BUSCA) {
      const porIndice = await tx.query(
        ...(await consultaLeads(ctx, async (p) => ({
          fonte: "leads_juros_check l",
          condicoes: [...(await condicoesDaBusca(tx, q.trim(), p)), `NOT (l.id = ANY (${p(leads.map((x) => x.id))}::uuid[]))`],
        }))),
      );
      leads = [...leads, ...porIndice.rows].slice(0, LIMITE_BUSCA);
    }
    const consultores = comConsultores
      ? (
          await tx.query(
            `SELECT id, nome, email FROM consultores
              WHERE id_empresa_fk = $1 AND (nome ILIKE $2 OR email ILIKE $2)
              ORDER BY nome, id LIMIT $3`,
            [empresaId, padrao, LIMITE_BUSCA],
          )
        ).rows
      : [];
    return { leads, consultores, empresas };
  });
}

/** The platform admin's companies by name or contact e-mail: /empresas's own search, its first results. */
async function buscarEmpresas(deps: Pick<TDeps, "db">, ctx: TTenantCtx, q: string): Promise<TResultadoBusca["empresas"]> {
  const { empresas } = await crossTenantListarEmpresas(deps, ctx, { busca: q, pagina: 1 });
  return empresas.slice(0, LIMITE_BUSCA).map((e) => ({ id: e.id, nome: e.nome_empresa, email: e.email_contato }));
}

type TLeadBusca = TResultadoBusca["leads"][number];

/**
 * One step's query: `montar` names the rows to read (as `l`) and the conditions, with `p` adding a parameter ($1 is
 * the company); the role's reach, the order and the limit are the same for both steps.
 */
async function consultaLeads(
  ctx: TTenantCtx,
  montar: (p: (v: unknown) => string) => Promise<{ fonte: string; condicoes: string[] }>,
): Promise<[string, unknown[]]> {
  const params: unknown[] = [ctx.empresaId];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const { fonte, condicoes } = await montar(p);
  const alcance: string[] = [];
  if (ctx.papel === PAPEL.consultor) {
    alcance.push(`(l.consultor_atribuido_id IS NULL OR l.consultor_atribuido_id IN
      (SELECT c.id FROM consultores c WHERE c.id_empresa_fk = $1 AND c.id_usuario_fk = ${p(ctx.usuarioId)}))`);
  } else if (ctx.papel === PAPEL.juridico) {
    alcance.push("l.status_lead = 'Convertido (Ganho)'");
  }
  const sql = `SELECT l.id, l.nome, l.email, l.telefone, l.status_lead FROM ${fonte}
    WHERE l.id_empresa_fk = $1 AND ${[...condicoes, ...alcance].join(" AND ")}
    ORDER BY l.updated_at DESC, l.id LIMIT ${p(LIMITE_BUSCA)}`;
  return [sql, params];
}

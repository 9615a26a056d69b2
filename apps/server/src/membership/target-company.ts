import { MSG } from "@crm/domain/messages";
import type { TPlano } from "@crm/domain/plans";
import { PAPEL } from "@crm/domain/roles";
import type { FastifyRequest } from "fastify";
import type { TDeps } from "../core/deps.js";
import { preparada } from "../db/prepared.js";
import { lerComTenant, type TTenantCtx } from "../db/tenant.js";
import { contextoDe } from "../http/auth-context.js";
import { badRequest, notFound } from "../http/errors.js";

/** The tenant context of a team screen's request, always with the company it acts on. */
export type TCtxEmpresa = TTenantCtx & { empresaId: string; empresaNome: string; plano: TPlano };

/**
 * Company admins act on their own company. The platform admin has none, so names it in `?empresaId=`
 * (001 §6 lets them manage consultants and the legal team of any company); a missing one is 400, an
 * unknown one 404. The company's name and plan come back with it (invitation emails and plan limits need them).
 */
export async function contextoEmpresa(deps: Pick<TDeps, "db">, req: FastifyRequest): Promise<TCtxEmpresa> {
  const auth = req.auth;
  if (!auth) throw badRequest(MSG.sessaoInvalida);
  const pedido = (req.query as { empresaId?: string } | undefined)?.empresaId;
  const empresaId = auth.papel === PAPEL.plataforma ? pedido : auth.empresaId;
  if (!empresaId) throw badRequest(MSG.selecioneEmpresa);
  const ctx = { ...contextoDe(auth), empresaId };
  // a company's own people: the session carries its name and plan (kept fresh by migration 0036), no query
  if (auth.papel !== PAPEL.plataforma && auth.empresaNome && auth.empresaPlano)
    return { ...ctx, empresaNome: auth.empresaNome, plano: auth.empresaPlano };
  // one round trip (BEGIN with the settings, the read, COMMIT pipelined): every company screen's request pays it
  const {
    rows: [empresa],
  } = await lerComTenant(
    deps.db.leitura,
    ctx,
    async () => preparada("SELECT nome_empresa, plano_assinatura FROM empresas WHERE id = $1", [empresaId]),
    { planoGenerico: true },
  );
  if (!empresa) throw notFound(MSG.empresaNaoEncontrada);
  return { ...ctx, empresaNome: empresa.nome_empresa, plano: empresa.plano_assinatura };
}

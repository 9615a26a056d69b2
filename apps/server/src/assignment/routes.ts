import { MSG } from "@crm/domain/messages";
import {
  type TResultadoAtribuicao,
  ZAtribuicaoAutomatica,
  ZAtribuicaoManual,
  ZResultadoAtribuicao,
} from "@crm/domain/schemas/screening";
import { ZEmpresaAlvo } from "@crm/domain/schemas/team";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TDeps } from "../core/deps.js";
import { withTenant } from "../db/tenant.js";
import { contextoEmpresa } from "../http/tenant.js";
import { atribuirAutomaticamente, atribuirManualmente, type TResultadoAtribuicao as TResultado } from "./assign-lead.js";

type TCtx = Awaited<ReturnType<typeof contextoEmpresa>>;

function resposta(r: TResultado): TResultadoAtribuicao {
  if (r.atribuido) return { success: true, message: MSG.leadAtribuidoA(r.consultorNome), consultorId: r.consultorId };
  if (r.motivo === "ja_atribuido") return { success: false, message: MSG.leadJaAtribuido, consultorId: r.consultorId };
  return { success: false, message: MSG.nenhumConsultorOnline, consultorId: null };
}

const automatica = (deps: TDeps, ctx: TCtx, leadId: string) =>
  withTenant(deps.db.app, ctx, (tx) =>
    atribuirAutomaticamente(deps, tx, {
      empresaId: ctx.empresaId,
      leadId,
      autor: { usuarioId: ctx.usuarioId, origem: "usuario", motivo: "Atribuição automática pedida por um usuário" },
    }),
  ).then(resposta);

const manual = (deps: TDeps, ctx: TCtx, leadId: string, consultorId: string, statusLegado?: "qualificado") =>
  withTenant(deps.db.app, ctx, (tx) =>
    atribuirManualmente(deps, tx, {
      empresaId: ctx.empresaId,
      leadId,
      consultorId,
      statusLegado,
      autor: { usuarioId: ctx.usuarioId, origem: "usuario", motivo: "Atribuição manual" },
    }),
  ).then(resposta);

/**
 * Lead assignment: automatic assignment on request (leads.gerenciar; the leads screen may offer it), and the
 * /test-validation actions of 000 §2.7 (testes.usar): 'test lead assignment' (the assign-lead function) and
 * 'test direct assignment'. All go through assign-lead.ts, the code the screening uses.
 */
export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const gerenciar = { permissao: "leads.gerenciar", alvo: "empresa" } as const;
  const testes = { permissao: "testes.usar", alvo: "empresa" } as const;
  const resp = { response: { 200: ZResultadoAtribuicao } };

  app.post(
    "/atribuicao/automatica",
    { config: gerenciar, schema: { querystring: ZEmpresaAlvo, body: ZAtribuicaoAutomatica, ...resp } },
    async (req) => automatica(deps, contextoEmpresa(req), req.body.leadId),
  );
  app.post(
    "/testes/atribuir-lead",
    { config: testes, schema: { querystring: ZEmpresaAlvo, body: ZAtribuicaoAutomatica, ...resp } },
    async (req) => automatica(deps, contextoEmpresa(req), req.body.leadId),
  );
  // 000 §4: direct assignment sets the older status field to 'qualificado' and the consultant
  app.post(
    "/testes/atribuicao-direta",
    { config: testes, schema: { querystring: ZEmpresaAlvo, body: ZAtribuicaoManual, ...resp } },
    async (req) => manual(deps, contextoEmpresa(req), req.body.leadId, req.body.consultorId, "qualificado"),
  );
};

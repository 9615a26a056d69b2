import { intervaloDoPeriodo, isoDiaSP } from "@crm/domain/period";
import { PAPEL } from "@crm/domain/roles";
import { zId } from "@crm/domain/schemas/id";
import {
  ZAcaoOperador,
  ZAssinatura,
  ZCancelarAssinatura,
  ZCobranca,
  ZFormaPagamento,
  ZMudarPlano,
  ZPlanoAtual,
  ZSituacaoAssinatura,
} from "@crm/domain/schemas/subscription";
import { ZEmpresaAlvo } from "@crm/domain/schemas/team";
import { acessoNaFase, faseAssinatura, oQueFazer } from "@crm/domain/subscription-machine";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { relogio } from "../core/clock.js";
import { withTenant } from "../db/tenant.js";
import { contexto, contextoEmpresa } from "../http/tenant.js";
import type { TQuem } from "./audit.js";
import { atualizarPagamento, cancelarAssinatura, mudarPlano, reativarAssinatura, retomarAssinatura } from "./change-plan.js";
import { cobrancaDaFatura } from "./charge.js";
import { acaoDoOperador } from "./operator.js";
import { simularPagamento } from "./pay-invoice.js";
import { lerAssinatura, lerEstado, lerFatura } from "./state.js";

/** 000 §2.13: Admin Empresa (own company) and Admin Plataforma (naming it); Consultor and Jurídico are refused. */
const config = { permissao: "assinatura.gerenciar", alvo: "empresa" } as const;
const operar = { permissao: "assinatura.operar", alvo: "empresa" } as const;
const ZResultado = z.object({ mensagem: z.string() });
const ZIdFatura = z.object({ id: zId() });
const ZEmpresaObrigatoria = z.object({ empresaId: zId() });

const quem = (req: FastifyRequest): TQuem => ({
  usuarioId: req.auth?.usuarioId ?? null,
  ip: req.ip,
  operador: req.auth?.papel === PAPEL.plataforma,
});

/** /assinatura and the plans page's API (decisions 1301–1303). */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get("/assinatura", { config, schema: { querystring: ZEmpresaAlvo, response: { 200: ZAssinatura } } }, async (req) => {
    const ctx = contextoEmpresa(req);
    const agora = relogio.agora();
    const inicioMes = (intervaloDoPeriodo("thisMonth", agora) as { inicio: Date }).inicio;
    return withTenant(deps.db.app, ctx, (tx) => lerAssinatura(tx, ctx.empresaId, isoDiaSP(agora), inicioMes));
  });

  app.post(
    "/assinatura/plano",
    { config, schema: { querystring: ZEmpresaAlvo, body: ZMudarPlano, response: { 200: ZResultado } } },
    async (req) => mudarPlano(deps, contextoEmpresa(req), quem(req), req.body),
  );

  app.post(
    "/assinatura/cancelar",
    { config, schema: { querystring: ZEmpresaAlvo, body: ZCancelarAssinatura, response: { 200: ZResultado } } },
    async (req) => cancelarAssinatura(deps, contextoEmpresa(req), quem(req), req.body.motivo),
  );

  app.post("/assinatura/retomar", { config, schema: { querystring: ZEmpresaAlvo, response: { 200: ZResultado } } }, async (req) =>
    retomarAssinatura(deps, contextoEmpresa(req), quem(req)),
  );

  app.post(
    "/assinatura/reativar",
    { config, schema: { querystring: ZEmpresaAlvo, response: { 200: ZResultado } } },
    async (req) => reativarAssinatura(deps, contextoEmpresa(req), quem(req)),
  );

  app.put(
    "/assinatura/pagamento",
    { config, schema: { querystring: ZEmpresaAlvo, body: ZFormaPagamento, response: { 200: ZResultado } } },
    async (req) => atualizarPagamento(deps, contextoEmpresa(req), quem(req), req.body),
  );

  app.get(
    "/assinatura/faturas/:id/cobranca",
    { config, schema: { params: ZIdFatura, querystring: ZEmpresaAlvo, response: { 200: ZCobranca } } },
    async (req) => {
      const ctx = contextoEmpresa(req);
      const f = await withTenant(deps.db.app, ctx, (tx) => lerFatura(tx, ctx.empresaId, req.params.id));
      return cobrancaDaFatura(f);
    },
  );

  app.post(
    "/assinatura/faturas/:id/pagar",
    { config, schema: { params: ZIdFatura, querystring: ZEmpresaAlvo, response: { 200: ZResultado } } },
    async (req) => simularPagamento(deps, contextoEmpresa(req), quem(req), req.params.id),
  );

  // the operator's actions on one company (/empresa/{id}/subscription): platform admin only
  app.post(
    "/assinatura/operador",
    { config: operar, schema: { querystring: ZEmpresaObrigatoria, body: ZAcaoOperador, response: { 200: ZResultado } } },
    async (req) => acaoDoOperador(deps, contextoEmpresa(req), quem(req), req.body),
  );

  // the shell's banner: the state and what this person should do about it (every person of a company)
  app.get(
    "/assinatura/situacao",
    { config: { permissao: "assinatura.situacao", alvo: "propria" }, schema: { response: { 200: ZSituacaoAssinatura } } },
    async (req) => {
      const ctx = contextoEmpresa(req);
      const e = await withTenant(deps.db.app, ctx, (tx) => lerEstado(tx, ctx.empresaId));
      const fase = faseAssinatura(e, isoDiaSP(relogio.agora()));
      return {
        fase,
        oQueFazer: oQueFazer(fase, ctx.papel, e.faturaEmAberto !== null),
        podeEscrever: acessoNaFase(fase, ctx.papel) === "total",
      };
    },
  );

  // the plans page: every signed-in role sees the plans; a company's people see their current plan
  app.get("/planos/atual", { config: { permissao: "planos.ver" }, schema: { response: { 200: ZPlanoAtual } } }, async (req) => {
    const ctx = contexto(req);
    if (!ctx.empresaId) return { plano: null, ciclo: null };
    return withTenant(deps.db.app, ctx, async (tx) => {
      const { rows } = await tx.query("SELECT plano_assinatura, ciclo_cobranca FROM empresas WHERE id = $1", [ctx.empresaId]);
      return { plano: rows[0]?.plano_assinatura ?? null, ciclo: rows[0]?.ciclo_cobranca ?? null };
    });
  });
};

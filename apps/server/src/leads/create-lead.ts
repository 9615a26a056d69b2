import { MSG } from "@crm/domain/messages";
import { normalizarTelefone } from "@crm/domain/phone";
import type { TNovoLead } from "@crm/domain/schemas/leads";
import { autorDoRegistro, sqlRegistroDeLeads } from "../change-log/in-statement.js";
import type { TAutorMudanca } from "../change-log/record.js";
import type { TDeps } from "../core/deps.js";
import { type TCtxDaEmpresa, withTenant } from "../db/tenant.js";
import { badRequest, HttpError } from "../http/errors.js";
import { estaSuprimido } from "../suppression/suppression-list.js";
import { garantirLimiteMensal, travarCriacaoDeLeads } from "./plan-limit.js";

/** 409: the phone is already a lead of the company; `leadId` is the oldest lead with it (the public API returns it). */
export class LeadDuplicado extends HttpError {
  constructor(public readonly leadId: string) {
    super(409, MSG.leadTelefoneDuplicado, undefined, "lead_duplicado");
  }
}

/** 422: the phone's titular asked for erasure (decision 1863); only a message of their own brings them back. */
export class TitularSuprimido extends HttpError {
  constructor() {
    super(422, MSG.leadSuprimido, undefined, "titular_suprimido");
  }
}

/**
 * The manual lead form (001 §3, §5), stored completely: financing type, installment value and paid count too
 * (the original dropped them). Status Novo Lead. The plan's monthly limit applies, and a phone that is already
 * a lead of the company is refused (409): one phone, one lead, as WhatsApp and imports see it. `autor`: a person on
 * /leads, or the public API with its key; the `lead.criado` log row is written by the same statement (decision 1702).
 */
export async function criarLead(
  deps: Pick<TDeps, "db" | "realtime" | "config">,
  ctx: TCtxDaEmpresa,
  l: TNovoLead,
  autor: TAutorMudanca,
): Promise<{ id: string }> {
  // one phone identity (decision 1501): the canonical digits in both columns, whatever was typed
  const telefoneNormalizado = normalizarTelefone(l.telefone);
  if (!telefoneNormalizado) throw badRequest(MSG.leadTelefoneInvalido, { telefone: MSG.leadTelefoneInvalido });
  return withTenant(deps.db.app, ctx, async (tx) => {
    await travarCriacaoDeLeads(tx, ctx.empresaId);
    const dup = await tx.query(
      "SELECT id FROM leads_juros_check WHERE id_empresa_fk = $1 AND telefone_normalizado = $2 ORDER BY created_at, id LIMIT 1",
      [ctx.empresaId, telefoneNormalizado],
    );
    if (dup.rowCount) throw new LeadDuplicado(dup.rows[0].id);
    if (await estaSuprimido(tx, ctx.empresaId, deps.config.appSecret, { telefone: telefoneNormalizado }))
      throw new TitularSuprimido();
    await garantirLimiteMensal(tx, ctx.empresaId, 1);
    const { rows } = await tx.query(
      `WITH feitos AS (
       INSERT INTO leads_juros_check AS l (id_empresa_fk, nome, email, telefone, telefone_normalizado, tipo_financiamento,
         valor_contrato, valor_parcela, quantidade_parcelas_pagas, objetivo_cliente, origem_lead, status_lead,
         quantidade_parcelas, data_contrato, banco, taxa_informada_mensal)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'Novo Lead', $12, $13, $14, $15)
       RETURNING NULL::leads_juros_check AS antes, l AS depois),
     registro AS (${sqlRegistroDeLeads(16)})
     SELECT (f.depois).id FROM feitos f`,
      [
        ctx.empresaId,
        l.nome,
        l.email,
        telefoneNormalizado,
        telefoneNormalizado,
        l.tipo_financiamento,
        l.valor_total_financiado,
        l.valor_parcela,
        l.quantidade_parcelas_pagas,
        l.objetivo_cliente,
        l.origem_lead,
        l.quantidade_parcelas,
        l.data_contrato,
        l.banco,
        l.taxa_informada_mensal,
        autorDoRegistro("lead.criado", autor),
      ],
    );
    const id = rows[0].id as string;
    return { id };
  });
}

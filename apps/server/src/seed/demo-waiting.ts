import { STATUS_AGUARDANDO_ATRIBUICAO } from "@crm/domain/assignment";
import type { TLinha } from "./bulk.js";
import type { TEmpresaDemo } from "./demo-context.js";
import type { TLeadDemo } from "./demo-leads.js";
import type { TAleatorio } from "./random.js";

/**
 * The demo starts with no lead waiting for a consultant (decision 1503): a qualified lead the generator left
 * unassigned is given, as the automatic assignment would have done when it qualified, to one of the company's
 * consultants without a login (round robin), with its history row. The demo's own consultant (who signs in) keeps
 * the same board, and signing in assigns nothing behind a journey's back. Runs after every other generator and
 * draws from its own stream, so the rest of the demo stays the same data. Returns the new history rows.
 */
export function semFilaDeEspera(r: TAleatorio, empresa: TEmpresaDemo, leads: TLeadDemo[], historico: TLinha[]): TLinha[] {
  const semLogin = empresa.consultores.filter((c) => !c.usuarioId);
  if (!semLogin.length) return [];
  const qualificadoEm = new Map<string, Date>();
  for (const h of historico)
    if (h.campo === "status_lead" && h.id_empresa_fk === empresa.id) {
      const antes = qualificadoEm.get(h.id_lead_fk as string);
      const quando = h.created_at as Date;
      if (!antes || quando > antes) qualificadoEm.set(h.id_lead_fk as string, quando);
    }
  const novas: TLinha[] = [];
  let k = 0;
  for (const l of leads) {
    const linha = l.linha;
    if (linha.consultor_atribuido_id || !(STATUS_AGUARDANDO_ATRIBUICAO as readonly string[]).includes(l.status)) continue;
    const consultor = semLogin[k++ % semLogin.length];
    linha.consultor_atribuido_id = consultor.id;
    novas.push({
      id: r.uuid(),
      id_empresa_fk: empresa.id,
      id_lead_fk: l.id,
      campo: "consultor_atribuido_id",
      valor_anterior: null,
      valor_novo: consultor.id,
      id_usuario_fk: null,
      origem: "sistema",
      motivo: "Atribuição automática após qualificação pela triagem",
      created_at: qualificadoEm.get(l.id) ?? l.criadoEm,
    });
  }
  return novas;
}

import { TEXTOS_CONSENTIMENTO } from "@crm/domain/consent";
import { gravarConsentimentos } from "../src/consent/ledger.js";
import type { TTx } from "../src/db/tenant.js";

/**
 * A lead's marketing consent as the company's form records it (decision 1827): granted, or granted then revoked (an
 * opt-out), by the company's admin, in the caller's transaction.
 */
export function consentirMarketing(
  tx: TTx,
  p: { empresaId: string; leadId: string; adminId: string },
  situacao: "concedido" | "revogado",
): Promise<unknown> {
  const registro = (s: "concedido" | "revogado") => ({
    leadId: p.leadId,
    finalidade: "marketing" as const,
    situacao: s,
    texto: TEXTOS_CONSENTIMENTO.optIn.texto,
    versao: TEXTOS_CONSENTIMENTO.optIn.versao,
    canal: "formulario" as const,
    origem: "empresa" as const,
    usuarioId: p.adminId,
    ocorridoEm: new Date(),
  });
  return gravarConsentimentos(
    tx,
    p.empresaId,
    situacao === "revogado" ? [registro("concedido"), registro("revogado")] : [registro("concedido")],
    { origem: "usuario", usuarioId: p.adminId },
  );
}

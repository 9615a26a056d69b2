import type { TConsentimentoLead, TNovoConsentimento } from "@crm/domain/schemas/consent";
import type { TAutorMudanca } from "../change-log/record.js";
import { relogio } from "../core/clock.js";
import type { TTx } from "../db/tenant.js";
import { gravarConsentimentos, lerConsentimentoDoLead } from "./ledger.js";

/**
 * An opt-in (or opt-out) of marketing the company received outside the WhatsApp keywords — by phone, e-mail, a form,
 * in person — recorded by a person of the company with the text the lead agreed to and its version (LGPD art. 8 §2:
 * the controller proves the consent). The caller has scoped the lead to the person (the chat's access rule). Through
 * /api/v1 the company's system records it: no person, the key as the change log's `autor` (decision 1923).
 */
export async function registrarConsentimentoDaEmpresa(
  tx: TTx,
  p: { empresaId: string; leadId: string; usuarioId: string | null; autor?: TAutorMudanca },
  novo: TNovoConsentimento,
): Promise<TConsentimentoLead> {
  await gravarConsentimentos(
    tx,
    p.empresaId,
    [
      {
        leadId: p.leadId,
        finalidade: "marketing",
        situacao: novo.situacao,
        texto: novo.texto,
        versao: novo.versao_texto,
        canal: novo.canal,
        origem: "empresa",
        usuarioId: p.usuarioId,
        chaveApiId: p.autor?.chaveApiId ?? null,
        ocorridoEm: relogio.agora(),
      },
    ],
    p.autor ?? { origem: "usuario", usuarioId: p.usuarioId },
  );
  return lerConsentimentoDoLead(tx, p.empresaId, p.leadId);
}

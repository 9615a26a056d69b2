import { z } from "zod";
import { MSG } from "../messages";
import { STATUS_JURIDICO } from "../status";
import { ZEventoAuditoria } from "./audit-trail";
import { ZConsentimentoLead } from "./consent";
import { ZPrazo } from "./deadlines";
import { ZDocumento } from "./documents";
import { ZCustoMarketing } from "./marketing";
import { ZNota } from "./notes";
import { ZPedidoPrivacidade } from "./privacy-requests";
import { ZProcesso } from "./processes";
import { ZEtiqueta } from "./tags";

/**
 * The shapes /api/v1 shows beyond leads and messages (decision 1895): the screens' own shapes, named for the OpenAPI
 * document, with `updated_at` where a row changes (the cursor's order), without screen-only fields.
 */
export const ZEtiquetaApi = ZEtiqueta.extend({ created_at: z.string() }).meta({ id: "Etiqueta" });
export type TEtiquetaApi = z.infer<typeof ZEtiquetaApi>;
export const ZNotaApi = ZNota.meta({ id: "Nota" });
/** A lead's consent now and its ledger, newest first (decision 1923). */
export const ZConsentimentoApi = ZConsentimentoLead.meta({ id: "ConsentimentoLead" });
export const ZProcessoApi = ZProcesso.meta({ id: "Processo" });
export const ZPrazoApi = ZPrazo.extend({ updated_at: z.string() }).meta({ id: "Prazo" });
export const ZDocumentoApi = ZDocumento.omit({ pode_excluir: true }).meta({ id: "Documento" });
export const ZCustoApi = ZCustoMarketing.meta({ id: "CustoMarketing" });
export const ZSolicitacaoPrivacidadeApi = ZPedidoPrivacidade.omit({ pacote: true }).extend({ updated_at: z.string() }).meta({
  id: "SolicitacaoPrivacidade",
});
export const ZEventoAuditoriaApi = ZEventoAuditoria.meta({ id: "EventoAuditoria" });

export const ZUsuarioApi = z
  .object({
    id: z.guid(),
    nome: z.string().nullable(),
    email: z.string(),
    papel: z.string(),
    ativo: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Usuario" });
export type TUsuarioApi = z.infer<typeof ZUsuarioApi>;

export const ZConsultorApi = z
  .object({
    id: z.guid(),
    nome: z.string(),
    email: z.string(),
    whatsapp: z.string().nullable(),
    status_conexao: z.string(),
    usuario_id: z.guid().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Consultor" });
export type TConsultorApi = z.infer<typeof ZConsultorApi>;

/** PATCH /api/v1/leads/{id}/etiquetas: tags put on and taken off the lead (the /leads bulk action's shape, one lead). */
export const ZMudarEtiquetasApi = z
  .object({
    adicionar: z
      .array(z.guid({ error: MSG.dadosInvalidos }))
      .max(50)
      .default([]),
    remover: z
      .array(z.guid({ error: MSG.dadosInvalidos }))
      .max(50)
      .default([]),
  })
  .strict();

/** PATCH /api/v1/processos/{id}/status: the legal status only (the rest of the edit stays as it is). */
export const ZStatusProcessoApi = z
  .object({ status_juridico_lead: z.enum(STATUS_JURIDICO, { error: MSG.statusJuridicoInvalido }) })
  .strict();

import { z } from "zod";
import { ZConsultaPaginadaApi } from "../api-v1";
import { MSG } from "../messages";
import { STATUS_AGENDAMENTO } from "../scheduled-messages";
import { ZAgendamento } from "./scheduled-messages";

/**
 * Scheduled messages as /api/v1 shows them (decision 1924): the screen's shape with its last change (the cursor's
 * order). One scheduled by a key has no author (`autor_id` null).
 */
export const ZMensagemAgendadaApi = ZAgendamento.extend({ updated_at: z.string() }).meta({ id: "MensagemAgendada" });
export type TMensagemAgendadaApi = z.infer<typeof ZMensagemAgendadaApi>;

/** The page of every schedule of the company; `lead_id` and `status` narrow it (a lead's pending ones, as the chat). */
export const ZConsultaAgendadasApi = ZConsultaPaginadaApi.extend({
  lead_id: z.guid({ error: MSG.leadNaoEncontrado }).optional(),
  status: z.enum(STATUS_AGENDAMENTO).optional(),
});

import { z } from "zod";
import { ZConsultaPaginadaApi } from "../api-v1";
import { ESTADOS_TAREFA, MSG_TAREFAS } from "../follow-ups";
import { MSG } from "../messages";
import { ZNovaTarefa, ZTarefa } from "./follow-ups";

/**
 * Follow-up tasks as /api/v1 shows and takes them (decision 1921): the screen's task with its last change (the
 * cursor's order) and when it was done; a new one names its lead and its owner, since a key is no person.
 */
export const ZTarefaApi = ZTarefa.extend({ concluida_em: z.string().nullable(), updated_at: z.string() }).meta({
  id: "Tarefa",
});
export type TTarefaApi = z.infer<typeof ZTarefaApi>;

export const ZNovaTarefaApi = ZNovaTarefa.extend({
  lead_id: z.guid({ error: MSG.leadNaoEncontrado }),
  responsavel_id: z.guid({ error: MSG_TAREFAS.responsavelInvalido }),
});

/** The page of every task of the company; `lead_id` and `estado` narrow it (a lead's open tasks, as the chat shows). */
export const ZConsultaTarefasApi = ZConsultaPaginadaApi.extend({
  lead_id: z.guid({ error: MSG.leadNaoEncontrado }).optional(),
  estado: z.enum(ESTADOS_TAREFA).optional(),
});

import { z } from "zod";
import { ESCOPOS_TAREFAS, ESTADOS_TAREFA, MSG_TAREFAS } from "../follow-ups";
import { zTexto } from "./text";

// Follow-up tasks of a lead: 'Agendar Retorno', tasks from the chat, 'Meus retornos' (decision 1831).

export const ZTarefa = z.object({
  id: z.guid(),
  lead_id: z.guid(),
  lead_nome: z.string(),
  titulo: z.string(),
  nota: z.string().nullable(),
  vence_em: z.string(),
  estado: z.enum(ESTADOS_TAREFA),
  responsavel_id: z.guid(),
  responsavel_nome: z.string().nullable(),
  created_at: z.string(),
});
export type TTarefa = z.infer<typeof ZTarefa>;

/** A follow-up's time (an ISO instant the web builds from a São Paulo date and time) and optional note. */
export const ZNovoRetorno = z.object({
  vence_em: z.iso.datetime({ offset: true, error: MSG_TAREFAS.dataHoraInvalida }),
  nota: zTexto().trim().max(2000, MSG_TAREFAS.notaLonga).optional(),
});
export type TNovoRetorno = z.infer<typeof ZNovoRetorno>;

/** A task created from the chat: a title too. */
export const ZNovaTarefa = ZNovoRetorno.extend({
  titulo: zTexto({ error: MSG_TAREFAS.tituloObrigatorio })
    .trim()
    .min(1, MSG_TAREFAS.tituloObrigatorio)
    .max(200, MSG_TAREFAS.tituloLongo),
});
export type TNovaTarefa = z.infer<typeof ZNovaTarefa>;

export const ZEstadoTarefaBody = z.object({ estado: z.enum(["concluida", "cancelada"]) });

export const ZFiltroTarefas = z.object({ escopo: z.enum(ESCOPOS_TAREFAS).default("minhas") });
export type TFiltroTarefas = z.infer<typeof ZFiltroTarefas>;

export const ZListaTarefas = z.object({ itens: z.array(ZTarefa), atrasadas: z.number().int() });
export type TListaTarefas = z.infer<typeof ZListaTarefas>;

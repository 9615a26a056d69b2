import { z } from "zod";
import { MSG_AGENDADAS, STATUS_AGENDAMENTO, TIPOS_AGENDAMENTO } from "../scheduled-messages";
import { ZEnviarTemplate } from "./chat";
import { zTexto } from "./text";

// Messages scheduled from the chat and 'Mensagens agendadas' (decisions 1885–1887).

export const ZAgendamento = z.object({
  id: z.guid(),
  lead_id: z.guid(),
  lead_nome: z.string(),
  autor_id: z.guid().nullable(),
  autor_nome: z.string().nullable(),
  tipo: z.enum(TIPOS_AGENDAMENTO),
  texto: z.string(),
  arquivo_nome: z.string().nullable(),
  modelo: ZEnviarTemplate.nullable(),
  agendada_para: z.string(),
  status: z.enum(STATUS_AGENDAMENTO),
  motivo: z.string().nullable(),
  cancelar_se_lead_escrever: z.boolean(),
  mensagem_id: z.guid().nullable(),
  created_at: z.string(),
});
export type TAgendamento = z.infer<typeof ZAgendamento>;

const zQuando = z.iso.datetime({ offset: true, error: MSG_AGENDADAS.dataHoraInvalida });
const zTextoAgendado = zTexto().trim().max(4096, MSG_AGENDADAS.textoLongo);

/** A text scheduled from the chat (JSON). An image or document goes as multipart with the same fields. */
export const ZNovoAgendamento = z.object({
  texto: zTextoAgendado.min(1, MSG_AGENDADAS.textoObrigatorio),
  agendada_para: zQuando,
  cancelar_se_lead_escrever: z.boolean().default(true),
  modelo: ZEnviarTemplate.nullish(),
});
export type TNovoAgendamento = z.infer<typeof ZNovoAgendamento>;

/** The multipart fields of an image or document (strings, as a form sends them); the file is the part `arquivo`. */
export const ZNovoAgendamentoMidia = z.object({
  tipo: z.enum(["image", "document"], { error: MSG_AGENDADAS.arquivoObrigatorio }),
  legenda: zTextoAgendado.default(""),
  agendada_para: zQuando,
  cancelar_se_lead_escrever: z.enum(["true", "false"]).default("true"),
  /** the template as JSON ({nome, idioma, parametros}), when one is chosen */
  modelo: z.string().max(4000).optional(),
});

/** An edit: the time, the text (or caption), the option and the template; the kind and the file stay. */
export const ZEditarAgendamento = z.object({
  texto: zTextoAgendado,
  agendada_para: zQuando,
  cancelar_se_lead_escrever: z.boolean(),
  modelo: ZEnviarTemplate.nullish(),
});
export type TEditarAgendamento = z.infer<typeof ZEditarAgendamento>;

export const ZFiltroAgendamentos = z.object({
  status: z.enum(STATUS_AGENDAMENTO).optional(),
  /** 'todas': the whole company's (agendamentos.todos); otherwise the person's own */
  escopo: z.enum(["minhas", "todas"]).default("minhas"),
});
export type TFiltroAgendamentos = z.infer<typeof ZFiltroAgendamentos>;

export const ZListaAgendamentos = z.object({ itens: z.array(ZAgendamento), total: z.number().int() });
export type TListaAgendamentos = z.infer<typeof ZListaAgendamentos>;

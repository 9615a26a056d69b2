import { z } from "zod";
import { diaValido, ESTADOS_PRAZO, MSG_PRAZOS, URGENCIAS } from "../deadlines";
import { STATUS_JURIDICO } from "../status";
import { zId } from "./id";
import { zNumero } from "./number";
import { zTexto } from "./text";

// Deadlines (prazos) of legal processes, 'Meus prazos' and the task chains per legal status (decision 1106).

const zDia = (obrigatorio: string) =>
  z.string({ error: obrigatorio }).min(1, obrigatorio).refine(diaValido, MSG_PRAZOS.dataInvalida);

export const ZPrazo = z.object({
  id: zId(),
  processo_id: zId(),
  processo_nome: z.string(),
  status_juridico_lead: z.enum(STATUS_JURIDICO).nullable(),
  titulo: z.string(),
  descricao: z.string().nullable(),
  data_fatal: z.string(),
  data_seguranca: z.string(),
  responsavel_id: zId().nullable(),
  responsavel_nome: z.string().nullable(),
  estado: z.enum(ESTADOS_PRAZO),
  origem: z.enum(["manual", "modelo"]),
  criado_por_nome: z.string().nullable(),
  created_at: z.string(),
  concluido_por_nome: z.string().nullable(),
  concluido_em: z.string().nullable(),
});
export type TPrazo = z.infer<typeof ZPrazo>;

/** Add or edit a deadline. No safety date: one working day before the fatal date. No owner: the author. */
export const ZSalvarPrazo = z
  .object({
    titulo: zTexto({ error: MSG_PRAZOS.tituloObrigatorio })
      .trim()
      .min(1, MSG_PRAZOS.tituloObrigatorio)
      .max(200, MSG_PRAZOS.tituloLongo),
    descricao: zTexto()
      .max(2000, MSG_PRAZOS.descricaoLonga)
      .nullable()
      .optional()
      .transform((v) => v?.trim() || null),
    data_fatal: zDia(MSG_PRAZOS.dataFatalObrigatoria),
    data_seguranca: z
      .union([z.literal(""), z.null(), z.string().refine(diaValido, MSG_PRAZOS.dataInvalida)])
      .optional()
      .transform((v) => v || null),
    responsavel_id: z
      .union([z.literal(""), z.null(), zId(MSG_PRAZOS.responsavelInvalido)])
      .optional()
      .transform((v) => v || null),
  })
  .refine((p) => !p.data_seguranca || !diaValido(p.data_fatal) || p.data_seguranca <= p.data_fatal, {
    message: MSG_PRAZOS.segurancaDepoisDaFatal,
    path: ["data_seguranca"],
  });
export type TSalvarPrazoEntrada = z.input<typeof ZSalvarPrazo>;
export type TSalvarPrazo = z.output<typeof ZSalvarPrazo>;

export const ZEstadoPrazoBody = z.object({ estado: z.enum(ESTADOS_PRAZO, { error: MSG_PRAZOS.estadoInvalido }) });

/** What the client notice did on the last legal status changes. */
export const ZAvisoCliente = z.object({
  id: zId(),
  status_juridico: z.string(),
  resultado: z.enum(["enfileirado", "nao_enviado"]),
  motivo: z.string(),
  created_at: z.string(),
});
export type TAvisoCliente = z.infer<typeof ZAvisoCliente>;

/** The 'Prazos' part of the process dialog. */
export const ZPrazosDoProcesso = z.object({
  prazos: z.array(ZPrazo),
  avisoCliente: z.boolean(),
  avisos: z.array(ZAvisoCliente),
  hoje: z.string(),
});
export type TPrazosDoProcesso = z.infer<typeof ZPrazosDoProcesso>;

export const ZAvisoClienteBody = z.object({ ativo: z.boolean({ error: "Informe se o cliente deve ser avisado" }) });

export const FILTRO_PERIODO_PRAZOS = ["todos", "vencidos", "hoje", "semana", "30dias"] as const;
export const ROTULO_PERIODO_PRAZOS: Record<(typeof FILTRO_PERIODO_PRAZOS)[number], string> = {
  todos: "Todos",
  vencidos: "Vencidos",
  hoje: "Vencem hoje",
  semana: "Próximos 7 dias",
  "30dias": "Próximos 30 dias",
};
/** The owner filter's value for every owner (admins only). */
export const TODOS_RESPONSAVEIS = "todos";

/** 'Meus prazos': the signed-in person's by default; an admin may see another owner's or everybody's. */
export const ZFiltroPrazos = z.object({
  empresaId: zId().optional(),
  estado: z.enum([...ESTADOS_PRAZO, "todos"]).default("pendente"),
  periodo: z.enum(FILTRO_PERIODO_PRAZOS).default("todos"),
  responsavel: z.union([zId(), z.literal(TODOS_RESPONSAVEIS)]).optional(),
});
export type TFiltroPrazos = z.infer<typeof ZFiltroPrazos>;

export const ZProcessoSemPrazo = z.object({
  id: zId(),
  nome: z.string(),
  status_juridico_lead: z.enum(STATUS_JURIDICO),
  profissional_nome: z.string().nullable(),
});
export type TProcessoSemPrazo = z.infer<typeof ZProcessoSemPrazo>;

export const ZMeusPrazos = z.object({
  prazos: z.array(ZPrazo),
  semProximo: z.array(ZProcessoSemPrazo),
  hoje: z.string(),
  urgencias: z.record(z.enum(URGENCIAS), z.number().int()),
});
export type TMeusPrazos = z.infer<typeof ZMeusPrazos>;

export const ZResponsavel = z.object({ id: zId(), nome: z.string(), email: z.string() });
export type TResponsavel = z.infer<typeof ZResponsavel>;

export const ZModeloPrazo = z.object({
  id: zId(),
  status_juridico: z.enum(STATUS_JURIDICO),
  titulo: z.string(),
  dias_uteis: z.number().int(),
});
export type TModeloPrazo = z.infer<typeof ZModeloPrazo>;

export const ZSalvarModeloPrazo = z.object({
  status_juridico: z.enum(STATUS_JURIDICO, { error: "Status jurídico inválido" }),
  titulo: zTexto({ error: MSG_PRAZOS.tituloObrigatorio })
    .trim()
    .min(1, MSG_PRAZOS.tituloObrigatorio)
    .max(200, MSG_PRAZOS.tituloLongo),
  dias_uteis: zNumero(
    z
      .number({ error: MSG_PRAZOS.diasUteisInvalidos })
      .int(MSG_PRAZOS.diasUteisInvalidos)
      .min(0, MSG_PRAZOS.diasUteisInvalidos)
      .max(365, MSG_PRAZOS.diasUteisInvalidos),
    MSG_PRAZOS.diasUteisInvalidos,
  ),
});
export type TSalvarModeloPrazoEntrada = z.input<typeof ZSalvarModeloPrazo>;
export type TSalvarModeloPrazo = z.output<typeof ZSalvarModeloPrazo>;

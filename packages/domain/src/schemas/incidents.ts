import { z } from "zod";
import { CANAIS_AVISO, CATEGORIAS_DADOS, CATEGORIAS_INCIDENTE, CRITERIOS_RISCO, IMPACTOS, STATUS_INCIDENTE } from "../incidents";
import { STATUS_LEAD } from "../status";
import { zTexto } from "./text";

// The register of security incidents (decisions 1875–1877).

const DIA = /^\d{4}-\d{2}-\d{2}$/;
const zDia = (msg: string) => zTexto({ error: msg }).regex(DIA, msg);
const zTextoLongo = (max: number) =>
  zTexto()
    .trim()
    .max(max, `Use no máximo ${max} caracteres.`)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));
const zContagem = z
  .number({ error: "Informe um número inteiro." })
  .int("Informe um número inteiro.")
  .min(0, "Informe um número inteiro.")
  .max(100_000_000)
  .nullable()
  .optional()
  .transform((v) => v ?? null);

/**
 * Which leads are the affected titulares: all of the company's, those a filter finds (created between two days,
 * with a status), or a list chosen by hand. The server resolves it, in the company's context, into the set kept.
 */
export const ZSelecaoTitulares = z.discriminatedUnion("modo", [
  z.object({ modo: z.literal("todos") }),
  z.object({
    modo: z.literal("filtro"),
    criados_de: zDia("Data inválida.").nullable().optional(),
    criados_ate: zDia("Data inválida.").nullable().optional(),
    status: z.array(z.enum(STATUS_LEAD)).max(STATUS_LEAD.length).optional(),
  }),
  z.object({
    modo: z.literal("lista"),
    ids: z.array(z.guid("Lead inválido.")).max(5000, "Escolha no máximo 5000 leads na lista."),
  }),
]);
export type TSelecaoTitulares = z.infer<typeof ZSelecaoTitulares>;

/** The facts and the risk questions, as the company admin (or the platform admin) fills them in. */
export const ZDadosIncidente = z.object({
  titulo: zTexto({ error: "Informe um título." }).trim().min(3, "Informe um título.").max(200, "Use no máximo 200 caracteres."),
  descricao: zTexto({ error: "Descreva o incidente." })
    .trim()
    .min(10, "Descreva o incidente: o que aconteceu e a causa, se conhecida.")
    .max(5000, "Use no máximo 5000 caracteres."),
  categoria: z.enum(CATEGORIAS_INCIDENTE, { error: "Escolha a categoria do incidente." }),
  impactos: z.array(z.enum(IMPACTOS)).min(1, "Marque ao menos uma propriedade afetada."),
  categorias_dados: z.array(z.enum(CATEGORIAS_DADOS)).min(1, "Marque ao menos um tipo de dado afetado."),
  afeta_significativamente: z.boolean({ error: "Responda se o incidente pode afetar significativamente os titulares." }),
  criterios: z.array(z.enum(CRITERIOS_RISCO)),
  /** the São Paulo day it happened, when known */
  ocorrido_em: zDia("Data da ocorrência inválida.")
    .or(z.literal(""))
    .nullable()
    .optional()
    .transform((v) => v || null),
  /** the instant the controller learnt that personal data were affected (ISO with offset) */
  conhecido_em: z.iso.datetime({ offset: true, error: "Informe quando a empresa soube do incidente." }),
  pequeno_porte: z.boolean().default(false),
  operador: zTextoLongo(300),
  medidas_seguranca: zTextoLongo(4000),
  medidas_mitigacao: zTextoLongo(4000),
  riscos: zTextoLongo(4000),
  motivo_demora: zTextoLongo(4000),
  titulares_criancas: zContagem,
  titulares_idosos: zContagem,
});
export type TDadosIncidente = z.input<typeof ZDadosIncidente>;

export const ZNovoIncidente = ZDadosIncidente.extend({ titulares: ZSelecaoTitulares });
export type TNovoIncidente = z.input<typeof ZNovoIncidente>;

/** An edit: the facts, and optionally a new selection of titulares (those already notified stay). */
export const ZEditarIncidente = ZDadosIncidente.extend({ titulares: ZSelecaoTitulares.optional() });
export type TEditarIncidente = z.input<typeof ZEditarIncidente>;

/** The platform admin's incident: the same facts, the companies it affects, one selection applied in each. */
export const ZNovoIncidentePlataforma = ZNovoIncidente.extend({
  empresas: z
    .array(z.guid("Empresa inválida."), { error: "Escolha ao menos uma empresa afetada." })
    .min(1, "Escolha ao menos uma empresa afetada.")
    .max(500),
});
export type TNovoIncidentePlataforma = z.input<typeof ZNovoIncidentePlataforma>;

export const ZComunicarAnpd = z.object({
  comunicado_em: zDia("Informe a data da comunicação."),
  protocolo_anpd: zTexto({ error: "Informe o protocolo da ANPD." })
    .trim()
    .min(3, "Informe o protocolo da ANPD.")
    .max(100, "Use no máximo 100 caracteres."),
  motivo_demora: zTextoLongo(4000),
});
export type TComunicarAnpd = z.input<typeof ZComunicarAnpd>;

export const ZEncerrarIncidente = z.object({
  conclusao: zTexto({ error: "Escreva a conclusão do incidente." })
    .trim()
    .min(3, "Escreva a conclusão do incidente.")
    .max(4000, "Use no máximo 4000 caracteres."),
});

export const ZAvisarTitular = z.object({ canal: z.enum(CANAIS_AVISO, { error: "Escolha WhatsApp ou email." }) });
/** 'Avisar todos' (decision 1945): how many notices went by each channel, and how many titulares have no contact. */
export const ZAvisosEmLote = z.object({ whatsapp: z.number().int(), email: z.number().int(), semContato: z.number().int() });
export type TAvisosEmLote = z.infer<typeof ZAvisosEmLote>;

const ZContagemSchema = z.object({
  dias_uteis: z.number().int(),
  horas: z.number().int(),
  cor: z.enum(["verde", "amarelo", "vermelho"]),
  vencido: z.boolean(),
});

export const ZIncidente = z.object({
  id: z.guid(),
  numero: z.string(),
  /** the platform admin's incident this part belongs to (the other companies' parts are never shown) */
  da_plataforma: z.boolean(),
  titulo: z.string(),
  descricao: z.string(),
  categoria: z.enum(CATEGORIAS_INCIDENTE),
  impactos: z.array(z.enum(IMPACTOS)),
  categorias_dados: z.array(z.enum(CATEGORIAS_DADOS)),
  afeta_significativamente: z.boolean(),
  criterios: z.array(z.enum(CRITERIOS_RISCO)),
  risco_relevante: z.boolean(),
  ocorrido_em: z.string().nullable(),
  conhecido_em: z.string(),
  pequeno_porte: z.boolean(),
  prazo_dias_uteis: z.number().int(),
  vence_em: z.string(),
  operador: z.string().nullable(),
  medidas_seguranca: z.string().nullable(),
  medidas_mitigacao: z.string().nullable(),
  riscos: z.string().nullable(),
  motivo_demora: z.string().nullable(),
  titulares_criancas: z.number().int().nullable(),
  titulares_idosos: z.number().int().nullable(),
  titulares_afetados: z.number().int(),
  titulares_avisados: z.number().int(),
  status: z.enum(STATUS_INCIDENTE),
  comunicado_em: z.string().nullable(),
  protocolo_anpd: z.string().nullable(),
  encerrado_em: z.string().nullable(),
  conclusao: z.string().nullable(),
  /** the countdown to the ANPD communication, by the server's clock; null once communicated or closed */
  contagem: ZContagemSchema.nullable(),
  /** communicated after the due day */
  fora_do_prazo: z.boolean().nullable(),
  registrado_em: z.string(),
});
export type TIncidente = z.infer<typeof ZIncidente>;

export const ZListaIncidentes = z.object({ incidentes: z.array(ZIncidente) });
export type TListaIncidentes = z.infer<typeof ZListaIncidentes>;

export const ZTitularIncidente = z.object({
  lead_id: z.guid(),
  nome: z.string().nullable(),
  tem_telefone: z.boolean(),
  tem_email: z.boolean(),
  aviso_canal: z.enum(CANAIS_AVISO).nullable(),
  aviso_em: z.string().nullable(),
  /** the WhatsApp message's delivery ('pending', 'sent', 'failed' ...), and why it failed (the send guard's reason) */
  aviso_status: z.string().nullable(),
  aviso_erro: z.string().nullable(),
});
export type TTitularIncidente = z.infer<typeof ZTitularIncidente>;

export const ZDetalheIncidente = z.object({
  incidente: ZIncidente,
  rascunho_anpd: z.string(),
  /** the notice with the first titular's name, as a sample of what each receives */
  rascunho_aviso: z.string(),
  titulares: z.array(ZTitularIncidente),
  /** every affected titular not notified yet, shown or not ('Avisar todos', decision 1945) */
  nao_avisados: z.number().int(),
  historico: z.array(z.object({ em: z.string(), acao: z.string(), autor: z.string().nullable() })),
});
export type TDetalheIncidente = z.infer<typeof ZDetalheIncidente>;

/** The form's lead search for a list of titulares: by name or phone digits. */
export const ZBuscaTitulares = z.object({
  busca: zTexto().trim().min(2, "Digite ao menos 2 letras ou números.").max(100),
  /** the platform admin's chosen company (decision 1791's one door reads it) */
  empresaId: z.guid().optional(),
});
export const ZTitularesEncontrados = z.object({
  leads: z.array(z.object({ id: z.guid(), nome: z.string(), telefone: z.string().nullable() })),
});
export type TTitularesEncontrados = z.infer<typeof ZTitularesEncontrados>;

export const ZIncidenteCriado = z.object({ id: z.guid(), numero: z.string(), mensagem: z.string() });
export const ZContagemTitulares = z.object({ titulares: z.number().int() });

export const ZIncidentesPlataforma = z.object({
  incidentes: z.array(
    z.object({
      id: z.guid(),
      titulo: z.string(),
      conhecido_em: z.string(),
      registrado_em: z.string(),
      partes: z.array(
        z.object({
          empresa_id: z.guid(),
          empresa: z.string(),
          numero: z.string(),
          status: z.enum(STATUS_INCIDENTE),
          titulares_afetados: z.number().int(),
          vence_em: z.string(),
          contagem: ZContagemSchema.nullable(),
        }),
      ),
    }),
  ),
  empresas: z.array(z.object({ id: z.guid(), nome: z.string() })),
});
export type TIncidentesPlataforma = z.infer<typeof ZIncidentesPlataforma>;

export const ROTULO_ACAO_INCIDENTE: Record<string, string> = {
  registrado: "Incidente registrado",
  alterado: "Incidente alterado",
  comunicado: "Comunicado à ANPD",
  titular_avisado: "Titular avisado",
  encerrado: "Incidente encerrado",
};

/** The screen's form: the known instant typed as São Paulo local time ('AAAA-MM-DDTHH:mm' of a datetime-local field). */
export const ZFormIncidente = ZDadosIncidente.extend({
  conhecido_em: zTexto({ error: "Informe quando a empresa soube do incidente." }).regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/,
    "Informe quando a empresa soube do incidente.",
  ),
});
export type TFormIncidente = z.input<typeof ZFormIncidente>;

/** São Paulo local time of a datetime-local field as an instant with its offset (UTC−3 all year since 2019). */
export const instanteSP = (local: string) => `${local}:00-03:00`;
/** An instant as São Paulo local time for a datetime-local field. */
export function localSP(isoInstante: string): string {
  const d = new Date(new Date(isoInstante).getTime() - 3 * 3_600_000);
  return d.toISOString().slice(0, 16);
}

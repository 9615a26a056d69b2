import { z } from "zod";
import { STATUS_PACOTE } from "../privacy-package";
import {
  CANAIS_PEDIDO,
  CODIGO_DIGITOS,
  DIREITOS_TITULAR,
  ITENS_RETENCAO,
  MSG_PRIVACIDADE,
  PRAZO_MAXIMO_DIAS,
  STATUS_PEDIDO,
} from "../privacy-requests";
import { zTexto } from "./text";

// A titular's privacy requests and their clock (decisions 1824–1826).

/** A request's access and portability package (decision 1865): its progress, its link's expiry, its downloads. */
export const ZPacotePrivacidade = z.object({
  status: z.enum(STATUS_PACOTE),
  progresso: z.number().int(),
  solicitado_em: z.string(),
  pronto_em: z.string().nullable(),
  expira_em: z.string().nullable(),
  tamanho: z.number().int().nullable(),
  downloads: z.number().int(),
  ultimo_download_em: z.string().nullable(),
});
export type TPacotePrivacidade = z.infer<typeof ZPacotePrivacidade>;

export const ZPedidoPrivacidade = z.object({
  id: z.guid(),
  protocolo: z.string(),
  direito: z.enum(DIREITOS_TITULAR),
  canal: z.enum(CANAIS_PEDIDO),
  status: z.enum(STATUS_PEDIDO),
  lead_id: z.guid().nullable(),
  nome_titular: z.string().nullable(),
  representante_nome: z.string().nullable(),
  tem_documento: z.boolean(),
  aberto_em: z.string(),
  vence_em: z.string(),
  prazo_dias: z.number().int(),
  /** São Paulo days left by the server's clock; null once closed */
  dias_restantes: z.number().int().nullable(),
  cor: z.enum(["verde", "amarelo", "vermelho"]).nullable(),
  verificado_em: z.string().nullable(),
  resposta_simplificada_em: z.string().nullable(),
  encerrado_em: z.string().nullable(),
  no_prazo: z.boolean().nullable(),
  pacote: ZPacotePrivacidade.nullable(),
  /** the reply recorded when closed (an erasure's says what went, what stayed and why, and the backups) */
  resposta: z.string().nullable(),
  /** an erasure reply's send on WhatsApp (decision 1942); null when none was due (no phone on file, or not an erasure) */
  resposta_envio: z
    .object({ status: z.enum(["pendente", "enviada", "falhou"]), em: z.string().nullable(), erro: z.string().nullable() })
    .nullable(),
});
export type TPedidoPrivacidade = z.infer<typeof ZPedidoPrivacidade>;

export const ZPainelPrivacidade = z.object({
  pedidos: z.array(ZPedidoPrivacidade),
  /** the share of requests closed over the last 12 months that were closed on time (null: none closed) */
  no_prazo_12m: z.object({ encerrados: z.number().int(), no_prazo: z.number().int(), percentual: z.number().int().nullable() }),
});
export type TPainelPrivacidade = z.infer<typeof ZPainelPrivacidade>;

const zTelefone = zTexto({ error: MSG_PRIVACIDADE.telefoneInvalido }).trim().min(8, MSG_PRIVACIDADE.telefoneInvalido).max(40);
const zCpf = zTexto()
  .trim()
  .regex(/^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/, "Informe um CPF com 11 dígitos.")
  .optional()
  .or(z.literal(""));

/** The public page's form, and the company registering one it received by email or phone. */
export const ZNovoPedidoPrivacidade = z.object({
  direito: z.enum(DIREITOS_TITULAR, { error: "Escolha o direito que deseja exercer." }),
  nome: zTexto({ error: "Informe seu nome." }).trim().min(2, "Informe seu nome.").max(200),
  telefone: zTelefone,
  cpf: zCpf,
  email: z.union([z.email("Informe um email válido.").max(320), z.literal("")]).optional(),
  detalhes: zTexto().trim().max(2000, "Use no máximo 2000 caracteres.").optional(),
  /** the name of the legal representative making the request for the titular (art. 18 §3) */
  representante_nome: zTexto().trim().max(200).optional().or(z.literal("")),
});
export type TNovoPedidoPrivacidade = z.infer<typeof ZNovoPedidoPrivacidade>;

export const ZConfirmarCodigo = z.object({
  protocolo: zTexto({ error: "Informe o protocolo." }).trim().min(1, "Informe o protocolo.").max(20),
  codigo: zTexto({ error: "Informe o código." })
    .trim()
    .regex(new RegExp(`^\\d{${CODIGO_DIGITOS}}$`), `O código tem ${CODIGO_DIGITOS} dígitos.`),
  cpf: zCpf,
});
export type TConfirmarCodigo = z.infer<typeof ZConfirmarCodigo>;

export const ZProtocoloCriado = z.object({ protocolo: z.string(), mensagem: z.string() });

export const ZEncerrarPedido = z.object({
  status: z.enum(["atendida", "recusada"]),
  resposta: zTexto({ error: "Escreva a resposta dada ao titular." })
    .trim()
    .min(1, "Escreva a resposta dada ao titular.")
    .max(4000),
});

/** An erasure's holds (decision 1862): each item kept by law, with its reason. */
export const ZEliminarDados = z.object({
  retencoes: z
    .array(
      z.object({
        item: z.enum(ITENS_RETENCAO, { error: "Escolha o que deve ser mantido." }),
        motivo: zTexto({ error: "Informe o motivo da retenção." })
          .trim()
          .min(10, "Informe o motivo da retenção (ao menos 10 caracteres).")
          .max(500, "Use no máximo 500 caracteres."),
      }),
    )
    .max(ITENS_RETENCAO.length)
    .refine((r) => new Set(r.map((x) => x.item)).size === r.length, "Cada item só pode ser retido uma vez.")
    .default([]),
});
export type TEliminarDados = z.infer<typeof ZEliminarDados>;

/** What an erasure did (decision 1861), kept on the request and returned to the admin. */
export const ZResultadoEliminacao = z.object({
  status: z.enum(["atendida", "parcialmente_atendida"]),
  eliminados: z.object({
    mensagens: z.number().int(),
    arquivos: z.number().int(),
    triagens_ia: z.number().int(),
    notas: z.number().int(),
    tarefas: z.number().int(),
    documentos: z.number().int(),
  }),
  retidos: z.array(z.object({ item: z.enum(ITENS_RETENCAO), motivo: z.string() })),
  backups_expiram_em: z.string(),
  resposta: z.string(),
});
export type TResultadoEliminacao = z.infer<typeof ZResultadoEliminacao>;

export const ZConfigPrivacidade = z.object({
  encarregado_nome: zTexto().trim().max(200).nullable(),
  encarregado_email: z.union([z.email("Informe um email válido.").max(320), z.literal("")]).nullable(),
  encarregado_telefone: zTexto().trim().max(40).nullable(),
  palavras_chave: z
    .array(
      z.object({
        palavra: zTexto().trim().min(2, MSG_PRIVACIDADE.palavrasInvalidas).max(60),
        direito: z.enum(DIREITOS_TITULAR),
      }),
    )
    .min(1, MSG_PRIVACIDADE.palavrasInvalidas)
    .max(20),
  prazos_dias: z.partialRecord(z.enum(DIREITOS_TITULAR), z.number().int().min(1).max(PRAZO_MAXIMO_DIAS)),
});
export type TConfigPrivacidade = z.infer<typeof ZConfigPrivacidade>;

/** What the public page shows: no sign-in. */
export const ZPaginaPublicaPrivacidade = z.object({
  empresa: z.string(),
  encarregado_nome: z.string().nullable(),
  encarregado_email: z.string().nullable(),
  encarregado_telefone: z.string().nullable(),
  prazos: z.array(z.object({ direito: z.enum(DIREITOS_TITULAR), dias: z.number().int() })),
});
export type TPaginaPublicaPrivacidade = z.infer<typeof ZPaginaPublicaPrivacidade>;

/** The titular's link page (no sign-in): ready, or expired with its day (decision 1866). */
export const ZPacotePublico = z.object({
  empresa: z.string(),
  protocolo: z.string(),
  status: z.enum(["pronto", "expirado"]),
  expira_em: z.string(),
  tamanho: z.number().int().nullable(),
});
export type TPacotePublico = z.infer<typeof ZPacotePublico>;

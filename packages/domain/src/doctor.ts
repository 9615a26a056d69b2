import { z } from "zod";

/**
 * `npm run doctor` and the platform admin's /configuracoes card (decision 1858): each check of an installation with
 * its state and, when not ok, the fix in pt-BR.
 */
export const ESTADOS_DIAGNOSTICO = ["ok", "aviso", "erro"] as const;
export type TEstadoDiagnostico = (typeof ESTADOS_DIAGNOSTICO)[number];

export const ZVerificacao = z.object({
  id: z.string(),
  titulo: z.string(),
  estado: z.enum(ESTADOS_DIAGNOSTICO),
  /** what was found */
  detalhe: z.string(),
  /** what to do, when not ok */
  correcao: z.string().nullable(),
});
export type TVerificacao = z.infer<typeof ZVerificacao>;

export const ZDiagnostico = z.object({ verificadoEm: z.string(), verificacoes: z.array(ZVerificacao) });
export type TDiagnostico = z.infer<typeof ZDiagnostico>;

export const TEXTO_DIAGNOSTICO = {
  titulo: "Diagnóstico da instalação",
  descricao: "O mesmo que npm run doctor: banco, armazenamento, email, WhatsApp, relógio e disco.",
  carregando: "Verificando a instalação…",
  erro: "Não foi possível verificar a instalação agora.",
  tentarDeNovo: "Verificar de novo",
  vazio: "Nenhuma verificação a mostrar.",
  estado: { ok: "ok", aviso: "atenção", erro: "erro" } satisfies Record<TEstadoDiagnostico, string>,
  correcao: "Como resolver",
} as const;

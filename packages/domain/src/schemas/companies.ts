import { z } from "zod";
import { diaValido } from "../marketing";
import { MSG } from "../messages";
import { isoDiaSP } from "../period";
import { PLANOS } from "../plans";
import { PAPEIS, PAPEL } from "../roles";
import { STATUS_ASSINATURA } from "../status";
import { zId } from "./id";
import { zNumero } from "./number";
import { zEmail } from "./team";
import { zTexto } from "./text";

/** Companies seen by the platform admin: /empresas, /empresa/{id}, /empresa/{id}/management (000 §2.11, decision 1304). */

export const TAMANHO_PAGINA_EMPRESAS = 12;
/** The status a company is created with (000 §2.11: radio Ativo/Inativo); Suspenso is an action of its own. */
export const STATUS_NOVA_EMPRESA = ["Ativo", "Inativo"] as const;
/** The roles the operator can give a company's user on /empresa/{id}/management. */
export const PAPEIS_GERENCIAVEIS = [PAPEL.admin, PAPEL.consultor, PAPEL.juridico] as const;

export const ZFiltroEmpresas = z.object({
  busca: zTexto().trim().max(200).optional(),
  status: z.enum(STATUS_ASSINATURA).optional(),
  plano: z.enum(PLANOS).optional(),
  pagina: zNumero(z.number().int().min(1).max(100_000)).default(1),
});
export type TFiltroEmpresas = z.infer<typeof ZFiltroEmpresas>;

const zNomeEmpresa = () =>
  zTexto({ error: MSG.nomeEmpresaObrigatorio }).trim().min(1, MSG.nomeEmpresaObrigatorio).max(200, MSG.dadosInvalidos);

const zDataAdesao = () =>
  zTexto({ error: MSG.dataAdesaoObrigatoria })
    .trim()
    .min(1, MSG.dataAdesaoObrigatoria)
    .refine(diaValido, MSG.dataAdesaoInvalida)
    .refine((d) => !diaValido(d) || d <= isoDiaSP(new Date()), MSG.dataAdesaoFutura);

/** The company's own fields (000 §2.11 'Nova Empresa' modal: name, email, plan, join date). */
const ZDadosEmpresa = z.object({
  nome_empresa: zNomeEmpresa(),
  email_contato: zEmail(MSG.emailContatoObrigatorio),
  plano_assinatura: z.enum(PLANOS, { error: MSG.planoObrigatorio }),
  data_adesao: zDataAdesao(),
});

/** 'Nova Empresa': the company, its status, and its first admin, who gets an invitation by email. */
export const ZNovaEmpresa = ZDadosEmpresa.extend({
  status_assinatura: z.enum(STATUS_NOVA_EMPRESA, { error: MSG.statusEmpresaObrigatorio }),
  nome_admin: zTexto({ error: MSG.nomeAdminObrigatorio }).trim().min(1, MSG.nomeAdminObrigatorio).max(200, MSG.dadosInvalidos),
  email_admin: zEmail(),
});
export type TNovaEmpresa = z.infer<typeof ZNovaEmpresa>;
export type TNovaEmpresaEntrada = z.input<typeof ZNovaEmpresa>;

/** Edit: the same fields; the status changes through suspend and reactivate (sessions end with a suspension). */
export const ZEdicaoEmpresa = ZDadosEmpresa;
export type TEdicaoEmpresa = z.infer<typeof ZEdicaoEmpresa>;

/** Delete: the company's name typed again (compared trimmed, exactly). */
export const ZExcluirEmpresa = z.object({ confirmacao: zTexto({ error: MSG.nomeConfirmacaoDiferente }).max(300) });

export const ZIdEmpresa = z.object({ empresaId: zId({ error: MSG.empresaNaoEncontrada }) });
export const ZIdUsuarioEmpresa = ZIdEmpresa.extend({ usuarioId: zId({ error: MSG.usuarioNaoEncontradoNaEmpresa }) });
export const ZIdConviteEmpresa = ZIdEmpresa.extend({ conviteId: zId({ error: MSG.conviteNaoEncontrado }) });

export const ZPapelGerenciavel = z.object({ papel: z.enum(PAPEIS_GERENCIAVEIS, { error: MSG.dadosInvalidos }) });
export type TPapelGerenciavel = z.infer<typeof ZPapelGerenciavel>["papel"];

const ZStatus = z.enum(STATUS_ASSINATURA);

/** One card of /empresas: the company and its derived counts (000 §3: totalUsers, totalLeads, conversionRate). */
/** One entry of the shell's company switcher (decision 1642): every company, by name. */
export const ZOpcaoEmpresa = z.object({ id: zId(), nome: z.string() });
export type TOpcaoEmpresa = z.infer<typeof ZOpcaoEmpresa>;

export const ZEmpresaCartao = z.object({
  id: zId(),
  nome_empresa: z.string(),
  email_contato: z.string(),
  plano_assinatura: z.enum(PLANOS),
  status_assinatura: ZStatus,
  data_adesao: z.string(),
  created_at: z.string(),
  totalUsuarios: z.number().int(),
  totalLeads: z.number().int(),
  /** converted ÷ qualified, rounded percent (domain taxaConversao) */
  taxaConversao: z.number().int(),
});
export type TEmpresaCartao = z.infer<typeof ZEmpresaCartao>;

export const ZPaginaEmpresas = z.object({
  empresas: z.array(ZEmpresaCartao),
  total: z.number().int(),
  pagina: z.number().int(),
  tamanho: z.number().int(),
});
export type TPaginaEmpresas = z.infer<typeof ZPaginaEmpresas>;

export const ZUsuarioDaEmpresa = z.object({
  id: zId(),
  nome: z.string(),
  email: z.string(),
  papel: z.enum(PAPEIS),
  ativo: z.boolean(),
  emailConfirmado: z.boolean(),
  ultimoAcesso: z.string().nullable(),
  created_at: z.string(),
});
export type TUsuarioDaEmpresa = z.infer<typeof ZUsuarioDaEmpresa>;

export const ZConvitePendente = z.object({
  id: zId(),
  nome: z.string(),
  email: z.string(),
  papel: z.enum(PAPEIS),
  expirado: z.boolean(),
  expires_at: z.string(),
});
export type TConvitePendente = z.infer<typeof ZConvitePendente>;

/** One platform action on the company (the audit log), for the short history of /empresa/{id}. */
export const ZAcaoPlataforma = z.object({
  id: z.string(),
  acao: z.string(),
  descricao: z.string(),
  autor: z.string().nullable(),
  created_at: z.string(),
});
export type TAcaoPlataforma = z.infer<typeof ZAcaoPlataforma>;

export const ZDetalheEmpresa = z.object({
  empresa: ZEmpresaCartao.omit({ totalUsuarios: true, totalLeads: true, taxaConversao: true }),
  indicadores: z.object({
    usuarios: z.number().int(),
    usuariosAtivos: z.number().int(),
    leads: z.number().int(),
    qualificados: z.number().int(),
    convertidos: z.number().int(),
    taxaConversao: z.number().int(),
    processos: z.number().int(),
  }),
  whatsapp: z.object({ provedor: z.string(), status: z.enum(["connected", "disconnected", "qr_ready"]) }),
  usuarios: z.array(ZUsuarioDaEmpresa),
  convites: z.array(ZConvitePendente),
  historico: z.array(ZAcaoPlataforma),
});
export type TDetalheEmpresa = z.infer<typeof ZDetalheEmpresa>;

const ROTULO_CAMPO_EMPRESA: Record<string, string> = {
  nome_empresa: "nome",
  email_contato: "email de contato",
  plano_assinatura: "plano",
  data_adesao: "data de adesão",
};

/** The pt-BR line of each platform action in the history (acao → words); `d` is the row's dados. */
export function descreverAcaoPlataforma(acao: string, d: Record<string, unknown>): string {
  const s = (k: string) => String(d[k] ?? "");
  switch (acao) {
    case "plataforma.empresa.criada":
      return `Empresa criada (${s("plano")}, ${s("status")}); convite de administrador para ${s("emailAdmin")}`;
    case "plataforma.empresa.editada": {
      const antes = (d.antes as Record<string, unknown>) ?? {};
      const depois = (d.depois as Record<string, unknown>) ?? {};
      const mudancas = Object.keys(depois).map((k) => `${ROTULO_CAMPO_EMPRESA[k] ?? k}: ${antes[k] ?? "—"} → ${depois[k]}`);
      return mudancas.length ? `Dados alterados (${mudancas.join("; ")})` : "Dados salvos sem alterações";
    }
    case "plataforma.empresa.suspensa":
      return "Empresa suspensa: usuários desconectados e acesso bloqueado";
    case "plataforma.empresa.reativada":
      return "Empresa reativada";
    case "plataforma.usuario.papel":
      return `Papel de ${s("email")} alterado de ${s("de")} para ${s("para")}`;
    case "plataforma.usuario.desativado":
      return `Usuário ${s("email")} desativado`;
    case "plataforma.usuario.reativado":
      return `Usuário ${s("email")} reativado`;
    case "plataforma.convite.reenviado":
      return `Convite reenviado para ${s("email")}`;
    case "plataforma.usuario.redefinicao":
      return `Redefinição de senha enviada para ${s("email")}`;
    default:
      return acao;
  }
}

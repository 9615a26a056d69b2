import { randomBytes } from "node:crypto";
import { isoDiaSP } from "@crm/domain/period";
import { normalizarTelefone, telefoneParaGravar } from "@crm/domain/phone";
import { PLANO_INFO, type TPlano } from "@crm/domain/plans";
import { PAPEL, type TPapel } from "@crm/domain/roles";
import type { TStatusConexao, TStatusLead, TTipoNotificacao } from "@crm/domain/status";
import { hashSenha } from "../auth/password.js";
import { relogio } from "../core/clock.js";
import type { TTx } from "../db/tenant.js";
import { semearRespostasPadrao } from "../quick-replies/defaults.js";
import { inserir, type TLinha } from "./bulk.js";

/**
 * Row factories shared by the demo seed and the tests (STYLE: "the same factories seed the demo data
 * and the tests"). `linhaX(partial)` fills sensible defaults without touching the database (the demo
 * seed bulk-inserts those); `criarX(tx, partial)` inserts one row and returns it as stored.
 * They run in whatever transaction they are given: tests and the seed use unsafeWithSystem.
 */

export type TEmpresa = TLinha & { id: string; nome_empresa: string; email_contato: string; plano_assinatura: TPlano };
export type TUsuario = TLinha & { id: string; email: string; nome: string; papel: TPapel; id_empresa_fk: string | null };
export type TConsultor = TLinha & {
  id: string;
  id_empresa_fk: string;
  id_usuario_fk: string | null;
  nome: string;
  email: string;
};
export type TProfissionalJuridico = TLinha & {
  id: string;
  id_empresa_fk: string;
  id_usuario_fk: string | null;
  nome: string;
  email: string;
};
export type TLead = TLinha & {
  id: string;
  id_empresa_fk: string;
  nome: string;
  email: string | null;
  telefone: string | null;
  telefone_normalizado: string | null;
  status_lead: TStatusLead;
  consultor_atribuido_id: string | null;
  created_at: Date;
};
export type TMensagem = TLinha & { id: string; id_empresa_fk: string; id_lead_fk: string; sender: string; message: string };
export type TNotificacaoRow = TLinha & {
  id: string;
  id_empresa_fk: string;
  id_usuario_fk: string;
  tipo: TTipoNotificacao;
  titulo: string;
  lida: boolean;
};
export type TCustoMarketing = TLinha & {
  id: string;
  id_empresa_fk: string;
  data_custo: string;
  plataforma: string;
  valor_gasto: string;
};
export type TFatura = TLinha & { id: string; id_empresa_fk: string; plano: TPlano; valor: string; status: string };

/** Password of every factory user unless told otherwise. */
export const SENHA_FACTORY = "senha123";

// unique-per-process suffix: emails are unique across the whole database
const sufixo = randomBytes(3).toString("hex");
let seq = 0;
const proximo = () => `${++seq}.${sufixo}`;

// argon2 is deliberately slow: hash the default password once per process
let hashPadrao: Promise<string> | null = null;
function hashDe(senha: string): Promise<string> {
  if (senha !== SENHA_FACTORY) return hashSenha(senha);
  hashPadrao ??= hashSenha(SENHA_FACTORY);
  return hashPadrao;
}

type TRequer<K extends string> = TLinha & Record<K, unknown>;

function linhaEmpresa(p: TLinha = {}): TLinha {
  const n = proximo();
  return {
    nome_empresa: `Empresa Teste ${n}`,
    email_contato: `contato.${n}@teste.com.br`,
    plano_assinatura: "Premium",
    // joined today by the server's clock, not the database's (decision 1795)
    data_adesao: isoDiaSP(relogio.agora()),
    ...p,
  };
}

/** A company as the product creates one: with its first quick replies (decision 1838). */
export async function criarEmpresa(tx: TTx, p: Partial<TEmpresa> = {}): Promise<TEmpresa> {
  const empresa = await inserir<TEmpresa>(tx, "empresas", linhaEmpresa(p));
  await semearRespostasPadrao(tx, empresa.id);
  return empresa;
}

/** `senha_hash` may be passed precomputed (hashing is slow); otherwise `senha` (default SENHA_FACTORY) is hashed. */
export async function criarUsuario(
  tx: TTx,
  p: Partial<TUsuario> & { senha?: string; senha_hash?: string } = {},
): Promise<TUsuario> {
  const { senha, ...resto } = p;
  const papel = p.papel ?? PAPEL.admin;
  if (papel !== PAPEL.plataforma && !p.id_empresa_fk)
    throw new Error("criarUsuario: id_empresa_fk é obrigatório para este papel");
  const n = proximo();
  return inserir<TUsuario>(tx, "usuarios_plataforma", {
    email: `usuario.${n}@teste.com.br`,
    nome: `Usuário Teste ${n}`,
    papel,
    id_empresa_fk: papel === PAPEL.plataforma ? null : p.id_empresa_fk,
    email_confirmado_em: new Date(),
    ...resto,
    senha_hash: p.senha_hash ?? (await hashDe(senha ?? SENHA_FACTORY)),
  });
}

export function linhaConsultor(p: TRequer<"id_empresa_fk">): TLinha {
  const n = proximo();
  return {
    nome: `Consultor Teste ${n}`,
    email: `consultor.${n}@teste.com.br`,
    status_conexao: "Desconectado" satisfies TStatusConexao,
    ...p,
  };
}

export function criarConsultor(tx: TTx, p: Partial<TConsultor> & { id_empresa_fk: string }): Promise<TConsultor> {
  return inserir<TConsultor>(tx, "consultores", linhaConsultor(p));
}

function linhaProfissionalJuridico(p: TRequer<"id_empresa_fk">): TLinha {
  const n = proximo();
  const linha: TLinha = {
    nome: `Advogado Teste ${n}`,
    email: `juridico.${n}@teste.com.br`,
    telefone: "+55 11 99999-0000",
    especialidade: "Direito Bancário",
    ...p,
  };
  // stored as every write path stores it (decision 1501)
  linha.telefone = telefoneParaGravar(linha.telefone as string);
  return linha;
}

export function criarProfissionalJuridico(
  tx: TTx,
  p: Partial<TProfissionalJuridico> & { id_empresa_fk: string },
): Promise<TProfissionalJuridico> {
  return inserir<TProfissionalJuridico>(tx, "profissionais_juridicos", linhaProfissionalJuridico(p));
}

/**
 * telefone_normalizado follows telefone unless given: the same normalization as webhooks and imports, and telefone
 * holds the same canonical digits (decision 1501). Given both, the row is written as given (tests of old rows).
 */
export function linhaLead(p: TRequer<"id_empresa_fk">): TLinha {
  const linha: TLinha = {
    nome: `Lead Teste ${proximo()}`,
    valor_contrato: 0,
    status_lead: "Novo Lead",
    origem_lead: "Manual",
    ...p,
  };
  if (!("telefone_normalizado" in p)) {
    linha.telefone_normalizado = normalizarTelefone(linha.telefone as string | undefined);
    if (linha.telefone_normalizado) linha.telefone = linha.telefone_normalizado;
  }
  return linha;
}

export function criarLead(tx: TTx, p: Partial<TLead> & { id_empresa_fk: string }): Promise<TLead> {
  return inserir<TLead>(tx, "leads_juros_check", linhaLead(p));
}

/** A lead's message comes in; the IA's and consultants' go out. */
export function linhaMensagem(p: TRequer<"id_empresa_fk" | "id_lead_fk">): TLinha {
  const sender = (p.sender as string | undefined) ?? "lead";
  const entrada = sender === "lead";
  return { sender, direcao: entrada ? "entrada" : "saida", status: entrada ? "received" : "sent", message: "Olá!", ...p };
}

export function criarMensagem(
  tx: TTx,
  p: Partial<TMensagem> & { id_empresa_fk: string; id_lead_fk: string },
): Promise<TMensagem> {
  return inserir<TMensagem>(tx, "mensagens_whatsapp", linhaMensagem(p));
}

export function linhaNotificacao(p: TRequer<"id_empresa_fk" | "id_usuario_fk">): TLinha {
  return { tipo: "system" satisfies TTipoNotificacao, titulo: "Notificação de teste", conteudo: "", ...p };
}

export function criarNotificacao(
  tx: TTx,
  p: Partial<TNotificacaoRow> & { id_empresa_fk: string; id_usuario_fk: string },
): Promise<TNotificacaoRow> {
  return inserir<TNotificacaoRow>(tx, "notificacoes", linhaNotificacao(p));
}

export function linhaCustoMarketing(p: TRequer<"id_empresa_fk">): TLinha {
  return { data_custo: new Date().toISOString().slice(0, 10), plataforma: "Facebook", valor_gasto: 100, ...p };
}

export function criarCustoMarketing(tx: TTx, p: Partial<TCustoMarketing> & { id_empresa_fk: string }): Promise<TCustoMarketing> {
  return inserir<TCustoMarketing>(tx, "custos_marketing", linhaCustoMarketing(p));
}

/** A monthly invoice of the plan's price for the month that starts on `periodo_inicio` (default: this month). */
export function linhaFatura(p: TRequer<"id_empresa_fk">): TLinha {
  const plano = (p.plano as TPlano | undefined) ?? "Premium";
  const mes = ((p.periodo_inicio as string | undefined) ?? new Date().toISOString()).slice(0, 7);
  const inicio = new Date(`${mes}-01T00:00:00Z`);
  const fim = new Date(Date.UTC(inicio.getUTCFullYear(), inicio.getUTCMonth() + 1, 0));
  const dia = (d: Date) => d.toISOString().slice(0, 10);
  return {
    plano,
    valor: PLANO_INFO[plano].precoMensal,
    status: "paid",
    data: dia(inicio),
    periodo_inicio: dia(inicio),
    periodo_fim: dia(fim),
    ...p,
  };
}

export function criarFatura(tx: TTx, p: Partial<TFatura> & { id_empresa_fk: string }): Promise<TFatura> {
  return inserir<TFatura>(tx, "faturas", linhaFatura(p));
}

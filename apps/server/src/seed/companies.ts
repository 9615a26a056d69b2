import { randomBytes } from "node:crypto";
import type { TPlano } from "@crm/domain/plans";
import { PAPEL } from "@crm/domain/roles";
import type { TStatusConexao } from "@crm/domain/status";
import { assinadorDeChaves } from "../api-v1/key-format.js";
import type { TTx } from "../db/tenant.js";
import { inserirVarios, type TLinha } from "./bulk.js";
import { DIA, diaISO, mais, type TEmpresaDemo, type TGeracao } from "./demo-context.js";
import { gerarFaturas } from "./demo-extras.js";
import { gerarLeads } from "./demo-leads.js";
import { criarEmpresa, criarUsuario, linhaConsultor } from "./factories.js";
import { gerarCelular, gerarNomePessoa, slugNome } from "./names.js";

type TStatusAssinaturaDemo = "Ativo" | "Inativo" | "Suspenso";

/** One of the platform's other demo companies (/empresas): what it is and how much it holds. */
export type TEmpresaPlataformaDemo = {
  nome: string;
  email: string;
  dominio: string;
  plano: TPlano;
  status: TStatusAssinaturaDemo;
  /** days since it joined: the newest ones are still in their trial (h6's subscription model) */
  diasDeAdesao: number;
  leads: number;
  consultores: TStatusConexao[];
  whatsapp: "connected" | "disconnected" | "qr_ready";
  /** Enterprise 'API personalizada' (decision 1310): API keys already made by its admin, by name */
  chavesApi?: readonly { nome: string; diasCriada: number; horasDesdeUso: number | null; revogada?: boolean }[];
};

/**
 * The platform's demo companies beyond the two of demo.ts, so that /empresas, /usuarios, /analytics and the platform
 * dashboard have something to show: every plan, every status (a suspended one, an inactive one) and two in their
 * first 14 days. Each has an admin who signs in with the demo password (admin@<domínio>), consultants and leads.
 */
export const EMPRESAS_PLATAFORMA_DEMO: readonly TEmpresaPlataformaDemo[] = [
  {
    nome: "Justa Revisão Financeira",
    email: "contato@justarevisao.com.br",
    dominio: "justarevisao.com.br",
    plano: "Enterprise",
    status: "Ativo",
    diasDeAdesao: 300,
    leads: 140,
    consultores: ["Conectado", "Conectado", "Ocupado", "Desconectado"],
    whatsapp: "connected",
    chavesApi: [
      { nome: "Formulário do site", diasCriada: 120, horasDesdeUso: 3 },
      { nome: "Parceiro antigo", diasCriada: 250, horasDesdeUso: 24 * 95, revogada: true },
    ],
  },
  {
    nome: "Balança Justa Revisional",
    email: "contato@balancajusta.com.br",
    dominio: "balancajusta.com.br",
    plano: "Premium",
    status: "Ativo",
    diasDeAdesao: 180,
    leads: 80,
    consultores: ["Conectado", "Desconectado", "Desconectado"],
    whatsapp: "connected",
  },
  {
    nome: "Amparo Consultoria de Crédito",
    email: "contato@amparocredito.com.br",
    dominio: "amparocredito.com.br",
    plano: "Premium",
    status: "Suspenso",
    diasDeAdesao: 240,
    leads: 45,
    consultores: ["Desconectado", "Desconectado"],
    whatsapp: "disconnected",
  },
  {
    nome: "Direito Certo Assessoria",
    email: "contato@direitocerto.com.br",
    dominio: "direitocerto.com.br",
    plano: "Básico",
    status: "Inativo",
    diasDeAdesao: 330,
    leads: 25,
    consultores: ["Desconectado"],
    whatsapp: "disconnected",
  },
  {
    nome: "Nova Taxa Revisões",
    email: "contato@novataxa.com.br",
    dominio: "novataxa.com.br",
    plano: "Básico",
    status: "Ativo",
    diasDeAdesao: 5,
    leads: 12,
    consultores: ["Conectado"],
    whatsapp: "qr_ready",
  },
  {
    nome: "Crédito Consciente Ltda",
    email: "contato@creditoconsciente.com.br",
    dominio: "creditoconsciente.com.br",
    plano: "Premium",
    status: "Ativo",
    diasDeAdesao: 9,
    leads: 20,
    consultores: ["Conectado", "Desconectado"],
    whatsapp: "disconnected",
  },
];

export type TResumoEmpresasPlataforma = {
  empresas: number;
  usuarios: number;
  consultores: number;
  leads: number;
  historico: number;
  faturas: number;
};

const desde = (g: TGeracao, dias: number): TLinha => {
  const d = new Date(g.agora.getTime() - dias * DIA);
  return { created_at: d, updated_at: d };
};

/**
 * Seeds EMPRESAS_PLATAFORMA_DEMO inside the demo's transaction (seed/demo.ts), from its own random stream so that the
 * two main demo companies stay the same data whatever is added here. `hash` is the demo password's hash.
 */
export async function semearEmpresasPlataforma(tx: TTx, g: TGeracao, hash: string): Promise<TResumoEmpresasPlataforma> {
  const resumo: TResumoEmpresasPlataforma = { empresas: 0, usuarios: 0, consultores: 0, leads: 0, historico: 0, faturas: 0 };
  for (const e of EMPRESAS_PLATAFORMA_DEMO) {
    const dias = Math.min(e.diasDeAdesao, 365);
    const empresa = await criarEmpresa(tx, {
      id: g.r.uuid(),
      nome_empresa: e.nome,
      email_contato: e.email,
      plano_assinatura: e.plano,
      status_assinatura: e.status,
      data_adesao: diaISO(new Date(g.agora.getTime() - dias * DIA)),
      ...desde(g, dias),
    } as Parameters<typeof criarEmpresa>[1]);
    const admin = await criarUsuario(tx, {
      id: g.r.uuid(),
      id_empresa_fk: empresa.id,
      email: `admin@${e.dominio}`,
      nome: gerarNomePessoa(g.r),
      papel: PAPEL.admin,
      senha_hash: hash,
      ...desde(g, dias),
    });
    const linhas = e.consultores.map((status) => {
      const nome = gerarNomePessoa(g.r);
      return linhaConsultor({
        id: g.r.uuid(),
        id_empresa_fk: empresa.id,
        nome,
        email: `${slugNome(nome)}.${g.r.int(10, 99)}@${e.dominio}`,
        whatsapp: gerarCelular(g.r, "21"),
        status_conexao: status,
        ultima_atividade_em: mais(g.agora, -g.r.int(5, 600) * 60_000),
        ...desde(g, Math.max(0, dias - 1)),
      });
    });
    await inserirVarios(tx, "consultores", linhas);
    // the consultants who sign in: one user per consultant record
    for (const l of linhas) {
      const u = await criarUsuario(tx, {
        id: g.r.uuid(),
        id_empresa_fk: empresa.id,
        email: l.email as string,
        nome: l.nome as string,
        papel: PAPEL.consultor,
        senha_hash: hash,
        ...desde(g, Math.max(0, dias - 1)),
      });
      await tx.query("UPDATE consultores SET id_usuario_fk = $2 WHERE id = $1", [l.id, u.id]);
      resumo.usuarios++;
    }
    const demo: TEmpresaDemo = {
      id: empresa.id,
      nome: e.nome,
      plano: e.plano,
      adminUsuarioId: admin.id,
      juridicoUsuarioId: null,
      consultores: linhas.map((l) => ({ id: l.id as string, nome: l.nome as string, usuarioId: null, peso: 1 })),
    };
    // leads only since the company joined: a young company's leads are all recent
    // (generated over a year, so a young company draws more and keeps the first `e.leads` of its own days)
    const sorteados = Math.min(4_000, Math.ceil((e.leads * 365 * 1.5) / Math.max(dias, 1)));
    const { leads, historico } = gerarLeads({ r: g.r, agora: g.agora }, demo, sorteados);
    const inicio = new Date(g.agora.getTime() - dias * DIA);
    const recentes = leads
      .filter((l) => (l.linha.created_at as Date) >= inicio)
      .slice(0, e.leads)
      .map((l) => l.linha);
    const ids = new Set(recentes.map((l) => l.id));
    const hist = historico.filter((h) => ids.has(h.id_lead_fk as string));
    await inserirVarios(tx, "leads_juros_check", recentes);
    await inserirVarios(tx, "lead_status_historico", hist);
    const faturas = dias > 30 ? gerarFaturas(g, demo, Math.min(6, Math.floor(dias / 30))) : [];
    await inserirVarios(tx, "faturas", faturas);
    await tx.query(
      `INSERT INTO whatsapp_sessions (id_empresa_fk, status) VALUES ($1, $2)
       ON CONFLICT (id_empresa_fk) DO UPDATE SET status = EXCLUDED.status`,
      [empresa.id, e.whatsapp],
    );
    await semearChavesApi(tx, g, empresa.id, admin.id, e.chavesApi ?? []);
    resumo.empresas++;
    resumo.usuarios++;
    resumo.consultores += linhas.length;
    resumo.leads += recentes.length;
    resumo.historico += hist.length;
    resumo.faturas += faturas.length;
  }
  return resumo;
}

/**
 * The Enterprise company's API keys on /configuracoes. Each is a real key of a random secret that is never shown
 * nor kept (only its SHA-256 is stored, as for a key the admin creates): the demo lists them, and a usable key is
 * created on /configuracoes ('Criar chave', shown once; README, demo accounts).
 */
async function semearChavesApi(
  tx: TTx,
  g: TGeracao,
  empresaId: string,
  adminId: string,
  chaves: NonNullable<TEmpresaPlataformaDemo["chavesApi"]>,
): Promise<void> {
  // signed with a secret of its own, forgotten at once: like the key itself, nobody can use them
  const assinador = assinadorDeChaves(randomBytes(32).toString("hex"));
  for (const c of chaves) {
    const { prefixo, hash } = assinador.gerar(empresaId);
    const criada = new Date(g.agora.getTime() - c.diasCriada * DIA);
    const uso = c.horasDesdeUso === null ? null : new Date(g.agora.getTime() - c.horasDesdeUso * 3_600_000);
    await tx.query(
      `INSERT INTO chaves_api (id_empresa_fk, nome, prefixo, hash, criada_por_fk, created_at, ultimo_uso_em, revogada_em,
         escopos, assinada)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, ARRAY['leads:read', 'leads:write'], true)`,
      [empresaId, c.nome, prefixo, hash, adminId, criada, uso, c.revogada ? new Date(g.agora.getTime() - 90 * DIA) : null],
    );
  }
}

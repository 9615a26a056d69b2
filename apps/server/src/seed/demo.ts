import { CONTAS_DEMO, DEMO_SENHA } from "@crm/domain/demo";
import type { TPlano } from "@crm/domain/plans";
import { PAPEL, type TPapel } from "@crm/domain/roles";
import type { TStatusConexao } from "@crm/domain/status";
import type { FastifyBaseLogger } from "fastify";
import { encadearTudo } from "../audit-trail/chain.js";
import { hashSenha } from "../auth/password.js";
import type { TDeps } from "../core/deps.js";
import { type TTx, unsafeWithSystem } from "../db/tenant.js";
import type { TArmazenamento } from "../storage/storage.js";
import { inserirVarios, type TLinha } from "./bulk.js";
import { semearEmpresasPlataforma } from "./companies.js";
import { atribuirAnunciosDemo } from "./demo-attribution.js";
import { semearAuditoriaDemo } from "./demo-audit.js";
import { semearHorarioDemo } from "./demo-business-hours.js";
import { semearCampanhasDemo } from "./demo-campaigns.js";
import { semearConsentimentos } from "./demo-consent.js";
import { DIA, diaISO, inicioDaHora, mais, type TEmpresaDemo, type TGeracao } from "./demo-context.js";
import { gerarConversas } from "./demo-conversations.js";
import { semearPrazos } from "./demo-deadlines.js";
import { semearDocumentos } from "./demo-documents.js";
import { gerarTelefonesRepetidos } from "./demo-duplicates.js";
import { semearEliminacaoDemo } from "./demo-erasure.js";
import { gerarCustos, gerarFaturas, gerarNotificacoes } from "./demo-extras.js";
import { semearCaixaDeEntrada } from "./demo-inbox.js";
import { semearIncidentesDemo } from "./demo-incidents.js";
import { CAMPANHAS, gerarLeads } from "./demo-leads.js";
import { semearPrivacidadeDemo } from "./demo-privacy.js";
import { semearPacotesDemo } from "./demo-privacy-package.js";
import { semearTaxasDemo } from "./demo-rates.js";
import { semearRegistroDemo } from "./demo-records.js";
import { semearAgendadasDemo } from "./demo-scheduled-messages.js";
import { gerarTriagens } from "./demo-screenings.js";
import { semFilaDeEspera } from "./demo-waiting.js";
import { criarEmpresa, criarProfissionalJuridico, criarUsuario, linhaConsultor } from "./factories.js";
import { gerarCelular, gerarNomePessoa, slugNome } from "./names.js";
import { criarAleatorio } from "./random.js";

/** Fixed PRNG seed: the demo is the same data on every machine. */
const SEMENTE_DEMO = 20_240_615;
const EMAIL_MARCADOR = "admin@demo.com.br";
const TRAVA_SEED = 72_707_002; // advisory lock: two instances starting together seed once

export type TResumoSeed = Record<
  | "empresas"
  | "usuarios"
  | "consultores"
  | "leads"
  | "historico"
  | "mensagens"
  | "notificacoes"
  | "custos"
  | "faturas"
  | "documentos",
  number
> & { ms: number };

type TLog = Pick<FastifyBaseLogger, "info">;

const NOMES_DEMO: Record<TPapel, string> = {
  "Admin Plataforma": "Paula Andrade",
  "Admin Empresa": "Ricardo Menezes",
  Consultor: "Camila Rocha",
  Jurídico: "Helena Duarte",
};

/**
 * Seeds the demo (accounts of packages/domain/src/demo.ts, password DEMO_SENHA) unless it is already
 * there, in one transaction: 'Revisão Demo Ltda' (Premium, ~500 leads, 6 consultants, conversations,
 * notifications, marketing costs, invoices) and 'Crédito Justo Assessoria' (Básico, ~60 leads).
 * Deterministic: dates are relative to `agora`, by default the start of the current hour, so the same hour
 * (or the same `agora`) gives the same data. Returns what it seeded, or null when the demo already existed.
 */
export async function seedDemoIfEmpty(
  /** with storage, the demo processes get real documents (files written through it); without, none */
  deps: Pick<TDeps, "db"> & Partial<Pick<TDeps, "storage">>,
  log: TLog,
  opts: { agora?: Date } = {},
): Promise<TResumoSeed | null> {
  const t0 = performance.now();
  if (await demoExiste(deps)) return null;
  const hash = await hashSenha(DEMO_SENHA); // argon2 is slow on purpose: once, outside the transaction
  const resumo = await unsafeWithSystem(deps.db.app, "seed-demo", async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [TRAVA_SEED]);
    if ((await tx.query("SELECT 1 FROM usuarios_plataforma WHERE email = $1", [EMAIL_MARCADOR])).rowCount) return null;
    return semear(tx, hash, { r: criarAleatorio(SEMENTE_DEMO), agora: opts.agora ?? inicioDaHora() }, deps.storage);
  });
  if (!resumo) return null;
  // the demo's audit events, chained now so /auditoria shows them at once (decision 1822)
  await encadearTudo(deps.db.app);
  resumo.ms = Math.round(performance.now() - t0);
  log.info(resumo, "dados de demonstração criados");
  return resumo;
}

async function demoExiste(deps: Pick<TDeps, "db">): Promise<boolean> {
  return unsafeWithSystem(deps.db.app, "seed-demo", async (tx) => {
    const { rowCount } = await tx.query("SELECT 1 FROM usuarios_plataforma WHERE email = $1", [EMAIL_MARCADOR]);
    return !!rowCount;
  });
}

async function semear(tx: TTx, hash: string, g: TGeracao, storage?: TArmazenamento): Promise<TResumoSeed> {
  const conta = (papel: TPapel) => CONTAS_DEMO.find((c) => c.papel === papel)!;
  let usuarios = 0;
  const usuario = (papel: TPapel, empresaId: string | null, email = conta(papel).email, nome = NOMES_DEMO[papel]) => {
    usuarios++;
    return criarUsuario(tx, { id: g.r.uuid(), id_empresa_fk: empresaId, email, nome, papel, senha_hash: hash, ...desde(g, 400) });
  };

  await usuario(PAPEL.plataforma, null);
  const demo = await empresa(tx, g, "Revisão Demo Ltda", "contato@demo.com.br", "Premium");
  const admin = await usuario(PAPEL.admin, demo.id);
  const consultorUser = await usuario(PAPEL.consultor, demo.id);
  const juridicoUser = await usuario(PAPEL.juridico, demo.id);
  await criarProfissionalJuridico(tx, {
    id_empresa_fk: demo.id,
    id_usuario_fk: juridicoUser.id,
    nome: juridicoUser.nome,
    email: juridicoUser.email,
    telefone: "+55 11 99876-5432",
    especialidade: "Direito Bancário",
  });
  await criarProfissionalJuridico(tx, {
    id_empresa_fk: demo.id,
    nome: "Marcos Vieira",
    email: "marcos.vieira@demo.com.br",
    especialidade: "Direito do Consumidor",
  });
  await criarProfissionalJuridico(tx, {
    id_empresa_fk: demo.id,
    nome: "Sílvia Prado",
    email: "silvia.prado@demo.com.br",
    especialidade: "Direito Civil",
    status: "inativo",
  });
  const empresaDemo: TEmpresaDemo = {
    id: demo.id,
    nome: demo.nome_empresa,
    plano: "Premium",
    adminUsuarioId: admin.id,
    juridicoUsuarioId: juridicoUser.id,
    consultores: await consultores(tx, g, demo.id, "demo.com.br", [
      { nome: consultorUser.nome, usuarioId: consultorUser.id, status: "Conectado", peso: 30 },
      ...(["Conectado", "Ocupado", "Desconectado", "Conectado", "Desconectado"] as const).map((status) => ({ status, peso: 14 })),
    ]),
  };

  const credito = await empresa(tx, g, "Crédito Justo Assessoria", "contato@creditojusto.com.br", "Básico");
  const adminCredito = await usuario(PAPEL.admin, credito.id, "admin@creditojusto.com.br", "Fernando Queiroz");
  const empresaCredito: TEmpresaDemo = {
    id: credito.id,
    nome: credito.nome_empresa,
    plano: "Básico",
    adminUsuarioId: adminCredito.id,
    juridicoUsuarioId: null,
    consultores: await consultores(tx, g, credito.id, "creditojusto.com.br", [
      { status: "Conectado", peso: 1 },
      { status: "Desconectado", peso: 1 },
    ]),
  };

  const a = gerarLeads(g, empresaDemo, 500);
  const b = gerarLeads(g, empresaCredito, 60);
  const conversasA = gerarConversas(g, empresaDemo, a.leads, 80);
  const conversasB = gerarConversas(g, empresaCredito, b.leads, 10);
  const notificacoes = [
    ...gerarNotificacoes(g, empresaDemo, { id: admin.id, papel: PAPEL.admin }, conversasA.comConversa, 30),
    ...gerarNotificacoes(g, empresaDemo, { id: consultorUser.id, papel: PAPEL.consultor }, a.leads, 25),
    ...gerarNotificacoes(g, empresaDemo, { id: juridicoUser.id, papel: PAPEL.juridico }, a.leads, 15),
    ...gerarNotificacoes(g, empresaCredito, { id: adminCredito.id, papel: PAPEL.admin }, conversasB.comConversa, 12),
  ];
  const custos = [
    ...gerarCustos(g, empresaDemo, [
      { plataforma: "Facebook", chance: 0.9, base: 180 },
      { plataforma: "Google", chance: 0.85, base: 150 },
      { plataforma: "Instagram", chance: 0.6, base: 90 },
      { plataforma: "LinkedIn", chance: 0.15, base: 120 },
      { plataforma: "TikTok", chance: 0.3, base: 60 },
      { plataforma: "Outro", chance: 0.08, base: 40 },
    ]),
    ...gerarCustos(g, empresaCredito, [
      { plataforma: "Facebook", chance: 0.6, base: 60 },
      { plataforma: "Google", chance: 0.4, base: 50 },
    ]),
  ];
  const faturas = [...gerarFaturas(g, empresaDemo, 6), ...gerarFaturas(g, empresaCredito, 6)];

  // no lead waiting for a consultant at the start (decision 1503), from a stream of its own
  const rFila = criarAleatorio(SEMENTE_DEMO + 15);
  const atribuicoes = [
    ...semFilaDeEspera(rFila, empresaDemo, a.leads, a.historico),
    ...semFilaDeEspera(rFila, empresaCredito, b.leads, b.historico),
  ];
  // migration 0027's duplicate report, on /leads of the demo company (decision 1501)
  const comConversa = new Set(conversasA.comConversa.map((l) => l.id));
  const telefonesRepetidos = gerarTelefonesRepetidos(
    criarAleatorio(SEMENTE_DEMO + 1501),
    a.leads,
    (l) => !comConversa.has(l.id),
    3,
  );
  const leads = [...a.leads, ...b.leads].map((l) => l.linha);
  const historico = [...a.historico, ...b.historico, ...atribuicoes];
  const mensagens = [...conversasA.mensagens, ...conversasB.mensagens];
  // ad attribution (decisions 1212–1214): referrals, first touches and costs naming campaigns, from a stream of its own
  atribuirAnunciosDemo(criarAleatorio(SEMENTE_DEMO + 1212), CAMPANHAS, { leads, custos, mensagens });
  await inserirVarios(tx, "leads_juros_check", leads);
  await inserirVarios(tx, "lead_status_historico", historico);
  // real files for the demo's processes (decision 1102), from a random stream of their own
  const documentos = storage
    ? await semearDocumentos(tx, storage, { r: criarAleatorio(SEMENTE_DEMO + 1102), agora: g.agora }, empresaDemo, a.leads)
    : 0;
  // deadlines of the demo's processes in every urgency (decision 1106), from a random stream of their own
  await semearPrazos(tx, { r: criarAleatorio(SEMENTE_DEMO + 1106), agora: g.agora }, empresaDemo, a.leads);
  // the consultants' inbox: a second consultant, tags, follow-ups, notes (decisions 1831–1833), a stream of its own
  const caixa = await semearCaixaDeEntrada(
    tx,
    { r: criarAleatorio(SEMENTE_DEMO + 1831), agora: g.agora },
    empresaDemo,
    a.leads,
    hash,
  );
  // screening history for 'Eficiência IA' (decision 0602), from a random stream of its own
  await inserirVarios(tx, "triagens_ia", gerarTriagens(criarAleatorio(SEMENTE_DEMO + 12), [...a.leads, ...b.leads], historico));
  await inserirVarios(tx, "mensagens_whatsapp", mensagens);
  // before the seeds that write conversations: they leave the duplicate report's pairs without one
  await inserirVarios(tx, "leads_telefones_migrados", telefonesRepetidos);
  // the consent ledger, from the messages (decisions 1827–1829): service from each first message, opt-ins, one 'SAIR'
  await semearConsentimentos(tx, { r: criarAleatorio(SEMENTE_DEMO + 1827), agora: g.agora }, empresaDemo);
  // business hours, the away message, a holiday and replies at various delays (decisions 1881-1883)
  await semearHorarioDemo(tx, g, empresaDemo);
  // a finished opt-in campaign with its receipts, replies and cost (decisions 1891–1894), a stream of its own
  await semearCampanhasDemo(tx, { r: criarAleatorio(SEMENTE_DEMO + 1891), agora: g.agora }, empresaDemo);
  await inserirVarios(tx, "notificacoes", notificacoes);
  await inserirVarios(tx, "custos_marketing", custos);
  await inserirVarios(tx, "faturas", faturas);
  // the Central Bank rate series' illustrative snapshot for the revisional pre-analysis (decision 1402)
  await semearTaxasDemo(tx, g.agora);
  await semearAuditoriaDemo(
    tx,
    g.agora,
    demo.id,
    { admin: admin.id, consultor: consultorUser.id, juridico: juridicoUser.id },
    a.leads.map((l) => l.id as string),
  );
  // scheduled messages in every state, on leads who wrote lately (decision 1885)
  await semearAgendadasDemo(tx, g.agora, demo.id, { consultor: consultorUser.id, admin: admin.id });
  // titulares' privacy requests in every state, and the encarregado of the public page (decisions 1824–1825)
  await semearPrivacidadeDemo(
    tx,
    g.agora,
    demo.id,
    a.leads
      .slice(0, 6)
      .map((l) => ({ id: l.id, nome: l.nome, telefone_normalizado: (l.linha.telefone_normalizado as string) ?? null })),
  );
  // security incidents: open, communicated, closed, and the platform's across both companies (decisions 1875–1877)
  await semearIncidentesDemo(tx, g.agora, [
    { id: demo.id, leads: a.leads.map((l) => l.id as string) },
    { id: credito.id, leads: b.leads.map((l) => l.id as string) },
  ]);
  // a request ready for its access package and an expired, downloaded one (decision 1865)
  await semearPacotesDemo(tx, g.agora, demo.id, a.leads.slice(6, 8));
  // an erasure request of a lead with a legal process: 'Eliminar dados' answers it in part (decisions 1861–1862)
  await semearEliminacaoDemo(tx, g.agora, demo.id);
  // the ROPA's versions and last night's retention run (decisions 1872–1873)
  const registro = await semearRegistroDemo(tx, g.agora, demo.id, admin.id);
  // the platform's other companies (/empresas), from a random stream of their own
  const outras = await semearEmpresasPlataforma(tx, { r: criarAleatorio(SEMENTE_DEMO + 13), agora: g.agora }, hash);
  return {
    empresas: 2 + outras.empresas,
    usuarios: usuarios + caixa.usuarios + outras.usuarios,
    consultores: empresaDemo.consultores.length + empresaCredito.consultores.length + outras.consultores,
    leads: leads.length + outras.leads + registro.leads,
    historico: historico.length + outras.historico,
    mensagens: mensagens.length,
    notificacoes: notificacoes.length + caixa.notificacoes,
    custos: custos.length,
    faturas: faturas.length + outras.faturas,
    documentos,
    ms: 0,
  };
}

/** created_at/updated_at some days before `agora`. */
function desde(g: TGeracao, dias: number): TLinha {
  const d = new Date(g.agora.getTime() - dias * DIA);
  return { created_at: d, updated_at: d };
}

async function empresa(tx: TTx, g: TGeracao, nome: string, email: string, plano: TPlano) {
  const adesao = new Date(g.agora.getTime() - 400 * DIA);
  return criarEmpresa(tx, {
    id: g.r.uuid(),
    nome_empresa: nome,
    email_contato: email,
    plano_assinatura: plano,
    data_adesao: diaISO(adesao),
    // invoices are issued on the 1st (gerarFaturas): the next renewal is the 1st of next month
    data_renovacao: diaISO(new Date(Date.UTC(g.agora.getUTCFullYear(), g.agora.getUTCMonth() + 1, 1))),
    pagamento_tipo: "cartao",
    pagamento_bandeira: "Visa",
    pagamento_ultimos4: String(g.r.int(1000, 9999)),
    pagamento_exp_mes: g.r.int(1, 12),
    pagamento_exp_ano: g.agora.getUTCFullYear() + 3,
    ia_triagem_ativa: true,
    ...desde(g, 400),
  });
}

type TNovoConsultor = { nome?: string; usuarioId?: string; status: TStatusConexao; peso: number };

async function consultores(tx: TTx, g: TGeracao, empresaId: string, dominio: string, lista: TNovoConsultor[]) {
  const usados = new Set<string>();
  const linhas = lista.map((c) => {
    let nome = c.nome ?? gerarNomePessoa(g.r);
    while (usados.has(nome)) nome = gerarNomePessoa(g.r); // emails come from names and are unique per company
    usados.add(nome);
    return linhaConsultor({
      id: g.r.uuid(),
      id_empresa_fk: empresaId,
      id_usuario_fk: c.usuarioId ?? null,
      nome,
      email: c.usuarioId ? CONTAS_DEMO.find((x) => x.papel === PAPEL.consultor)!.email : `${slugNome(nome)}@${dominio}`,
      whatsapp: gerarCelular(g.r, "11"),
      status_conexao: c.status,
      ultima_atividade_em: mais(g.agora, -g.r.int(5, 600) * 60_000),
      ...desde(g, g.r.int(200, 390)),
    });
  });
  await inserirVarios(tx, "consultores", linhas);
  return linhas.map((l, k) => ({
    id: l.id as string,
    nome: l.nome as string,
    usuarioId: lista[k].usuarioId ?? null,
    peso: lista[k].peso,
  }));
}

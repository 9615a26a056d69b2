import {
  ORIGENS_LEAD,
  STATUS_LEAD,
  TIPOS_FINANCIAMENTO,
  type TOrigemLead,
  type TStatusJuridico,
  type TStatusLead,
} from "@crm/domain/status";
import type { TLinha } from "./bulk.js";
import { centavos, DIA, HORA, MIN, mais, type TConsultorDemo, type TEmpresaDemo, type TGeracao } from "./demo-context.js";
import { contratoDemo } from "./demo-contracts.js";
import { linhaLead } from "./factories.js";
import { BANCOS, CIDADES, gerarCelular, gerarEmail, gerarNomePessoa } from "./names.js";

/** A generated lead plus what the conversation and notification generators need to know about it. */
export type TLeadDemo = {
  linha: TLinha;
  id: string;
  nome: string;
  status: TStatusLead;
  criadoEm: Date;
  consultor: TConsultorDemo | null;
  banco: string;
  tipo: string;
};

// Where the pipeline came from: walking back from a status to 'Novo Lead' gives its history.
const ANTERIOR: Partial<Record<TStatusLead, TStatusLead>> = {
  "Em Triagem IA": "Novo Lead",
  "Requer Análise Manual IA": "Em Triagem IA",
  "Confirmado pela IA": "Em Triagem IA",
  "Desqualificado / Perdido": "Em Triagem IA",
  "Qualificado para Atendente": "Confirmado pela IA",
  "Em Contato / Primeiro Contato": "Qualificado para Atendente",
  "Sem Resposta": "Em Contato / Primeiro Contato",
  "Em Atendimento": "Em Contato / Primeiro Contato",
  "Em Acompanhamento": "Em Atendimento",
  "Aguardando Retorno": "Em Atendimento",
  "Não Interessado": "Em Atendimento",
  Perdido: "Em Atendimento",
  "Em Negociação": "Em Atendimento",
  "Proposta Enviada": "Em Negociação",
  Convertido: "Proposta Enviada",
  "Aguardando Documentação": "Proposta Enviada",
  "Convertido (Ganho)": "Aguardando Documentação",
};

function caminho(status: TStatusLead): TStatusLead[] {
  const passos: TStatusLead[] = [];
  for (let s: TStatusLead | undefined = status; s; s = ANTERIOR[s]) passos.unshift(s);
  return passos;
}

const ANTES_DO_ATENDIMENTO = new Set<TStatusLead>([
  "Novo Lead",
  "novo",
  "Em Triagem IA",
  "Requer Análise Manual IA",
  "Confirmado pela IA",
  "Desqualificado / Perdido",
]);
const CONVERTIDOS = new Set<TStatusLead>(["Convertido", "Convertido (Ganho)"]);

// How far a legal process got (000 §4): every path starts waiting for contact; 'Jurídico Pendente' is a stalled one.
const AGUARDANDO: TStatusJuridico = "Aguardando Contato Jurídico";
const CAMINHOS_JURIDICOS: TStatusJuridico[][] = [
  [AGUARDANDO],
  [AGUARDANDO, "Em Contato Jurídico"],
  [AGUARDANDO, "Em Contato Jurídico", "Documentação Solicitada"],
  [AGUARDANDO, "Em Contato Jurídico", "Documentação Solicitada", "Laudo em Andamento"],
  [AGUARDANDO, "Em Contato Jurídico", "Documentação Solicitada", "Laudo em Andamento", "Finalizado Jurídico"],
  [AGUARDANDO, "Em Contato Jurídico", "Documentação Solicitada", "Jurídico Pendente"],
];

// Young leads are mostly still in screening; old ones mostly reached an outcome. Convertido (Ganho) carries the
// weight of the retired Processo Jurídico (decision 1631).
// biome-ignore format: a weight table reads better packed
const PESO_RECENTE = [20, 2, 14, 6, 8, 10, 8, 8, 5, 3, 2, 2, 2, 2.5, 2, 3, 2, 2, 3];
// biome-ignore format: a weight table reads better packed
const PESO_ANTIGO = [2, 1, 1, 2, 1, 3, 4, 6, 5, 4, 3, 3, 8, 15, 10, 8, 7, 6, 3];
const PESO_ORIGEM: Record<TOrigemLead, number> = {
  WhatsApp: 30,
  "Facebook Ads": 22,
  "Google Ads": 15,
  Site: 12,
  Indicação: 10,
  Manual: 6,
  Outros: 3,
  "Importação CSV": 5,
};
const FONTE: Record<TOrigemLead, string> = {
  WhatsApp: "whatsapp",
  "Facebook Ads": "facebook",
  "Google Ads": "google",
  Site: "site",
  Indicação: "indicacao",
  Manual: "manual",
  Outros: "outros",
  "Importação CSV": "csv",
};
/** The demo's ad campaigns (leads' campanha_origem; costs name them too: demo-attribution.ts). */
export const CAMPANHAS = [
  "Revisão de Juros - Veículos",
  "Aposentados INSS - Consignado",
  "Juros Abusivos - Financiamento",
  "Parcelas Menores",
];
const FAIXA_VALOR: Record<string, [number, number]> = {
  Carro: [25_000, 120_000],
  Casa: [60_000, 120_000],
  Moto: [8_000, 35_000],
  "Crédito Pessoal": [8_000, 50_000],
  Outros: [8_000, 60_000],
};
const OBJETIVOS = [
  "Reduzir o valor das parcelas",
  "Quitar o contrato com desconto",
  "Recuperar juros pagos a mais",
  "Revisar juros abusivos",
  "Sair da negativação",
  "Renegociar o saldo devedor",
];
const MOTIVOS_PERDA = [
  "Cliente desistiu",
  "Sem retorno após 3 tentativas",
  "Contrato sem abusividade",
  "Optou por outra empresa",
];

function statusLegado(s: TStatusLead): string | null {
  if (["Novo Lead", "novo", "Em Triagem IA", "Requer Análise Manual IA"].includes(s)) return "novo";
  if (s === "Confirmado pela IA" || s === "Qualificado para Atendente") return "qualificado";
  return ANTES_DO_ATENDIMENTO.has(s) || CONVERTIDOS.has(s) ? null : "em_conversa";
}

/**
 * `quantidade` leads of a company spread over the 365 days before `agora` (more of them recently),
 * with the status history that led to each one's current status. The first leads take every status
 * and every origin once, so each value shows up in the demo whatever the seed.
 */
export function gerarLeads(g: TGeracao, empresa: TEmpresaDemo, quantidade: number): { leads: TLeadDemo[]; historico: TLinha[] } {
  const { r, agora } = g;
  const leads: TLeadDemo[] = [];
  const historico: TLinha[] = [];
  const pesoConsultores = empresa.consultores.map((c) => [c, c.peso] as const);
  for (let i = 0; i < quantidade; i++) {
    // a steady base plus growth: more leads in recent months, none of the 12 months empty
    const idadeDias = 365 * (r.chance(0.4) ? r.num() : 1 - Math.sqrt(r.num()));
    const criadoEm = new Date(agora.getTime() - Math.round(Math.max(idadeDias * DIA, r.int(5, 120) * MIN) / 1000) * 1000);
    const tabela = idadeDias < 14 ? PESO_RECENTE : PESO_ANTIGO;
    const status = i < STATUS_LEAD.length ? STATUS_LEAD[i] : r.ponderado(STATUS_LEAD.map((s, k) => [s, tabela[k]] as const));
    const origem = i < ORIGENS_LEAD.length ? ORIGENS_LEAD[i] : r.ponderado(ORIGENS_LEAD.map((o) => [o, PESO_ORIGEM[o]] as const));
    const nome = gerarNomePessoa(r);
    const lugar = r.escolher(CIDADES);
    const tipo = r.escolher(TIPOS_FINANCIAMENTO);
    const banco = r.escolher(BANCOS);
    const [min, max] = FAIXA_VALOR[tipo];
    const valor = centavos(r.int(min, max) + r.int(0, 99) / 100);
    const atribuivel = !ANTES_DO_ATENDIMENTO.has(status);
    const consultor =
      empresa.consultores.length && atribuivel && r.chance(status === "Qualificado para Atendente" ? 0.4 : 0.92)
        ? r.ponderado(pesoConsultores)
        : null;

    // the history: screening takes minutes, the human part days
    const passos = caminho(status);
    const intervalos = passos.slice(1).map((_, k) => (k < 2 ? r.int(1, 30) * MIN : r.int(6, 24 * 6) * HORA));
    const total = intervalos.reduce((a, b) => a + b, 0);
    const idadeMs = agora.getTime() - criadoEm.getTime();
    const escala = total > idadeMs * 0.95 ? (idadeMs * 0.95) / total : 1;
    let t = criadoEm;
    const id = r.uuid();
    for (let k = 1; k < passos.length; k++) {
      t = mais(t, Math.max(1_000, Math.floor(intervalos[k - 1] * escala)));
      const deIa = passos[k - 1] === "Em Triagem IA";
      historico.push({
        id: r.uuid(),
        id_empresa_fk: empresa.id,
        id_lead_fk: id,
        campo: "status_lead",
        valor_anterior: passos[k - 1],
        valor_novo: passos[k],
        id_usuario_fk: deIa || k === 1 ? null : (consultor?.usuarioId ?? empresa.adminUsuarioId),
        origem: k === 1 ? "sistema" : deIa ? "ia" : "usuario",
        motivo: ["Perdido", "Não Interessado", "Sem Resposta"].includes(passos[k]) ? r.escolher(MOTIVOS_PERDA) : null,
        created_at: t,
      });
      if (consultor && passos[k] === "Em Contato / Primeiro Contato") {
        historico.push({
          id: r.uuid(),
          id_empresa_fk: empresa.id,
          id_lead_fk: id,
          campo: "consultor_atribuido_id",
          valor_anterior: null,
          valor_novo: consultor.id,
          id_usuario_fk: empresa.adminUsuarioId,
          origem: "usuario",
          motivo: null,
          created_at: t,
        });
      }
    }
    const processado = passos.length > 1;
    const juridico = status === "Convertido (Ganho)";
    const convertidoEm = juridico ? t : null;
    // a legal process walks the legal statuses from 'Aguardando Contato Jurídico', each step recorded (/processos)
    const passosJuridicos = juridico ? r.escolher(CAMINHOS_JURIDICOS) : [];
    const statusJuridico = passosJuridicos.at(-1) ?? null;
    const juridicoId = passosJuridicos.length > 1 && empresa.juridicoUsuarioId ? empresa.juridicoUsuarioId : null;
    for (let k = 0; k < passosJuridicos.length; k++) {
      // the steps share the time left since the conversion, the newest at most a few hours ago
      if (k > 0) {
        const passo = Math.max(60_000, Math.floor(((agora.getTime() - t.getTime()) * r.int(20, 60)) / 100));
        t = new Date(Math.min(agora.getTime(), mais(t, passo).getTime()));
      }
      if (k === 1 && juridicoId) {
        historico.push({
          id: r.uuid(),
          id_empresa_fk: empresa.id,
          id_lead_fk: id,
          campo: "profissional_juridico_atribuido_id",
          valor_anterior: null,
          valor_novo: juridicoId,
          id_usuario_fk: juridicoId,
          origem: "usuario",
          motivo: null,
          created_at: t,
        });
      }
      historico.push({
        id: r.uuid(),
        id_empresa_fk: empresa.id,
        id_lead_fk: id,
        campo: "status_juridico_lead",
        valor_anterior: k ? passosJuridicos[k - 1] : null,
        valor_novo: passosJuridicos[k],
        id_usuario_fk: k === 0 ? (consultor?.usuarioId ?? empresa.adminUsuarioId) : (juridicoId ?? empresa.adminUsuarioId),
        origem: "usuario",
        motivo: null,
        created_at: t,
      });
    }
    const parcelas = r.int(24, 72);
    const comParcelas = r.chance(0.7);
    const linha = linhaLead({
      id,
      id_empresa_fk: empresa.id,
      nome,
      email: r.chance(0.75) ? gerarEmail(r, nome) : null,
      telefone: gerarCelular(r, lugar.ddd),
      valor_contrato: valor,
      valor_contrato_fechado: CONVERTIDOS.has(status) ? centavos(valor * (0.8 + r.num() * 0.2)) : null,
      tipo_financiamento: tipo,
      quantidade_parcelas_pagas: comParcelas ? r.int(3, parcelas - 1) : null,
      ...(comParcelas
        ? contratoDemo(id, tipo, valor, parcelas, criadoEm, banco)
        : { valor_parcela: null, quantidade_parcelas: null, data_contrato: null, banco }),
      status: statusLegado(status),
      status_lead: status,
      status_juridico_lead: statusJuridico,
      origem_lead: origem,
      fonte: FONTE[origem],
      campanha_origem: origem === "Facebook Ads" || origem === "Google Ads" ? r.escolher(CAMPANHAS) : null,
      consultor_atribuido_id: consultor?.id ?? null,
      profissional_juridico_atribuido_id: juridicoId,
      convertido_em: convertidoEm,
      objetivo_cliente: r.escolher(OBJETIVOS),
      cidade: `${lugar.cidade} - ${lugar.uf}`,
      observacoes_ia: processado
        ? `Financiamento de ${tipo.toLowerCase()} no ${banco}, ${comParcelas ? "parcelas em dia" : "parcelas em atraso"}. ${
            ANTES_DO_ATENDIMENTO.has(status) ? "Aguardando confirmação de interesse." : "Interesse confirmado."
          }`
        : null,
      observacoes_juridicas:
        statusJuridico && juridicoId ? "Contrato e extratos recebidos; cálculo revisional em preparação." : null,
      interesse_juridico: juridico,
      data_processamento_ia: processado ? mais(criadoEm, r.int(1, 10) * MIN) : null,
      ultima_mensagem_em: null,
      ultima_mensagem_lead_em: null,
      created_at: criadoEm,
      updated_at: t,
    });
    leads.push({ linha, id, nome, status, criadoEm, consultor, banco, tipo });
  }
  return { leads, historico };
}

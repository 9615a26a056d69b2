import { SQL } from "./terms.js";
import type { TDerivado } from "./types.js";

/** What moves the legal summaries: a converted lead's statuses and value, its documents and deadlines. */
const EVENTOS_PROCESSO = ["lead.criado", "lead.alterado", "lead.status", "lead.status_juridico", "lead.excluido"] as const;

/** the last time a process was asked for documents, from its legal-status history */
const pedida = `(SELECT max(h.created_at) FROM lead_status_historico h
                  WHERE h.id_empresa_fk = l.id_empresa_fk AND h.id_lead_fk = l.id AND h.campo = 'status_juridico_lead'
                    AND h.valor_novo = 'Documentação Solicitada')`;
const recebido = "(SELECT max(d.data_upload) FROM documentos d WHERE d.id_empresa_fk = l.id_empresa_fk AND d.id_lead_fk = l.id)";
const pendentes = `(SELECT count(*) FROM prazos_processo p
                     WHERE p.id_empresa_fk = l.id_empresa_fk AND p.id_lead_fk = l.id AND p.estado = 'pendente')`;
/** each process (a lead in the legal-process status) with its signals, as 0033's processos_sinais keeps them */
const processos = `(SELECT l.id, ${SQL.juridico} AS status_juridico_lead, l.convertido_em, ${pedida} AS documentacao_pedida_em,
                           ${recebido} AS documento_recebido_em, ${pendentes} AS prazos_pendentes
                      FROM ${SQL.leads} WHERE ${SQL.processo}) s`;

export const RESUMOS_JURIDICOS: TDerivado[] = [
  {
    nome: "processos_resumo",
    tipo: "soma",
    tabela: "processos_resumo",
    chave: ["status_juridico_lead"],
    medidas: ["n", "valor_fechado"],
    definicao: `SELECT ${SQL.juridico} AS status_juridico_lead, count(*) AS n, coalesce(sum(l.valor_contrato_fechado), 0) AS valor_fechado
                  FROM ${SQL.leads} WHERE ${SQL.processo} GROUP BY 1`,
    fontes: ["leads_juros_check"],
    eventos: EVENTOS_PROCESSO,
    exatidao: "na_transacao",
    origem: "0027 (decision 1104): the /processos counters beside the list",
  },
  {
    nome: "processos_resumo_mensal",
    tipo: "soma",
    tabela: "processos_resumo_mensal",
    chave: ["mes"],
    medidas: ["abertos", "finalizados"],
    definicao: `SELECT coalesce(a.mes, f.mes) AS mes, coalesce(a.n, 0) AS abertos, coalesce(f.n, 0) AS finalizados
                  FROM (SELECT date_trunc('month', (l.convertido_em AT TIME ZONE 'America/Sao_Paulo')::date)::date AS mes, count(*) AS n
                          FROM ${SQL.leads} WHERE ${SQL.processo} AND l.convertido_em IS NOT NULL GROUP BY 1) a
                  FULL JOIN (SELECT date_trunc('month', (h.created_at AT TIME ZONE 'America/Sao_Paulo')::date)::date AS mes,
                                    count(DISTINCT h.id_lead_fk) AS n
                               FROM lead_status_historico h
                              WHERE h.id_empresa_fk = $1 AND h.campo = 'status_juridico_lead' AND h.valor_novo = ${SQL.finalizado}
                              GROUP BY 1) f ON f.mes = a.mes`,
    fontes: ["leads_juros_check", "lead_status_historico"],
    eventos: EVENTOS_PROCESSO,
    exatidao: "rollup",
    origem: "0027/0032 (decision 1104)",
  },
  {
    nome: "processos_sinais",
    tipo: "conjunto",
    tabela: "processos_sinais",
    chave: ["id_lead_fk"],
    medidas: ["status_juridico_lead", "convertido_em", "documentacao_pedida_em", "documento_recebido_em", "prazos_pendentes"],
    definicao: `SELECT s.id AS id_lead_fk, s.status_juridico_lead, s.convertido_em, s.documentacao_pedida_em, s.documento_recebido_em,
                       s.prazos_pendentes::int AS prazos_pendentes FROM ${processos}`,
    fontes: ["leads_juros_check", "lead_status_historico", "documentos", "prazos_processo"],
    eventos: [...EVENTOS_PROCESSO, "documento.enviado", "documento.excluido", "prazo.criado", "prazo.alterado", "prazo.excluido"],
    exatidao: "na_transacao",
    origem: "0032/0033 (decision 1104): a process's alert signals",
  },
  {
    nome: "processos_contagens",
    tipo: "soma",
    tabela: "processos_contagens",
    chave: ["chave"],
    medidas: ["n"],
    definicao: `SELECT 'documentos' AS chave, count(*) AS n FROM documentos d WHERE d.id_empresa_fk = $1
                UNION ALL
                SELECT 'sem_prazo', count(*) FROM ${processos}
                 WHERE s.status_juridico_lead <> ${SQL.finalizado} AND s.prazos_pendentes = 0
                UNION ALL
                SELECT 'documentacao', count(*) FROM ${processos}
                 WHERE s.status_juridico_lead = 'Documentação Solicitada'
                   AND (s.documento_recebido_em IS NULL OR s.documento_recebido_em < s.documentacao_pedida_em)`,
    fontes: ["documentos", "leads_juros_check", "lead_status_historico", "prazos_processo"],
    eventos: [...EVENTOS_PROCESSO, "documento.enviado", "documento.excluido", "prazo.criado", "prazo.alterado", "prazo.excluido"],
    exatidao: "na_transacao",
    alimentadaPor: ["processos_sinais"],
    origem: "0032/0033 (decision 1104): /processos and /documentos counters",
  },
];

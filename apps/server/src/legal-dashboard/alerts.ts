import { DIAS_ALERTA_DOCUMENTACAO, DIAS_ALERTA_SEM_CONTATO, diasEntre } from "@crm/domain/legal-dashboard";
import { MSG } from "@crm/domain/messages";
import type { TAlertaJuridico } from "@crm/domain/schemas/legal-dashboard";
import { ALERTA_SEM_PROXIMO_PRAZO } from "../deadlines/dashboard-alert.js";

/** What an alert's SQL answers: how many processes, and the oldest few (`desde`: a timestamp as JSON text). */
export type TResultadoAlerta = { n: number; exemplos: { id: string; nome: string; desde: string }[] };

/**
 * One alert of the legal dashboard, built from the company's data. `sql` is one scalar SQL expression the dashboard's
 * single statement selects (over `$1` the company, `$2` the moment as timestamptz) answering TResultadoAlerta as
 * json; `montar` makes the alert of it, or null when there is nothing to say. A new alert is one more builder in
 * ALERTAS_JURIDICOS (e.g. deadlines' 'processos sem próximo prazo'); each must read an index or a summary, not every
 * process (the dashboard runs on every visit and every live refresh).
 */
export type TConstrutorAlerta = {
  sql: string;
  montar: (r: TResultadoAlerta, agora: Date) => TAlertaJuridico | null;
};

/** How many of an alert's processes are named on the dashboard (the oldest first). */
const EXEMPLOS = 3;

/** `$2` (the moment) minus whole days, as exact hours (the JS limit it replaces: agora − N × 86,400,000 ms). */
const haDias = (dias: number) => `($2::timestamptz - interval '${Math.trunc(dias) * 24} hours')`;

/**
 * json {n, exemplos} of an alert over the per-process flags of migration 0029 (`processos_sinais s`): `filtro` is the
 * predicate of one of its partial indexes plus a range on its ordering column `coluna`, so the examples are that
 * index's first rows; `contagem` is the count as an SQL expression (a summary's figure, or a bounded count).
 */
function sqlDoIndice(contagem: string, filtro: string, coluna: string): string {
  return `SELECT json_build_object('n', ${contagem}, 'exemplos', coalesce((
      SELECT json_agg(json_build_object('id', l.id, 'nome', l.nome, 'desde', x.desde) ORDER BY x.desde, x.id)
        FROM (SELECT s.id_lead_fk AS id, s.${coluna} AS desde FROM processos_sinais s
               WHERE s.id_empresa_fk = $1 AND ${filtro} ORDER BY s.${coluna}, s.id_lead_fk LIMIT ${EXEMPLOS}) x
        JOIN leads_juros_check l ON l.id_empresa_fk = $1 AND l.id = x.id), '[]'))`;
}

function alerta(
  chave: string,
  nivel: TAlertaJuridico["nivel"],
  titulo: (n: number) => string,
  descricao: string,
  r: TResultadoAlerta,
  agora: Date,
): TAlertaJuridico | null {
  if (!r.n || !r.exemplos.length) return null;
  return {
    chave,
    nivel,
    titulo: titulo(r.n),
    descricao,
    quantidade: r.n,
    processos: r.exemplos.map((p) => ({ id: p.id, nome: p.nome, dias: diasEntre(p.desde, agora) })),
  };
}

const AGUARDANDO = "s.status_juridico_lead = 'Aguardando Contato Jurídico'";
const limiteSemContato = haDias(DIAS_ALERTA_SEM_CONTATO);

/**
 * Processes still waiting for the first contact N days after they were opened. Counted as the processes waiting
 * (0029's per-status summary) minus those opened within the N days or with no opening date: a range at the young end
 * of `processos_sinais_sem_contato_idx`, bounded by N days of conversions whatever the company's history.
 */
const semContatoJuridico: TConstrutorAlerta = {
  sql: sqlDoIndice(
    `((SELECT coalesce(sum(r.n), 0) FROM processos_resumo r
        WHERE r.id_empresa_fk = $1 AND r.status_juridico_lead = 'Aguardando Contato Jurídico')
      - (SELECT count(*) FROM processos_sinais s WHERE s.id_empresa_fk = $1 AND ${AGUARDANDO} AND s.convertido_em >= ${limiteSemContato})
      - (SELECT count(*) FROM processos_sinais s WHERE s.id_empresa_fk = $1 AND ${AGUARDANDO} AND s.convertido_em IS NULL))::int`,
    `${AGUARDANDO} AND s.convertido_em < ${limiteSemContato}`,
    "convertido_em",
  ),
  montar: (r, agora) =>
    alerta(
      "sem-contato",
      "critico",
      MSG.alertaSemContatoTitulo,
      MSG.alertaSemContatoDescricao(DIAS_ALERTA_SEM_CONTATO),
      r,
      agora,
    ),
};

/** The predicate of `processos_sinais_documentacao_idx`: documentation requested, nothing received since. */
const DOCUMENTACAO_SEM_RETORNO =
  "s.status_juridico_lead = 'Documentação Solicitada' AND (s.documento_recebido_em IS NULL OR s.documento_recebido_em < s.documentacao_pedida_em)";
const limiteDocumentacao = haDias(DIAS_ALERTA_DOCUMENTACAO);

/**
 * Processes in 'Documentação Solicitada' for more than N days (since their last move into it, from the history) with
 * no document uploaded to the lead since then: the flags kept by 0029's triggers on the history and the documents.
 * Counted as the processes in the index's predicate (the company's counter, 0033aa) minus those requested within the
 * N days or with no request date: a range at the young end of `processos_sinais_documentacao_idx`.
 */
const documentacaoSemRetorno: TConstrutorAlerta = {
  sql: sqlDoIndice(
    `((SELECT coalesce(sum(c.n), 0) FROM processos_contagens c WHERE c.id_empresa_fk = $1 AND c.chave = 'documentacao')
      - (SELECT count(*) FROM processos_sinais s
          WHERE s.id_empresa_fk = $1 AND ${DOCUMENTACAO_SEM_RETORNO} AND s.documentacao_pedida_em >= ${limiteDocumentacao})
      - (SELECT count(*) FROM processos_sinais s
          WHERE s.id_empresa_fk = $1 AND ${DOCUMENTACAO_SEM_RETORNO} AND s.documentacao_pedida_em IS NULL))::int`,
    `${DOCUMENTACAO_SEM_RETORNO} AND s.documentacao_pedida_em < ${limiteDocumentacao}`,
    "documentacao_pedida_em",
  ),
  montar: (r, agora) =>
    alerta(
      "documentacao-sem-retorno",
      "atencao",
      MSG.alertaDocumentacaoTitulo,
      MSG.alertaDocumentacaoDescricao(DIAS_ALERTA_DOCUMENTACAO),
      r,
      agora,
    ),
};

/** The dashboard's alerts, in this order. One line per alert. */
export const ALERTAS_JURIDICOS: TConstrutorAlerta[] = [semContatoJuridico, documentacaoSemRetorno, ALERTA_SEM_PROXIMO_PRAZO];

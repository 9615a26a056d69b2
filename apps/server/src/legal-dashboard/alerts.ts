import { DIAS_ALERTA_DOCUMENTACAO, DIAS_ALERTA_SEM_CONTATO, diasEntre } from "@crm/domain/legal-dashboard";
import { MSG } from "@crm/domain/messages";
import type { TAlertaJuridico } from "@crm/domain/schemas/legal-dashboard";
import type { TTx } from "../db/tenant.js";
import { alertaSemProximoPrazo } from "../deadlines/dashboard-alert.js";

/** What an alert builder is given: the tenant transaction, the company and the moment (tests fix it). */
export type TContextoAlerta = { tx: TTx; empresaId: string; agora: Date };

/**
 * One alert of the legal dashboard, built from the company's data. Answers null when there is nothing to say.
 * A new alert is one more builder in ALERTAS_JURIDICOS (e.g. deadlines' 'processos sem próximo prazo').
 */
export type TConstrutorAlerta = (c: TContextoAlerta) => Promise<TAlertaJuridico | null>;

/** How many of an alert's processes are named on the dashboard (the oldest first). */
const EXEMPLOS = 3;

type TLinha = { id: string; nome: string; desde: Date; total: number };

function alerta(
  chave: string,
  nivel: TAlertaJuridico["nivel"],
  titulo: string,
  descricao: string,
  linhas: TLinha[],
  agora: Date,
): TAlertaJuridico | null {
  if (!linhas.length) return null;
  return {
    chave,
    nivel,
    titulo,
    descricao,
    quantidade: linhas[0].total,
    processos: linhas.map((l) => ({ id: l.id, nome: l.nome, dias: diasEntre(l.desde, agora) })),
  };
}

/**
 * The processes of one alert from the per-process flags of migration 0029 (`processos_sinais`): `cond` is the
 * predicate of one of its partial indexes and `desde` that index's ordering column, so the count is a bounded
 * index scan and the examples are the index's first rows.
 */
async function doIndice(tx: TTx, empresaId: string, cond: string, desde: string, limite: Date | null): Promise<TLinha[]> {
  const filtro = `s.id_empresa_fk = $1 AND ${cond}${limite ? ` AND s.${desde} < $2` : ""}`;
  const valores = limite ? [empresaId, limite] : [empresaId];
  const { rows: contagem } = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM processos_sinais s WHERE ${filtro}`,
    valores,
  );
  const total = contagem[0].n;
  if (!total) return [];
  const { rows } = await tx.query<TLinha>(
    `SELECT l.id, l.nome, coalesce(s.${desde}, l.updated_at) AS desde, $${valores.length + 1}::int AS total
       FROM (SELECT s.id_lead_fk, s.${desde} FROM processos_sinais s WHERE ${filtro}
              ORDER BY s.${desde}${desde === "convertido_em" ? " NULLS FIRST" : ""}, s.id_lead_fk LIMIT ${EXEMPLOS}) s
       JOIN leads_juros_check l ON l.id_empresa_fk = $1 AND l.id = s.id_lead_fk
      ORDER BY s.${desde}${desde === "convertido_em" ? " NULLS FIRST" : ""}, s.id_lead_fk`,
    [...valores, total],
  );
  return rows;
}

/** Processes still waiting for the first contact N days after they were opened. */
export const semContatoJuridico: TConstrutorAlerta = async ({ tx, empresaId, agora }) => {
  const limite = new Date(agora.getTime() - DIAS_ALERTA_SEM_CONTATO * 86_400_000);
  const rows = await doIndice(tx, empresaId, "s.status_juridico_lead = 'Aguardando Contato Jurídico'", "convertido_em", limite);
  return alerta(
    "sem-contato",
    "critico",
    MSG.alertaSemContatoTitulo(rows[0]?.total ?? 0),
    MSG.alertaSemContatoDescricao(DIAS_ALERTA_SEM_CONTATO),
    rows,
    agora,
  );
};

/** The predicate of `processos_sinais_documentacao_idx`: documentation requested, nothing received since. */
const DOCUMENTACAO_SEM_RETORNO =
  "s.status_juridico_lead = 'Documentação Solicitada' AND (s.documento_recebido_em IS NULL OR s.documento_recebido_em < s.documentacao_pedida_em)";

/**
 * Processes in 'Documentação Solicitada' for more than N days (since their last move into it, from the history) with
 * no document uploaded to the lead since then: the flags kept by 0029's triggers on the history and the documents.
 */
export const documentacaoSemRetorno: TConstrutorAlerta = async ({ tx, empresaId, agora }) => {
  const limite = new Date(agora.getTime() - DIAS_ALERTA_DOCUMENTACAO * 86_400_000);
  const rows = await doIndice(tx, empresaId, DOCUMENTACAO_SEM_RETORNO, "documentacao_pedida_em", limite);
  return alerta(
    "documentacao-sem-retorno",
    "atencao",
    MSG.alertaDocumentacaoTitulo(rows[0]?.total ?? 0),
    MSG.alertaDocumentacaoDescricao(DIAS_ALERTA_DOCUMENTACAO),
    rows,
    agora,
  );
};

/** The dashboard's alerts, in this order. One line per alert. */
export const ALERTAS_JURIDICOS: TConstrutorAlerta[] = [semContatoJuridico, documentacaoSemRetorno, alertaSemProximoPrazo];

export async function construirAlertas(c: TContextoAlerta, construtores = ALERTAS_JURIDICOS): Promise<TAlertaJuridico[]> {
  const alertas: TAlertaJuridico[] = [];
  // one after the other: they share the request's transaction (one connection)
  for (const construir of construtores) {
    const a = await construir(c);
    if (a) alertas.push(a);
  }
  return alertas;
}

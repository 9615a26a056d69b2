import { DIAS_ALERTA_DOCUMENTACAO, DIAS_ALERTA_SEM_CONTATO, diasEntre } from "@crm/domain/legal-dashboard";
import { MSG } from "@crm/domain/messages";
import type { TAlertaJuridico } from "@crm/domain/schemas/legal-dashboard";
import { STATUS_PROCESSO_JURIDICO } from "@crm/domain/status";
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

/** Processes still waiting for the first contact N days after they were opened. */
export const semContatoJuridico: TConstrutorAlerta = async ({ tx, empresaId, agora }) => {
  const limite = new Date(agora.getTime() - DIAS_ALERTA_SEM_CONTATO * 86_400_000);
  const { rows } = await tx.query<TLinha>(
    `SELECT l.id, l.nome, l.convertido_em AS desde, count(*) OVER ()::int AS total
       FROM leads_juros_check l
      WHERE l.id_empresa_fk = $1 AND l.status_lead = $2 AND l.status_juridico_lead = 'Aguardando Contato Jurídico'
        AND l.convertido_em < $3
      ORDER BY l.convertido_em, l.id LIMIT ${EXEMPLOS}`,
    [empresaId, STATUS_PROCESSO_JURIDICO, limite],
  );
  return alerta(
    "sem-contato",
    "critico",
    MSG.alertaSemContatoTitulo(rows[0]?.total ?? 0),
    MSG.alertaSemContatoDescricao(DIAS_ALERTA_SEM_CONTATO),
    rows,
    agora,
  );
};

/**
 * Processes in 'Documentação Solicitada' for more than N days (since their last move into it, from the history) with
 * no document uploaded to the lead since then. Starts from the history's moves older than the limit, so the recent
 * requests are never read.
 */
export const documentacaoSemRetorno: TConstrutorAlerta = async ({ tx, empresaId, agora }) => {
  const limite = new Date(agora.getTime() - DIAS_ALERTA_DOCUMENTACAO * 86_400_000);
  const { rows } = await tx.query<TLinha>(
    // each lead's last move into the status, from the history's legal moves (index of 0023), already older than the
    // limit; every move goes through lead-events and leaves a history row (0016 wrote one for older processes)
    `SELECT l.id, l.nome, p.desde, count(*) OVER ()::int AS total
       FROM (SELECT h.id_lead_fk, max(h.created_at) AS desde FROM lead_status_historico h
              WHERE h.id_empresa_fk = $1 AND h.campo = 'status_juridico_lead' AND h.valor_novo = 'Documentação Solicitada'
              GROUP BY 1 HAVING max(h.created_at) < $3) p
       JOIN leads_juros_check l ON l.id_empresa_fk = $1 AND l.id = p.id_lead_fk
      WHERE l.status_lead = $2 AND l.status_juridico_lead = 'Documentação Solicitada'
        AND NOT EXISTS (SELECT 1 FROM documentos d
                         WHERE d.id_empresa_fk = $1 AND d.id_lead_fk = l.id AND d.data_upload >= p.desde)
      ORDER BY 3, 1 LIMIT ${EXEMPLOS}`,
    [empresaId, STATUS_PROCESSO_JURIDICO, limite],
  );
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

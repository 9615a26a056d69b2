import { MSG_CAMPANHAS, type TEstadoCampanha } from "@crm/domain/campaigns";
import { STATUS_QUALIFICADOS } from "@crm/domain/dashboard";
import type { TAcaoCampanha, TCampanha, TFunilCampanha, TNovaCampanha } from "@crm/domain/schemas/campaigns";
import { STATUS_CONVERTIDOS } from "@crm/domain/status";
import { autorDoRegistro, sqlRegistro } from "../change-log/in-statement.js";
import type { TAutorMudanca } from "../change-log/record.js";
import { relogio } from "../core/clock.js";
import type { TTx } from "../db/tenant.js";
import { badRequest, conflict, notFound } from "../http/errors.js";
import { lerConfigWhatsApp } from "../whatsapp/providers/company-config.js";
import { planejarDestinatarios } from "./audience.js";

/** The change-log rows of a campaign's statement (decisions 1701, 1702): `feitos` gives `antes` and `depois`. */
const REGISTRO = { entidade: "campanha", campos: "mudancas_campanha" } as const;

const ehUnica = (e: unknown) =>
  (e as { code?: string; constraint?: string }).code === "23505" &&
  (e as { constraint?: string }).constraint === "campanhas_whatsapp_uma_em_curso";

/**
 * Creates and plans a campaign (decision 1891): checks the message against the company's provider (an approved
 * template on the official API, text on the gateway), refuses a second campaign in progress (the daily cap is per
 * number), inserts the campaign, plans its recipients in one statement and logs `campanha.criada` with the counts.
 */
export async function criarCampanha(
  tx: TTx,
  p: { empresaId: string; autor: TAutorMudanca; appSecret: string },
  c: TNovaCampanha,
): Promise<{ id: string }> {
  const cfg = await lerConfigWhatsApp(tx, p.appSecret, p.empresaId);
  if (!cfg) throw badRequest(MSG_CAMPANHAS.semWhatsApp);
  if (cfg.provedor === "official" && c.tipo_mensagem !== "modelo")
    throw badRequest(MSG_CAMPANHAS.modeloNaApiOficial, { tipo_mensagem: MSG_CAMPANHAS.modeloNaApiOficial });
  if (cfg.provedor === "unofficial" && c.tipo_mensagem !== "texto")
    throw badRequest(MSG_CAMPANHAS.textoNoGateway, { tipo_mensagem: MSG_CAMPANHAS.textoNoGateway });
  const { rows: emCurso } = await tx.query(
    "SELECT 1 FROM campanhas_whatsapp WHERE id_empresa_fk = $1 AND estado IN ('ativa', 'pausada')",
    [p.empresaId],
  );
  if (emCurso.length) throw conflict(MSG_CAMPANHAS.outraEmCurso);

  const agora = relogio.agora();
  const inicio = c.inicio_em ? new Date(c.inicio_em) : agora;
  const modelo = c.tipo_mensagem === "modelo" ? c.modelo : undefined;
  let id: string;
  try {
    const { rows } = await tx.query(
      `INSERT INTO campanhas_whatsapp (id_empresa_fk, nome, estado, filtros, tipo_mensagem, texto, template_nome,
              template_idioma, template_parametros, janela_inicio, janela_fim, limite_diario, espaco_min_s, espaco_max_s,
              inicio_em, campanha_marketing, id_usuario_fk)
       VALUES ($1, $2, 'ativa', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id`,
      [
        p.empresaId,
        c.nome,
        JSON.stringify(c.filtros),
        c.tipo_mensagem,
        c.tipo_mensagem === "texto" ? (c.texto ?? "").trim() : null,
        modelo?.nome ?? null,
        modelo?.idioma ?? null,
        modelo ? JSON.stringify(modelo.parametros) : null,
        c.janela_inicio,
        c.janela_fim,
        c.limite_diario,
        c.espaco_min_s,
        c.espaco_max_s,
        inicio.toISOString(),
        c.campanha_marketing || null,
        p.autor.usuarioId ?? null,
      ],
    );
    id = rows[0].id;
  } catch (e) {
    if (ehUnica(e)) throw conflict(MSG_CAMPANHAS.outraEmCurso);
    throw e;
  }
  const contagem = await planejarDestinatarios(tx, {
    empresaId: p.empresaId,
    campanhaId: id,
    filtros: c.filtros,
    inicio,
    ritmo: {
      janelaInicio: c.janela_inicio,
      janelaFim: c.janela_fim,
      limiteDiario: c.limite_diario,
      espacoMinS: c.espaco_min_s,
      espacoMaxS: c.espaco_max_s,
    },
  });
  // nobody to send to: the request fails and the transaction leaves nothing behind
  if (!contagem.elegiveis) throw badRequest(MSG_CAMPANHAS.publicoVazio);
  await tx.query(
    `WITH feitos AS (
       UPDATE campanhas_whatsapp c SET total_destinatarios = $3, exclusoes = $4
        WHERE c.id_empresa_fk = $1 AND c.id = $2
       RETURNING NULL::campanhas_whatsapp AS antes, c AS depois)
     ${sqlRegistro(5, REGISTRO)}`,
    [p.empresaId, id, contagem.elegiveis, JSON.stringify(contagem.exclusoes), autorDoRegistro("campanha.criada", p.autor)],
  );
  return { id };
}

const TRANSICOES: Record<TAcaoCampanha["acao"], { de: TEstadoCampanha[]; para: TEstadoCampanha; erro: string }> = {
  pausar: { de: ["ativa"], para: "pausada", erro: MSG_CAMPANHAS.naoPodePausar },
  retomar: { de: ["pausada"], para: "ativa", erro: MSG_CAMPANHAS.naoPodeRetomar },
  cancelar: { de: ["ativa", "pausada"], para: "cancelada", erro: MSG_CAMPANHAS.naoPodeCancelar },
};
const TIPO_DA_ACAO = { pausar: "campanha.pausada", retomar: "campanha.retomada", cancelar: "campanha.cancelada" } as const;

/**
 * Pause, resume or cancel (decision 1893), with its log row in the same statement. The campaign row is the sender's
 * lock: a pause waits for a pass in progress and the next pass sees it. Cancelling marks the pending recipients
 * 'cancelado'. Resuming does not re-plan: the sender holds the gap, window and cap at send time, so a backlog goes
 * out at the campaign's pace, never faster.
 */
export async function mudarEstadoCampanha(
  tx: TTx,
  p: { empresaId: string; autor: TAutorMudanca },
  id: string,
  acao: TAcaoCampanha["acao"],
): Promise<void> {
  const t = TRANSICOES[acao];
  const { rows } = await tx.query("SELECT estado FROM campanhas_whatsapp WHERE id_empresa_fk = $1 AND id = $2 FOR UPDATE", [
    p.empresaId,
    id,
  ]);
  if (!rows[0]) throw notFound(MSG_CAMPANHAS.naoEncontrada);
  if (!t.de.includes(rows[0].estado)) throw conflict(t.erro);
  await tx.query(
    `WITH antes AS (SELECT c AS linha FROM campanhas_whatsapp c WHERE c.id_empresa_fk = $1 AND c.id = $2),
     feitos AS (
       UPDATE campanhas_whatsapp c SET estado = $3, updated_at = now(),
              concluida_em = CASE WHEN $3 = 'cancelada' THEN now() ELSE c.concluida_em END
         FROM antes a WHERE c.id_empresa_fk = $1 AND c.id = (a.linha).id
       RETURNING a.linha AS antes, c AS depois),
     cancelados AS (
       UPDATE campanhas_whatsapp_destinatarios d SET estado = 'cancelado'
        WHERE $3 = 'cancelada' AND d.id_empresa_fk = $1 AND d.id_campanha_fk = $2 AND d.estado = 'pendente')
     ${sqlRegistro(4, REGISTRO)}`,
    [p.empresaId, id, t.para, autorDoRegistro(TIPO_DA_ACAO[acao], p.autor)],
  );
}

const COLUNAS = `c.id, c.nome, c.estado, c.tipo_mensagem, c.texto, c.template_nome, c.janela_inicio, c.janela_fim,
  c.limite_diario, c.espaco_min_s, c.espaco_max_s, c.campanha_marketing, c.total_destinatarios, c.exclusoes,
  to_char(c.inicio_em AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS inicio_em,
  to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS criada_em,
  to_char(c.concluida_em AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS concluida_em`;

/**
 * The funnel of each campaign (decision 1894), read exactly: the receipts of the messages it sent (status of each
 * message: sent, delivered, read, failed), the lead's own messages after its campaign message (replied), and the lead's
 * status history (the lead events' `lead_status_historico`) after it: into the qualified set (qualified), into a
 * converted status (converted);
 * the cost is the marketing costs naming `campanha_marketing`.
 */
const FUNIL = `
  LEFT JOIN LATERAL (
    SELECT count(*)::int AS destinatarios,
           count(*) FILTER (WHERE d.estado = 'pendente')::int AS pendentes,
           count(*) FILTER (WHERE d.estado IN ('ignorado', 'cancelado'))::int AS ignorados,
           count(*) FILTER (WHERE m.status = 'failed')::int AS falhas,
           count(*) FILTER (WHERE m.status IN ('sent', 'delivered', 'read'))::int AS enviadas,
           count(*) FILTER (WHERE m.status IN ('delivered', 'read'))::int AS entregues,
           count(*) FILTER (WHERE m.status = 'read')::int AS lidas,
           count(*) FILTER (WHERE m.status IN ('sent', 'delivered', 'read') AND EXISTS (
             SELECT 1 FROM mensagens_whatsapp r
              WHERE r.id_empresa_fk = d.id_empresa_fk AND r.id_lead_fk = d.id_lead_fk AND r.direcao = 'entrada'
                AND r.timestamp > m.timestamp))::int AS respondidas,
           count(*) FILTER (WHERE m.status IN ('sent', 'delivered', 'read') AND EXISTS (
             SELECT 1 FROM lead_status_historico h
              WHERE h.id_empresa_fk = d.id_empresa_fk AND h.id_lead_fk = d.id_lead_fk AND h.campo = 'status_lead'
                AND h.created_at > m.timestamp AND h.valor_novo = ANY ($2::text[])))::int AS qualificados,
           count(*) FILTER (WHERE m.status IN ('sent', 'delivered', 'read') AND EXISTS (
             SELECT 1 FROM lead_status_historico h
              WHERE h.id_empresa_fk = d.id_empresa_fk AND h.id_lead_fk = d.id_lead_fk AND h.campo = 'status_lead'
                AND h.created_at > m.timestamp AND h.valor_novo = ANY ($3::text[])))::int AS convertidos
      FROM campanhas_whatsapp_destinatarios d
      LEFT JOIN mensagens_whatsapp m ON m.id_empresa_fk = d.id_empresa_fk AND m.id = d.id_mensagem_fk
     WHERE d.id_empresa_fk = c.id_empresa_fk AND d.id_campanha_fk = c.id) f ON true
  LEFT JOIN LATERAL (
    SELECT to_char(sum(cm.valor_gasto), 'FM999999999990.00') AS custo FROM custos_marketing cm
     WHERE c.campanha_marketing IS NOT NULL AND cm.id_empresa_fk = c.id_empresa_fk AND cm.campanha = c.campanha_marketing
    HAVING count(*) > 0) k ON true`;

type TLinha = Omit<TCampanha, "funil" | "custo"> & TFunilCampanha & { custo: string | null };

const comoCampanha = (r: TLinha): TCampanha => {
  const {
    destinatarios,
    pendentes,
    ignorados,
    falhas,
    enviadas,
    entregues,
    lidas,
    respondidas,
    qualificados,
    convertidos,
    ...c
  } = r;
  return {
    ...c,
    custo: r.custo ?? null,
    funil: { destinatarios, pendentes, ignorados, falhas, enviadas, entregues, lidas, respondidas, qualificados, convertidos },
  };
};

/**
 * A cursor page of the company's campaigns with their funnels (/api/v1, decision 1930): `$1` the company, then the
 * page's own values from `$4` (`sqlDaPagina`'s `onde` and `ordem` over `c`).
 */
export const sqlPaginaCampanhas = (pg: { onde: string; ordem: string }) =>
  `SELECT ${COLUNAS}, f.*, k.custo, c.updated_at::text AS _cursor_t FROM campanhas_whatsapp c ${FUNIL}
    WHERE c.id_empresa_fk = $1 AND ${pg.onde} ${pg.ordem}`;
/** The values `$2` and `$3` of the funnel, after the company. */
export const VALORES_FUNIL = [STATUS_QUALIFICADOS, STATUS_CONVERTIDOS];
export const paraCampanha = (r: Record<string, unknown>) => comoCampanha(r as TLinha);

/** The company's campaigns, newest first, each with its funnel. */
export async function listarCampanhas(tx: TTx, empresaId: string): Promise<TCampanha[]> {
  const { rows } = await tx.query<TLinha>(
    `SELECT ${COLUNAS}, f.*, k.custo FROM campanhas_whatsapp c ${FUNIL}
      WHERE c.id_empresa_fk = $1 ORDER BY c.created_at DESC, c.id LIMIT 200`,
    [empresaId, STATUS_QUALIFICADOS, STATUS_CONVERTIDOS],
  );
  return rows.map(comoCampanha);
}

export async function lerCampanha(tx: TTx, empresaId: string, id: string): Promise<TCampanha> {
  const { rows } = await tx.query<TLinha>(
    `SELECT ${COLUNAS}, f.*, k.custo FROM campanhas_whatsapp c ${FUNIL} WHERE c.id_empresa_fk = $1 AND c.id = $4`,
    [empresaId, STATUS_QUALIFICADOS, STATUS_CONVERTIDOS, id],
  );
  if (!rows[0]) throw notFound(MSG_CAMPANHAS.naoEncontrada);
  return comoCampanha(rows[0]);
}

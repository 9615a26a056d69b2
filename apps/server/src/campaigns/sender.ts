import { FUSO_CAMPANHAS } from "@crm/domain/campaigns";
import { preencherModelo } from "@crm/domain/templates";
import { z } from "zod";
import { autorDoRegistro, MENSAGEM_NO_REGISTRO, sqlRegistro } from "../change-log/in-statement.js";
import { registrarMudancas } from "../change-log/record.js";
import { lerEstadosAtuais } from "../consent/ledger.js";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { type TTx, withCompanyJob } from "../db/tenant.js";
import { enfileirarPorEmpresa } from "../jobs/company-sweep.js";
import { SEM_DADOS, type TFila, type TTrabalho } from "../jobs/jobs.js";
import { FILA_ENVIO, type TTrabalhoEnvio } from "../jobs/queues.js";

/**
 * The campaigns' sender (decision 1893): a sweep finds the companies with a due recipient of an active campaign; one
 * job per company (key = company, one queued and one running) does a pass. Everything the pass decides is in the rows
 * (recipient state, the campaign's last send), changed in the transaction that queues the messages, so a crash, a
 * pass run twice or two instances send nobody twice.
 */
export const FILA_CAMPANHAS: TFila<TTrabalhoCampanhas> = {
  nome: "campanhas.envio",
  dados: z.object({ empresaId: z.guid() }),
  politica: "stately",
  tentativas: 3,
  atrasoSegundos: 5,
  expiraSegundos: 120,
};
type TTrabalhoCampanhas = { empresaId: string };
const FILA_CAMPANHAS_VARREDURA: TFila = {
  nome: "campanhas.envio.varredura",
  dados: SEM_DADOS,
  politica: "stately",
  tentativas: 1,
  expiraSegundos: 60,
};
/** How often each instance looks for due recipients: one probe of a partial index of the pending ones. */
const TURNO_CAMPANHAS_MS = 2_000;
const CRON_CAMPANHAS = "* * * * *";
/** With no minimum gap (the official API), one pass queues at most this many; the send queue paces them. */
const LOTE_SEM_ESPACO = 200;

function varrerCampanhas(deps: Pick<TDeps, "db" | "jobs">, agora = relogio.agora()): Promise<string[]> {
  return enfileirarPorEmpresa(
    deps,
    FILA_CAMPANHAS,
    "campanhas-envio-varredura",
    `SELECT DISTINCT d.id_empresa_fk AS id FROM campanhas_whatsapp_destinatarios d
       JOIN campanhas_whatsapp c ON c.id_empresa_fk = d.id_empresa_fk AND c.id = d.id_campanha_fk AND c.estado = 'ativa'
      WHERE d.estado = 'pendente' AND d.planejado_em <= $1`,
    [agora],
  );
}

type TCampanhaAtiva = {
  id: string;
  tipo_mensagem: "texto" | "modelo";
  texto: string | null;
  template_nome: string | null;
  template_idioma: string | null;
  template_parametros: string[] | null;
  limite_diario: number;
  espaco_min_s: number;
  na_janela: boolean;
  enviados_hoje: number;
  proximo_permitido: Date | null;
  empresa: string;
};

type TDevido = { id_lead_fk: string; nome: string | null; telefone: string | null; consultor: string | null };

export type TResultadoPasse = { enviados: number; ignorados: number; concluidas: number };

/**
 * One pass over the company's active campaigns at `agora` (the injected clock, decision 1795). Per campaign, under its
 * row lock: nothing outside the send window (São Paulo hours), once the day's cap is reached (sends of this São Paulo
 * day), or before the minimum gap since its last send; otherwise the due recipients in planned order, each re-checked
 * (marketing consent still granted, a phone): the first eligible one is sent (with no minimum gap, up to the day's
 * room), those no longer eligible are marked 'ignorado' with the reason and a `campanha.lead_ignorado` row. A campaign
 * with nobody pending left is 'concluida'.
 */
export function enviarCampanhasDaEmpresa(
  deps: Pick<TDeps, "db" | "jobs" | "realtime">,
  empresaId: string,
  agora = relogio.agora(),
): Promise<TResultadoPasse> {
  return withCompanyJob(deps.db.app, empresaId, "campanhas-envio", async (tx) => {
    const total: TResultadoPasse = { enviados: 0, ignorados: 0, concluidas: 0 };
    const { rows: campanhas } = await tx.query<TCampanhaAtiva>(
      `SELECT c.id, c.tipo_mensagem, c.texto, c.template_nome, c.template_idioma, c.template_parametros, c.limite_diario,
              c.espaco_min_s, e.nome_empresa AS empresa,
              extract(hour FROM $2::timestamptz AT TIME ZONE '${FUSO_CAMPANHAS}') >= c.janela_inicio
                AND extract(hour FROM $2::timestamptz AT TIME ZONE '${FUSO_CAMPANHAS}') < c.janela_fim AS na_janela,
              (SELECT count(*)::int FROM campanhas_whatsapp_destinatarios d
                WHERE d.id_empresa_fk = c.id_empresa_fk AND d.id_campanha_fk = c.id AND d.estado = 'enviado'
                  AND d.enviado_em >= date_trunc('day', $2::timestamptz AT TIME ZONE '${FUSO_CAMPANHAS}') AT TIME ZONE '${FUSO_CAMPANHAS}'
                  AND d.enviado_em <= $2::timestamptz) AS enviados_hoje,
              c.ultimo_envio_em + make_interval(secs => c.espaco_min_s) AS proximo_permitido
         FROM campanhas_whatsapp c JOIN empresas e ON e.id = c.id_empresa_fk
        WHERE c.id_empresa_fk = $1 AND c.estado = 'ativa'
        ORDER BY c.id
          FOR UPDATE OF c`,
      [empresaId, agora.toISOString()],
    );
    for (const c of campanhas) {
      const r = await passarCampanha(deps, tx, empresaId, c, agora);
      total.enviados += r.enviados;
      total.ignorados += r.ignorados;
      total.concluidas += r.concluidas;
    }
    return total;
  });
}

async function passarCampanha(
  deps: Pick<TDeps, "jobs" | "realtime">,
  tx: TTx,
  empresaId: string,
  c: TCampanhaAtiva,
  agora: Date,
): Promise<TResultadoPasse> {
  const r: TResultadoPasse = { enviados: 0, ignorados: 0, concluidas: 0 };
  const podeEnviar =
    c.na_janela && c.enviados_hoje < c.limite_diario && (!c.proximo_permitido || new Date(c.proximo_permitido) <= agora);
  if (podeEnviar) {
    const vagas = c.espaco_min_s > 0 ? 1 : Math.min(LOTE_SEM_ESPACO, c.limite_diario - c.enviados_hoje);
    // claimed in planned order; those skipped do not use a place, so read a few more than the places
    const { rows: devidos } = await tx.query<TDevido>(
      `SELECT d.id_lead_fk, l.nome, l.telefone_normalizado AS telefone, u.nome AS consultor
         FROM campanhas_whatsapp_destinatarios d
         JOIN leads_juros_check l ON l.id_empresa_fk = d.id_empresa_fk AND l.id = d.id_lead_fk
         LEFT JOIN consultores u ON u.id_empresa_fk = l.id_empresa_fk AND u.id = l.consultor_atribuido_id
        WHERE d.id_empresa_fk = $1 AND d.id_campanha_fk = $2 AND d.estado = 'pendente' AND d.planejado_em <= $3
        ORDER BY d.planejado_em, d.id_lead_fk
        LIMIT $4
          FOR UPDATE OF d SKIP LOCKED`,
      [empresaId, c.id, agora.toISOString(), vagas + 50],
    );
    const estados = await lerEstadosAtuais(
      tx,
      empresaId,
      devidos.map((d) => d.id_lead_fk),
    );
    const enviar: TDevido[] = [];
    const ignorar: { lead: string; motivo: string }[] = [];
    for (const d of devidos) {
      if (enviar.length >= vagas) break;
      const mk = estados.get(d.id_lead_fk)?.marketing ?? null;
      // the re-check at send time (decision 1893): an opt-out between planning and now, or a phone removed, skips
      const motivo =
        mk === "revogado" ? "descadastrado" : mk !== "concedido" ? "sem_consentimento" : !d.telefone ? "sem_whatsapp" : null;
      if (motivo) ignorar.push({ lead: d.id_lead_fk, motivo });
      else enviar.push(d);
    }
    if (ignorar.length) await ignorarDestinatarios(tx, empresaId, c.id, ignorar);
    if (enviar.length) await enfileirarMensagens(deps, tx, empresaId, c, enviar, agora);
    r.enviados = enviar.length;
    r.ignorados = ignorar.length;
  }
  // finished: nobody pending (sent, skipped or, when cancelled, not reached)
  const { rows: fim } = await tx.query(
    `WITH antes AS (
       SELECT c AS linha FROM campanhas_whatsapp c WHERE c.id_empresa_fk = $1 AND c.id = $2
          AND NOT EXISTS (SELECT 1 FROM campanhas_whatsapp_destinatarios d
                           WHERE d.id_empresa_fk = $1 AND d.id_campanha_fk = $2 AND d.estado = 'pendente')),
     feitos AS (
       UPDATE campanhas_whatsapp c SET estado = 'concluida', concluida_em = $3, updated_at = now()
         FROM antes a WHERE c.id_empresa_fk = $1 AND c.id = (a.linha).id
       RETURNING a.linha AS antes, c AS depois),
     registro AS (${sqlRegistro(4, { entidade: "campanha", campos: "mudancas_campanha" })})
     SELECT 1 FROM feitos`,
    [empresaId, c.id, agora.toISOString(), autorDoRegistro("campanha.concluida", { origem: "sistema" })],
  );
  r.concluidas = fim.length;
  return r;
}

async function ignorarDestinatarios(
  tx: TTx,
  empresaId: string,
  campanhaId: string,
  ignorar: { lead: string; motivo: string }[],
): Promise<void> {
  await tx.query(
    `UPDATE campanhas_whatsapp_destinatarios d SET estado = 'ignorado', motivo = x.motivo
       FROM jsonb_to_recordset($3::jsonb) AS x (lead uuid, motivo text)
      WHERE d.id_empresa_fk = $1 AND d.id_campanha_fk = $2 AND d.id_lead_fk = x.lead AND d.estado = 'pendente'`,
    [empresaId, campanhaId, JSON.stringify(ignorar)],
  );
  await registrarMudancas(tx, {
    empresaId,
    autor: { origem: "sistema" },
    mudancas: ignorar.map((i) => ({
      entidade: "campanha" as const,
      id: campanhaId,
      tipo: "campanha.lead_ignorado" as const,
      antes: { estado: "pendente" },
      depois: { lead_id: i.lead, estado: "ignorado", motivo: i.motivo },
    })),
  });
}

/**
 * The campaign's messages to these leads, in one statement: stored 'pending' with nature `campanha` (the send
 * guard's last check, decision 1829), logged `mensagem.enviada` by the system, the recipients marked 'enviado' with
 * their message, the campaign's last send moved to `agora`; their send jobs queued in the same transaction.
 */
async function enfileirarMensagens(
  deps: Pick<TDeps, "jobs" | "realtime">,
  tx: TTx,
  empresaId: string,
  c: TCampanhaAtiva,
  leads: TDevido[],
  agora: Date,
): Promise<void> {
  const linhas = leads.map((d) => {
    const v = { nome: d.nome, consultor: d.consultor, empresa: c.empresa };
    const parametros = (c.template_parametros ?? []).map((p) => preencherModelo(p, v));
    return {
      lead: d.id_lead_fk,
      texto: c.tipo_mensagem === "texto" ? preencherModelo(c.texto ?? "", v) : `[${c.template_nome}] ${parametros.join(" · ")}`,
      parametros: c.tipo_mensagem === "modelo" ? parametros : null,
    };
  });
  const { rows } = await tx.query<{ id: string; lead: string }>(
    `WITH m AS (
       INSERT INTO mensagens_whatsapp AS x (id_empresa_fk, id_lead_fk, direcao, sender, sender_nome, message, message_type,
              status, natureza_envio, template_nome, template_idioma, template_parametros, timestamp)
       SELECT $1, y.lead, 'saida', 'sistema', 'Campanha', y.texto, CASE WHEN $3 = 'modelo' THEN 'template' ELSE 'text' END,
              'pending', 'campanha', $4, $5, y.parametros, clock_timestamp()
         FROM jsonb_to_recordset($2::jsonb) AS y (lead uuid, texto text, parametros jsonb)
       RETURNING NULL::mensagens_whatsapp AS antes, x AS depois, x.id, x.id_lead_fk AS lead, x.timestamp),
     registro AS (${sqlRegistro(6, { ...MENSAGEM_NO_REGISTRO, feitos: "m" })}),
     destinatarios AS (
       UPDATE campanhas_whatsapp_destinatarios d SET estado = 'enviado', enviado_em = $8, id_mensagem_fk = m.id
         FROM m WHERE d.id_empresa_fk = $1 AND d.id_campanha_fk = $7 AND d.id_lead_fk = m.lead),
     campanha AS (
       UPDATE campanhas_whatsapp SET ultimo_envio_em = $8, updated_at = now() WHERE id_empresa_fk = $1 AND id = $7),
     leads AS (
       UPDATE leads_juros_check l SET ultima_mensagem_em = greatest(l.ultima_mensagem_em, m.timestamp), updated_at = now()
         FROM m WHERE l.id_empresa_fk = $1 AND l.id = m.lead)
     SELECT id, lead FROM m`,
    [
      empresaId,
      JSON.stringify(linhas),
      c.tipo_mensagem,
      c.template_nome,
      c.template_idioma,
      autorDoRegistro("mensagem.enviada", { origem: "sistema" }),
      c.id,
      agora.toISOString(),
    ],
  );
  await deps.jobs.enviarVarios(
    FILA_ENVIO,
    rows.map((m): TTrabalhoEnvio => ({ empresaId, mensagemId: m.id })),
    { tx },
  );
  for (const m of rows)
    await deps.realtime.publicar(tx, { empresaId }, { tipo: "mensagem.nova", dados: { leadId: m.lead, mensagemId: m.id } });
}

const processarCampanhas = (deps: TDeps, t: TTrabalho<TTrabalhoCampanhas>) =>
  enviarCampanhasDaEmpresa(deps, t.dados.empresaId).then((r) => {
    if (r.enviados) deps.jobs.acordar(FILA_ENVIO);
  });

/** Starts this instance's campaign sender (called once from createDeps). */
export async function iniciarTrabalhosCampanhas(deps: TDeps): Promise<void> {
  await deps.jobs.trabalhar<TTrabalhoCampanhas>(FILA_CAMPANHAS, (t) => processarCampanhas(deps, t));
  await deps.jobs.trabalhar(FILA_CAMPANHAS_VARREDURA, () => varrerCampanhas(deps).then(() => {}));
  await deps.jobs.agendar(FILA_CAMPANHAS_VARREDURA, CRON_CAMPANHAS);
  deps.jobs.repetir("campanhas-envio", TURNO_CAMPANHAS_MS, () => varrerCampanhas(deps).then(() => {}));
}

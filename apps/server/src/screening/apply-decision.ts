import {
  MENSAGEM_CONTRATO_DENTRO_DA_MEDIA,
  MENSAGEM_CONTRATO_DENTRO_DA_MEDIA_ENCERRAR,
  MOTIVO_CONTRATO_DENTRO_DA_MEDIA,
} from "@crm/domain/revisional/screening-rule";
import { PAPEL } from "@crm/domain/roles";
import { FATOS_VAZIOS, type TFatosTriagem, type TResultadoTriagem } from "@crm/domain/schemas/screening";
import {
  MENSAGEM_ENCERRAMENTO_TRIAGEM,
  MENSAGEM_QUALIFICADO_TRIAGEM,
  STATUS_APOS_DECISAO,
  type TDecisaoRegistrada,
  type TMotorTriagem,
} from "@crm/domain/screening";
import { atribuirAutomaticamente, type TResultadoAtribuicao } from "../assignment/assign-lead.js";
import { registrarAuditoria } from "../auth/audit.js";
import { autorDoRegistro, sqlRegistroDeLeads } from "../change-log/in-statement.js";
import type { TDeps } from "../core/deps.js";
import type { TTx } from "../db/tenant.js";
import { mudarStatusDosLeads } from "../lead-events/status.js";
import { notificar } from "../notifications/notify.js";
import { contratoNaTriagem, marcarAvisado } from "./pre-analysis-rule.js";
import { enviarMensagemIa } from "./send-ai-message.js";

export type TLeadTriagem = {
  id: string;
  nome: string;
  status_lead: string;
  valor_parcela: string | null;
  dados_extraidos_ia: Partial<TFatosTriagem> | null;
};

/** A decision to record: the screener's result, or the error that kept it from deciding. */
export type TDesfecho =
  | { tipo: "resultado"; resultado: TResultadoTriagem; motor: TMotorTriagem; modelo: string | null }
  | { tipo: "erro"; erro: string; motor: TMotorTriagem; modelo: string | null };

export type TAplicado = {
  triagemId: string;
  decisao: TDecisaoRegistrada;
  mensagens: number;
  atribuicao: TResultadoAtribuicao | null;
};

/** New facts over the known ones: a fact stated earlier is not forgotten when a later answer leaves it out. */
function juntarFatos(anteriores: Partial<TFatosTriagem> | null, novos: TFatosTriagem): TFatosTriagem {
  const r: TFatosTriagem = { ...FATOS_VAZIOS, ...(anteriores ?? {}) };
  for (const [k, v] of Object.entries(novos) as [keyof TFatosTriagem, never][]) if (v !== null) r[k] = v;
  return r;
}

/**
 * Applies one screening outcome in the caller's transaction (001 §4 'triage decision'): the history row, the
 * lead's status and facts, the messages to the lead and the next step. duvidas → the question goes out, Em
 * Triagem IA; qualificado → Qualificado para Atendente with the summary, then automatic assignment; rejeitado →
 * Perdido with the reason and a polite closing message; error → Requer Análise Manual IA and the admins are told.
 */
export async function aplicarDesfecho(
  deps: Pick<TDeps, "realtime" | "jobs">,
  tx: TTx,
  p: { empresaId: string; lead: TLeadTriagem; mensagemRef: string; desfecho: TDesfecho },
): Promise<TAplicado> {
  const { empresaId, lead, desfecho } = p;
  const dito = desfecho.tipo === "resultado" ? desfecho.resultado : null;
  const fatos = dito ? juntarFatos(lead.dados_extraidos_ia, dito.fatos) : null;
  // the contract the lead described fills the lead's; a contract within the threshold is told so, by the company's rule
  // the lead as it was, for its one `lead.alterado` row: the contract the AI filled and its facts (decision 1702)
  const { rows: comoEra } = await tx.query(
    "SELECT to_jsonb(l) AS l FROM leads_juros_check l WHERE id_empresa_fk = $1 AND id = $2",
    [empresaId, lead.id],
  );
  const pre = fatos ? await contratoNaTriagem(tx, { empresaId, leadId: lead.id, fatos }) : { avisar: false, encerrar: false };
  const r =
    dito && pre.encerrar
      ? { ...dito, decisao: "rejeitado" as const, motivo: MOTIVO_CONTRATO_DENTRO_DA_MEDIA, proximaPergunta: null }
      : dito;
  const decisao: TDecisaoRegistrada = r ? r.decisao : "erro";
  const final = !!r && r.decisao !== "duvidas";
  const novoStatus = STATUS_APOS_DECISAO[decisao];
  // the screening's row, the lead's facts and notes and its log row in one statement; the status goes through lead-events
  const { rows } = await tx.query(
    `WITH triagem AS (
       INSERT INTO triagens_ia (id_empresa_fk, id_lead_fk, decisao, motivo, proxima_pergunta, resumo, fatos, motor, modelo, erro,
           id_mensagem_ref, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, clock_timestamp()) RETURNING id),
     feitos AS (
       UPDATE leads_juros_check l SET
              dados_extraidos_ia = coalesce($12::jsonb, l.dados_extraidos_ia),
              observacoes_ia = CASE WHEN $13 THEN $14 ELSE l.observacoes_ia END,
              data_processamento_ia = CASE WHEN $13 THEN clock_timestamp() ELSE l.data_processamento_ia END,
              updated_at = now()
        WHERE l.id_empresa_fk = $1 AND l.id = $2
        RETURNING jsonb_populate_record(NULL::leads_juros_check, $15::jsonb) AS antes, l AS depois),
     registro AS (${sqlRegistroDeLeads(16, { onde: "mudancas_lead_mudou(f.antes, f.depois)" })})
     SELECT id FROM triagem`,
    [
      empresaId,
      lead.id,
      decisao,
      r?.motivo || null,
      r?.proximaPergunta ?? null,
      r?.resumo || null,
      JSON.stringify(r?.fatos ?? {}),
      desfecho.motor,
      desfecho.modelo,
      desfecho.tipo === "erro" ? desfecho.erro.slice(0, 1000) : null,
      // an error answered nothing: once a person sends the lead back to screening, the same message is tried again
      desfecho.tipo === "erro" ? null : p.mensagemRef,
      fatos ? JSON.stringify(fatos) : null,
      final,
      r ? r.resumo || r.motivo : null,
      JSON.stringify(comoEra[0].l),
      autorDoRegistro("lead.alterado", { origem: "ia" }),
    ],
  );
  const triagemId = rows[0].id as string;
  // every AI decision is an audit event (decision 1821), in the decision's transaction
  await registrarAuditoria(tx, {
    empresaId,
    usuarioId: null,
    acao: "ia.decisao",
    entidade: "triagem",
    entidadeId: triagemId,
    dados: { leadId: lead.id, decisao, motor: desfecho.motor, modelo: desfecho.modelo },
  });
  // another question in the same status changes nothing: no history row, no list or board event
  await mudarStatusDosLeads(deps, tx, {
    empresaId,
    leads: [lead],
    para: novoStatus,
    // a qualified lead is assigned below, in this transaction
    atribuiEmSeguida: true,
    autor: { usuarioId: null, origem: "ia", motivo: r ? r.motivo : desfecho.tipo === "erro" ? desfecho.erro : null },
  });
  let mensagens = 0;
  const enviar = async (texto: string) => {
    await enviarMensagemIa(deps, tx, { empresaId, leadId: lead.id, texto });
    mensagens++;
  };

  if (pre.avisar) {
    await enviar(MENSAGEM_CONTRATO_DENTRO_DA_MEDIA);
    await marcarAvisado(tx, empresaId, lead.id);
  }
  let atribuicao: TResultadoAtribuicao | null = null;
  if (r?.decisao === "duvidas") await enviar(r.proximaPergunta as string);
  else if (r?.decisao === "rejeitado")
    await enviar(pre.encerrar ? MENSAGEM_CONTRATO_DENTRO_DA_MEDIA_ENCERRAR : MENSAGEM_ENCERRAMENTO_TRIAGEM);
  else if (r?.decisao === "qualificado") {
    await enviar(MENSAGEM_QUALIFICADO_TRIAGEM);
    atribuicao = await atribuirAutomaticamente(deps, tx, {
      empresaId,
      leadId: lead.id,
      autor: { usuarioId: null, origem: "sistema", motivo: "Atribuição automática após qualificação pela triagem" },
    });
  } else if (desfecho.tipo === "erro") {
    await notificar(deps, tx, {
      empresaId,
      destino: { papeis: [PAPEL.admin] },
      tipo: "system",
      titulo: "Lead requer análise manual",
      conteudo: `A triagem de ${lead.nome} não pôde ser concluída: ${desfecho.erro}`,
      dados: { leadId: lead.id, leadName: lead.nome },
    });
  }
  await deps.realtime.publicar(tx, { empresaId }, { tipo: "triagem.atualizada", dados: { leadId: lead.id, triagemId } });
  return { triagemId, decisao, mensagens, atribuicao };
}

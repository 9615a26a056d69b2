import { formatarData } from "@crm/domain/format";
import {
  DIREITOS_ELIMINACAO,
  MOTIVO_PADRAO_PROCESSO,
  MSG_PRIVACIDADE,
  ROTULO_ITEM_RETENCAO,
  STATUS_PEDIDO_ENCERRADO,
  type TDireitoTitular,
  type TItemRetencao,
  type TStatusPedido,
} from "@crm/domain/privacy-requests";
import type { TEliminarDados, TResultadoEliminacao } from "@crm/domain/schemas/privacy-requests";
import { redigirEventosAuditoria } from "../audit-redaction/redact.js";
import { registrarMudancas } from "../change-log/record.js";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { type TCtxDaEmpresa, type TTx, unsafeComoSistemaNaTransacao, withTenant } from "../db/tenant.js";
import { conflict, notFound } from "../http/errors.js";
import { FILA_RESPOSTA_ELIMINACAO } from "../jobs/queues.js";
import { suprimirTitular } from "../suppression/suppression-list.js";
import { agendarRespostaEliminacao } from "./erasure-reply.js";
import { registrarAcaoPrivacidade } from "./log.js";

/** The anonymous unit's name (decision 1861): the row stays so every summary keeps counting it; the person is gone. */
const NOME_ELIMINADO = "Titular eliminado (LGPD)";

type TPedidoEliminacao = {
  id: string;
  protocolo: string;
  status: TStatusPedido;
  direito: TDireitoTitular;
  id_lead_fk: string | null;
  telefone_normalizado: string | null;
  cpf: string | null;
};
type TRetencao = { item: TItemRetencao; motivo: string };
type TLog = { warn: (o: object, m: string) => void };

/**
 * Answers a titular's erasure request in one action (decisions 1861–1864), in one transaction: the lead's messages,
 * AI prompts and outputs, notes, tasks, tags, notices, pending ad conversions and former phones go; the lead row stays
 * as an anonymous unit (no name, phone, e-mail or free text) so the dashboards keep their totals; what a legal hold
 * keeps (a legal process: its documents, deadlines, name and phone; a tax record: the name) is marked with its reason
 * and blocked; the phone and CPF enter the suppression list as keyed hashes; the request closes 'atendida' or
 * 'parcialmente_atendida' with the reply; the change log gets `lead.eliminado` (counts only, no personal value) and
 * the audit trail's personal values about the lead are redacted without breaking its chain; the reply is queued for
 * WhatsApp, to the phone kept encrypted only for that send (decision 1942). The stored files (chat media, documents
 * not held) are removed after the commit.
 */
export async function eliminarDadosDoTitular(
  deps: Pick<TDeps, "db" | "storage" | "config" | "jobs">,
  ctx: TCtxDaEmpresa,
  pedidoId: string,
  corpo: TEliminarDados,
  log?: TLog,
): Promise<TResultadoEliminacao> {
  const { resultado, arquivos } = await withTenant(deps.db.app, ctx, async (tx) => {
    const leadId = await leadDoPedido(tx, ctx.empresaId, pedidoId);
    // the lead first, then the request (decision 1731: every writer locks leads before anything else)
    const lead = leadId ? await travarLead(tx, ctx.empresaId, leadId) : null;
    const p = await travarPedido(tx, ctx.empresaId, pedidoId);
    if (!DIREITOS_ELIMINACAO.includes(p.direito)) throw conflict(MSG_PRIVACIDADE.eliminacaoSoParaEliminar);
    if (STATUS_PEDIDO_ENCERRADO.includes(p.status)) throw conflict(MSG_PRIVACIDADE.statusNaoPermite);
    if (p.status !== "em_andamento") throw conflict(MSG_PRIVACIDADE.eliminacaoNaoVerificada);
    if (lead?.eliminado_em) throw conflict(MSG_PRIVACIDADE.eliminacaoJaFeita);

    const retidos: TRetencao[] = [...corpo.retencoes];
    // a lead with a legal process is held whether the admin named it or not (art. 7 VI, art. 16 I)
    if (lead?.status_juridico_lead && !retidos.some((r) => r.item === "processo_juridico"))
      retidos.unshift({ item: "processo_juridico", motivo: MOTIVO_PADRAO_PROCESSO });
    const processo = retidos.some((r) => r.item === "processo_juridico");
    const fiscal = retidos.some((r) => r.item === "registro_fiscal");

    const feito = lead
      ? await apagarDoLead(tx, ctx.empresaId, lead.id, { processo, fiscal, retidos })
      : { contagens: SEM_NADA, arquivos: [] as string[] };
    await suprimirTitular(
      tx,
      ctx.empresaId,
      deps.config.appSecret,
      { telefone: p.telefone_normalizado ?? lead?.telefone_normalizado, cpf: p.cpf },
      p.id,
    );

    const agora = relogio.agora();
    const backups = new Date(agora.getTime() + deps.config.backupRetencaoDias * 86_400_000);
    const status = retidos.length ? "parcialmente_atendida" : "atendida";
    const resposta = MSG_PRIVACIDADE.respostaEliminacao({
      protocolo: p.protocolo,
      eliminados: descreverEliminados(feito.contagens, !!lead),
      retidos: retidos.map((r) => ({ item: ROTULO_ITEM_RETENCAO[r.item], motivo: r.motivo })),
      backupsAte: formatarData(backups),
    });
    const resultado: TResultadoEliminacao = {
      status,
      eliminados: feito.contagens,
      retidos,
      backups_expiram_em: backups.toISOString(),
      resposta,
    };
    // the request is the company's evidence (art. 37): its protocol, right, clock and reply stay; the titular's phone,
    // CPF, e-mail and free text go (the suppression list holds their keyed hashes)
    await tx.query(
      `UPDATE privacidade_pedidos SET status = $3, resposta = $4, eliminacao = $5, encerrado_em = $6, codigo_hash = NULL,
              telefone_normalizado = NULL, cpf = NULL, email = NULL, detalhes = NULL, updated_at = now()
        WHERE id_empresa_fk = $1 AND id = $2`,
      [ctx.empresaId, p.id, status, resposta.slice(0, 4000), JSON.stringify(resultado), agora],
    );
    // the reply goes to the phone on file, which the titular confirmed with the code (decision 1942); a request with
    // no lead has no phone of ours to answer on, and the company answers it as it received it
    const telefone = lead ? (lead.telefone_normalizado ?? p.telefone_normalizado) : null;
    if (telefone) await agendarRespostaEliminacao(deps, tx, ctx.empresaId, p.id, telefone);
    const autor = { origem: "usuario" as const, usuarioId: ctx.usuarioId };
    if (lead)
      await registrarMudancas(tx, {
        empresaId: ctx.empresaId,
        autor,
        mudancas: [
          {
            entidade: "lead",
            id: lead.id,
            tipo: "lead.eliminado",
            depois: {
              pedido_id: p.id,
              eliminado_em: agora.toISOString(),
              retido: retidos.length > 0,
              itens_retidos: retidos.map((r) => r.item),
              ...feito.contagens,
            },
          },
        ],
      });
    await registrarAcaoPrivacidade(tx, {
      empresaId: ctx.empresaId,
      pedidoId: p.id,
      tipo: "privacidade.atendida",
      autor,
      antes: { status: p.status },
    });
    if (lead)
      await unsafeComoSistemaNaTransacao(tx, (sis) =>
        redigirEventosAuditoria(sis, { empresaId: ctx.empresaId, entidade: "lead", entidadeId: lead.id }),
      );
    return { resultado, arquivos: feito.arquivos };
  });
  deps.jobs.acordar(FILA_RESPOSTA_ELIMINACAO);
  // after the commit: a file that fails to go is logged and named, never brought back (the row is gone)
  for (const chave of arquivos)
    await deps.storage
      .remover(chave)
      .catch((err: unknown) => log?.warn({ err, chave }, "arquivo de titular eliminado não removido"));
  return resultado;
}

const SEM_NADA: TResultadoEliminacao["eliminados"] = {
  mensagens: 0,
  arquivos: 0,
  triagens_ia: 0,
  notas: 0,
  tarefas: 0,
  documentos: 0,
};

function descreverEliminados(c: TResultadoEliminacao["eliminados"], temLead: boolean): string[] {
  if (!temLead) return ["nenhum cadastro com seus dados foi encontrado; seu telefone e CPF entraram na lista de supressão"];
  return [
    "nome, telefone, e-mail e observações do cadastro",
    `${c.mensagens} mensagens do WhatsApp`,
    `${c.arquivos} arquivos de mídia e documentos`,
    `${c.triagens_ia} análises da IA (perguntas e respostas)`,
    `${c.notas} notas internas e ${c.tarefas} tarefas`,
    "linhas de busca e exportações (nada é guardado pronto); os totais dos painéis contam uma unidade anônima",
  ];
}

async function leadDoPedido(tx: TTx, empresaId: string, id: string): Promise<string | null> {
  const { rows } = await tx.query("SELECT id_lead_fk FROM privacidade_pedidos WHERE id_empresa_fk = $1 AND id = $2", [
    empresaId,
    id,
  ]);
  if (!rows[0]) throw notFound(MSG_PRIVACIDADE.naoEncontrado);
  return rows[0].id_lead_fk;
}

async function travarPedido(tx: TTx, empresaId: string, id: string): Promise<TPedidoEliminacao> {
  const { rows } = await tx.query(
    `SELECT id, protocolo, status, direito, id_lead_fk, telefone_normalizado, cpf FROM privacidade_pedidos
      WHERE id_empresa_fk = $1 AND id = $2 FOR UPDATE`,
    [empresaId, id],
  );
  if (!rows[0]) throw notFound(MSG_PRIVACIDADE.naoEncontrado);
  return rows[0];
}

async function travarLead(tx: TTx, empresaId: string, id: string) {
  const { rows } = await tx.query(
    `SELECT id, telefone_normalizado, status_juridico_lead, eliminado_em FROM leads_juros_check
      WHERE id_empresa_fk = $1 AND id = $2 FOR NO KEY UPDATE`,
    [empresaId, id],
  );
  return (rows[0] ?? null) as {
    id: string;
    telefone_normalizado: string | null;
    status_juridico_lead: string | null;
    eliminado_em: Date | null;
  } | null;
}

/**
 * Everything of one lead that is personal, set-based, in the caller's transaction. AI screenings keep their decision
 * (the 'Eficiência IA' figures count them) without their texts; status history keeps its statuses without the reason
 * typed. Returns the counts and the storage keys to remove after the commit.
 */
async function apagarDoLead(
  tx: TTx,
  empresaId: string,
  leadId: string,
  h: { processo: boolean; fiscal: boolean; retidos: TRetencao[] },
): Promise<{ contagens: TResultadoEliminacao["eliminados"]; arquivos: string[] }> {
  const p = [empresaId, leadId];
  const { rows: midias } = await tx.query(
    `SELECT media_storage_key AS chave FROM mensagens_whatsapp
      WHERE id_empresa_fk = $1 AND id_lead_fk = $2 AND media_storage_key IS NOT NULL`,
    p,
  );
  const { rows: docs } = h.processo
    ? { rows: [] as { chave: string }[] }
    : await tx.query("SELECT url_storage AS chave FROM documentos WHERE id_empresa_fk = $1 AND id_lead_fk = $2", p);
  const n = async (sql: string) => (await tx.query(sql, p)).rowCount ?? 0;
  const mensagens = await n("DELETE FROM mensagens_whatsapp WHERE id_empresa_fk = $1 AND id_lead_fk = $2");
  const triagens = await n(
    `UPDATE triagens_ia SET motivo = NULL, proxima_pergunta = NULL, resumo = NULL, fatos = '{}', erro = NULL,
            revisao_motivo = NULL, id_mensagem_ref = NULL
      WHERE id_empresa_fk = $1 AND id_lead_fk = $2`,
  );
  await n("DELETE FROM triagem_execucoes WHERE id_empresa_fk = $1 AND id_lead_fk = $2");
  const notas = await n("DELETE FROM notas_lead WHERE id_empresa_fk = $1 AND id_lead_fk = $2");
  const tarefas = await n("DELETE FROM tarefas_lead WHERE id_empresa_fk = $1 AND id_lead_fk = $2");
  await n("DELETE FROM leads_etiquetas WHERE id_empresa_fk = $1 AND id_lead_fk = $2");
  await n("DELETE FROM avisos_status_cliente WHERE id_empresa_fk = $1 AND id_lead_fk = $2");
  await n("DELETE FROM conversoes_meta_eventos WHERE id_empresa_fk = $1 AND id_lead_fk = $2");
  await n("DELETE FROM leads_telefones_migrados WHERE id_empresa_fk = $1 AND id_lead_fk = $2");
  await n("UPDATE lead_status_historico SET motivo = NULL WHERE id_empresa_fk = $1 AND id_lead_fk = $2 AND motivo IS NOT NULL");
  const documentos = h.processo ? 0 : await n("DELETE FROM documentos WHERE id_empresa_fk = $1 AND id_lead_fk = $2");
  // the anonymous unit: only what the summaries read stays (status, dates, origin, campaign, consultant, contract
  // figures without a bank or date); the search rows and recent conversations follow by the table's triggers
  await tx.query(
    `UPDATE leads_juros_check SET
        nome = CASE WHEN $3 OR $4 THEN nome ELSE $5 END,
        telefone = CASE WHEN $3 THEN telefone END,
        telefone_normalizado = CASE WHEN $3 THEN telefone_normalizado END,
        observacoes_juridicas = CASE WHEN $3 THEN observacoes_juridicas END,
        email = NULL, objetivo_cliente = NULL, cidade = NULL, observacoes = NULL, observacoes_ia = NULL,
        dados_extraidos_ia = NULL, historico_conversa_ia = '[]', ctwa_clid = NULL, banco = NULL,
        ultima_mensagem_em = NULL, ultima_mensagem_lead_em = NULL,
        eliminado_em = $6, retido_em = CASE WHEN $3 OR $4 THEN $6::timestamptz END, retencao_motivo = $7,
        updated_at = now()
      WHERE id_empresa_fk = $1 AND id = $2`,
    [
      ...p,
      h.processo,
      h.fiscal,
      NOME_ELIMINADO,
      relogio.agora(),
      h.retidos.length
        ? h.retidos
            .map((r) => `${ROTULO_ITEM_RETENCAO[r.item]}: ${r.motivo}`)
            .join(" | ")
            .slice(0, 1000)
        : null,
    ],
  );
  const arquivos = [...midias, ...docs].map((r) => r.chave as string);
  return { contagens: { mensagens, arquivos: arquivos.length, triagens_ia: triagens, notas, tarefas, documentos }, arquivos };
}

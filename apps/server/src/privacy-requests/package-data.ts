import { ARQUIVOS_PACOTE, TEXTOS_DECLARACAO } from "@crm/domain/privacy-package";
import { IA_PADRAO } from "@crm/domain/schemas/settings";
import type { TDeps } from "../core/deps.js";
import { type TTx, withCompanyJob } from "../db/tenant.js";

/**
 * What the access package holds about one titular (decision 1865), read under the company's job context (RLS keeps
 * every read in the company). The small sections are read at once; the messages and the files are read in pages by
 * key, so a titular with 5,000 messages and their media never sits whole in memory.
 */

/** Messages per page of the JSON and files per page of the ZIP's listing. */
const PAGINA = 500;

export type TFichaTitular = {
  empresa: string;
  protocolo: string;
  direito: string;
  leadId: string;
  nome: string;
  telefone: string | null;
  origem: string;
  primeiroContato: Date;
  mensagens: number;
  arquivos: number;
  documentos: number;
  triagens: number;
  consentimentos: number;
  destinatarios: string[];
  limiarRevisional: string | null;
};

const hostDe = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** Who the titular's data went to (art. 18 VII, art. 9 V): the WhatsApp gateway, the AI provider, outbound integrations. */
async function destinatariosDoTitular(tx: TTx, empresaId: string, leadId: string): Promise<string[]> {
  const { rows } = await tx.query(
    `SELECT e.whatsapp_provedor, coalesce(e.config_chatgpt_api->>'base_url', $3) AS ia_url,
            EXISTS (SELECT 1 FROM triagens_ia t WHERE t.id_empresa_fk = $1 AND t.id_lead_fk = $2 AND t.motor = 'openai') AS usou_ia,
            EXISTS (SELECT 1 FROM conversoes_meta_eventos c WHERE c.id_empresa_fk = $1 AND c.id_lead_fk = $2
                     AND c.status = 'enviado') AS meta,
            coalesce((SELECT json_agg(json_build_object('url', w.url, 'descricao', w.descricao) ORDER BY w.created_at)
                        FROM webhook_endpoints w WHERE w.id_empresa_fk = $1 AND w.ativo), '[]') AS webhooks
       FROM empresas e WHERE e.id = $1`,
    [empresaId, leadId, IA_PADRAO.base_url],
  );
  const r = rows[0];
  const t = TEXTOS_DECLARACAO;
  const lista: string[] = [t.gateway[r.whatsapp_provedor as keyof typeof t.gateway] ?? t.gateway.unofficial];
  lista.push(r.usou_ia ? t.ia(hostDe(r.ia_url)) : t.iaSemUso);
  const webhooks = r.webhooks as { url: string; descricao: string }[];
  for (const w of webhooks) lista.push(t.webhook(hostDe(w.url), w.descricao));
  if (r.meta) lista.push(t.metaConversoes);
  if (!webhooks.length && !r.meta) lista.push(t.semIntegracoes);
  return lista;
}

/** The figures and facts the PDF declaration states, read once before the ZIP is written. */
export function lerFicha(deps: Pick<TDeps, "db">, empresaId: string, pedidoId: string): Promise<TFichaTitular> {
  return withCompanyJob(deps.db.app, empresaId, "privacidade-pacote", async (tx) => {
    const { rows } = await tx.query(
      `SELECT e.nome_empresa, e.revisional_limiar::text AS limiar, p.protocolo, p.direito, l.id AS lead_id, l.nome,
              l.telefone, l.origem_lead, l.created_at,
              (SELECT count(*)::int FROM mensagens_whatsapp m WHERE m.id_empresa_fk = $1 AND m.id_lead_fk = l.id) AS mensagens,
              (SELECT count(*)::int FROM mensagens_whatsapp m WHERE m.id_empresa_fk = $1 AND m.id_lead_fk = l.id
                  AND m.media_storage_key IS NOT NULL) AS arquivos,
              (SELECT count(*)::int FROM documentos d WHERE d.id_empresa_fk = $1 AND d.id_lead_fk = l.id) AS documentos,
              (SELECT count(*)::int FROM triagens_ia t WHERE t.id_empresa_fk = $1 AND t.id_lead_fk = l.id) AS triagens,
              (SELECT count(*)::int FROM consentimentos c WHERE c.id_empresa_fk = $1 AND c.id_lead_fk = l.id) AS consentimentos
         FROM privacidade_pedidos p
         JOIN empresas e ON e.id = p.id_empresa_fk
         JOIN leads_juros_check l ON l.id_empresa_fk = p.id_empresa_fk AND l.id = p.id_lead_fk
        WHERE p.id_empresa_fk = $1 AND p.id = $2`,
      [empresaId, pedidoId],
    );
    const r = rows[0];
    if (!r) throw new Error("pacote sem lead: o pedido perdeu o titular");
    return {
      empresa: r.nome_empresa,
      protocolo: r.protocolo,
      direito: r.direito,
      leadId: r.lead_id,
      nome: r.nome,
      telefone: r.telefone,
      origem: r.origem_lead,
      primeiroContato: r.created_at,
      mensagens: r.mensagens,
      arquivos: r.arquivos,
      documentos: r.documentos,
      triagens: r.triagens,
      consentimentos: r.consentimentos,
      destinatarios: await destinatariosDoTitular(tx, empresaId, r.lead_id),
      limiarRevisional: r.limiar,
    };
  });
}

/** A file's name inside the ZIP: its id (unique) and a name of safe characters. */
export const nomeNoPacote = (pasta: string, id: string, nome: string | null) =>
  `${pasta}/${id}-${(nome ?? "arquivo").replace(/[^A-Za-z0-9._-]+/g, "_").slice(-80) || "arquivo"}`;

/** Every section except the messages, as one JSON object's members (the lead's row whole: everything held). */
async function secoes(tx: TTx, empresaId: string, pedidoId: string, leadId: string) {
  const um = async (sql: string) => (await tx.query(sql, [empresaId, leadId, pedidoId])).rows[0]?.v ?? null;
  return {
    solicitacao: await um(
      `SELECT json_build_object('protocolo', protocolo, 'direito', direito, 'canal', canal, 'aberto_em', aberto_em,
              'verificado_em', verificado_em, 'vence_em', vence_em) AS v
         FROM privacidade_pedidos WHERE id_empresa_fk = $1 AND id = $3 AND $2::uuid IS NOT NULL`,
    ),
    titular: await um(
      `SELECT to_jsonb(l) - 'id_empresa_fk' - 'id_consultor_fk' AS v FROM leads_juros_check l
        WHERE l.id_empresa_fk = $1 AND l.id = $2 AND $3::uuid IS NOT NULL`,
    ),
    triagens_ia: await um(
      `SELECT coalesce(json_agg(json_build_object('id', t.id, 'em', t.created_at, 'motor', t.motor, 'modelo', t.modelo,
              'entradas', t.fatos, 'decisao', t.decisao, 'motivo', t.motivo, 'resumo', t.resumo,
              'proxima_pergunta', t.proxima_pergunta, 'erro', t.erro,
              'revisao', CASE WHEN t.revisado_em IS NULL THEN NULL ELSE json_build_object('decisao', t.revisao_decisao,
                'motivo', t.revisao_motivo, 'em', t.revisado_em, 'por', u.nome) END) ORDER BY t.created_at), '[]') AS v
         FROM triagens_ia t LEFT JOIN usuarios_plataforma u ON u.id = t.revisado_por_fk
        WHERE t.id_empresa_fk = $1 AND t.id_lead_fk = $2 AND $3::uuid IS NOT NULL`,
    ),
    processo_juridico: await um(
      `SELECT json_build_object('status_juridico', l.status_juridico_lead, 'interesse_juridico', l.interesse_juridico,
              'observacoes_juridicas', l.observacoes_juridicas, 'responsavel', u.nome,
              'prazos', coalesce((SELECT json_agg(json_build_object('titulo', pr.titulo, 'descricao', pr.descricao,
                 'data_fatal', pr.data_fatal, 'estado', pr.estado, 'concluido_em', pr.concluido_em) ORDER BY pr.data_fatal)
                 FROM prazos_processo pr WHERE pr.id_empresa_fk = $1 AND pr.id_lead_fk = $2), '[]')) AS v
         FROM leads_juros_check l LEFT JOIN usuarios_plataforma u ON u.id = l.profissional_juridico_atribuido_id
        WHERE l.id_empresa_fk = $1 AND l.id = $2 AND $3::uuid IS NOT NULL`,
    ),
    documentos: await um(
      `SELECT coalesce(json_agg(json_build_object('id', d.id, 'nome_arquivo', d.nome_arquivo, 'descricao', d.descricao,
              'tipo', d.tipo_arquivo, 'tamanho', d.tamanho_arquivo, 'enviado_em', d.data_upload,
              'arquivo_no_pacote', '${ARQUIVOS_PACOTE.documentos}/' || d.id || '-' ||
                coalesce(nullif(right(regexp_replace(d.nome_arquivo, '[^A-Za-z0-9._-]+', '_', 'g'), 80), ''), 'arquivo'))
              ORDER BY d.data_upload), '[]') AS v
         FROM documentos d WHERE d.id_empresa_fk = $1 AND d.id_lead_fk = $2 AND $3::uuid IS NOT NULL`,
    ),
    consentimentos: await um(
      `SELECT coalesce(json_agg(json_build_object('finalidade', finalidade, 'situacao', situacao, 'texto', texto,
              'versao_texto', versao_texto, 'canal', canal, 'origem', origem, 'ocorrido_em', ocorrido_em) ORDER BY seq), '[]') AS v
         FROM consentimentos WHERE id_empresa_fk = $1 AND id_lead_fk = $2 AND $3::uuid IS NOT NULL`,
    ),
    notas_internas: await um(
      `SELECT coalesce(json_agg(json_build_object('autor', autor_nome, 'texto', texto, 'em', created_at) ORDER BY created_at), '[]') AS v
         FROM notas_lead WHERE id_empresa_fk = $1 AND id_lead_fk = $2 AND $3::uuid IS NOT NULL`,
    ),
    conversoes_anuncios: await um(
      `SELECT coalesce(json_agg(json_build_object('evento', evento, 'status', status, 'valor', valor, 'em', created_at,
              'enviado_em', enviado_em) ORDER BY created_at), '[]') AS v
         FROM conversoes_meta_eventos WHERE id_empresa_fk = $1 AND id_lead_fk = $2 AND $3::uuid IS NOT NULL`,
    ),
    compartilhamento: await destinatariosDoTitular(tx, empresaId, leadId),
  };
}

type TMensagemPagina = { id: string; ts: Date };

/**
 * dados.json, written as it is read: the sections, then the messages in pages of PAGINA by (time, id), each page its
 * own short transaction. `aoAvancar` is told how many messages were written.
 */
export async function* jsonDoTitular(
  deps: Pick<TDeps, "db">,
  p: { empresaId: string; pedidoId: string; leadId: string; geradoEm: Date; aoAvancar: (n: number) => Promise<void> },
): AsyncGenerator<string> {
  const cabeca = await withCompanyJob(deps.db.app, p.empresaId, "privacidade-pacote", (tx) =>
    secoes(tx, p.empresaId, p.pedidoId, p.leadId),
  );
  const inicio = JSON.stringify({ formato: "crm-revisional/pacote-do-titular", versao: 1, gerado_em: p.geradoEm, ...cabeca });
  yield `${inicio.slice(0, -1)},"mensagens":[`;
  let depois: TMensagemPagina | null = null;
  let escritas = 0;
  for (;;) {
    const apos: TMensagemPagina | null = depois;
    const rows: (TMensagemPagina & { json: string })[] = await withCompanyJob(
      deps.db.app,
      p.empresaId,
      "privacidade-pacote",
      async (tx) => {
        const r = await tx.query(
          `SELECT m.id, m.timestamp AS ts,
                json_build_object('id', m.id, 'em', m.timestamp, 'direcao', m.direcao, 'remetente', m.sender,
                  'remetente_nome', m.sender_nome, 'tipo', m.message_type, 'texto', m.message, 'status', m.status,
                  'arquivo', CASE WHEN m.media_storage_key IS NULL THEN NULL ELSE json_build_object(
                    'nome', m.media_file_name, 'tipo', m.media_mime_type, 'tamanho', m.media_file_size,
                    'arquivo_no_pacote', '${ARQUIVOS_PACOTE.midias}/' || m.id || '-' ||
                      coalesce(nullif(right(regexp_replace(coalesce(m.media_file_name, 'arquivo'), '[^A-Za-z0-9._-]+', '_', 'g'), 80), ''), 'arquivo'))
                  END)::text AS json
           FROM mensagens_whatsapp m
          WHERE m.id_empresa_fk = $1 AND m.id_lead_fk = $2
            AND ($3::timestamptz IS NULL OR (m.timestamp, m.id) > ($3::timestamptz, $4::uuid))
          ORDER BY m.timestamp, m.id LIMIT ${PAGINA}`,
          [p.empresaId, p.leadId, apos?.ts ?? null, apos?.id ?? null],
        );
        return r.rows as (TMensagemPagina & { json: string })[];
      },
    );
    if (!rows.length) break;
    yield (escritas ? "," : "") + rows.map((r) => r.json).join(",");
    escritas += rows.length;
    await p.aoAvancar(rows.length);
    const ultima = rows[rows.length - 1];
    depois = { id: ultima.id, ts: ultima.ts };
    if (rows.length < PAGINA) break;
  }
  yield "]}";
}

export type TArquivoDoTitular = { id: string; chave: string; nome: string | null };

/** The stored files of the titular (chat media, then legal documents), in pages by id: only keys and names. */
export async function* arquivosDoTitular(
  deps: Pick<TDeps, "db">,
  empresaId: string,
  leadId: string,
  origem: "midias" | "documentos",
): AsyncGenerator<TArquivoDoTitular[]> {
  const sql =
    origem === "midias"
      ? `SELECT id, media_storage_key AS chave, coalesce(media_file_name, 'arquivo') AS nome FROM mensagens_whatsapp
          WHERE id_empresa_fk = $1 AND id_lead_fk = $2 AND media_storage_key IS NOT NULL AND ($3::uuid IS NULL OR id > $3)
          ORDER BY id LIMIT ${PAGINA}`
      : `SELECT id, url_storage AS chave, nome_arquivo AS nome FROM documentos
          WHERE id_empresa_fk = $1 AND id_lead_fk = $2 AND ($3::uuid IS NULL OR id > $3) ORDER BY id LIMIT ${PAGINA}`;
  let apos: string | null = null;
  for (;;) {
    const desde: string | null = apos;
    const rows: TArquivoDoTitular[] = await withCompanyJob(
      deps.db.app,
      empresaId,
      "privacidade-pacote",
      async (tx) => (await tx.query(sql, [empresaId, leadId, desde])).rows as TArquivoDoTitular[],
    );
    if (rows.length) yield rows;
    if (rows.length < PAGINA) return;
    apos = rows[rows.length - 1].id;
  }
}

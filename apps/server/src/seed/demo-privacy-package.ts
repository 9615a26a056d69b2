import { isoDiaSP } from "@crm/domain/period";
import { formatarProtocolo, PRAZO_PADRAO_DIAS, type TDireitoTitular, venceEmDe } from "@crm/domain/privacy-requests";
import { registrarMudancas } from "../change-log/record.js";
import type { TTx } from "../db/tenant.js";
import { gerarPdf, gerarPng } from "../documents/sample-files.js";
import type { TArmazenamento } from "../storage/storage.js";
import { criarLead } from "./factories.js";

const DIA = 86_400_000;

/** The next protocol number of the company (the same counter as every opening, decision 1824). */
async function proximoProtocolo(tx: TTx, empresaId: string, agora: Date): Promise<string> {
  const { rows } = await tx.query(
    `INSERT INTO privacidade_config (id_empresa_fk, ultimo_protocolo) VALUES ($1, 1)
     ON CONFLICT (id_empresa_fk) DO UPDATE SET ultimo_protocolo = privacidade_config.ultimo_protocolo + 1
     RETURNING ultimo_protocolo`,
    [empresaId],
  );
  return formatarProtocolo(Number(isoDiaSP(agora).slice(0, 4)), rows[0].ultimo_protocolo);
}

/** A verified request of a titular, in progress, with its opening's change-log row. */
async function pedidoVerificado(
  tx: TTx,
  p: { empresaId: string; leadId: string; nome: string; direito: TDireitoTitular; aberto: Date },
): Promise<{ id: string; protocolo: string }> {
  const protocolo = await proximoProtocolo(tx, p.empresaId, p.aberto);
  const verificado = new Date(p.aberto.getTime() + 3_600_000);
  const { rows } = await tx.query(
    `INSERT INTO privacidade_pedidos (id_empresa_fk, protocolo, direito, canal, status, id_lead_fk, nome_titular, aberto_em,
        prazo_dias, vence_em, verificado_em, resposta_simplificada_em)
     VALUES ($1, $2, $3, 'whatsapp', 'em_andamento', $4, $5, $6, $7, $8, $9, $9)
     RETURNING id, protocolo, direito, canal, status, id_lead_fk AS id_lead, vence_em::text AS vence_em`,
    [
      p.empresaId,
      protocolo,
      p.direito,
      p.leadId,
      p.nome,
      p.aberto,
      PRAZO_PADRAO_DIAS,
      venceEmDe(p.aberto, PRAZO_PADRAO_DIAS),
      verificado,
    ],
  );
  const { id, ...depois } = rows[0];
  await registrarMudancas(tx, {
    empresaId: p.empresaId,
    autor: { origem: "sistema" },
    mudancas: [{ entidade: "privacidade", id, tipo: "privacidade.solicitada", depois }],
  });
  return { id, protocolo };
}

/**
 * A titular with everything a package gathers (decision 1865), for the API test and the bench: `mensagens` messages
 * (the first `midias` of them images kept in storage), a legal document, a consent entry, a screening and its
 * review, and a verified request of `direito`. Set-based: 5,000 messages are one statement.
 */
export async function criarTitularComPedido(
  tx: TTx,
  storage: TArmazenamento,
  p: { empresaId: string; mensagens: number; midias: number; direito?: TDireitoTitular; agora: Date; telefone?: string },
): Promise<{ leadId: string; pedidoId: string; protocolo: string; nome: string }> {
  const nome = "Titular do Pacote";
  const lead = await criarLead(tx, {
    id_empresa_fk: p.empresaId,
    nome,
    telefone: p.telefone ?? `5511${String(900_000_000 + Math.floor(Math.random() * 99_999_999))}`,
    origem_lead: "WhatsApp",
    status_juridico_lead: "Documentação Solicitada",
    created_at: new Date(p.agora.getTime() - 30 * DIA),
  });
  const inicio = new Date(p.agora.getTime() - 20 * DIA);
  await tx.query(
    `INSERT INTO mensagens_whatsapp (id_empresa_fk, id_lead_fk, direcao, sender, message, message_type, status, timestamp,
        media_storage_key, media_mime_type, media_file_name, media_file_size, media_status)
     SELECT $1::uuid, $2::uuid, CASE WHEN i % 2 = 0 THEN 'entrada' ELSE 'saida' END, CASE WHEN i % 2 = 0 THEN 'lead' ELSE 'consultor' END,
            'Mensagem ' || i || ' da conversa do titular', CASE WHEN i <= $5 THEN 'image' ELSE 'text' END,
            CASE WHEN i % 2 = 0 THEN 'received' ELSE 'sent' END, $3::timestamptz + i * interval '1 minute',
            CASE WHEN i <= $5 THEN $1::text || '/' || $2::text || '/pacote-midia-' || i || '.png' END,
            CASE WHEN i <= $5 THEN 'image/png' END, CASE WHEN i <= $5 THEN 'foto ' || i || '.png' END,
            CASE WHEN i <= $5 THEN 100 END, CASE WHEN i <= $5 THEN 'baixada' END
       FROM generate_series(1, $4::int) AS i`,
    [p.empresaId, lead.id, inicio, p.mensagens, p.midias],
  );
  const png = gerarPng(64, 64);
  for (let i = 1; i <= p.midias; i++) await storage.gravar(`${p.empresaId}/${lead.id}/pacote-midia-${i}.png`, png);
  const chaveDoc = `${p.empresaId}/${lead.id}/contrato-do-titular.pdf`;
  const pdf = gerarPdf("Contrato de financiamento", ["Contrato do titular do pacote"]);
  await storage.gravar(chaveDoc, pdf);
  await tx.query(
    `INSERT INTO documentos (id_empresa_fk, id_lead_fk, nome_arquivo, descricao, tipo_arquivo, tamanho_arquivo, url_storage)
     VALUES ($1, $2, 'contrato.pdf', 'Contrato de financiamento', 'application/pdf', $3, $4)`,
    [p.empresaId, lead.id, pdf.length, chaveDoc],
  );
  await tx.query(
    `INSERT INTO consentimentos (id_empresa_fk, id_lead_fk, finalidade, situacao, texto, versao_texto, canal, origem, ocorrido_em)
     VALUES ($1, $2, 'atendimento', 'concedido', 'Aceito ser atendido pelo WhatsApp.', 'v1', 'whatsapp', 'lead', $3)`,
    [p.empresaId, lead.id, inicio],
  );
  await tx.query(
    `INSERT INTO triagens_ia (id_empresa_fk, id_lead_fk, decisao, motivo, resumo, fatos, motor, revisao_decisao,
        revisao_motivo, revisado_em)
     VALUES ($1, $2, 'duvidas', 'Faltam as parcelas pagas', 'Financiamento de carro', '{"banco": "Banco Exemplo"}', 'regras',
        'qualificado', 'Cliente enviou o contrato', $3)`,
    [p.empresaId, lead.id, p.agora],
  );
  const pedido = await pedidoVerificado(tx, {
    empresaId: p.empresaId,
    leadId: lead.id,
    nome,
    direito: p.direito ?? "acesso",
    aberto: new Date(p.agora.getTime() - DIA),
  });
  return { leadId: lead.id, pedidoId: pedido.id, protocolo: pedido.protocolo, nome };
}

/**
 * The demo's packages on /privacidade (decision 1865): a verified portability request ready for 'Gerar pacote de
 * dados', and an access request whose package was downloaded twice and expired (its file gone), so the screen shows
 * both ends of the life of a package on a fresh `npm start`.
 */
export async function semearPacotesDemo(
  tx: TTx,
  agora: Date,
  empresaId: string,
  leads: { id: string; nome: string }[],
): Promise<void> {
  await pedidoVerificado(tx, {
    empresaId,
    leadId: leads[0].id,
    nome: leads[0].nome,
    direito: "portabilidade",
    aberto: new Date(agora.getTime() - DIA),
  });
  const antigo = await pedidoVerificado(tx, {
    empresaId,
    leadId: leads[1].id,
    nome: leads[1].nome,
    direito: "acesso",
    aberto: new Date(agora.getTime() - 12 * DIA),
  });
  const pronto = new Date(agora.getTime() - 10 * DIA);
  const { rows } = await tx.query(
    `INSERT INTO privacidade_pacotes (id_empresa_fk, id_pedido_fk, status, progresso, tentativas, tamanho, mensagens, arquivos,
        token_hash, solicitado_em, pronto_em, expira_em, removido_em)
     VALUES ($1, $2, 'expirado', 100, 1, 48213, 12, 1, NULL, $3, $3, $4, $4) RETURNING id`,
    [empresaId, antigo.id, pronto, new Date(pronto.getTime() + 7 * DIA)],
  );
  await tx.query(
    `INSERT INTO privacidade_pacote_downloads (id_empresa_fk, id_pacote_fk, canal, baixado_em)
     VALUES ($1, $2, 'link_titular', $3), ($1, $2, 'link_titular', $4)`,
    [empresaId, rows[0].id, new Date(pronto.getTime() + 3_600_000), new Date(pronto.getTime() + 2 * DIA)],
  );
}

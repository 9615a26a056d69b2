import { MSG } from "@crm/domain/messages";
import { ZMensagemApi } from "@crm/domain/schemas/api-messages";
import { z } from "zod";
import { enviarArquivoDaMensagem } from "../chat/media-download.js";
import { baixarMidiaNovamente, reenviarMensagem } from "../chat/retry-message.js";
import type { TDeps } from "../core/deps.js";
import { withTenant } from "../db/tenant.js";
import { contextoDaChave } from "./authenticate.js";
import { EXEMPLO_MENSAGEM, lerMensagem } from "./messages.js";
import { operacao } from "./operation.js";
import { ProblemaApi } from "./problem.js";

const ZIdMensagem = z.object({ id: z.guid({ error: MSG.naoEncontrado }) });

/** The lead of one of the key's company's messages (the chat's services work by lead and message), or 404. */
async function leadDaMensagem(deps: Pick<TDeps, "db">, empresaId: string, mensagemId: string): Promise<string> {
  const { rows } = await withTenant(deps.db.app, contextoDaChave(empresaId), (tx) =>
    tx.query<{ id_lead_fk: string }>("SELECT id_lead_fk FROM mensagens_whatsapp WHERE id_empresa_fk = $1 AND id = $2", [
      empresaId,
      mensagemId,
    ]),
  );
  if (!rows[0]) throw new ProblemaApi("nao_encontrado", MSG.naoEncontrado);
  return rows[0].id_lead_fk;
}

/**
 * One message's file and its retries (decision 1929), through the chat's own services: the stored file of a sent or
 * received message, 'Tentar novamente' on a failed send, and fetching again a received file the provider did not
 * hand over. Addressed by the message's id alone, as `GET /leads/{id}/mensagens` lists them.
 */
export const OPERACOES_ARQUIVOS_MENSAGEM = [
  operacao({
    id: "baixarArquivoMensagem",
    method: "GET",
    url: "/mensagens/:id/arquivo",
    escopo: "messages:read",
    tag: "Mensagens",
    resumo: "Baixa o arquivo de uma mensagem",
    descricao:
      "A imagem, o áudio, o vídeo ou o documento de uma mensagem enviada ou recebida, com o seu Content-Type e o nome em Content-Disposition; 404 se a mensagem não tem arquivo guardado.",
    status: 200,
    schema: { params: ZIdMensagem },
    arquivo: "O arquivo da mensagem",
    exemplo: {},
    internas: ["GET /api/chat/:leadId/mensagens/:mensagemId/midia"],
    handler: async ({ deps, chave, params, reply }) =>
      enviarArquivoDaMensagem(
        deps,
        contextoDaChave(chave.empresaId),
        await leadDaMensagem(deps, chave.empresaId, params.id),
        params.id,
        reply,
      ),
  }),
  operacao({
    id: "reenviarMensagem",
    method: "POST",
    url: "/mensagens/:id/reenvio",
    escopo: "messages:send",
    tag: "Mensagens",
    resumo: "Tenta de novo o envio de uma mensagem que falhou",
    descricao:
      "Só uma mensagem de saída com status 'failed' (409 se não); como no chat, exige o WhatsApp conectado e, fora da janela de 24 h, que a mensagem seja um modelo aprovado.",
    status: 200,
    schema: { params: ZIdMensagem, resposta: ZMensagemApi },
    exemplo: { resposta: EXEMPLO_MENSAGEM },
    internas: ["POST /api/chat/:leadId/mensagens/:mensagemId/reenviar"],
    handler: async ({ deps, chave, params }) => {
      const leadId = await leadDaMensagem(deps, chave.empresaId, params.id);
      await reenviarMensagem(deps, contextoDaChave(chave.empresaId), leadId, params.id);
      return lerMensagem(deps, chave.empresaId, params.id);
    },
  }),
  operacao({
    id: "recuperarArquivoMensagem",
    method: "POST",
    url: "/mensagens/:id/arquivo/recuperacao",
    escopo: "messages:send",
    tag: "Mensagens",
    resumo: "Busca de novo no provedor o arquivo de uma mensagem recebida",
    descricao: "Para um arquivo recebido que o provedor não entregou: a busca segue numa fila (mediaStatus muda depois).",
    status: 204,
    schema: { params: ZIdMensagem },
    exemplo: {},
    internas: ["POST /api/chat/:leadId/mensagens/:mensagemId/midia/baixar"],
    handler: async ({ deps, chave, params }) =>
      baixarMidiaNovamente(
        deps,
        contextoDaChave(chave.empresaId),
        await leadDaMensagem(deps, chave.empresaId, params.id),
        params.id,
      ),
  }),
];

import { randomBytes } from "node:crypto";
import { MSG } from "@crm/domain/messages";
import { MSG_AGENDADAS } from "@crm/domain/scheduled-messages";
import { ZEnviarTemplate } from "@crm/domain/schemas/chat";
import type { TAgendamento } from "@crm/domain/schemas/scheduled-messages";
import { ZNovoAgendamentoMidia } from "@crm/domain/schemas/scheduled-messages";
import { MIME_DOCUMENTO, NOME_DOCUMENTO_PADRAO } from "@crm/domain/whatsapp";
import type { FastifyRequest } from "fastify";
import type { TAutorMudanca } from "../change-log/record.js";
import { acessarLead } from "../chat/access.js";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { badRequest, HttpError } from "../http/errors.js";
import { lerUpload, validarAnexo } from "../http/upload.js";
import { criarAgendamento } from "./schedules.js";

const EXT: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  ...Object.fromEntries(Object.entries(MIME_DOCUMENTO).map(([ext, mime]) => [mime, ext])),
};

/** A template as the multipart form sends it (JSON text), checked like the JSON body's. */
function modeloDoCampo(v: string | undefined) {
  if (!v) return null;
  let bruto: unknown;
  try {
    bruto = JSON.parse(v);
  } catch {
    throw badRequest(MSG.requisicaoInvalida);
  }
  const r = ZEnviarTemplate.safeParse(bruto);
  if (!r.success) throw badRequest(r.error.issues[0].message);
  return r.data;
}

/**
 * An image or document scheduled from a multipart form (the chat's and /api/v1's, decision 1885): the lead checked
 * before the file is read, the file's kind proved by its content, stored, then the schedule written; a refused
 * schedule removes the stored file.
 */
export async function agendarMidia(
  deps: TDeps,
  ctx: TTenantCtx & { autor?: TAutorMudanca },
  leadId: string,
  req: FastifyRequest,
): Promise<TAgendamento> {
  // scope first: a file for a lead the person cannot open is not even read
  const lead = await withTenant(deps.db.app, ctx, (tx) => acessarLead(tx, ctx, leadId));
  const { campos, arquivo } = await lerUpload(req);
  const f = ZNovoAgendamentoMidia.safeParse(campos);
  if (!f.success) throw badRequest(f.error.issues[0].message);
  if (!arquivo) throw badRequest(MSG_AGENDADAS.arquivoObrigatorio);
  const modelo = modeloDoCampo(f.data.modelo);
  const mime = await validarAnexo(f.data.tipo, arquivo.dados, arquivo.nome);
  const chave = `${lead.empresaId}/${lead.id}/${Date.now()}-${randomBytes(4).toString("hex")}.${EXT[mime] ?? "bin"}`;
  try {
    await deps.storage.gravar(chave, arquivo.dados);
  } catch {
    throw new HttpError(503, MSG.erroUrlArquivo);
  }
  try {
    return await criarAgendamento(deps, ctx, lead.id, {
      tipo: f.data.tipo,
      texto: f.data.legenda,
      agendada_para: f.data.agendada_para,
      cancelar_se_lead_escrever: f.data.cancelar_se_lead_escrever === "true",
      modelo,
      midia: { chave, mime, nome: arquivo.nome || NOME_DOCUMENTO_PADRAO, tamanho: arquivo.dados.length },
    });
  } catch (e) {
    await deps.storage.remover(chave).catch(() => {});
    throw e;
  }
}

import { randomBytes } from "node:crypto";
import { nomeDeArquivoSeguro } from "@crm/domain/file-names";
import { MSG } from "@crm/domain/messages";
import { fileTypeFromBuffer } from "file-type";
import type { TDeps } from "../../core/deps.js";
import { withCompanyJob } from "../../db/tenant.js";
import type { TTrabalho } from "../../jobs/jobs.js";
import { lerConfigWhatsApp } from "../providers/company-config.js";
import { ErroProvedor } from "../providers/provider.js";
import { provedorDe } from "../providers/providers.js";
import type { TTrabalhoMidia } from "../queues.js";

const EXTENSOES: Record<string, string> = {
  "text/plain": "txt",
  "audio/ogg": "ogg",
  "application/msword": "doc",
  "application/vnd.ms-excel": "xls",
};

/** Builds the stored file name: the sender's name when given, else '{tipo}-{data}.{ext}'. */
function nomeDoArquivo(original: string | null, tipo: string, ext: string): string {
  const limpo = nomeDeArquivoSeguro(original);
  if (limpo) return limpo;
  return `${tipo}-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-")}.${ext}`;
}

/**
 * The job of FILA_MIDIA: fetches an incoming file from the provider as soon as the message is stored and
 * keeps it in our private storage (`{empresaId}/{leadId}/{time}-{random}.{ext}`), so the chat never depends
 * on the provider's short-lived links. The type is taken from the content. After the last failed try the
 * message shows the spec's error and a retry action.
 */
export async function baixarMidiaRecebida(deps: TDeps, t: TTrabalho<TTrabalhoMidia>): Promise<void> {
  const { empresaId, mensagemId } = t.dados;
  const alvo = await withCompanyJob(deps.db.app, empresaId, "whatsapp-midia", async (tx) => {
    const { rows } = await tx.query(
      `SELECT id, id_lead_fk, media_ref, media_mime_type, media_file_name, message_type, media_status
         FROM mensagens_whatsapp WHERE id_empresa_fk = $1 AND id = $2`,
      [empresaId, mensagemId],
    );
    const m = rows[0];
    if (m?.media_status !== "pendente" || !m.media_ref) return null;
    const cfg = await lerConfigWhatsApp(tx, deps.config.appSecret, empresaId);
    return cfg ? { m, cfg } : null;
  });
  if (!alvo) return;
  const { m, cfg } = alvo;
  try {
    const baixada = await provedorDe(deps, cfg).baixarMidia(m.media_ref);
    const tipo = await fileTypeFromBuffer(baixada.dados);
    const declarado = (m.media_mime_type ?? baixada.mime ?? "").split(";")[0];
    const mime = tipo?.mime ?? (declarado && declarado !== "application/octet-stream" ? declarado : "application/octet-stream");
    const ext =
      tipo?.ext ??
      EXTENSOES[mime] ??
      (mime
        .split("/")[1]
        ?.replace(/[^a-z0-9]/g, "")
        .slice(0, 8) ||
        "bin");
    const chave = `${empresaId}/${m.id_lead_fk}/${Date.now()}-${randomBytes(4).toString("hex")}.${ext}`;
    await deps.storage.gravar(chave, baixada.dados);
    await withCompanyJob(deps.db.app, empresaId, "whatsapp-midia", async (tx) => {
      await tx.query(
        `UPDATE mensagens_whatsapp SET media_storage_key = $3, media_mime_type = $4, media_file_size = $5,
                media_file_name = $6, media_status = 'baixada', erro = NULL, updated_at = now()
          WHERE id_empresa_fk = $1 AND id = $2`,
        [
          empresaId,
          m.id,
          chave,
          mime,
          baixada.dados.length,
          nomeDoArquivo(m.media_file_name ?? baixada.nome ?? null, m.message_type, ext),
        ],
      );
      await deps.realtime.publicar(
        tx,
        { empresaId },
        { tipo: "mensagem.atualizada", dados: { leadId: m.id_lead_fk, mensagemId: m.id } },
      );
    });
  } catch (e) {
    // a refusal that another try cannot change (a destination the outbound guard refuses, a 4xx) fails at once
    const definitivo = e instanceof ErroProvedor && !e.retentavel;
    if (!t.ultimaTentativa && !definitivo) throw e;
    await withCompanyJob(deps.db.app, empresaId, "whatsapp-midia", async (tx) => {
      await tx.query(
        `UPDATE mensagens_whatsapp SET media_status = 'falhou', erro = $3, updated_at = now()
          WHERE id_empresa_fk = $1 AND id = $2`,
        [empresaId, m.id, MSG.erroProcessarMidia],
      );
      await deps.realtime.publicar(
        tx,
        { empresaId },
        { tipo: "mensagem.atualizada", dados: { leadId: m.id_lead_fk, mensagemId: m.id } },
      );
    });
  }
}

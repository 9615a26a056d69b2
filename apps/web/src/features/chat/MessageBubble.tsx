import { MSG } from "@crm/domain/messages";
import type { TMensagem } from "@crm/domain/schemas/chat";
import { formatarHora } from "@crm/domain/whatsapp";
import { FileText, RotateCw } from "lucide-react";
import { memo } from "react";
import { cn } from "../../lib/cn";
import { Button } from "../../ui/Button";
import { DeliveryStatus } from "../../ui/DeliveryStatus";

function tamanho(bytes: number | null) {
  if (!bytes) return "";
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

type Props = { m: TMensagem; onReenviar: (m: TMensagem) => void; onBaixarDeNovo: (m: TMensagem) => void; reenviando: boolean };

/** One message of the timeline: the lead's on the left, ours on the right, with media, time and delivery status. */
export const MessageBubble = memo(function MessageBubble({ m, onReenviar, onBaixarDeNovo, reenviando }: Props) {
  const nossa = m.direcao === "saida";
  const falhou = m.status === "failed";
  const tipoMidia =
    m.messageType === "image" || m.messageType === "document" || m.messageType === "audio" || m.messageType === "video";
  return (
    <div className={cn("flex px-4 py-1", nossa ? "justify-end" : "justify-start")}>
      <article
        className={cn(
          "max-w-[80%] rounded-lg px-3 py-2 text-sm shadow-sm sm:max-w-[65%]",
          nossa ? "bg-emerald-50 text-slate-900" : "bg-white text-slate-900",
          falhou && "ring-1 ring-red-300",
        )}
        aria-label={`${nossa ? "Mensagem enviada" : "Mensagem recebida"} às ${formatarHora(m.timestamp)}`}
      >
        {nossa && m.senderName && (
          <p className="mb-0.5 text-xs font-medium text-emerald-800">{m.sender === "ia" ? "Assistente IA" : m.senderName}</p>
        )}
        {m.templateName && <p className="mb-1 text-xs font-medium text-violet-700">Modelo: {m.templateName}</p>}
        {tipoMidia && (
          <div className="mb-1">
            {m.mediaStatus === "pendente" && <p className="text-xs text-slate-600">Baixando arquivo...</p>}
            {m.mediaStatus === "falhou" && (
              <div className="flex items-center gap-2 text-xs text-red-700">
                <span>{MSG.erroProcessarMidia}</span>
                <Button size="sm" variant="link" onClick={() => onBaixarDeNovo(m)}>
                  Tentar novamente
                </Button>
              </div>
            )}
            {m.mediaUrl && m.messageType === "image" && (
              <a href={m.mediaUrl} target="_blank" rel="noreferrer" className="block">
                <img src={m.mediaUrl} alt={m.content || "Imagem"} loading="lazy" className="max-h-64 rounded-md object-contain" />
              </a>
            )}
            {m.mediaUrl && m.messageType !== "image" && (
              <a
                href={m.mediaUrl}
                target="_blank"
                rel="noreferrer"
                className="flex items-center gap-2 rounded-md border border-slate-200 bg-white/70 px-2 py-1.5 text-blue-800 hover:bg-white"
              >
                <FileText className="size-5 shrink-0" aria-hidden="true" />
                <span className="min-w-0 truncate">{m.fileName ?? "Arquivo"}</span>
                <span className="shrink-0 text-xs text-slate-500">{tamanho(m.fileSize)}</span>
              </a>
            )}
          </div>
        )}
        {m.content && <p className="break-words whitespace-pre-wrap">{m.content}</p>}
        {m.messageType === "unsupported" && !m.content && <p className="text-slate-500 italic">Mensagem não suportada</p>}
        <footer className="mt-1 flex items-center justify-end gap-1 text-[11px] text-slate-500">
          <time dateTime={m.timestamp}>{formatarHora(m.timestamp)}</time>
          {nossa && <DeliveryStatus status={m.status} />}
        </footer>
        {nossa && m.status === "pending" && m.erro && <p className="mt-1 text-xs text-amber-700">Tentando novamente: {m.erro}</p>}
        {falhou && (
          <div className="mt-1 border-t border-red-200 pt-1 text-xs text-red-700" role="alert">
            <p className="font-medium">{tipoMidia ? MSG.falhaEnviarMidiaWhatsApp : MSG.falhaEnviarMensagemWhatsApp}</p>
            {m.erro && <p>{m.erro}</p>}
            <Button size="sm" variant="outline" className="mt-1 h-7" onClick={() => onReenviar(m)} carregando={reenviando}>
              <RotateCw className="size-3.5" aria-hidden="true" />
              Tentar novamente
            </Button>
          </div>
        )}
      </article>
    </div>
  );
});

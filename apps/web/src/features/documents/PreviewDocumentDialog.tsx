import { MIME_DOCUMENTO_JURIDICO } from "@crm/domain/documents";
import type { TDocumento } from "@crm/domain/schemas/documents";
import { Download } from "lucide-react";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { type TAlvo, urlConteudo } from "./api";

/** Inline preview of a PDF or an image (001 'Legal processes'), read through the authorized route. */
export function PreviewDocumentDialog({ doc, alvo, onFechar }: { doc: TDocumento; alvo: TAlvo; onFechar: () => void }) {
  const url = urlConteudo(alvo, doc.id);
  const pdf = doc.tipo_arquivo === MIME_DOCUMENTO_JURIDICO.pdf;
  return (
    <Dialog
      open
      onOpenChange={(v) => !v && onFechar()}
      titulo={doc.nome_arquivo}
      descricao={doc.descricao !== doc.nome_arquivo ? doc.descricao : undefined}
      className="max-w-4xl"
      rodape={
        <>
          <Button variant="outline" asChild>
            <a href={urlConteudo(alvo, doc.id, true)} download={doc.nome_arquivo}>
              <Download className="size-4" aria-hidden="true" />
              Baixar
            </a>
          </Button>
          <Button variant="outline" onClick={onFechar}>
            Fechar
          </Button>
        </>
      }
    >
      {pdf ? (
        <iframe
          src={url}
          title={`Visualização de ${doc.nome_arquivo}`}
          className="h-[70vh] w-full rounded-md border border-slate-200"
        />
      ) : (
        <div className="flex justify-center rounded-md bg-slate-50 p-2">
          <img src={url} alt={doc.descricao} className="max-h-[70vh] max-w-full object-contain" />
        </div>
      )}
    </Dialog>
  );
}

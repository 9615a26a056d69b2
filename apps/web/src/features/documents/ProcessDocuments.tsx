import { MSG } from "@crm/domain/messages";
import { useQuery } from "@tanstack/react-query";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { documentosQuery, type TAlvo } from "./api";
import { DocumentList } from "./DocumentList";
import { UploadDocument } from "./UploadDocument";
import { useDocumentsRealtime } from "./useDocumentsRealtime";

/** The 'Documentos' part of the process dialog (001 'Legal processes'): the process's documents and the upload. */
export function ProcessDocuments({ leadId, alvo, podeGerenciar }: { leadId: string; alvo: TAlvo; podeGerenciar: boolean }) {
  useDocumentsRealtime();
  const q = useQuery(documentosQuery(alvo, { leadId, tamanho: 100 }));
  return (
    <section className="mt-6 space-y-3" aria-labelledby="documentos-processo">
      <h3 id="documentos-processo" className="text-sm font-semibold text-slate-900">
        Documentos{q.data ? ` (${q.data.total})` : ""}
      </h3>
      {podeGerenciar && <UploadDocument leadId={leadId} />}
      {q.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner rotulo="Carregando documentos" className="size-5 text-blue-700" />
        </div>
      ) : q.isError ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-red-700">
          <p>{MSG.erroCarregarDocumentos}</p>
          <Button variant="outline" size="sm" onClick={() => q.refetch()}>
            Tentar Novamente
          </Button>
        </div>
      ) : (
        <DocumentList itens={q.data.itens} alvo={alvo} vazio={<p className="text-sm text-slate-600">{MSG.nenhumDocumento}</p>} />
      )}
    </section>
  );
}

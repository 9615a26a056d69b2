import { categoriaDoMime, formatarTamanho, previsualizavel } from "@crm/domain/documents";
import { formatarDataHora } from "@crm/domain/format";
import { MSG } from "@crm/domain/messages";
import type { TDocumento } from "@crm/domain/schemas/documents";
import { useQueryClient } from "@tanstack/react-query";
import { Download, Eye, FileImage, FileSpreadsheet, FileText, type LucideIcon, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { ApiError } from "../../lib/api";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { toast } from "../../ui/toast";
import { CHAVE_DOCUMENTOS, excluirDocumento, type TAlvo, urlConteudo } from "./api";
import { PreviewDocumentDialog } from "./PreviewDocumentDialog";

const ICONES: Record<string, LucideIcon> = { imagem: FileImage, excel: FileSpreadsheet };

type Props = {
  itens: TDocumento[];
  alvo: TAlvo;
  /** /documentos shows each document's lead; the process dialog does not need it */
  mostrarLead?: boolean;
  vazio: ReactNode;
};

/**
 * Documents as a list that fits a phone: name, description, lead, uploader's email, date and size; preview for PDFs
 * and images, download for the rest, delete (with confirmation) for the uploader or an admin.
 */
export function DocumentList({ itens, alvo, mostrarLead, vazio }: Props) {
  const qc = useQueryClient();
  const [previa, setPrevia] = useState<TDocumento | null>(null);
  const [excluindo, setExcluindo] = useState<TDocumento | null>(null);
  if (!itens.length) return <>{vazio}</>;

  async function excluir(doc: TDocumento) {
    try {
      await excluirDocumento(alvo, doc.id);
      toast.success(MSG.documentoExcluido);
      await qc.invalidateQueries({ queryKey: CHAVE_DOCUMENTOS });
    } catch (e) {
      toast.error(e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.erro : MSG.erroExcluirDocumento);
      throw e;
    }
  }

  return (
    <>
      <ul className="divide-y divide-slate-100" aria-label="Documentos">
        {itens.map((d) => {
          const Icone = ICONES[categoriaDoMime(d.tipo_arquivo) ?? ""] ?? FileText;
          return (
            <li key={d.id} className="flex flex-wrap items-start gap-3 py-3">
              <Icone className="mt-0.5 size-5 shrink-0 text-blue-700" aria-hidden="true" />
              <div className="min-w-0 flex-1 basis-48">
                <p className="font-medium break-words text-slate-900">{d.nome_arquivo}</p>
                {d.descricao !== d.nome_arquivo && <p className="text-sm break-words text-slate-700">{d.descricao}</p>}
                <p className="mt-0.5 text-xs break-words text-slate-600">
                  {mostrarLead && <span className="font-medium text-slate-700">{d.lead_nome} · </span>}
                  {d.uploader_nome ?? "Usuário removido"} · {formatarDataHora(d.data_upload)} ·{" "}
                  {formatarTamanho(d.tamanho_arquivo)}
                </p>
              </div>
              <div className="flex shrink-0 gap-1">
                {previsualizavel(d.tipo_arquivo) ? (
                  <Button variant="outline" size="sm" onClick={() => setPrevia(d)} aria-label={`Visualizar ${d.nome_arquivo}`}>
                    <Eye className="size-4" aria-hidden="true" />
                    Visualizar
                  </Button>
                ) : (
                  <Button variant="outline" size="sm" asChild>
                    <a href={urlConteudo(alvo, d.id, true)} download={d.nome_arquivo} aria-label={`Baixar ${d.nome_arquivo}`}>
                      <Download className="size-4" aria-hidden="true" />
                      Baixar
                    </a>
                  </Button>
                )}
                {d.pode_excluir && (
                  <Button variant="ghost" size="sm" onClick={() => setExcluindo(d)} aria-label={`Excluir ${d.nome_arquivo}`}>
                    <Trash2 className="size-4 text-red-700" aria-hidden="true" />
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {previa && <PreviewDocumentDialog doc={previa} alvo={alvo} onFechar={() => setPrevia(null)} />}
      <ConfirmDialog
        open={!!excluindo}
        onOpenChange={(v) => !v && setExcluindo(null)}
        titulo="Excluir documento"
        mensagem={excluindo ? MSG.confirmarExcluirDocumento(excluindo.nome_arquivo) : ""}
        rotuloConfirmar="Excluir"
        rotuloConfirmando="Excluindo..."
        perigo
        onConfirmar={() => excluindo && excluir(excluindo)}
      />
    </>
  );
}

import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import { MSG_RESPOSTAS } from "@crm/domain/quick-replies";
import type { TRespostaRapida } from "@crm/domain/schemas/quick-replies";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { MessageSquareText, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { mensagemDeErro } from "../../lib/api";
import { useSessaoAtual } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { Card } from "../../ui/Card";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Dialog } from "../../ui/Dialog";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import { CHAVE_RESPOSTAS, excluirResposta, respostasQuery } from "./api";
import { QuickReplyForm } from "./QuickReplyForm";

/**
 * /respostas-rapidas (decision 1838): the company's quick replies (the admin changes them) and the person's own;
 * each is offered in the chat when the message box starts with '/'.
 */
export function QuickRepliesPage() {
  useDocumentTitle("Respostas rápidas");
  const { usuario } = useSessaoAtual();
  if (!pode(usuario.papel, "respostas.usar"))
    return <AccessDenied titulo={MSG.acessoNegadoTitulo} mensagem={MSG_RESPOSTAS.acessoNegado} />;
  return <Respostas podeEmpresa={pode(usuario.papel, "respostas.empresa")} />;
}

function Respostas({ podeEmpresa }: { podeEmpresa: boolean }) {
  const qc = useQueryClient();
  const q = useQuery(respostasQuery());
  const [editando, setEditando] = useState<TRespostaRapida | "nova" | null>(null);
  const [excluir, setExcluir] = useState<TRespostaRapida | null>(null);
  const podeMudar = (r: TRespostaRapida) => r.escopo === "pessoal" || podeEmpresa;

  let corpo: React.ReactNode;
  if (q.isPending)
    corpo = (
      <div className="flex justify-center py-16">
        <Spinner rotulo={MSG_RESPOSTAS.carregando} className="size-6 text-blue-700" />
      </div>
    );
  else if (q.isError)
    corpo = (
      <Card>
        <EmptyState titulo={MSG_RESPOSTAS.erroCarregar} acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>} />
      </Card>
    );
  else if (!q.data.length)
    corpo = (
      <Card>
        <EmptyState icone={MessageSquareText} titulo={MSG_RESPOSTAS.semRespostas} descricao={MSG_RESPOSTAS.semRespostasDica} />
      </Card>
    );
  else
    corpo = (
      <ul className="space-y-2" aria-label="Respostas rápidas">
        {q.data.map((r) => (
          <li key={r.id} className="rounded-lg border border-slate-200 bg-white p-3">
            <div className="flex flex-wrap items-center gap-2">
              <p className="font-mono text-sm font-semibold text-blue-800">/{r.atalho}</p>
              <p className="min-w-0 font-medium break-words text-slate-900">{r.titulo}</p>
              <Badge variante={r.escopo === "empresa" ? "azul" : "roxo"}>
                {r.escopo === "empresa" ? "Da empresa" : "Pessoal"}
              </Badge>
              {podeMudar(r) && (
                <div className="ml-auto flex gap-1">
                  <Button
                    size="icon"
                    variant="ghost"
                    className="size-8"
                    aria-label={`Editar /${r.atalho}`}
                    onClick={() => setEditando(r)}
                  >
                    <Pencil className="size-4" aria-hidden="true" />
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    className="size-8"
                    aria-label={`Excluir /${r.atalho}`}
                    onClick={() => setExcluir(r)}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </Button>
                </div>
              )}
            </div>
            <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-700">{r.conteudo}</p>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold text-slate-900">Respostas rápidas</h1>
          <p className="mt-1 text-sm text-slate-600">
            No chat, digite / na caixa de mensagem para escolher uma; as variáveis são preenchidas com os dados do lead.
          </p>
        </div>
        <Button onClick={() => setEditando("nova")}>
          <Plus className="size-4" aria-hidden="true" />
          Nova resposta
        </Button>
      </div>
      {corpo}
      <Dialog
        open={!!editando}
        onOpenChange={(v) => !v && setEditando(null)}
        titulo={editando === "nova" ? "Nova resposta rápida" : "Editar resposta rápida"}
        className="max-w-xl"
      >
        {editando && (
          <QuickReplyForm
            resposta={editando === "nova" ? null : editando}
            onSalva={() => setEditando(null)}
            onCancelar={() => setEditando(null)}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={!!excluir}
        onOpenChange={(v) => !v && setExcluir(null)}
        titulo="Excluir resposta rápida"
        mensagem={`Tem certeza que deseja excluir a resposta rápida "/${excluir?.atalho ?? ""}"?`}
        rotuloConfirmar="Excluir"
        rotuloConfirmando="Excluindo..."
        perigo
        onConfirmar={async () => {
          try {
            await excluirResposta((excluir as TRespostaRapida).id);
            toast.success(MSG_RESPOSTAS.excluida);
            await qc.invalidateQueries({ queryKey: CHAVE_RESPOSTAS });
          } catch (e) {
            toast.error(mensagemDeErro(e, MSG_RESPOSTAS.erroExcluir));
            throw e;
          }
        }}
      />
    </div>
  );
}

import type { TEtiqueta } from "@crm/domain/schemas/tags";
import { MSG_ETIQUETAS } from "@crm/domain/tags";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Pencil, Plus, Tags, Trash2 } from "lucide-react";
import { useState } from "react";
import { mensagemDeErro } from "../../lib/api";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import { CHAVE_ETIQUETAS, etiquetasQuery, excluirEtiqueta } from "./api";
import { TagChip } from "./TagChip";
import { TagFormDialog } from "./TagFormDialog";

type TEdicao = { tipo: "nova" } | { tipo: "editar" | "excluir"; etiqueta: TEtiqueta } | null;

/** 'Etiquetas' in the company settings (decision 1833): the admin creates, renames, recolours and deletes tags. */
export function TagsSettingsCard() {
  const qc = useQueryClient();
  const q = useQuery(etiquetasQuery);
  const [edicao, setEdicao] = useState<TEdicao>(null);
  const fechar = () => setEdicao(null);
  async function excluir(e: TEtiqueta) {
    try {
      await excluirEtiqueta(e.id);
      toast.success(MSG_ETIQUETAS.excluida);
      await qc.invalidateQueries({ queryKey: CHAVE_ETIQUETAS });
      void qc.invalidateQueries({ queryKey: ["chat"] });
    } catch (err) {
      toast.error(mensagemDeErro(err, MSG_ETIQUETAS.erroExcluir));
      throw err;
    }
  }
  return (
    <Card aria-labelledby="titulo-etiquetas">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <div>
          <CardTitle id="titulo-etiquetas">Etiquetas</CardTitle>
          <p className="text-sm text-slate-600">Os consultores aplicam as etiquetas aos leads no chat, no quadro e em /leads.</p>
        </div>
        {q.data && q.data.length > 0 && (
          <Button size="sm" onClick={() => setEdicao({ tipo: "nova" })}>
            <Plus className="size-4" aria-hidden="true" />
            Nova etiqueta
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {q.isPending ? (
          <Spinner rotulo="Carregando etiquetas" className="size-5 text-blue-700" />
        ) : q.isError ? (
          <div className="space-y-2">
            <p className="text-sm text-red-700">{MSG_ETIQUETAS.erroCarregar}</p>
            <Button variant="outline" onClick={() => q.refetch()}>
              Tentar Novamente
            </Button>
          </div>
        ) : q.data.length === 0 ? (
          <EmptyState
            icone={Tags}
            titulo={MSG_ETIQUETAS.semEtiquetas}
            descricao={MSG_ETIQUETAS.semEtiquetasDescricao}
            className="py-6"
            acao={
              <Button onClick={() => setEdicao({ tipo: "nova" })}>
                <Plus className="size-4" aria-hidden="true" />
                Nova etiqueta
              </Button>
            }
          />
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Etiquetas da empresa">
            {q.data.map((e) => (
              <li key={e.id} className="flex items-center gap-2 py-2">
                <TagChip etiqueta={e} className="mr-auto" />
                <Button
                  size="icon"
                  variant="ghost"
                  className="size-9"
                  aria-label={`Editar etiqueta ${e.nome}`}
                  onClick={() => setEdicao({ tipo: "editar", etiqueta: e })}
                >
                  <Pencil className="size-4" aria-hidden="true" />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  className="size-9 text-red-700 hover:bg-red-50"
                  aria-label={`Excluir etiqueta ${e.nome}`}
                  onClick={() => setEdicao({ tipo: "excluir", etiqueta: e })}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {edicao?.tipo === "nova" && <TagFormDialog onFechar={fechar} />}
      {edicao?.tipo === "editar" && <TagFormDialog etiqueta={edicao.etiqueta} onFechar={fechar} />}
      <ConfirmDialog
        open={edicao?.tipo === "excluir"}
        onOpenChange={(v) => !v && fechar()}
        titulo="Excluir etiqueta"
        mensagem={edicao?.tipo === "excluir" ? MSG_ETIQUETAS.confirmarExclusao(edicao.etiqueta.nome) : ""}
        rotuloConfirmar="Excluir"
        rotuloConfirmando="Excluindo..."
        perigo
        onConfirmar={() => edicao?.tipo === "excluir" && excluir(edicao.etiqueta)}
      />
    </Card>
  );
}

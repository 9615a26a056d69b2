import { MSG_ETIQUETAS } from "@crm/domain/tags";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { mensagemDeErro } from "../../lib/api";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import { chaveEtiquetasDoLead, definirEtiquetasDoLead, etiquetasDoLeadQuery, etiquetasQuery } from "./api";
import { TagChip } from "./TagChip";

type Props = { leadId: string; leadNome: string; onFechar: () => void; aoSalvar?: () => unknown };

/** Puts tags on one lead and takes them off (the chat, the board card): the whole set is saved at once (decision 1833). */
export function LeadTagsDialog({ leadId, leadNome, onFechar, aoSalvar }: Props) {
  const qc = useQueryClient();
  const todas = useQuery(etiquetasQuery);
  const doLead = useQuery(etiquetasDoLeadQuery(leadId));
  const [marcadas, setMarcadas] = useState<Set<string> | null>(null);
  const [salvando, setSalvando] = useState(false);
  const escolhidas = marcadas ?? new Set(doLead.data?.map((e) => e.id));
  const alternar = (id: string, sim: boolean) => {
    const n = new Set(escolhidas);
    sim ? n.add(id) : n.delete(id);
    setMarcadas(n);
  };
  async function salvar() {
    setSalvando(true);
    try {
      const novas = await definirEtiquetasDoLead(leadId, [...escolhidas]);
      qc.setQueryData(chaveEtiquetasDoLead(leadId), novas);
      toast.success(MSG_ETIQUETAS.salvas);
      await aoSalvar?.();
      onFechar();
    } catch (e) {
      toast.error(mensagemDeErro(e, MSG_ETIQUETAS.erroSalvar));
    } finally {
      setSalvando(false);
    }
  }
  const carregando = todas.isPending || doLead.isPending;
  const erro = todas.isError || doLead.isError;
  return (
    <Dialog
      open
      onOpenChange={(v) => !v && !salvando && onFechar()}
      titulo="Etiquetas do lead"
      descricao={`Escolha as etiquetas de ${leadNome}.`}
      rodape={
        <>
          <Button variant="outline" onClick={onFechar} disabled={salvando}>
            Cancelar
          </Button>
          <Button onClick={salvar} carregando={salvando} disabled={carregando || erro || !todas.data?.length}>
            {salvando ? "Salvando..." : "Salvar"}
          </Button>
        </>
      }
    >
      {carregando ? (
        <Spinner rotulo="Carregando etiquetas" className="size-5 text-blue-700" />
      ) : erro ? (
        <div className="space-y-2">
          <p className="text-sm text-red-700">{MSG_ETIQUETAS.erroCarregar}</p>
          <Button
            variant="outline"
            onClick={() => {
              void todas.refetch();
              void doLead.refetch();
            }}
          >
            Tentar Novamente
          </Button>
        </div>
      ) : todas.data.length === 0 ? (
        <p className="text-sm text-slate-700">{MSG_ETIQUETAS.semEtiquetasParaAplicar}</p>
      ) : (
        <fieldset>
          <legend className="sr-only">Etiquetas</legend>
          <ul className="grid gap-1 sm:grid-cols-2">
            {todas.data.map((e) => (
              <li key={e.id}>
                <label className="flex min-h-10 cursor-pointer items-center gap-2 rounded-md px-2 hover:bg-slate-50">
                  <input
                    type="checkbox"
                    className="size-4 accent-blue-700"
                    checked={escolhidas.has(e.id)}
                    onChange={(ev) => alternar(e.id, ev.target.checked)}
                  />
                  <TagChip etiqueta={e} />
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </Dialog>
  );
}

import type { TEtiqueta } from "@crm/domain/schemas/tags";
import { MSG_ETIQUETAS } from "@crm/domain/tags";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { mensagemDeErro } from "../../lib/api";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import { etiquetasEmMassa, etiquetasQuery } from "./api";
import { TagChip } from "./TagChip";

type TAcao = "manter" | "adicionar" | "remover";
type Props = { leadIds: string[]; onFechar: (mudou: boolean) => void; aoSalvar?: () => unknown };

/** /leads in bulk: each tag is added to, removed from, or left as it is on the selected leads (decision 1833). */
export function BulkTagsDialog({ leadIds, onFechar, aoSalvar }: Props) {
  const todas = useQuery(etiquetasQuery);
  const [acoes, setAcoes] = useState<Record<string, TAcao>>({});
  const [salvando, setSalvando] = useState(false);
  const com = (a: TAcao) => Object.keys(acoes).filter((id) => acoes[id] === a);
  async function salvar() {
    const [adicionar, remover] = [com("adicionar"), com("remover")];
    if (!adicionar.length && !remover.length) return toast.error(MSG_ETIQUETAS.nenhumaEscolhida);
    setSalvando(true);
    try {
      const r = await etiquetasEmMassa({ leadIds, adicionar, remover });
      toast.success(MSG_ETIQUETAS.emMassaFeito(r.alterados));
      await aoSalvar?.();
      onFechar(true);
    } catch (e) {
      toast.error(mensagemDeErro(e, MSG_ETIQUETAS.erroSalvar));
    } finally {
      setSalvando(false);
    }
  }
  const n = leadIds.length;
  return (
    <Dialog
      open
      onOpenChange={(v) => !v && !salvando && onFechar(false)}
      titulo="Etiquetas dos leads selecionados"
      descricao={`Adicione ou remova etiquetas ${n === 1 ? "do lead selecionado" : `dos ${n} leads selecionados`}.`}
      rodape={
        <>
          <Button variant="outline" onClick={() => onFechar(false)} disabled={salvando}>
            Cancelar
          </Button>
          <Button onClick={salvar} carregando={salvando} disabled={!todas.data?.length}>
            {salvando ? "Aplicando..." : "Aplicar"}
          </Button>
        </>
      }
    >
      {todas.isPending ? (
        <Spinner rotulo="Carregando etiquetas" className="size-5 text-blue-700" />
      ) : todas.isError ? (
        <div className="space-y-2">
          <p className="text-sm text-red-700">{MSG_ETIQUETAS.erroCarregar}</p>
          <Button variant="outline" onClick={() => todas.refetch()}>
            Tentar Novamente
          </Button>
        </div>
      ) : todas.data.length === 0 ? (
        <p className="text-sm text-slate-700">{MSG_ETIQUETAS.semEtiquetasParaAplicar}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {todas.data.map((e) => (
            <LinhaEtiqueta
              key={e.id}
              etiqueta={e}
              acao={acoes[e.id] ?? "manter"}
              onChange={(a) => setAcoes((s) => ({ ...s, [e.id]: a }))}
            />
          ))}
        </ul>
      )}
    </Dialog>
  );
}

const ROTULOS: Record<TAcao, string> = { manter: "Manter", adicionar: "Adicionar", remover: "Remover" };

/** One tag and its three choices, a radio group named after the tag. */
function LinhaEtiqueta({ etiqueta, acao, onChange }: { etiqueta: TEtiqueta; acao: TAcao; onChange: (a: TAcao) => void }) {
  return (
    <li>
      <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
        <legend className="float-left mr-auto">
          <TagChip etiqueta={etiqueta} />
        </legend>
        {(Object.keys(ROTULOS) as TAcao[]).map((a) => (
          <label key={a} className="flex min-h-8 cursor-pointer items-center gap-1.5 text-sm text-slate-800">
            <input
              type="radio"
              name={`acao-${etiqueta.id}`}
              className="size-4 accent-blue-700"
              checked={acao === a}
              onChange={() => onChange(a)}
            />
            {ROTULOS[a]}
          </label>
        ))}
      </fieldset>
    </li>
  );
}

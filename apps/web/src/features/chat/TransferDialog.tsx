import { ZTransferencia } from "@crm/domain/schemas/transfer";
import { MSG_TRANSFERENCIA } from "@crm/domain/transfer";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../lib/api";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Field } from "../../ui/Field";
import { Select } from "../../ui/Select";
import { Spinner } from "../../ui/Spinner";
import { Textarea } from "../../ui/Textarea";
import { toast } from "../../ui/toast";
import { destinosTransferenciaQuery, transferirLead } from "./api";

type Props = {
  leadId: string;
  leadNome: string;
  /** the consultant who has the lead now: not offered as a destination */
  consultorAtualId: string | null;
  open: boolean;
  onOpenChange: (v: boolean) => void;
  aoTransferir: () => Promise<unknown> | undefined;
};

/** The queue's value in the select (a consultant's is their id). */
const FILA = "fila";

/**
 * 'Transferir' of the chat (decision 1836): to another consultant of the company, online or not, or back to the
 * waiting queue, with a note that says why (required, checked by the domain's schema before the request).
 */
export function TransferDialog({ leadId, leadNome, consultorAtualId, open, onOpenChange, aoTransferir }: Props) {
  const destinos = useQuery({ ...destinosTransferenciaQuery(leadId), enabled: open });
  const [destino, setDestino] = useState("");
  const [nota, setNota] = useState("");
  const [erros, setErros] = useState<{ destino?: string; nota?: string; geral?: string }>({});
  const [salvando, setSalvando] = useState(false);
  const outros = (destinos.data ?? []).filter((d) => d.id !== consultorAtualId);

  const abrir = (v: boolean) => {
    if (v) {
      setDestino("");
      setNota("");
      setErros({});
    }
    onOpenChange(v);
  };

  async function salvar(e: FormEvent) {
    e.preventDefault();
    const pedido = ZTransferencia.safeParse({ consultorId: destino === FILA ? null : destino || undefined, nota });
    if (!pedido.success) {
      const porCampo = Object.fromEntries(pedido.error.issues.map((i) => [String(i.path[0]), i.message]));
      setErros({ destino: porCampo.consultorId && MSG_TRANSFERENCIA.destinoInvalido, nota: porCampo.nota });
      return;
    }
    setErros({});
    setSalvando(true);
    try {
      const r = await transferirLead(leadId, pedido.data);
      toast.success(r.consultorNome ? MSG_TRANSFERENCIA.transferido(r.consultorNome) : MSG_TRANSFERENCIA.devolvidoFila);
      onOpenChange(false);
      await aoTransferir();
    } catch (err) {
      setErros({ geral: err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.erro : MSG_TRANSFERENCIA.erro });
    } finally {
      setSalvando(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={abrir}
      titulo={MSG_TRANSFERENCIA.titulo}
      descricao={`${leadNome}. ${MSG_TRANSFERENCIA.descricao}`}
    >
      <form onSubmit={salvar} noValidate aria-label={MSG_TRANSFERENCIA.titulo} className="mt-4 space-y-3">
        {erros.geral && <Alert tipo="erro">{erros.geral}</Alert>}
        {destinos.isPending ? (
          <Spinner rotulo={MSG_TRANSFERENCIA.carregandoConsultores} className="size-5 text-blue-700" />
        ) : destinos.isError ? (
          <div className="space-y-2">
            <Alert tipo="erro">{MSG_TRANSFERENCIA.erroConsultores}</Alert>
            <Button type="button" variant="outline" onClick={() => destinos.refetch()}>
              Tentar Novamente
            </Button>
          </div>
        ) : (
          <>
            {!outros.length && <Alert tipo="aviso">{MSG_TRANSFERENCIA.semConsultores}</Alert>}
            <Field label={MSG_TRANSFERENCIA.destino} erro={erros.destino}>
              <Select value={destino} onChange={(e) => setDestino(e.target.value)}>
                <option value="">Escolha...</option>
                {outros.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.nome} ({d.online ? MSG_TRANSFERENCIA.online : MSG_TRANSFERENCIA.offline})
                  </option>
                ))}
                {consultorAtualId && <option value={FILA}>{MSG_TRANSFERENCIA.fila}</option>}
              </Select>
            </Field>
          </>
        )}
        <Field label={MSG_TRANSFERENCIA.nota} erro={erros.nota}>
          <Textarea rows={3} maxLength={1000} value={nota} onChange={(e) => setNota(e.target.value)} />
        </Field>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button type="button" variant="outline" onClick={() => abrir(false)}>
            Cancelar
          </Button>
          <Button type="submit" carregando={salvando} disabled={!destinos.isSuccess}>
            {MSG_TRANSFERENCIA.confirmar}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

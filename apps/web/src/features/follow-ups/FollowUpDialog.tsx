import { dataHoraSP, instanteSP, MSG_TAREFAS, TITULO_RETORNO } from "@crm/domain/follow-ups";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../lib/api";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { Textarea } from "../../ui/Textarea";
import { toast } from "../../ui/toast";
import { agendarRetorno, criarTarefa } from "./api";

type Props = {
  leadId: string;
  leadNome: string;
  /** 'retorno': the status button 'Agendar Retorno'; 'tarefa': a task with its own title, status unchanged */
  modo: "retorno" | "tarefa";
  open: boolean;
  onOpenChange: (v: boolean) => void;
  aoSalvar: () => Promise<unknown> | undefined;
};

/** Quick picks, in minutes from now. */
const ATALHOS: [string, number][] = [
  ["Em 1 minuto", 1],
  ["Em 1 hora", 60],
  ["Amanhã", 24 * 60],
];

/**
 * Schedules a follow-up of a lead (decision 1831): a São Paulo date and time, and an optional note; from
 * 'Agendar Retorno' it also moves the lead to 'Aguardando Retorno', from 'Nova tarefa' it asks for a title.
 */
export function FollowUpDialog({ leadId, leadNome, modo, open, onOpenChange, aoSalvar }: Props) {
  const inicial = () => dataHoraSP(new Date(Date.now() + 60 * 60_000));
  const [quando, setQuando] = useState(inicial);
  const [titulo, setTitulo] = useState("");
  const [nota, setNota] = useState("");
  const [erros, setErros] = useState<{ quando?: string; titulo?: string; geral?: string }>({});
  const [salvando, setSalvando] = useState(false);

  const abrir = (v: boolean) => {
    if (v) {
      setQuando(inicial());
      setTitulo("");
      setNota("");
      setErros({});
    }
    onOpenChange(v);
  };

  async function salvar(e: FormEvent) {
    e.preventDefault();
    const vence_em = quando.data && quando.hora ? instanteSP(quando.data, quando.hora) : null;
    const novos: typeof erros = {};
    if (!quando.data || !quando.hora) novos.quando = MSG_TAREFAS.dataHoraObrigatoria;
    else if (!vence_em) novos.quando = MSG_TAREFAS.dataHoraInvalida;
    if (modo === "tarefa" && !titulo.trim()) novos.titulo = MSG_TAREFAS.tituloObrigatorio;
    setErros(novos);
    if (!vence_em || Object.keys(novos).length) return;
    setSalvando(true);
    try {
      const n = nota.trim() || undefined;
      if (modo === "retorno") await agendarRetorno(leadId, { vence_em, nota: n });
      else await criarTarefa(leadId, { vence_em, nota: n, titulo: titulo.trim() });
      toast.success(modo === "retorno" ? MSG_TAREFAS.retornoAgendado : MSG_TAREFAS.tarefaCriada);
      onOpenChange(false);
      await aoSalvar();
    } catch (err) {
      setErros({ geral: err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.erro : MSG_TAREFAS.erroSalvar });
    } finally {
      setSalvando(false);
    }
  }

  const tituloDialogo = modo === "retorno" ? "Agendar retorno" : "Nova tarefa";
  return (
    <Dialog
      open={open}
      onOpenChange={abrir}
      titulo={tituloDialogo}
      descricao={`${modo === "retorno" ? TITULO_RETORNO : "Tarefa"} de ${leadNome}. Você será lembrado na hora (horário de Brasília).`}
    >
      <form onSubmit={salvar} noValidate aria-label={tituloDialogo} className="mt-4 space-y-3">
        {erros.geral && <Alert tipo="erro">{erros.geral}</Alert>}
        {modo === "tarefa" && (
          <Field label="Título" erro={erros.titulo}>
            <Input value={titulo} maxLength={200} onChange={(e) => setTitulo(e.target.value)} />
          </Field>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Data" erro={erros.quando}>
            <Input type="date" value={quando.data} onChange={(e) => setQuando((q) => ({ ...q, data: e.target.value }))} />
          </Field>
          <Field label="Hora">
            <Input type="time" value={quando.hora} onChange={(e) => setQuando((q) => ({ ...q, hora: e.target.value }))} />
          </Field>
        </div>
        <div className="flex flex-wrap gap-2">
          {ATALHOS.map(([rotulo, min]) => (
            <Button
              key={rotulo}
              type="button"
              size="sm"
              variant="outline"
              onClick={() => setQuando(dataHoraSP(new Date(Date.now() + min * 60_000)))}
            >
              {rotulo}
            </Button>
          ))}
        </div>
        <Field label="Observação (opcional)">
          <Textarea rows={2} maxLength={2000} value={nota} onChange={(e) => setNota(e.target.value)} />
        </Field>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button type="button" variant="outline" onClick={() => abrir(false)}>
            Cancelar
          </Button>
          <Button type="submit" carregando={salvando}>
            {salvando ? "Salvando..." : modo === "retorno" ? "Agendar retorno" : "Criar tarefa"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

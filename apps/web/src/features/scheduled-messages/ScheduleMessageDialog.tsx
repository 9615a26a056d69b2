import { dataHoraSP, instanteSP } from "@crm/domain/follow-ups";
import { MSG_AGENDADAS, ROTULO_TIPO_AGENDAMENTO, type TTipoAgendamento } from "@crm/domain/scheduled-messages";
import type { TEnviarTemplate } from "@crm/domain/schemas/chat";
import type { TAgendamento } from "@crm/domain/schemas/scheduled-messages";
import { ACEITA_DOCUMENTO, ACEITA_IMAGEM, problemaDoAnexo } from "@crm/domain/whatsapp";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../lib/api";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { Select } from "../../ui/Select";
import { Textarea } from "../../ui/Textarea";
import { toast } from "../../ui/toast";
import { agendarArquivo, agendarTexto, aprovadosQuery, CHAVE_AGENDADAS, editarAgendamento } from "./api";

type Props = {
  leadId: string;
  leadNome: string;
  open: boolean;
  onOpenChange: (v: boolean) => void;
  /** the composer's text, to start from */
  textoInicial?: string;
  /** editing a pending schedule: its time, text, option and template change; its kind and file stay */
  editando?: TAgendamento | null;
};

/** Quick picks, in minutes from now. */
const ATALHOS: [string, number][] = [
  ["Em 1 minuto", 1],
  ["Em 1 hora", 60],
  ["Amanhã", 24 * 60],
];
/** A template's variables {{1}} … {{n}}, by number. */
const numerosDasVariaveis = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const chaveModelo = (m: Pick<TEnviarTemplate, "nome" | "idioma">) => `${m.nome}|${m.idioma}`;

/**
 * 'Agendar mensagem' (decision 1885): a text, image or document for a São Paulo date and time, cancelled if the lead
 * writes first (on by default), with an approved template to send instead when the 24-hour window will be closed
 * (decision 1887). Also edits a pending schedule from the chat or 'Mensagens agendadas'.
 */
export function ScheduleMessageDialog({ leadId, leadNome, open, onOpenChange, textoInicial = "", editando }: Props) {
  const qc = useQueryClient();
  const inicial = () => ({
    tipo: (editando?.tipo ?? "text") as TTipoAgendamento,
    texto: editando?.texto ?? textoInicial,
    quando: editando ? dataHoraSP(new Date(editando.agendada_para)) : dataHoraSP(new Date(Date.now() + 60 * 60_000)),
    cancelar: editando?.cancelar_se_lead_escrever ?? true,
    modelo: editando?.modelo ? chaveModelo(editando.modelo) : "",
    parametros: editando?.modelo?.parametros ?? [],
  });
  const [f, setF] = useState(inicial);
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [erros, setErros] = useState<{ quando?: string; texto?: string; arquivo?: string; modelo?: string; geral?: string }>({});
  const [salvando, setSalvando] = useState(false);
  const [progresso, setProgresso] = useState<number | null>(null);
  const modelos = useQuery({ ...aprovadosQuery(leadId), enabled: open });
  const aprovados = modelos.data?.aprovados ?? [];
  const escolhido = aprovados.find((m) => chaveModelo(m) === f.modelo);

  const abrir = (v: boolean) => {
    if (v) {
      setF(inicial());
      setArquivo(null);
      setErros({});
      setProgresso(null);
    }
    onOpenChange(v);
  };

  async function salvar(e: FormEvent) {
    e.preventDefault();
    const agendada_para = f.quando.data && f.quando.hora ? instanteSP(f.quando.data, f.quando.hora) : null;
    const novos: typeof erros = {};
    if (!agendada_para) novos.quando = MSG_AGENDADAS.dataHoraInvalida;
    else if (new Date(agendada_para).getTime() < Date.now() - 60_000) novos.quando = MSG_AGENDADAS.dataNoPassado;
    if (f.tipo === "text" && !f.texto.trim()) novos.texto = MSG_AGENDADAS.textoObrigatorio;
    if (!editando && f.tipo !== "text") {
      if (!arquivo) novos.arquivo = MSG_AGENDADAS.arquivoObrigatorio;
      else {
        const p = problemaDoAnexo(f.tipo, { nome: arquivo.name, tamanho: arquivo.size, mime: arquivo.type });
        if (p) novos.arquivo = p;
      }
    }
    const modelo: TEnviarTemplate | null = escolhido
      ? { nome: escolhido.nome, idioma: escolhido.idioma, parametros: f.parametros.slice(0, escolhido.parametros) }
      : null;
    if (modelo && modelo.parametros.filter((p) => p.trim()).length !== escolhido?.parametros)
      novos.modelo = "Preencha todas as variáveis do modelo.";
    setErros(novos);
    if (!agendada_para || Object.keys(novos).length) return;
    setSalvando(true);
    try {
      const base = { agendada_para, cancelar_se_lead_escrever: f.cancelar, modelo };
      if (editando) await editarAgendamento(editando.id, { ...base, texto: f.texto.trim() });
      else if (f.tipo === "text") await agendarTexto(leadId, { ...base, texto: f.texto.trim() });
      else
        await agendarArquivo(leadId, { ...base, tipo: f.tipo, arquivo: arquivo as File, legenda: f.texto.trim() }, setProgresso);
      toast.success(editando ? MSG_AGENDADAS.salva : MSG_AGENDADAS.agendada);
      onOpenChange(false);
      await qc.invalidateQueries({ queryKey: CHAVE_AGENDADAS });
    } catch (err) {
      const erro = err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.erro : MSG_AGENDADAS.erroSalvar;
      setErros(err instanceof ApiError && err.campos?.modelo ? { modelo: err.campos.modelo } : { geral: erro });
    } finally {
      setSalvando(false);
      setProgresso(null);
    }
  }

  const titulo = editando ? "Editar mensagem agendada" : MSG_AGENDADAS.agendar;
  return (
    <Dialog open={open} onOpenChange={abrir} titulo={titulo} descricao={`Para ${leadNome}, no horário de Brasília.`}>
      <form onSubmit={salvar} noValidate aria-label={titulo} className="mt-4 space-y-3">
        {erros.geral && <Alert tipo="erro">{erros.geral}</Alert>}
        {!editando && (
          <Field label={MSG_AGENDADAS.tipo}>
            <Select
              value={f.tipo}
              onChange={(e) => {
                setF((x) => ({ ...x, tipo: e.target.value as TTipoAgendamento }));
                setArquivo(null);
              }}
            >
              {(Object.keys(ROTULO_TIPO_AGENDAMENTO) as TTipoAgendamento[]).map((t) => (
                <option key={t} value={t}>
                  {ROTULO_TIPO_AGENDAMENTO[t]}
                </option>
              ))}
            </Select>
          </Field>
        )}
        {!editando && f.tipo !== "text" && (
          <Field label={MSG_AGENDADAS.arquivo} erro={erros.arquivo}>
            <Input
              type="file"
              accept={f.tipo === "image" ? ACEITA_IMAGEM : ACEITA_DOCUMENTO}
              onChange={(e) => setArquivo(e.target.files?.[0] ?? null)}
            />
          </Field>
        )}
        {editando?.arquivo_nome && <p className="text-sm break-words text-slate-700">Arquivo: {editando.arquivo_nome}</p>}
        <Field label={f.tipo === "text" ? MSG_AGENDADAS.mensagem : MSG_AGENDADAS.legenda} erro={erros.texto}>
          <Textarea
            rows={3}
            maxLength={f.tipo === "text" ? 4096 : 1024}
            value={f.texto}
            onChange={(e) => setF((x) => ({ ...x, texto: e.target.value }))}
          />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label={MSG_AGENDADAS.data} erro={erros.quando}>
            <Input
              type="date"
              value={f.quando.data}
              onChange={(e) => setF((x) => ({ ...x, quando: { ...x.quando, data: e.target.value } }))}
            />
          </Field>
          <Field label={MSG_AGENDADAS.hora}>
            <Input
              type="time"
              value={f.quando.hora}
              onChange={(e) => setF((x) => ({ ...x, quando: { ...x.quando, hora: e.target.value } }))}
            />
          </Field>
        </div>
        <div className="flex flex-wrap gap-2">
          {ATALHOS.map(([rotulo, min]) => (
            <Button
              key={rotulo}
              type="button"
              size="sm"
              variant="outline"
              onClick={() => setF((x) => ({ ...x, quando: dataHoraSP(new Date(Date.now() + min * 60_000)) }))}
            >
              {rotulo}
            </Button>
          ))}
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4"
            checked={f.cancelar}
            onChange={(e) => setF((x) => ({ ...x, cancelar: e.target.checked }))}
          />
          {MSG_AGENDADAS.cancelarSeLeadEscrever}
        </label>
        <Field label={MSG_AGENDADAS.modeloForaDaJanela} erro={erros.modelo}>
          <Select
            value={f.modelo}
            onChange={(e) => setF((x) => ({ ...x, modelo: e.target.value, parametros: [] }))}
            disabled={modelos.isPending}
          >
            <option value="">{modelos.isPending ? "Carregando modelos..." : MSG_AGENDADAS.semModelo}</option>
            {aprovados.map((m) => (
              <option key={chaveModelo(m)} value={chaveModelo(m)}>
                {m.nome} ({m.idioma})
              </option>
            ))}
          </Select>
        </Field>
        {escolhido && escolhido.parametros > 0 && (
          <div className="space-y-2">
            <p className="text-sm break-words text-slate-600">{escolhido.corpo}</p>
            {numerosDasVariaveis(escolhido.parametros).map((v) => (
              <Field key={v} label={`Variável {{${v}}}`}>
                <Input
                  value={f.parametros[v - 1] ?? ""}
                  maxLength={1024}
                  onChange={(e) =>
                    setF((x) => {
                      const p = [...x.parametros];
                      p[v - 1] = e.target.value;
                      return { ...x, parametros: p };
                    })
                  }
                />
              </Field>
            ))}
          </div>
        )}
        {progresso !== null && (
          <progress className="h-2 w-full" max={1} value={progresso} aria-label="Progresso do envio">
            {Math.round(progresso * 100)}%
          </progress>
        )}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button type="button" variant="outline" onClick={() => abrir(false)}>
            {MSG_AGENDADAS.fechar}
          </Button>
          <Button type="submit" carregando={salvando}>
            {salvando ? "Salvando..." : editando ? MSG_AGENDADAS.salvar : MSG_AGENDADAS.agendar}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

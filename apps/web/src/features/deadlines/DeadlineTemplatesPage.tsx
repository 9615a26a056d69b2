import { MSG_PRAZOS } from "@crm/domain/deadlines";
import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import { contar } from "@crm/domain/plural";
import {
  type TModeloPrazo,
  type TSalvarModeloPrazo,
  type TSalvarModeloPrazoEntrada,
  ZSalvarModeloPrazo,
} from "@crm/domain/schemas/deadlines";
import { STATUS_JURIDICO } from "@crm/domain/status";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { ApiError, mensagemDeErro } from "../../lib/api";
import { aplicarErrosDoServidor } from "../../lib/formErrors";
import { useSessaoAtual } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Card } from "../../ui/Card";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { EmptyState } from "../../ui/EmptyState";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { Select } from "../../ui/Select";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import { CHAVE_PRAZOS, criarModeloPrazo, editarModeloPrazo, excluirModeloPrazo, modelosPrazosQuery } from "./api";

/**
 * /prazos/modelos ('Modelos de prazos', decision 1106): the task chains per legal status, edited by the Admin Empresa.
 * Entering a status creates its tasks in the process, once, due in their working days.
 */
export function DeadlineTemplatesPage() {
  useDocumentTitle("Modelos de prazos");
  const { usuario } = useSessaoAtual();
  if (!pode(usuario.papel, "prazos.modelos")) {
    return <AccessDenied titulo={MSG.acessoNegadoTitulo} mensagem={MSG_PRAZOS.apenasAdminModelos} />;
  }
  return <Modelos />;
}

function Modelos() {
  const qc = useQueryClient();
  const q = useQuery(modelosPrazosQuery());
  const [editando, setEditando] = useState<string | null>(null);
  const [excluindo, setExcluindo] = useState<TModeloPrazo | null>(null);
  const atualizar = () => qc.invalidateQueries({ queryKey: CHAVE_PRAZOS });

  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <div>
        <Link to="/prazos" className="inline-flex items-center gap-1 text-sm text-blue-700 hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Meus prazos
        </Link>
        <h1 className="mt-1 text-2xl font-bold text-slate-900">Modelos de prazos</h1>
        <p className="mt-1 text-sm text-slate-600">
          Quando um processo entra num status jurídico, as tarefas desse status são criadas nele uma única vez, com data fatal em
          dias úteis (sem fins de semana e feriados nacionais) e o profissional jurídico do processo como responsável.
        </p>
      </div>

      <Card className="p-4">
        <h2 className="mb-3 text-sm font-semibold text-slate-900">Adicionar tarefa</h2>
        <TemplateForm
          onSalvar={async (dados) => {
            await criarModeloPrazo(dados);
            toast.success(MSG_PRAZOS.modeloSalvo);
            await atualizar();
          }}
          limparAoSalvar
        />
      </Card>

      {q.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner rotulo="Carregando modelos" className="size-6 text-blue-700" />
        </div>
      ) : q.isError ? (
        <Card>
          <EmptyState
            titulo="Erro ao carregar os modelos. Tente novamente."
            acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>}
          />
        </Card>
      ) : (
        STATUS_JURIDICO.map((s) => {
          const itens = q.data.filter((m) => m.status_juridico === s);
          return (
            <section key={s} aria-label={s}>
              <h2 className="mb-2 text-sm font-semibold text-slate-900">{s}</h2>
              <Card className="p-0">
                {itens.length === 0 ? (
                  <p className="p-3 text-sm text-slate-600">{MSG_PRAZOS.nenhumModelo}</p>
                ) : (
                  <ul className="divide-y divide-slate-100">
                    {itens.map((m) =>
                      editando === m.id ? (
                        <li key={m.id} className="p-3">
                          <TemplateForm
                            modelo={m}
                            onCancelar={() => setEditando(null)}
                            onSalvar={async (dados) => {
                              await editarModeloPrazo(m.id, dados);
                              toast.success(MSG_PRAZOS.modeloSalvo);
                              setEditando(null);
                              await atualizar();
                            }}
                          />
                        </li>
                      ) : (
                        <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                          <span className="min-w-0 break-words">
                            <span className="font-medium text-slate-900">{m.titulo}</span>
                            <span className="text-slate-700"> · em {contar(m.dias_uteis, "dia útil", "dias úteis")}</span>
                          </span>
                          <span className="flex gap-1">
                            <Button
                              size="sm"
                              variant="ghost"
                              aria-label={`Editar tarefa ${m.titulo}`}
                              onClick={() => setEditando(m.id)}
                            >
                              <Pencil className="size-4" aria-hidden="true" />
                            </Button>
                            <Button
                              size="sm"
                              variant="ghost"
                              aria-label={`Excluir tarefa ${m.titulo}`}
                              onClick={() => setExcluindo(m)}
                            >
                              <Trash2 className="size-4 text-red-700" aria-hidden="true" />
                            </Button>
                          </span>
                        </li>
                      ),
                    )}
                  </ul>
                )}
              </Card>
            </section>
          );
        })
      )}
      <ConfirmDialog
        open={!!excluindo}
        onOpenChange={(v) => !v && setExcluindo(null)}
        titulo="Excluir tarefa do modelo"
        mensagem={MSG_PRAZOS.confirmarExcluirModelo}
        rotuloConfirmar="Excluir"
        rotuloConfirmando="Excluindo..."
        perigo
        onConfirmar={async () => {
          if (!excluindo) return;
          try {
            await excluirModeloPrazo(excluindo.id);
            toast.success(MSG_PRAZOS.modeloExcluido);
            setExcluindo(null);
            await atualizar();
          } catch (e) {
            toast.error(mensagemDeErro(e, MSG_PRAZOS.erroSalvarPrazo));
          }
        }}
      />
    </div>
  );
}

const CAMPOS = ["status_juridico", "titulo", "dias_uteis"] as const;

function TemplateForm({
  modelo,
  onSalvar,
  onCancelar,
  limparAoSalvar,
}: {
  modelo?: TModeloPrazo;
  onSalvar: (d: TSalvarModeloPrazo) => Promise<unknown>;
  onCancelar?: () => void;
  limparAoSalvar?: boolean;
}) {
  const [erro, setErro] = useState<string | null>(null);
  const inicial: TSalvarModeloPrazoEntrada = {
    status_juridico: modelo?.status_juridico ?? "Documentação Solicitada",
    titulo: modelo?.titulo ?? "",
    dias_uteis: modelo?.dias_uteis ?? 5,
  };
  const form = useForm<TSalvarModeloPrazoEntrada, unknown, TSalvarModeloPrazo>({
    resolver: zodResolver(ZSalvarModeloPrazo),
    defaultValues: inicial,
  });
  const { errors, isSubmitting } = form.formState;
  const salvar = form.handleSubmit(async (d) => {
    setErro(null);
    try {
      await onSalvar(d);
      if (limparAoSalvar) form.reset(inicial);
    } catch (e) {
      if (aplicarErrosDoServidor(e, form.setError, CAMPOS)) return;
      setErro(e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.erro : MSG_PRAZOS.erroSalvarPrazo);
    }
  });
  return (
    <form
      onSubmit={salvar}
      noValidate
      className="space-y-3"
      aria-label={modelo ? "Editar tarefa do modelo" : "Nova tarefa do modelo"}
    >
      {erro && <Alert tipo="erro">{erro}</Alert>}
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_8rem]">
        <Field label="Status jurídico" erro={errors.status_juridico?.message}>
          <Select {...form.register("status_juridico")}>
            {STATUS_JURIDICO.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Tarefa" erro={errors.titulo?.message}>
          <Input {...form.register("titulo")} placeholder="Cobrar documentos" />
        </Field>
        <Field label="Dias úteis" erro={errors.dias_uteis?.message}>
          <Input type="number" inputMode="numeric" min={0} max={365} {...form.register("dias_uteis")} />
        </Field>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {onCancelar && (
          <Button type="button" variant="outline" size="sm" onClick={onCancelar}>
            Cancelar
          </Button>
        )}
        <Button type="submit" size="sm" carregando={isSubmitting}>
          {isSubmitting ? "Salvando..." : modelo ? "Salvar tarefa" : "Adicionar tarefa"}
        </Button>
      </div>
    </form>
  );
}

import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import type { TLeadChat, TMensagem, TModelo, TTemplateAprovado } from "@crm/domain/schemas/chat";
import { CATEGORIAS_MODELO, preencherModelo, renderizarTemplateProvedor } from "@crm/domain/templates";
import { mensagemJanelaFechada } from "@crm/domain/whatsapp";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { mensagemDeErro } from "../../lib/api";
import { useSessaoAtual } from "../../lib/session";
import { Alert } from "../../ui/Alert";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Dialog } from "../../ui/Dialog";
import { EmptyState } from "../../ui/EmptyState";
import { Input } from "../../ui/Input";
import { Spinner } from "../../ui/Spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../ui/Tabs";
import { toast } from "../../ui/toast";
import { enviarTemplate, excluirModelo, modelosQuery } from "./api";
import { TemplateForm } from "./TemplateForm";

type Props = {
  open: boolean;
  onOpenChange: (v: boolean) => void;
  leadId: string;
  chat: TLeadChat;
  onUsar: (texto: string) => void;
  onEnviada: (m: TMensagem) => void;
};

/**
 * Templates (001 'Lead chat'): the six built-in ones by category plus the company's own (create, edit,
 * delete) fill the message box; outside the 24-hour window only the provider-approved ones can be sent.
 */
export function TemplatesDialog({ open, onOpenChange, leadId, chat, onUsar, onEnviada }: Props) {
  const sessao = useSessaoAtual();
  const qc = useQueryClient();
  const q = useQuery({ ...modelosQuery(leadId), enabled: open });
  const fechada = chat.whatsapp.janela.aplica && !chat.whatsapp.janela.aberta;
  const [categoria, setCategoria] = useState<string>("Todos");
  const [editando, setEditando] = useState<TModelo | "novo" | null>(null);
  const [excluir, setExcluir] = useState<TModelo | null>(null);
  const podeGerenciar = pode(sessao.usuario.papel, "modelos.gerenciar") && sessao.empresa?.id === chat.lead.id_empresa_fk;
  const variaveis = { nome: chat.lead.nome, consultor: sessao.usuario.nome, empresa: chat.empresa.nome };
  const recarregar = () => qc.invalidateQueries({ queryKey: modelosQuery(leadId).queryKey });
  const modelos = (q.data?.modelos ?? []).filter((m) => categoria === "Todos" || m.categoria === categoria);

  return (
    <Dialog open={open} onOpenChange={onOpenChange} titulo="Modelos de Mensagem" className="max-w-2xl">
      <Tabs defaultValue={fechada ? "aprovados" : "modelos"}>
        <TabsList>
          <TabsTrigger value="modelos">Modelos</TabsTrigger>
          <TabsTrigger value="aprovados">Aprovados pelo WhatsApp</TabsTrigger>
        </TabsList>
        <TabsContent value="modelos">
          {fechada && (
            <Alert tipo="aviso" className="mb-3">
              {mensagemJanelaFechada(chat.whatsapp.janela)}
            </Alert>
          )}
          {editando ? (
            <TemplateForm
              modelo={editando === "novo" ? null : editando}
              onCancelar={() => setEditando(null)}
              onSalvo={() => {
                setEditando(null);
                void recarregar();
              }}
            />
          ) : (
            <>
              <fieldset className="mb-3 flex flex-wrap items-center gap-1">
                <legend className="sr-only">Categorias</legend>
                {["Todos", ...CATEGORIAS_MODELO].map((c) => (
                  <Button
                    key={c}
                    size="sm"
                    variant={categoria === c ? "primary" : "outline"}
                    aria-pressed={categoria === c}
                    onClick={() => setCategoria(c)}
                  >
                    {c}
                  </Button>
                ))}
                {podeGerenciar && (
                  <Button size="sm" variant="secondary" className="ml-auto" onClick={() => setEditando("novo")}>
                    <Plus className="size-4" aria-hidden="true" />
                    Novo modelo
                  </Button>
                )}
              </fieldset>
              {q.isPending ? (
                <Spinner rotulo="Carregando modelos" className="size-5 text-blue-700" />
              ) : (
                <ul className="max-h-[50vh] space-y-2 overflow-y-auto">
                  {modelos.map((m) => (
                    <li key={m.id} className="rounded-md border border-slate-200 p-3">
                      <div className="flex flex-wrap items-center gap-2">
                        <p className="font-medium text-slate-900">{m.nome}</p>
                        <Badge variante="azul">{m.categoria}</Badge>
                        {!m.padrao && <Badge variante="roxo">Da empresa</Badge>}
                        <div className="ml-auto flex gap-1">
                          {!m.padrao && podeGerenciar && (
                            <>
                              <Button
                                size="icon"
                                variant="ghost"
                                className="size-8"
                                aria-label={`Editar ${m.nome}`}
                                onClick={() => setEditando(m)}
                              >
                                <Pencil className="size-4" aria-hidden="true" />
                              </Button>
                              <Button
                                size="icon"
                                variant="ghost"
                                className="size-8"
                                aria-label={`Excluir ${m.nome}`}
                                onClick={() => setExcluir(m)}
                              >
                                <Trash2 className="size-4" aria-hidden="true" />
                              </Button>
                            </>
                          )}
                          <Button
                            size="sm"
                            disabled={fechada}
                            onClick={() => {
                              onUsar(preencherModelo(m.conteudo, variaveis));
                              onOpenChange(false);
                            }}
                          >
                            Usar
                          </Button>
                        </div>
                      </div>
                      <p className="mt-1 text-sm whitespace-pre-wrap text-slate-700">{preencherModelo(m.conteudo, variaveis)}</p>
                    </li>
                  ))}
                  {!modelos.length && <EmptyState titulo="Nenhum modelo nesta categoria" />}
                </ul>
              )}
            </>
          )}
        </TabsContent>
        <TabsContent value="aprovados">
          {q.data?.erroAprovados && (
            <Alert tipo="erro" className="mb-3">
              {q.data.erroAprovados}
            </Alert>
          )}
          {!chat.whatsapp.janela.aplica && (
            <Alert className="mb-3">Este provedor não usa modelos aprovados nem janela de 24 horas: escreva livremente.</Alert>
          )}
          <ul className="max-h-[50vh] space-y-2 overflow-y-auto">
            {(q.data?.aprovados ?? []).map((t) => (
              <TemplateAprovado
                key={`${t.nome}-${t.idioma}`}
                t={t}
                leadId={leadId}
                padroes={[variaveis.nome, variaveis.consultor, variaveis.empresa]}
                onEnviada={(m) => {
                  onEnviada(m);
                  onOpenChange(false);
                }}
              />
            ))}
            {q.data && !q.data.aprovados.length && !q.data.erroAprovados && chat.whatsapp.janela.aplica && (
              <EmptyState
                titulo="Nenhum modelo aprovado"
                descricao="Cadastre e aprove modelos no gerenciador do WhatsApp Business."
              />
            )}
          </ul>
        </TabsContent>
      </Tabs>
      <ConfirmDialog
        open={!!excluir}
        onOpenChange={(v) => !v && setExcluir(null)}
        titulo="Excluir modelo"
        mensagem={`Tem certeza que deseja excluir o modelo "${excluir?.nome ?? ""}"?`}
        rotuloConfirmar="Excluir"
        rotuloConfirmando="Excluindo..."
        perigo
        onConfirmar={async () => {
          try {
            await excluirModelo((excluir as TModelo).id);
            toast.success("Modelo excluído.");
            await recarregar();
          } catch (e) {
            toast.error(mensagemDeErro(e, MSG.erroInterno));
            throw e;
          }
        }}
      />
    </Dialog>
  );
}

function TemplateAprovado({
  t,
  leadId,
  padroes,
  onEnviada,
}: {
  t: TTemplateAprovado;
  leadId: string;
  padroes: string[];
  onEnviada: (m: TMensagem) => void;
}) {
  const primeiro = (s: string, i: number) => (i === 2 ? s : s.split(" ")[0]);
  const [valores, setValores] = useState(() => Array.from({ length: t.parametros }, (_, i) => primeiro(padroes[i] ?? "", i)));
  const [enviando, setEnviando] = useState(false);
  async function enviar() {
    setEnviando(true);
    try {
      onEnviada(await enviarTemplate(leadId, { nome: t.nome, idioma: t.idioma, parametros: valores }));
    } catch (e) {
      toast.error(mensagemDeErro(e, MSG.erroEnviarMensagemChat));
    } finally {
      setEnviando(false);
    }
  }
  return (
    <li className="rounded-md border border-slate-200 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-medium text-slate-900">{t.nome}</p>
        <Badge>{t.idioma}</Badge>
        {t.categoria && <Badge variante="azul">{t.categoria}</Badge>}
      </div>
      <p className="mt-1 text-sm whitespace-pre-wrap text-slate-700">{renderizarTemplateProvedor(t.corpo, valores)}</p>
      {valores.length > 0 && (
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {valores.map((v, i) => (
            <Input
              // biome-ignore lint/suspicious/noArrayIndexKey: positional template variables
              key={i}
              aria-label={`Variável {{${i + 1}}} de ${t.nome}`}
              value={v}
              onChange={(e) => setValores((vs) => vs.map((x, j) => (j === i ? e.target.value : x)))}
            />
          ))}
        </div>
      )}
      <div className="mt-2 flex justify-end">
        <Button size="sm" onClick={enviar} carregando={enviando} disabled={valores.some((v) => !v.trim())}>
          {enviando ? "Enviando..." : "Enviar modelo"}
        </Button>
      </div>
    </li>
  );
}

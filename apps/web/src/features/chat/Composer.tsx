import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import { MSG_RESPOSTAS } from "@crm/domain/quick-replies";
import type { TLeadChat, TMensagem } from "@crm/domain/schemas/chat";
import {
  ACEITA_DOCUMENTO,
  ACEITA_IMAGEM,
  formatarRestante,
  mensagemJanelaFechada,
  problemaDoAnexo,
  type TTipoAnexo,
} from "@crm/domain/whatsapp";
import { BookmarkPlus, CalendarClock, FileText, Image, LayoutTemplate, Paperclip, Send, X } from "lucide-react";
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { mensagemDeErro } from "../../lib/api";
import { useSessaoAtual } from "../../lib/session";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { toast } from "../../ui/toast";
import { SaveQuickReplyDialog } from "../quick-replies/SaveQuickReplyDialog";
import { useQuickReplyPicker } from "../quick-replies/useQuickReplyPicker";
import { ScheduleMessageDialog } from "../scheduled-messages/ScheduleMessageDialog";
import { enviarArquivo, enviarTexto } from "./api";

const ALTURA_MIN = 44;
const ALTURA_MAX = 120;

type Props = {
  leadId: string;
  chat: TLeadChat;
  texto: string;
  onTexto: (t: string) => void;
  onEnviada: (m: TMensagem) => void;
  onAbrirModelos: () => void;
};

/**
 * The message box (001 'Lead chat'): Enter sends, Shift+Enter adds a line, grows from 44 to 120 px;
 * attachments (images; pdf, doc, docx, xls, xlsx, txt; up to 16MB) with upload progress. Sending needs text
 * or a file and a connected WhatsApp; outside the 24-hour window only approved templates can be sent. A '/' first
 * lists the quick replies, and the box's text can be saved as one (decision 1838).
 */
export function Composer({ leadId, chat, texto, onTexto, onEnviada, onAbrirModelos }: Props) {
  const [anexo, setAnexo] = useState<{ tipo: TTipoAnexo; arquivo: File } | null>(null);
  const [enviando, setEnviando] = useState(false);
  const [progresso, setProgresso] = useState<number | null>(null);
  const caixa = useRef<HTMLTextAreaElement>(null);
  const entradaImagem = useRef<HTMLInputElement>(null);
  const entradaDocumento = useRef<HTMLInputElement>(null);
  const { conectado, janela } = chat.whatsapp;
  const fechada = janela.aplica && !janela.aberta;
  const bloqueado = !conectado || fechada;
  const sessao = useSessaoAtual();
  const comRespostas = pode(sessao.usuario.papel, "respostas.usar") && sessao.empresa?.id === chat.lead.id_empresa_fk;
  const [salvarResposta, setSalvarResposta] = useState(false);
  // scheduling (decision 1885): the company's own people who talk to leads; a closed window is no bar (a template is)
  const comAgendar = pode(sessao.usuario.papel, "agendamentos.usar") && sessao.empresa?.id === chat.lead.id_empresa_fk;
  const [agendar, setAgendar] = useState(false);
  const respostas = useQuickReplyPicker({
    leadId,
    texto,
    ativo: comRespostas && !bloqueado,
    onEscolher: (r) => {
      onTexto(r.texto);
      if (r.faltando.length) toast.warning(MSG_RESPOSTAS.faltando(r.faltando));
      caixa.current?.focus();
    },
  });

  // 44 to 120 px, growing with the text
  // biome-ignore lint/correctness/useExhaustiveDependencies: measure again whenever the text changes
  useLayoutEffect(() => {
    const el = caixa.current;
    if (!el) return;
    el.style.height = `${ALTURA_MIN}px`;
    el.style.height = `${Math.min(ALTURA_MAX, Math.max(ALTURA_MIN, el.scrollHeight))}px`;
  }, [texto]);

  function escolher(tipo: TTipoAnexo, lista: FileList | null) {
    const arquivo = lista?.[0];
    if (!arquivo) return;
    const problema = problemaDoAnexo(tipo, { nome: arquivo.name, tamanho: arquivo.size, mime: arquivo.type });
    if (problema === "grande") toast.error(MSG.anexoMuitoGrande);
    else if (problema) toast.error(tipo === "image" ? MSG.anexoTipoImagem : MSG.anexoTipoDocumento);
    else setAnexo({ tipo, arquivo });
  }

  async function enviar() {
    const t = texto.trim();
    if (enviando) return;
    if (!t && !anexo) {
      toast.error(MSG.mensagemVazia);
      return;
    }
    if (!conectado) {
      toast.error(MSG.whatsappNaoConectado);
      return;
    }
    setEnviando(true);
    try {
      const m = anexo
        ? await enviarArquivo(leadId, { tipo: anexo.tipo, arquivo: anexo.arquivo, legenda: t }, setProgresso)
        : await enviarTexto(leadId, t);
      onEnviada(m);
      onTexto("");
      setAnexo(null);
    } catch (e) {
      toast.error(mensagemDeErro(e, anexo ? MSG.erroEnviarMidiaChat : MSG.erroEnviarMensagemChat));
    } finally {
      setEnviando(false);
      setProgresso(null);
      caixa.current?.focus();
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (respostas.onKeyDown(e)) return;
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void enviar();
    }
  }

  return (
    <div className="border-t border-slate-200 bg-white px-3 py-2">
      {!conectado && (
        <Alert tipo="aviso" className="mb-2">
          {MSG.whatsappNaoConectado}{" "}
          <Link to="/whatsapp-connection" className="font-medium underline">
            Abrir conexão do WhatsApp
          </Link>
        </Alert>
      )}
      {conectado && fechada && (
        <Alert tipo="aviso" className="mb-2">
          <p>{mensagemJanelaFechada(janela)}</p>
          <Button size="sm" className="mt-2" onClick={onAbrirModelos}>
            <LayoutTemplate className="size-4" aria-hidden="true" />
            Enviar modelo aprovado
          </Button>
        </Alert>
      )}
      {conectado && janela.aplica && janela.aberta && (
        <p className="mb-1 text-xs text-slate-600" data-testid="janela">
          Janela de atendimento de 24 horas aberta: {formatarRestante(janela.restanteMs)} restantes
        </p>
      )}
      {anexo && (
        <div className="mb-2 flex items-center gap-2 rounded-md border border-slate-200 bg-slate-50 px-2 py-1 text-sm">
          {anexo.tipo === "image" ? (
            <Image className="size-4" aria-hidden="true" />
          ) : (
            <FileText className="size-4" aria-hidden="true" />
          )}
          <span className="min-w-0 flex-1 truncate">{anexo.arquivo.name}</span>
          {progresso !== null && (
            <progress className="h-2 w-24" max={1} value={progresso} aria-label="Progresso do envio">
              {Math.round(progresso * 100)}%
            </progress>
          )}
          <Button
            size="icon"
            variant="ghost"
            className="size-7"
            onClick={() => setAnexo(null)}
            aria-label="Remover anexo"
            disabled={enviando}
          >
            <X className="size-4" aria-hidden="true" />
          </Button>
        </div>
      )}
      <div className="flex items-end gap-2">
        <div className="flex shrink-0 gap-1">
          <Button
            size="icon"
            variant="ghost"
            onClick={() => entradaImagem.current?.click()}
            disabled={bloqueado || enviando}
            aria-label="Anexar imagem"
          >
            <Image className="size-5" aria-hidden="true" />
          </Button>
          <Button
            size="icon"
            variant="ghost"
            onClick={() => entradaDocumento.current?.click()}
            disabled={bloqueado || enviando}
            aria-label="Anexar documento"
          >
            <Paperclip className="size-5" aria-hidden="true" />
          </Button>
          <Button size="icon" variant="ghost" onClick={onAbrirModelos} aria-label="Modelos de mensagem">
            <LayoutTemplate className="size-5" aria-hidden="true" />
          </Button>
          {comAgendar && (
            <Button
              size="icon"
              variant="ghost"
              onClick={() => setAgendar(true)}
              aria-label="Agendar mensagem"
              title="Agendar mensagem"
            >
              <CalendarClock className="size-5" aria-hidden="true" />
            </Button>
          )}
          {comRespostas && (
            <Button
              size="icon"
              variant="ghost"
              onClick={() => setSalvarResposta(true)}
              disabled={!texto.trim() || texto.startsWith("/")}
              aria-label="Salvar como resposta rápida"
              title="Salvar como resposta rápida"
            >
              <BookmarkPlus className="size-5" aria-hidden="true" />
            </Button>
          )}
        </div>
        <label htmlFor="mensagem-chat" className="sr-only">
          Mensagem
        </label>
        <div className="relative flex min-w-0 flex-1">
          {respostas.lista}
          <textarea
            {...(comRespostas ? respostas.caixa : {})}
            id="mensagem-chat"
            ref={caixa}
            value={texto}
            onChange={(e) => onTexto(e.target.value)}
            onKeyDown={onKeyDown}
            rows={1}
            maxLength={4096}
            disabled={bloqueado}
            placeholder={
              fechada
                ? janela.leadEscreveu
                  ? "Fora da janela de 24 horas: envie um modelo aprovado"
                  : "O lead ainda não escreveu: envie um modelo aprovado"
                : comRespostas
                  ? "Digite sua mensagem ou / para respostas rápidas (Enter envia)"
                  : "Digite sua mensagem... (Enter envia, Shift+Enter quebra a linha)"
            }
            className="block min-h-[44px] max-h-[120px] flex-1 resize-none rounded-md border border-slate-300 bg-white px-3 py-2.5 text-sm focus-visible:outline-2 focus-visible:outline-blue-600 disabled:bg-slate-100"
            style={{ height: ALTURA_MIN }}
          />
        </div>
        <Button
          onClick={() => void enviar()}
          carregando={enviando}
          disabled={bloqueado}
          aria-label="Enviar mensagem"
          className="h-11"
        >
          {!enviando && <Send className="size-4" aria-hidden="true" />}
          <span className="hidden sm:inline">Enviar</span>
        </Button>
      </div>
      {comRespostas && <SaveQuickReplyDialog open={salvarResposta} onOpenChange={setSalvarResposta} texto={texto} />}
      {comAgendar && (
        <ScheduleMessageDialog
          leadId={leadId}
          leadNome={chat.lead.nome}
          open={agendar}
          onOpenChange={setAgendar}
          textoInicial={texto.startsWith("/") ? "" : texto}
        />
      )}
      <input
        ref={entradaImagem}
        type="file"
        accept={ACEITA_IMAGEM}
        className="hidden"
        onChange={(e) => {
          escolher("image", e.target.files);
          e.target.value = "";
        }}
      />
      <input
        ref={entradaDocumento}
        type="file"
        accept={ACEITA_DOCUMENTO}
        className="hidden"
        onChange={(e) => {
          escolher("document", e.target.files);
          e.target.value = "";
        }}
      />
    </div>
  );
}

import { ACAO_AGENDAR_RETORNO } from "@crm/domain/follow-ups";
import { formatarBRL, formatarDataHora, tempoRelativo } from "@crm/domain/format";
import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import { linkTelefone, linkWhatsApp } from "@crm/domain/phone";
import { formatarTelefone } from "@crm/domain/phone-display";
import { PAPEL } from "@crm/domain/roles";
import type { TLeadChat } from "@crm/domain/schemas/chat";
import { MSG_TRANSFERENCIA } from "@crm/domain/transfer";
import { ACOES_STATUS_CHAT } from "@crm/domain/whatsapp";
import { useQueryClient } from "@tanstack/react-query";
import { AlarmClock, ArrowRightLeft, LayoutTemplate, Mail, MessageCircle, Phone } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { mensagemDeErro } from "../../lib/api";
import { useSessaoAtual } from "../../lib/session";
import { Badge } from "../../ui/Badge";
import { Button, buttonClasses } from "../../ui/Button";
import { Input } from "../../ui/Input";
import { toast } from "../../ui/toast";
import { CHAVE_TAREFAS } from "../follow-ups/api";
import { FollowUpDialog } from "../follow-ups/FollowUpDialog";
import { PreAnalysisCard } from "../revisional/PreAnalysisCard";
import { LeadTags } from "../tags/LeadTags";
import { aplicarAcao, chaveChat, simularResposta } from "./api";
import { ConsentSection } from "./ConsentSection";
import { LegalStatusSection } from "./LegalStatusSection";
import { TransferDialog } from "./TransferDialog";

function Secao({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <section className="border-b border-slate-100 px-4 py-3">
      <h2 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{titulo}</h2>
      {children}
    </section>
  );
}

function Info({ rotulo, valor }: { rotulo: string; valor: ReactNode }) {
  return (
    <div className="flex justify-between gap-3 py-0.5 text-sm">
      <dt className="text-slate-600">{rotulo}</dt>
      <dd className="min-w-0 truncate text-right font-medium text-slate-900">{valor || "—"}</dd>
    </div>
  );
}

/** The chat's right panel (001 'Lead chat'): quick actions, status buttons, the lead's info and recent activity. */
export function ChatSidePanel({ chat, onAbrirModelos }: { chat: TLeadChat; onAbrirModelos: () => void }) {
  const qc = useQueryClient();
  const sessao = useSessaoAtual();
  const [mudando, setMudando] = useState<string | null>(null);
  const [agenda, setAgenda] = useState<"retorno" | "tarefa" | null>(null);
  const [transferindo, setTransferindo] = useState(false);
  const l = chat.lead;
  const comTarefas = pode(sessao.usuario.papel, "tarefas.usar");
  // the admin any lead, a consultant the lead they have (the server checks which one, decision 1836)
  const podeTransferir =
    pode(sessao.usuario.papel, "leads.transferir") && (sessao.usuario.papel === PAPEL.admin || !!chat.lead.consultor);
  const aposAgendar = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: chaveChat(l.id), exact: true }),
      qc.invalidateQueries({ queryKey: CHAVE_TAREFAS }),
    ]);
  const telefone = l.telefone_normalizado ?? l.telefone;

  async function mudar(acao: string, status: string) {
    setMudando(acao);
    try {
      await aplicarAcao(l.id, acao);
      toast.success(`Status atualizado para ${status}.`);
      await qc.invalidateQueries({ queryKey: chaveChat(l.id), exact: true });
    } catch (e) {
      toast.error(mensagemDeErro(e, MSG.erroAtualizarStatus));
    } finally {
      setMudando(null);
    }
  }

  return (
    <div className="h-full overflow-y-auto bg-white">
      <Secao titulo="Ações rápidas">
        <div className="grid grid-cols-2 gap-2">
          <a
            className={buttonClasses("outline", "sm")}
            href={telefone ? linkTelefone(telefone) : undefined}
            aria-disabled={!telefone}
          >
            <Phone className="size-4" aria-hidden="true" />
            Ligar
          </a>
          <a className={buttonClasses("outline", "sm")} href={l.email ? `mailto:${l.email}` : undefined} aria-disabled={!l.email}>
            <Mail className="size-4" aria-hidden="true" />
            E-mail
          </a>
          <a
            className={buttonClasses("outline", "sm")}
            href={telefone ? linkWhatsApp(telefone) : undefined}
            target="_blank"
            rel="noreferrer"
          >
            <MessageCircle className="size-4" aria-hidden="true" />
            WhatsApp
          </a>
          <Button size="sm" variant="outline" onClick={onAbrirModelos}>
            <LayoutTemplate className="size-4" aria-hidden="true" />
            Modelos
          </Button>
          {comTarefas && (
            <Button size="sm" variant="outline" onClick={() => setAgenda("tarefa")}>
              <AlarmClock className="size-4" aria-hidden="true" />
              Nova tarefa
            </Button>
          )}
        </div>
        {podeTransferir && (
          <Button size="sm" variant="outline" className="mt-2 w-full" onClick={() => setTransferindo(true)}>
            <ArrowRightLeft className="size-4" aria-hidden="true" />
            {MSG_TRANSFERENCIA.botao}
          </Button>
        )}
        {transferindo && (
          <TransferDialog
            leadId={l.id}
            leadNome={l.nome}
            consultorAtualId={l.consultor?.id ?? null}
            open
            onOpenChange={setTransferindo}
            aoTransferir={() => qc.invalidateQueries({ queryKey: chaveChat(l.id), exact: true })}
          />
        )}
        {agenda && (
          <FollowUpDialog
            leadId={l.id}
            leadNome={l.nome}
            modo={agenda}
            open
            onOpenChange={(v) => !v && setAgenda(null)}
            aoSalvar={aposAgendar}
          />
        )}
      </Secao>
      <Secao titulo="Status do lead">
        <Badge variante="azul" className="mb-2">
          {l.status_lead}
        </Badge>
        <div className="grid grid-cols-2 gap-2">
          {ACOES_STATUS_CHAT.map((a) => (
            <Button
              key={a.acao}
              size="sm"
              variant={l.status_lead === a.status ? "primary" : "outline"}
              aria-pressed={l.status_lead === a.status}
              carregando={mudando === a.acao}
              disabled={!!mudando}
              // 'Agendar Retorno' asks for the follow-up's time first (decision 1831)
              onClick={() => (a.acao === ACAO_AGENDAR_RETORNO && comTarefas ? setAgenda("retorno") : mudar(a.acao, a.status))}
            >
              {a.rotulo}
            </Button>
          ))}
        </div>
      </Secao>
      {pode(sessao.usuario.papel, "etiquetas.usar") && (
        <Secao titulo="Etiquetas">
          <LeadTags leadId={l.id} leadNome={l.nome} />
        </Secao>
      )}
      <LegalStatusSection statusLead={l.status_lead} statusJuridico={l.status_juridico_lead} />
      <Secao titulo="Informações">
        <dl>
          <Info rotulo="Telefone" valor={formatarTelefone(l.telefone_normalizado) || l.telefone} />
          <Info rotulo="Email" valor={l.email} />
          <Info rotulo="Valor do contrato" valor={formatarBRL(l.valor_contrato)} />
          <Info rotulo="Financiamento" valor={l.tipo_financiamento} />
          <Info rotulo="Origem" valor={l.origem_lead} />
          <Info rotulo="Cidade" valor={l.cidade} />
          <Info rotulo="Consultor" valor={l.consultor?.nome ?? "Não atribuído"} />
          <Info rotulo="Criado em" valor={formatarDataHora(l.created_at)} />
        </dl>
        {l.objetivo_cliente && <p className="mt-2 text-sm text-slate-700">{l.objetivo_cliente}</p>}
      </Secao>
      <ConsentSection leadId={l.id} />
      <div className="border-b border-slate-100">
        <PreAnalysisCard leadId={l.id} />
      </div>
      <Secao titulo="Atividade recente">
        {chat.atividades.length ? (
          <ol className="space-y-2">
            {chat.atividades.map((a) => (
              <li key={`${a.tipo}-${a.id}`} className="text-sm">
                <p className="text-slate-800">{a.descricao}</p>
                <p className="text-xs text-slate-500">{tempoRelativo(a.quando)}</p>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-slate-600">Nenhuma atividade ainda.</p>
        )}
      </Secao>
      {chat.whatsapp.provedor === "sandbox" &&
        pode(sessao.usuario.papel, "testes.usar") &&
        sessao.empresa?.id === l.id_empresa_fk &&
        telefone && <SimularResposta telefone={telefone} />}
    </div>
  );
}

/** Sandbox only: answer as the lead, to see the whole loop without a phone (the full panel is at /test-validation). */
function SimularResposta({ telefone }: { telefone: string }) {
  const [texto, setTexto] = useState("");
  const [enviando, setEnviando] = useState(false);
  async function enviar(e: FormEvent) {
    e.preventDefault();
    if (!texto.trim()) return;
    setEnviando(true);
    try {
      await simularResposta(telefone, texto.trim());
      setTexto("");
    } catch (err) {
      toast.error(mensagemDeErro(err, MSG.erroInterno));
    } finally {
      setEnviando(false);
    }
  }
  return (
    <Secao titulo="Sandbox: simular resposta do lead">
      <form onSubmit={enviar} className="flex gap-2">
        <Input
          aria-label="Resposta simulada do lead"
          value={texto}
          onChange={(e) => setTexto(e.target.value)}
          placeholder="Escreva como o lead..."
        />
        <Button type="submit" size="sm" className="h-10" carregando={enviando}>
          Simular
        </Button>
      </form>
    </Secao>
  );
}

import { formatarData, formatarDataHora } from "@crm/domain/format";
import { MSG_INCIDENTES, ROTULO_STATUS_INCIDENTE } from "@crm/domain/incidents";
import { isoDiaSP } from "@crm/domain/period";
import type { TDetalheIncidente, TTitularIncidente } from "@crm/domain/schemas/incidents";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { mensagemDeErro } from "../../lib/api";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { CopyButton } from "../../ui/CopyButton";
import { Dialog } from "../../ui/Dialog";
import { EmptyState } from "../../ui/EmptyState";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { Spinner } from "../../ui/Spinner";
import { Textarea } from "../../ui/Textarea";
import { toast } from "../../ui/toast";
import {
  avisarTitular,
  avisarTodos,
  CHAVE_INCIDENTES,
  comunicarAnpd,
  detalheQuery,
  editarIncidente,
  encerrarIncidente,
} from "./api";
import { Contagem } from "./Countdown";
import { IncidentForm } from "./IncidentForm";

type Props = { empresaId: string | null; id: string; onFechar: () => void };

/**
 * One incident (decisions 1875–1876): its countdown, the ANPD communication's draft to copy into ANPD's form, the
 * notice each titular gets (sent one by one by WhatsApp, through the send guard, or email), recording the
 * communication with its protocol, closing, editing while open, and the history. Nothing here deletes.
 */
export function IncidentDetail({ empresaId, id, onFechar }: Props) {
  const q = useQuery(detalheQuery(empresaId, id));
  const [editando, setEditando] = useState(false);
  const qc = useQueryClient();
  const atualizar = () => qc.invalidateQueries({ queryKey: CHAVE_INCIDENTES });
  const i = q.data?.incidente;
  return (
    <Dialog
      open
      onOpenChange={(v) => !v && onFechar()}
      titulo={i ? `${i.numero} — ${i.titulo}` : "Incidente"}
      descricao={i ? ROTULO_STATUS_INCIDENTE[i.status] : undefined}
      className="max-w-3xl"
    >
      {q.isPending ? (
        <Spinner rotulo="Carregando o incidente…" />
      ) : q.isError ? (
        <EmptyState
          titulo="Não foi possível carregar o incidente."
          descricao={mensagemDeErro(q.error, MSG_INCIDENTES.erro)}
          acao={<Button onClick={() => q.refetch()}>Tentar novamente</Button>}
        />
      ) : editando ? (
        <IncidentForm
          empresaId={empresaId}
          inicial={q.data.incidente}
          enviar="Salvar"
          onEnviar={async (dados) => {
            await editarIncidente(empresaId, id, dados);
            toast.success(MSG_INCIDENTES.salvo);
            setEditando(false);
            await atualizar();
          }}
        />
      ) : (
        <Conteudo d={q.data} empresaId={empresaId} onEditar={() => setEditando(true)} onMudou={atualizar} />
      )}
    </Dialog>
  );
}

function Conteudo({
  d,
  empresaId,
  onEditar,
  onMudou,
}: {
  d: TDetalheIncidente;
  empresaId: string | null;
  onEditar: () => void;
  onMudou: () => Promise<void>;
}) {
  const i = d.incidente;
  const aberto = i.status !== "encerrado";
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1 text-sm">
          <Contagem i={i} />
          <p className="text-slate-700">
            Conhecido em {formatarDataHora(i.conhecido_em)} · {i.titulares_afetados} titulares afetados ·{" "}
            {i.risco_relevante ? "risco relevante" : "sem risco relevante"}
          </p>
          {i.protocolo_anpd && <p className="text-slate-700">Protocolo ANPD: {i.protocolo_anpd}</p>}
          {i.conclusao && <p className="text-slate-700">Conclusão: {i.conclusao}</p>}
        </div>
        {aberto && (
          <Button variant="outline" size="sm" onClick={onEditar}>
            Editar
          </Button>
        )}
      </div>

      <section className="space-y-2" aria-labelledby="rascunho-anpd">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="rascunho-anpd" className="text-base font-semibold text-slate-900">
            Rascunho da comunicação à ANPD
          </h3>
          <CopyButton texto={d.rascunho_anpd} rotulo="Copiar texto" variant="outline" size="sm" />
        </div>
        <Textarea
          readOnly
          rows={10}
          value={d.rascunho_anpd}
          aria-label="Rascunho da comunicação à ANPD"
          className="font-mono text-xs"
        />
      </section>

      <section className="space-y-2" aria-labelledby="aviso-titulares">
        <h3 id="aviso-titulares" className="text-base font-semibold text-slate-900">
          Aviso aos titulares
        </h3>
        <Textarea readOnly rows={6} value={d.rascunho_aviso} aria-label="Modelo do aviso ao titular" className="text-xs" />
        <p className="text-xs text-slate-600">
          Cada titular recebe o aviso com o próprio nome. No WhatsApp, quem pediu para não receber mensagens (SAIR) é bloqueado
          pela regra de consentimento: envie por email.
        </p>
        {aberto && d.titulares.length > 0 && <AvisarTodos d={d} empresaId={empresaId} onMudou={onMudou} />}
        {d.titulares.length === 0 ? (
          <p className="text-sm text-slate-600">Nenhum titular neste incidente.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200" aria-label="Titulares afetados">
            {d.titulares.map((t) => (
              <Titular key={t.lead_id} t={t} empresaId={empresaId} incidenteId={i.id} aberto={aberto} onMudou={onMudou} />
            ))}
          </ul>
        )}
        {d.titulares.length < i.titulares_afetados && (
          <p className="text-xs text-slate-600">
            Mostrando {d.titulares.length} de {i.titulares_afetados} titulares.
          </p>
        )}
      </section>

      {i.status === "em_avaliacao" && <Comunicar d={d} empresaId={empresaId} onMudou={onMudou} />}
      {aberto && <Encerrar empresaId={empresaId} id={i.id} onMudou={onMudou} />}

      <section className="space-y-2" aria-labelledby="historico-incidente">
        <h3 id="historico-incidente" className="text-base font-semibold text-slate-900">
          Histórico
        </h3>
        <ol className="space-y-1 text-sm text-slate-700">
          {d.historico.map((h) => (
            <li key={`${h.em}-${h.acao}`}>
              {formatarDataHora(h.em)} — {h.acao}
              {h.autor ? ` · ${h.autor}` : ""}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

function AvisarTodos({
  d,
  empresaId,
  onMudou,
}: {
  d: TDetalheIncidente;
  empresaId: string | null;
  onMudou: () => Promise<void>;
}) {
  const [confirmando, setConfirmando] = useState(false);
  if (d.nao_avisados === 0) return <p className="text-sm text-slate-700">{MSG_INCIDENTES.nenhumAvisoPendente}</p>;
  const avisar = async () => {
    try {
      const r = await avisarTodos(empresaId, d.incidente.id);
      toast.success(MSG_INCIDENTES.avisosEmLote(r));
      await onMudou();
    } catch (e) {
      toast.error(mensagemDeErro(e, "Não foi possível enviar os avisos."));
      throw e;
    }
  };
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setConfirmando(true)}>
        {MSG_INCIDENTES.avisarTodos} ({d.nao_avisados})
      </Button>
      <ConfirmDialog
        open={confirmando}
        onOpenChange={setConfirmando}
        titulo={MSG_INCIDENTES.avisarTodosTitulo}
        mensagem={MSG_INCIDENTES.avisarTodosConfirmar(d.nao_avisados)}
        rotuloConfirmar="Enviar avisos"
        rotuloConfirmando="Enviando..."
        onConfirmar={avisar}
      />
    </>
  );
}

const ROTULO_ENVIO: Record<string, string> = {
  pending: "na fila",
  sent: "enviado",
  delivered: "entregue",
  read: "lido",
  failed: "não enviado",
};

function Titular(p: {
  t: TTitularIncidente;
  empresaId: string | null;
  incidenteId: string;
  aberto: boolean;
  onMudou: () => Promise<void>;
}) {
  const { t } = p;
  const [enviando, setEnviando] = useState<"whatsapp" | "email" | null>(null);
  const avisar = async (canal: "whatsapp" | "email") => {
    setEnviando(canal);
    try {
      const r = await avisarTitular(p.empresaId, p.incidenteId, t.lead_id, canal);
      toast.success(r.mensagem);
      await p.onMudou();
    } catch (e) {
      toast.error(mensagemDeErro(e, "Não foi possível enviar o aviso."));
    } finally {
      setEnviando(null);
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
      <span className="min-w-0">
        <span className="block font-medium">{t.nome ?? "Sem nome"}</span>
        <span className="block text-xs text-slate-600">
          {t.aviso_em
            ? `Avisado por ${t.aviso_canal === "email" ? "email" : "WhatsApp"} em ${formatarDataHora(t.aviso_em)}${
                t.aviso_status ? ` · ${ROTULO_ENVIO[t.aviso_status] ?? t.aviso_status}` : ""
              }`
            : "Ainda não avisado"}
        </span>
        {t.aviso_erro && <span className="block text-xs text-red-700">{t.aviso_erro}</span>}
      </span>
      {p.aberto && (
        <span className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={!t.tem_telefone || enviando !== null}
            carregando={enviando === "whatsapp"}
            onClick={() => avisar("whatsapp")}
            aria-label={`Enviar aviso por WhatsApp para ${t.nome ?? "o titular"}`}
          >
            WhatsApp
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={!t.tem_email || enviando !== null}
            carregando={enviando === "email"}
            onClick={() => avisar("email")}
            aria-label={`Enviar aviso por email para ${t.nome ?? "o titular"}`}
          >
            Email
          </Button>
        </span>
      )}
    </li>
  );
}

function Comunicar({ d, empresaId, onMudou }: { d: TDetalheIncidente; empresaId: string | null; onMudou: () => Promise<void> }) {
  const hoje = isoDiaSP(new Date());
  const [data, setData] = useState(hoje);
  const [protocolo, setProtocolo] = useState("");
  const [motivo, setMotivo] = useState(d.incidente.motivo_demora ?? "");
  const [erro, setErro] = useState<Record<string, string>>({});
  const [salvando, setSalvando] = useState(false);
  const atrasado = data > d.incidente.vence_em;
  return (
    <section className="space-y-3 rounded-md border border-slate-200 p-3" aria-labelledby="comunicar-anpd">
      <h3 id="comunicar-anpd" className="text-base font-semibold text-slate-900">
        Marcar como comunicado à ANPD
      </h3>
      <form
        className="space-y-3"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          if (protocolo.trim().length < 3) return setErro({ protocolo_anpd: "Informe o protocolo da ANPD." });
          setSalvando(true);
          try {
            await comunicarAnpd(empresaId, d.incidente.id, {
              comunicado_em: data,
              protocolo_anpd: protocolo,
              motivo_demora: motivo || null,
            });
            toast.success(MSG_INCIDENTES.comunicado);
            await onMudou();
          } catch (e2) {
            const m = mensagemDeErro(e2, "Não foi possível registrar a comunicação.");
            const campos = (e2 as { campos?: Record<string, string> }).campos;
            if (campos) setErro(campos);
            else toast.error(m);
          } finally {
            setSalvando(false);
          }
        }}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Data da comunicação" erro={erro.comunicado_em}>
            <Input type="date" value={data} max={hoje} onChange={(e) => setData(e.target.value)} />
          </Field>
          <Field label="Protocolo da ANPD" erro={erro.protocolo_anpd}>
            <Input value={protocolo} onChange={(e) => setProtocolo(e.target.value)} />
          </Field>
        </div>
        {atrasado && (
          <Field
            label="Motivos da demora"
            erro={erro.motivo_demora}
            dica={`O prazo venceu em ${formatarData(`${d.incidente.vence_em}T12:00:00-03:00`)}: a ANPD pede os motivos.`}
          >
            <Textarea rows={2} value={motivo} onChange={(e) => setMotivo(e.target.value)} />
          </Field>
        )}
        <Button type="submit" carregando={salvando}>
          Registrar comunicação
        </Button>
      </form>
    </section>
  );
}

function Encerrar({ empresaId, id, onMudou }: { empresaId: string | null; id: string; onMudou: () => Promise<void> }) {
  const [conclusao, setConclusao] = useState("");
  const [erro, setErro] = useState<string | undefined>();
  const [salvando, setSalvando] = useState(false);
  return (
    <section className="space-y-3 rounded-md border border-slate-200 p-3" aria-labelledby="encerrar-incidente">
      <h3 id="encerrar-incidente" className="text-base font-semibold text-slate-900">
        Encerrar o incidente
      </h3>
      <form
        className="space-y-3"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          if (conclusao.trim().length < 3) return setErro("Escreva a conclusão do incidente.");
          setSalvando(true);
          try {
            await encerrarIncidente(empresaId, id, conclusao);
            toast.success(MSG_INCIDENTES.encerradoOk);
            await onMudou();
          } catch (e2) {
            toast.error(mensagemDeErro(e2, "Não foi possível encerrar o incidente."));
          } finally {
            setSalvando(false);
          }
        }}
      >
        <Field label="Conclusão" erro={erro} dica="O registro fica guardado por pelo menos 5 anos e não pode ser excluído.">
          <Textarea rows={2} value={conclusao} onChange={(e) => setConclusao(e.target.value)} />
        </Field>
        <Button type="submit" variant="secondary" carregando={salvando}>
          Encerrar
        </Button>
      </form>
    </section>
  );
}

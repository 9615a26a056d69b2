import {
  CANAIS_CONSENTIMENTO,
  MSG_CONSENTIMENTO,
  ROTULOS_CANAL,
  ROTULOS_FINALIDADE,
  rotuloConsentimentoMarketing,
  TEXTOS_CONSENTIMENTO,
} from "@crm/domain/consent";
import { formatarDataHora } from "@crm/domain/format";
import { pode } from "@crm/domain/permissions";
import { type TNovoConsentimento, ZNovoConsentimento } from "@crm/domain/schemas/consent";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { mensagemDeErro } from "../../lib/api";
import { useSessaoAtual } from "../../lib/session";
import { Alert } from "../../ui/Alert";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { Select } from "../../ui/Select";
import { Spinner } from "../../ui/Spinner";
import { Textarea } from "../../ui/Textarea";
import { toast } from "../../ui/toast";
import { chaveConsentimento, consentimentoQuery, registrarConsentimento } from "./consentApi";

/** The lead's detail: consent now, its history (newest first) and, for the company's people, recording an opt-in/out. */
export function ConsentSection({ leadId }: { leadId: string }) {
  const sessao = useSessaoAtual();
  const [registrando, setRegistrando] = useState<TNovoConsentimento["situacao"] | null>(null);
  const { data, isPending, isError } = useQuery(consentimentoQuery(leadId));
  const podeRegistrar = pode(sessao.usuario.papel, "consentimento.registrar");

  return (
    <section className="border-b border-slate-100 px-4 py-3" aria-labelledby={`consentimento-${leadId}`}>
      <h2 id={`consentimento-${leadId}`} className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {MSG_CONSENTIMENTO.titulo}
      </h2>
      {isPending ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4" /> {MSG_CONSENTIMENTO.carregando}
        </p>
      ) : isError ? (
        <Alert tipo="erro">{MSG_CONSENTIMENTO.erroCarregar}</Alert>
      ) : (
        <>
          <p className="mb-1">
            <Badge variante={data.marketing === "revogado" ? "vermelho" : data.marketing === "concedido" ? "verde" : "neutro"}>
              {rotuloConsentimentoMarketing(data.marketing)}
            </Badge>
          </p>
          {data.triagem_pausada && <p className="mb-2 text-xs text-slate-700">{MSG_CONSENTIMENTO.triagemPausada}</p>}
          <h3 className="mt-2 text-xs font-medium text-slate-700">{MSG_CONSENTIMENTO.historico}</h3>
          {data.historico.length ? (
            <ol className="mt-1 space-y-2">
              {data.historico.map((h) => (
                <li key={h.id} className="text-sm">
                  <p className="text-slate-800">
                    {ROTULOS_FINALIDADE[h.finalidade]}: {h.situacao === "concedido" ? "concedido" : "revogado"} ·{" "}
                    {ROTULOS_CANAL[h.canal]}
                  </p>
                  <p className="text-xs text-slate-600">
                    {formatarDataHora(h.ocorrido_em)} ·{" "}
                    {h.origem === "lead" ? MSG_CONSENTIMENTO.porLead : MSG_CONSENTIMENTO.porEmpresa(h.usuario_nome)} · versão{" "}
                    {h.versao_texto}
                  </p>
                </li>
              ))}
            </ol>
          ) : (
            <p className="mt-1 text-sm text-slate-600">{MSG_CONSENTIMENTO.semHistorico}</p>
          )}
          {podeRegistrar &&
            (registrando ? (
              <RegistrarConsentimento leadId={leadId} situacao={registrando} aoFechar={() => setRegistrando(null)} />
            ) : (
              <div className="mt-3 flex flex-wrap gap-2">
                <Button size="sm" variant="outline" onClick={() => setRegistrando("concedido")}>
                  {MSG_CONSENTIMENTO.registrarOptIn}
                </Button>
                <Button size="sm" variant="outline" onClick={() => setRegistrando("revogado")}>
                  {MSG_CONSENTIMENTO.registrarOptOut}
                </Button>
              </div>
            ))}
        </>
      )}
    </section>
  );
}

function RegistrarConsentimento({
  leadId,
  situacao,
  aoFechar,
}: {
  leadId: string;
  situacao: TNovoConsentimento["situacao"];
  aoFechar: () => void;
}) {
  const qc = useQueryClient();
  const form = useForm<TNovoConsentimento>({
    resolver: zodResolver(ZNovoConsentimento),
    defaultValues: {
      situacao,
      canal: "telefone",
      texto: situacao === "concedido" ? TEXTOS_CONSENTIMENTO.optIn.texto : "",
      versao_texto: situacao === "concedido" ? TEXTOS_CONSENTIMENTO.optIn.versao : "",
    },
  });
  const erros = form.formState.errors;
  async function enviar(v: TNovoConsentimento) {
    try {
      qc.setQueryData(chaveConsentimento(leadId), await registrarConsentimento(leadId, v));
      toast.success(MSG_CONSENTIMENTO.registrado);
      aoFechar();
    } catch (e) {
      toast.error(mensagemDeErro(e, MSG_CONSENTIMENTO.erroRegistrar));
    }
  }
  return (
    <form onSubmit={form.handleSubmit(enviar)} className="mt-3 space-y-2" noValidate>
      <Field label="Canal" erro={erros.canal?.message}>
        <Select {...form.register("canal")}>
          {CANAIS_CONSENTIMENTO.map((c) => (
            <option key={c} value={c}>
              {ROTULOS_CANAL[c]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Texto apresentado ao lead" erro={erros.texto?.message}>
        <Textarea rows={3} {...form.register("texto")} />
      </Field>
      <Field label="Versão do texto" erro={erros.versao_texto?.message}>
        <Input {...form.register("versao_texto")} />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" size="sm" carregando={form.formState.isSubmitting}>
          {situacao === "concedido" ? MSG_CONSENTIMENTO.registrarOptIn : MSG_CONSENTIMENTO.registrarOptOut}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={aoFechar}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}

import { MSG_PRIVACIDADE, ROTULO_DIREITO } from "@crm/domain/privacy-requests";
import { type TConfirmarCodigo, ZConfirmarCodigo } from "@crm/domain/schemas/privacy-requests";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useParams } from "react-router";
import { mensagemDeErro } from "../../lib/api";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { PublicCardLayout } from "../../ui/PublicCardLayout";
import { Spinner } from "../../ui/Spinner";
import { confirmarCodigoPublico, enviarPedidoPublico, paginaPublicaQuery } from "./api";
import { RequestForm } from "./RequestForm";

/**
 * /privacidade/{empresa} (decision 1824), no sign-in: the encarregado and the channel, the rights of art. 18 with
 * their deadlines, the request form, and the one-time code's confirmation (decision 1826).
 */
export function PublicPrivacyPage() {
  const { empresaId = "" } = useParams();
  const q = useQuery(paginaPublicaQuery(empresaId));
  useDocumentTitle(q.data ? `Privacidade — ${q.data.empresa}` : "Privacidade");
  const [resultado, setResultado] = useState<{ tipo: "sucesso" | "erro"; texto: string } | null>(null);

  if (q.isPending)
    return (
      <PublicCardLayout titulo="Privacidade">
        <Spinner rotulo="Carregando…" />
      </PublicCardLayout>
    );
  if (q.isError)
    return (
      <PublicCardLayout titulo="Privacidade">
        <EmptyState titulo={mensagemDeErro(q.error, MSG_PRIVACIDADE.paginaNaoEncontrada)} />
      </PublicCardLayout>
    );
  const p = q.data;
  return (
    <PublicCardLayout
      titulo={`Privacidade — ${p.empresa}`}
      subtitulo="Seus direitos sobre seus dados pessoais (LGPD, art. 18)"
      larga
    >
      <div className="space-y-8">
        <section aria-labelledby="encarregado" className="space-y-1 text-sm text-slate-700">
          <h2 id="encarregado" className="text-lg font-semibold text-slate-900">
            Encarregado de dados
          </h2>
          <p>{p.encarregado_nome ?? "Canal de privacidade da empresa"}</p>
          {p.encarregado_email && <p>Email: {p.encarregado_email}</p>}
          {p.encarregado_telefone && <p>Telefone: {p.encarregado_telefone}</p>}
        </section>
        <section aria-labelledby="direitos" className="space-y-2">
          <h2 id="direitos" className="text-lg font-semibold text-slate-900">
            Seus direitos e o prazo de resposta
          </h2>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            {p.prazos.map((d) => (
              <li key={d.direito}>
                {ROTULO_DIREITO[d.direito]} — até {d.dias} dias
              </li>
            ))}
          </ul>
          <p className="text-xs text-slate-600">
            A solicitação é gratuita. Uma resposta simplificada é enviada assim que sua identidade é confirmada.
          </p>
        </section>
        <section aria-labelledby="solicitar" className="space-y-3">
          <h2 id="solicitar" className="text-lg font-semibold text-slate-900">
            Fazer uma solicitação
          </h2>
          {resultado && <Alert tipo={resultado.tipo}>{resultado.texto}</Alert>}
          <RequestForm
            enviar="Enviar solicitação"
            onEnviar={async (corpo) => {
              try {
                const r = await enviarPedidoPublico(empresaId, corpo);
                setResultado({ tipo: "sucesso", texto: r.mensagem });
              } catch (e) {
                setResultado({ tipo: "erro", texto: mensagemDeErro(e, "Não foi possível enviar a solicitação.") });
              }
            }}
          />
        </section>
        <ConfirmarCodigo empresaId={empresaId} />
      </div>
    </PublicCardLayout>
  );
}

function ConfirmarCodigo({ empresaId }: { empresaId: string }) {
  const form = useForm<TConfirmarCodigo>({
    resolver: zodResolver(ZConfirmarCodigo),
    defaultValues: { protocolo: "", codigo: "", cpf: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const [resultado, setResultado] = useState<{ tipo: "sucesso" | "erro"; texto: string } | null>(null);
  return (
    <section aria-labelledby="confirmar" className="space-y-3">
      <h2 id="confirmar" className="text-lg font-semibold text-slate-900">
        Confirmar minha identidade
      </h2>
      <p className="text-sm text-slate-600">Informe o protocolo e o código de 6 dígitos que você recebeu no WhatsApp.</p>
      {resultado && <Alert tipo={resultado.tipo}>{resultado.texto}</Alert>}
      <form
        className="grid grid-cols-1 gap-3 sm:grid-cols-3"
        noValidate
        onSubmit={form.handleSubmit(async (corpo) => {
          try {
            const r = await confirmarCodigoPublico(empresaId, corpo);
            setResultado({ tipo: "sucesso", texto: r.mensagem });
          } catch (e) {
            setResultado({ tipo: "erro", texto: mensagemDeErro(e, MSG_PRIVACIDADE.codigoInvalido) });
          }
        })}
      >
        <Field label="Protocolo" erro={errors.protocolo?.message}>
          <Input {...form.register("protocolo")} />
        </Field>
        <Field label="Código" erro={errors.codigo?.message}>
          <Input inputMode="numeric" autoComplete="one-time-code" {...form.register("codigo")} />
        </Field>
        <Field label="CPF (se informado)" erro={errors.cpf?.message}>
          <Input inputMode="numeric" {...form.register("cpf")} />
        </Field>
        <div className="sm:col-span-3">
          <Button type="submit" carregando={isSubmitting}>
            Confirmar código
          </Button>
        </div>
      </form>
    </section>
  );
}

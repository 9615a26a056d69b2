import { MSG } from "@crm/domain/messages";
import {
  type TConversoesMeta,
  type TConversoesMetaEntrada,
  type TConversoesMetaForm,
  ZConversoesMetaForm,
} from "@crm/domain/schemas/attribution";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ApiError } from "../../lib/api";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { PasswordInput } from "../../ui/PasswordInput";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import { conversoesQuery, salvarConversoes, type TAlvo, testarConversoes } from "./api";

const ROTULO_STATUS = { enviado: "Enviado", pendente: "Pendente", falhou: "Falhou" } as const;
const COR_STATUS = { enviado: "verde", pendente: "amarelo", falhou: "vermelho" } as const;
const quando = (iso: string) =>
  new Date(iso).toLocaleString("pt-BR", { timeZone: "America/Sao_Paulo", dateStyle: "short", timeStyle: "short" });

const valoresDe = (c: TConversoesMeta): TConversoesMetaEntrada => ({
  ativo: c.ativo,
  id_dataset: c.id_dataset,
  access_token: "",
  versao_api: c.versao_api,
});

/**
 * Meta's Conversions API for business messaging (decision 1214), in the company's settings: off by default; the
 * dataset id and the access token (stored encrypted, only its mask comes back); 'Testar' reads the dataset; the
 * newest events with their outcome.
 */
export function ConversionsApiCard({ alvo = { empresaId: null } }: { alvo?: TAlvo }) {
  const q = useQuery(conversoesQuery(alvo));
  return (
    <Card>
      <CardHeader>
        <CardTitle>API de Conversões da Meta (anúncios de clique para o WhatsApp)</CardTitle>
        <p className="text-sm text-slate-600">
          Quando um lead que chegou por um anúncio é qualificado (LeadSubmitted) ou convertido (Purchase, com o valor fechado), o
          evento volta para a Meta com o identificador do clique, para otimizar suas campanhas.
        </p>
      </CardHeader>
      <CardContent>
        {q.isPending ? (
          <Spinner rotulo="Carregando API de Conversões" className="size-5 text-blue-700" />
        ) : q.isError ? (
          <div className="space-y-2">
            <p className="text-sm text-red-700">{MSG.erroCarregarConversoesMeta}</p>
            <Button variant="outline" onClick={() => q.refetch()}>
              Tentar Novamente
            </Button>
          </div>
        ) : (
          <Formulario alvo={alvo} config={q.data} />
        )}
      </CardContent>
    </Card>
  );
}

function Formulario({ alvo, config }: { alvo: TAlvo; config: TConversoesMeta }) {
  const qc = useQueryClient();
  const f = useForm<TConversoesMetaEntrada, unknown, TConversoesMetaForm>({
    resolver: zodResolver(ZConversoesMetaForm),
    defaultValues: valoresDe(config),
  });
  const [testando, setTestando] = useState(false);
  const e = f.formState.errors;

  const salvar = f.handleSubmit(async (dados) => {
    try {
      const c = await salvarConversoes(alvo, dados);
      qc.setQueryData(conversoesQuery(alvo).queryKey, c);
      f.reset(valoresDe(c));
      toast.success(MSG.conversoesMetaSalvas);
    } catch (err) {
      const campos = err instanceof ApiError ? err.campos : undefined;
      if (campos?.id_dataset) f.setError("id_dataset", { message: campos.id_dataset });
      if (campos?.access_token) f.setError("access_token", { message: campos.access_token });
      toast.error(err instanceof ApiError && err.status > 0 && err.status < 500 ? err.erro : MSG.erroSalvarConversoesMeta);
    }
  });

  const testar = f.handleSubmit(async (dados) => {
    setTestando(true);
    try {
      const r = await testarConversoes(alvo, dados);
      r.ok ? toast.success(r.mensagem) : toast.error(r.mensagem);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.erro : MSG.erroSalvarConversoesMeta);
    } finally {
      setTestando(false);
    }
  });

  return (
    <form onSubmit={salvar} noValidate className="space-y-4">
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input type="checkbox" className="size-4 accent-blue-700" {...f.register("ativo")} />
        Enviar eventos para a API de Conversões
      </label>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="ID do conjunto de dados (dataset)" erro={e.id_dataset?.message}>
          <Input inputMode="numeric" autoComplete="off" placeholder="1234567890123456" {...f.register("id_dataset")} />
        </Field>
        <Field
          label="Token de acesso"
          erro={e.access_token?.message}
          dica={config.access_token.definido ? `Salvo (${config.access_token.mascara}); deixe vazio para manter.` : undefined}
        >
          <PasswordInput autoComplete="off" {...f.register("access_token")} />
        </Field>
        <Field label="Versão da Graph API" erro={e.versao_api?.message}>
          <Input autoComplete="off" {...f.register("versao_api")} />
        </Field>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" carregando={f.formState.isSubmitting}>
          Salvar API de Conversões
        </Button>
        <Button variant="outline" onClick={testar} carregando={testando}>
          {testando ? "Testando..." : "Testar"}
        </Button>
      </div>
      {config.eventos.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Últimos eventos</h3>
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {config.eventos.map((ev) => (
              <li key={`${ev.evento}-${ev.lead}-${ev.quando}`} className="flex flex-wrap items-center gap-2 py-2">
                <Badge variante={COR_STATUS[ev.status]}>{ROTULO_STATUS[ev.status]}</Badge>
                <span className="font-medium">{ev.evento}</span>
                <span className="text-slate-700">{ev.lead}</span>
                <span className="text-xs text-slate-600">{quando(ev.quando)}</span>
                {ev.erro && <span className="w-full text-xs break-words text-red-700">{ev.erro}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </form>
  );
}

import { formatarDataHora } from "@crm/domain/format";
import { MSG } from "@crm/domain/messages";
import {
  type TConfiguracoesPlataforma,
  type TConfiguracoesPlataformaEntrada,
  ZConfiguracoesPlataformaEntrada,
} from "@crm/domain/schemas/platform";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Mail, MessageCircle } from "lucide-react";
import { useForm } from "react-hook-form";
import { mensagemDeErro } from "../../lib/api";
import { aplicarErrosDoServidor } from "../../lib/formErrors";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import { configuracoesQuery, salvarConfiguracoes } from "./api";
import { DiagnosisCard } from "./DiagnosisCard";

/** The platform admin's /configuracoes (decision 1309): the platform's own few settings. */
export function PlatformSettingsPage() {
  useDocumentTitle("Configurações da Plataforma");
  const q = useQuery(configuracoesQuery);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Configurações da Plataforma</h1>
        <p className="mt-1 text-sm text-slate-600">
          Valores usados por todas as empresas. Em branco, vale o padrão da instalação.
        </p>
      </div>
      {q.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner rotulo="Carregando configurações" className="size-6 text-blue-700" />
        </div>
      ) : q.isError ? (
        <Card>
          <EmptyState
            titulo={MSG.erroCarregarConfiguracoesPlataforma}
            acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>}
          />
        </Card>
      ) : (
        <Formulario atual={q.data} />
      )}
      <DiagnosisCard />
    </div>
  );
}

const CAMPOS = ["graphVersaoPadrao", "remetenteNome", "remetenteEmail"] as const;

function Formulario({ atual }: { atual: TConfiguracoesPlataforma }) {
  const qc = useQueryClient();
  const form = useForm<TConfiguracoesPlataformaEntrada>({
    resolver: zodResolver(ZConfiguracoesPlataformaEntrada),
    values: {
      graphVersaoPadrao: atual.graphVersaoPadrao,
      remetenteNome: atual.remetenteNome,
      remetenteEmail: atual.remetenteEmail,
    },
  });
  const erros = form.formState.errors;
  const enviar = form.handleSubmit(async (dados) => {
    try {
      const salvo = await salvarConfiguracoes(dados);
      qc.setQueryData(configuracoesQuery.queryKey, salvo);
      toast.success(MSG.configuracoesPlataformaSalvas);
    } catch (e) {
      if (!aplicarErrosDoServidor(e, form.setError, CAMPOS))
        toast.error(mensagemDeErro(e, MSG.erroSalvarConfiguracoesPlataforma));
    }
  });
  return (
    <form onSubmit={enviar} noValidate className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <MessageCircle className="size-4 text-green-700" aria-hidden="true" />
            WhatsApp Business Cloud API
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-2">
          <Field
            label="Versão padrão da Graph API"
            erro={erros.graphVersaoPadrao?.message}
            dica={`Usada pelas empresas que não definem a sua. Em branco: ${atual.padroes.graphVersao}. Em uso: ${atual.efetivos.graphVersao}.`}
          >
            <Input placeholder={atual.padroes.graphVersao} {...form.register("graphVersaoPadrao")} />
          </Field>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Mail className="size-4 text-blue-700" aria-hidden="true" />
            Remetente dos emails
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <Field label="Nome do remetente" erro={erros.remetenteNome?.message}>
            <Input placeholder="CRM Revisional" {...form.register("remetenteNome")} />
          </Field>
          <Field label="Email do remetente" erro={erros.remetenteEmail?.message}>
            <Input type="email" placeholder="nao-responda@exemplo.com.br" {...form.register("remetenteEmail")} />
          </Field>
          <p className="text-sm text-slate-600">
            Padrão da instalação: <span className="break-all">{atual.padroes.remetente}</span>. Em uso:{" "}
            <span className="break-all font-medium text-slate-800">{atual.efetivos.remetente}</span>.
          </p>
        </CardContent>
      </Card>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {atual.atualizadoEm
            ? `Última alteração em ${formatarDataHora(atual.atualizadoEm)}${atual.atualizadoPor ? ` por ${atual.atualizadoPor}` : ""}.`
            : "Nunca alteradas: valem os padrões da instalação."}
        </p>
        <Button type="submit" carregando={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Salvando..." : "Salvar Configurações"}
        </Button>
      </div>
    </form>
  );
}

import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import { type TConfiguracoes, type TSalvarConfiguracoes, ZSalvarConfiguracoes } from "@crm/domain/schemas/settings";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link, useBlocker } from "react-router";
import { ApiError, mensagemDeErro } from "../../lib/api";
import { aplicarErrosDoServidor } from "../../lib/formErrors";
import { useSessaoAtual } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import { ApiKeysCard } from "../api-keys/ApiKeysCard";
import { ConversionsApiCard } from "../attribution/ConversionsApiCard";
import { PreAnalysisSettingsCard } from "../revisional/PreAnalysisSettingsCard";
import { TagsSettingsCard } from "../tags/TagsSettingsCard";
import { WebhooksCard } from "../webhooks/WebhooksCard";
import { AIBlock } from "./AIBlock";
import { AssignmentSettingsCard } from "./AssignmentSettingsCard";
import { configuracoesQuery, salvar } from "./api";
import { BusinessHoursCard } from "./BusinessHoursCard";
import { OptOutWordsCard } from "./OptOutWordsCard";
import { UnsavedChangesDialog } from "./UnsavedChangesDialog";
import { WebhookHelpBlock } from "./WebhookHelpBlock";
import { type TFormulario, WhatsAppBlock } from "./WhatsAppBlock";

const CAMPOS = [
  "whatsapp.access_token",
  "whatsapp.phone_number_id",
  "whatsapp.app_id",
  "whatsapp.app_secret",
  "whatsapp.business_account_id",
  "whatsapp.graph_version",
  "whatsapp.unofficial_api_url",
  "whatsapp.unofficial_api_key",
  "whatsapp.unofficial_instance_id",
  "ia.api_key",
  "ia.modelo",
  "ia.temperature",
  "ia.max_tokens",
  "ia.base_url",
] as const;

/** The saved settings as form values: secrets start empty (empty keeps the stored one). */
function valoresDe(c: TConfiguracoes): TFormulario {
  const w = c.whatsapp;
  return {
    whatsapp: {
      provedor: w.provedor,
      access_token: "",
      phone_number_id: w.phone_number_id,
      app_id: w.app_id,
      app_secret: "",
      business_account_id: w.business_account_id,
      graph_version: w.graph_version,
      unofficial_api_url: w.unofficial_api_url,
      unofficial_api_key: "",
      unofficial_instance_id: w.unofficial_instance_id,
    },
    ia: { api_key: "", modelo: c.ia.modelo, temperature: c.ia.temperature, max_tokens: c.ia.max_tokens, base_url: c.ia.base_url },
  };
}

/** /empresa-config and /configuracoes (001 'Company settings'). */
export function CompanySettingsPage() {
  useDocumentTitle("Configurações da Empresa");
  const sessao = useSessaoAtual();
  if (!pode(sessao.usuario.papel, "empresa.configurar")) return <AccessDenied mensagem={MSG.acessoNegado} />;
  if (!sessao.empresa)
    return (
      <EmptyState
        titulo="Configurações da Empresa"
        comoTitulo="h1"
        descricao="As integrações (WhatsApp e IA) são configuradas por empresa, pelos administradores de cada uma."
        acao={
          <Link to="/empresas" className="font-medium text-blue-700 underline">
            Ver empresas
          </Link>
        }
      />
    );
  return <Configuracoes />;
}

function Configuracoes() {
  const { usuario } = useSessaoAtual();
  const qc = useQueryClient();
  const q = useQuery(configuracoesQuery);
  if (q.isPending)
    return (
      <div className="flex justify-center py-16">
        <Spinner rotulo="Carregando configurações" className="size-6 text-blue-700" />
      </div>
    );
  if (q.isError)
    return (
      <EmptyState
        titulo={mensagemDeErro(q.error, MSG.empresaNaoEncontradaTente)}
        acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>}
      />
    );
  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <Formulario config={q.data} onSalvo={(c) => qc.setQueryData(configuracoesQuery.queryKey, c)} />
      <ConversionsApiCard />
      <PreAnalysisSettingsCard />
      <BusinessHoursCard />
      <AssignmentSettingsCard />
      <OptOutWordsCard />
      {pode(usuario.papel, "etiquetas.gerenciar") && <TagsSettingsCard />}
      <ApiKeysCard />
      {pode(usuario.papel, "webhooks.gerenciar") && <WebhooksCard />}
    </div>
  );
}

function Formulario({ config, onSalvo }: { config: TConfiguracoes; onSalvo: (c: TConfiguracoes) => void }) {
  const f = useForm<TFormulario, unknown, TSalvarConfiguracoes>({
    resolver: zodResolver(ZSalvarConfiguracoes),
    defaultValues: valoresDe(config),
  });
  const provedor = useWatch({ control: f.control, name: "whatsapp.provedor" });
  const alterado = f.formState.isDirty;
  const [salvando, setSalvando] = useState(false);

  const gravar = useCallback(
    async (dados: TSalvarConfiguracoes): Promise<boolean> => {
      setSalvando(true);
      try {
        const c = await salvar(dados);
        onSalvo(c);
        f.reset(valoresDe(c));
        toast.success(MSG.configuracoesSalvas);
        return true;
      } catch (e) {
        // field messages go next to their fields; anything else is one toast (server faults: the spec's text)
        // (the server's own words: a required field, or a URL the outbound guard refuses, decision 1615)
        if (aplicarErrosDoServidor(e, f.setError, CAMPOS)) toast.error(e instanceof ApiError ? e.erro : MSG.campoObrigatorio);
        else toast.error(e instanceof ApiError && e.status > 0 && e.status < 500 ? e.erro : MSG.erroSalvarConfiguracoes);
        return false;
      } finally {
        setSalvando(false);
      }
    },
    [f, onSalvo],
  );
  const enviar = f.handleSubmit(gravar);

  // leaving with unsaved changes: the browser's warning, and our dialog for links inside the app
  const bloqueio = useBlocker(
    ({ currentLocation, nextLocation }) => alterado && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!alterado) return;
    const avisar = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", avisar);
    return () => window.removeEventListener("beforeunload", avisar);
  }, [alterado]);
  // Ctrl/Cmd+S saves; with nothing changed, says so
  useEffect(() => {
    const atalho = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== "s") return;
      e.preventDefault();
      if (!f.formState.isDirty) toast.info(MSG.semAlteracoesParaSalvar);
      else void enviar();
    };
    window.addEventListener("keydown", atalho);
    return () => window.removeEventListener("keydown", atalho);
  }, [f, enviar]);

  return (
    <form onSubmit={enviar} noValidate className="mx-auto max-w-4xl space-y-5">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Configurações da Empresa</h1>
        <p className="mt-1 text-sm text-slate-600">Configure as APIs e integrações para {config.empresa.nome}</p>
      </div>
      <WhatsAppBlock f={f} config={config} />
      <AIBlock f={f} config={config} />
      <WebhookHelpBlock config={config} provedor={provedor} />
      <div className="sticky bottom-0 flex items-center justify-end gap-3 border-t border-slate-200 bg-slate-50/95 py-3">
        {alterado && <p className="text-sm text-amber-800">Há alterações não salvas.</p>}
        <Button type="submit" carregando={salvando} disabled={!alterado}>
          {salvando ? "Salvando..." : "Salvar Configurações"}
        </Button>
      </div>
      <UnsavedChangesDialog
        open={bloqueio.state === "blocked"}
        salvando={salvando}
        onFechar={() => bloqueio.state === "blocked" && bloqueio.reset()}
        onDescartar={() => bloqueio.state === "blocked" && bloqueio.proceed()}
        onSalvar={() =>
          f.handleSubmit(async (d) => {
            const ok = await gravar(d);
            if (bloqueio.state === "blocked") ok ? bloqueio.proceed() : bloqueio.reset();
          })()
        }
      />
    </form>
  );
}

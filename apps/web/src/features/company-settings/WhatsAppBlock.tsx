import { MSG } from "@crm/domain/messages";
import type { TConfiguracoes, TSalvarConfiguracoes } from "@crm/domain/schemas/settings";
import { ZWhatsAppEntrada } from "@crm/domain/schemas/settings";
import type { TProvedorWhatsApp } from "@crm/domain/whatsapp";
import { AlertTriangle, Info } from "lucide-react";
import { useState } from "react";
import { type UseFormReturn, useWatch } from "react-hook-form";
import type { z } from "zod";
import { mensagemDeErro } from "../../lib/api";
import { cn } from "../../lib/cn";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { toast } from "../../ui/toast";
import { testarWhatsApp } from "./api";
import { BadgeTeste, CampoCopiavel, CampoSegredo, type TEstadoTeste } from "./pieces";

export type TFormulario = z.input<typeof import("@crm/domain/schemas/settings").ZSalvarConfiguracoes>;

const OPCOES: { valor: TProvedorWhatsApp; titulo: string; descricao: string }[] = [
  { valor: "official", titulo: "API Oficial", descricao: "WhatsApp Business Cloud API (Meta). Recomendado." },
  { valor: "unofficial", titulo: "API Não Oficial", descricao: "Provedores terceiros (Evolution API). Risco de bloqueio." },
  { valor: "sandbox", titulo: "Sandbox (simulação)", descricao: "Para testar o CRM sem conta externa." },
];

const RISCOS = [
  "Bloqueio permanente da conta do WhatsApp",
  "Entrega de mensagens instável",
  "Violação dos termos de serviço do WhatsApp",
  "Perda de dados e de conversas",
];

type Props = { f: UseFormReturn<TFormulario, unknown, TSalvarConfiguracoes>; config: TConfiguracoes };

/** Block 1 (001 'Company settings'): the messaging provider, its fields, the webhook URL and the connection test. */
export function WhatsAppBlock({ f, config }: Props) {
  const provedor = useWatch({ control: f.control, name: "whatsapp.provedor" });
  const [teste, setTeste] = useState<TEstadoTeste>("unknown");
  const [testando, setTestando] = useState(false);
  const erros = f.formState.errors.whatsapp;
  const reg = (nome: keyof TFormulario["whatsapp"]) => f.register(`whatsapp.${nome}`);

  async function testar() {
    setTestando(true);
    try {
      const r = await testarWhatsApp(ZWhatsAppEntrada.parse(f.getValues("whatsapp")));
      setTeste(r.ok ? "success" : "error");
      // 'Erro de Conexão' (001 §8) is the title; the reason goes under it, never glued to it (so never doubled)
      r.ok ? toast.success(r.mensagem) : toast.error(MSG.erroDeConexao, { description: r.mensagem });
    } catch (e) {
      setTeste("error");
      toast.error(MSG.erroDeConexao, { description: mensagemDeErro(e, MSG.whatsappErroConexaoApi) });
    } finally {
      setTestando(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle>Integração WhatsApp</CardTitle>
          <BadgeTeste estado={teste} />
        </div>
        <p className="text-sm text-slate-600">Escolha como a empresa envia e recebe mensagens.</p>
      </CardHeader>
      <CardContent className="space-y-4">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">Tipo de integração</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {OPCOES.map((o) => (
              <label
                key={o.valor}
                className={cn(
                  "flex cursor-pointer gap-2 rounded-md border p-3 text-sm",
                  provedor === o.valor ? "border-blue-600 bg-blue-50" : "border-slate-200 hover:bg-slate-50",
                )}
              >
                <input type="radio" value={o.valor} {...reg("provedor")} onClick={() => setTeste("unknown")} className="mt-0.5" />
                <span>
                  <span className="block font-medium text-slate-900">{o.titulo}</span>
                  <span className="text-slate-600">{o.descricao}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        {provedor === "unofficial" && (
          <Alert tipo="aviso">
            <p className="flex items-center gap-1 font-semibold">
              <AlertTriangle className="size-4" aria-hidden="true" /> Atenção: riscos da API não oficial
            </p>
            <ul className="mt-1 list-disc pl-5">
              {RISCOS.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
            <p className="mt-1 font-medium">Recomendamos fortemente usar a API Oficial.</p>
          </Alert>
        )}

        {provedor === "official" && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Access Token *" erro={erros?.access_token?.message}>
              <CampoSegredo guardado={config.whatsapp.access_token} {...reg("access_token")} />
            </Field>
            <Field label="Phone Number ID *" erro={erros?.phone_number_id?.message}>
              <Input {...reg("phone_number_id")} />
            </Field>
            <Field label="App ID *" erro={erros?.app_id?.message}>
              <Input {...reg("app_id")} />
            </Field>
            <Field
              label="App Secret *"
              erro={erros?.app_secret?.message}
              dica="Usado para validar a assinatura (X-Hub-Signature-256) dos webhooks."
            >
              <CampoSegredo guardado={config.whatsapp.app_secret} {...reg("app_secret")} />
            </Field>
            <Field
              label="WhatsApp Business Account ID"
              erro={erros?.business_account_id?.message}
              dica="Para listar os modelos aprovados (se vazio, usa o App ID)."
            >
              <Input {...reg("business_account_id")} />
            </Field>
            <Field label="Versão da Graph API" erro={erros?.graph_version?.message}>
              <Input {...reg("graph_version")} />
            </Field>
            <div className="sm:col-span-2">
              <Field label="Webhook Verify Token" dica="Use exatamente este valor no campo Verify Token do painel da Meta.">
                <CampoCopiavel valor={config.webhook.verify_token} rotuloCopiar="Copiar Webhook Verify Token" />
              </Field>
            </div>
          </div>
        )}

        {provedor === "unofficial" && (
          <>
            <Alert>
              <p className="flex items-center gap-1 font-semibold">
                <Info className="size-4" aria-hidden="true" /> Configuração do gateway
              </p>
              <p>
                Informe a API URL do seu servidor (Evolution API), a API Key da instância e o Instance ID (nome da instância).
                Depois, conecte o número pela tela WhatsApp lendo o QR Code.
              </p>
            </Alert>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label="API URL *"
                erro={erros?.unofficial_api_url?.message}
                dica="A URL exata da documentação do provedor, sem /api/v1."
              >
                <Input type="url" placeholder="https://seu-servidor.com" {...reg("unofficial_api_url")} />
              </Field>
              <Field label="API Key *" erro={erros?.unofficial_api_key?.message}>
                <CampoSegredo guardado={config.whatsapp.unofficial_api_key} {...reg("unofficial_api_key")} />
              </Field>
              <Field label="Instance ID *" erro={erros?.unofficial_instance_id?.message}>
                <Input {...reg("unofficial_instance_id")} />
              </Field>
            </div>
          </>
        )}

        {provedor === "sandbox" && (
          <Alert>O Sandbox simula o WhatsApp dentro do CRM: use Testes de Validação para escrever como um lead.</Alert>
        )}

        <Field label="Webhook URL">
          <CampoCopiavel valor={config.webhook.url} rotuloCopiar="Copiar Webhook URL" />
        </Field>

        <Button variant="outline" onClick={testar} carregando={testando}>
          {testando ? "Testando Conexão..." : "Testar Conexão WhatsApp"}
        </Button>
      </CardContent>
    </Card>
  );
}

import { PASSOS_WEBHOOK, type TConfiguracoes } from "@crm/domain/schemas/settings";
import type { TProvedorWhatsApp } from "@crm/domain/whatsapp";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { CampoCopiavel } from "./pieces";

/** Block 3 (001 'Company settings'): the webhook URL with copy and the setup steps of each provider. */
export function WebhookHelpBlock({ config, provedor }: { config: TConfiguracoes; provedor: TProvedorWhatsApp }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Configuração de Webhooks</CardTitle>
        <p className="text-sm text-slate-600">Cadastre esta URL no provedor para receber as mensagens e os status de entrega.</p>
      </CardHeader>
      <CardContent className="space-y-4">
        <div>
          <p className="mb-1 text-sm font-medium text-slate-800">URL do Webhook</p>
          <CampoCopiavel valor={config.webhook.url} rotuloCopiar="Copiar URL do Webhook" aria-label="URL do Webhook" />
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          {(["official", "unofficial"] as const).map((p) => (
            <section key={p} className={provedor === p ? "rounded-md bg-blue-50 p-3" : "rounded-md bg-slate-50 p-3"}>
              <h3 className="mb-1 text-sm font-semibold text-slate-900">
                {p === "official" ? "API Oficial (Meta)" : "API Não Oficial"}
              </h3>
              <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
                {PASSOS_WEBHOOK[p].map((passo) => (
                  <li key={passo}>{passo}</li>
                ))}
              </ol>
            </section>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}

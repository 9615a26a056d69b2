import { MSG } from "@crm/domain/messages";
import { modeloIaAvancado } from "@crm/domain/plan-limits";
import { PLANO_INFO } from "@crm/domain/plans";
import { MODELOS_IA, type TConfiguracoes, type TSalvarConfiguracoes, ZIAEntrada } from "@crm/domain/schemas/settings";
import { useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { mensagemDeErro } from "../../lib/api";
import { useSessaoAtual } from "../../lib/session";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { PlanLock } from "../../ui/PlanLock";
import { Select } from "../../ui/Select";
import { toast } from "../../ui/toast";
import { testarIA } from "./api";
import { BadgeTeste, CampoSegredo, type TEstadoTeste } from "./pieces";
import type { TFormulario } from "./WhatsAppBlock";

/** Block 2 (001 'Company settings'): the OpenAI-compatible AI used by screening, and its connection test. */
export function AIBlock({ f, config }: { f: UseFormReturn<TFormulario, unknown, TSalvarConfiguracoes>; config: TConfiguracoes }) {
  const [teste, setTeste] = useState<TEstadoTeste>("unknown");
  const [testando, setTestando] = useState(false);
  const e = f.formState.errors.ia;
  // GPT-4 and GPT-4 Turbo are 'IA avançada' (Enterprise, decision 1310)
  const plano = useSessaoAtual().empresa?.plano_assinatura;
  const semIaAvancada = plano ? !PLANO_INFO[plano].iaAvancada : false;

  async function testar() {
    setTestando(true);
    try {
      const dados = ZIAEntrada.safeParse(f.getValues("ia"));
      if (!dados.success) {
        setTeste("error");
        toast.error(MSG.openaiServicoInvalido);
        return;
      }
      const r = await testarIA(dados.data);
      setTeste(r.ok ? "success" : "error");
      r.ok ? toast.success(r.mensagem) : toast.error(r.mensagem);
    } catch (err) {
      setTeste("error");
      toast.error(mensagemDeErro(err, MSG.openaiFalhaConexao));
    } finally {
      setTestando(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle>OpenAI ChatGPT API</CardTitle>
          <BadgeTeste estado={teste} />
        </div>
        <p className="text-sm text-slate-600">Configure a IA para triagem automática de leads</p>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="API Key *" erro={e?.api_key?.message}>
            <CampoSegredo guardado={config.ia.api_key} {...f.register("ia.api_key")} />
          </Field>
          <Field label="Modelo" erro={e?.modelo?.message}>
            <Select {...f.register("ia.modelo")}>
              {MODELOS_IA.map((m) => (
                <option
                  key={m.valor}
                  value={m.valor}
                  disabled={semIaAvancada && modeloIaAvancado(m.valor) && m.valor !== config.ia.modelo}
                >
                  {m.rotulo}
                </option>
              ))}
            </Select>
          </Field>
          {semIaAvancada && <PlanLock recurso="iaAvancada" className="sm:col-span-2" />}
          <Field label="Temperature" erro={e?.temperature?.message} dica="De 0 a 1 (padrão 0.7).">
            <Input type="number" min={0} max={1} step={0.1} {...f.register("ia.temperature", { valueAsNumber: true })} />
          </Field>
          <Field label="Max Tokens" erro={e?.max_tokens?.message} dica="De 100 a 2000 (padrão 500).">
            <Input type="number" min={100} max={2000} step={1} {...f.register("ia.max_tokens", { valueAsNumber: true })} />
          </Field>
          <Field label="URL base da API" erro={e?.base_url?.message} dica="Qualquer servidor compatível com a API da OpenAI.">
            <Input type="url" {...f.register("ia.base_url")} />
          </Field>
        </div>
        <Button variant="outline" onClick={testar} carregando={testando}>
          {testando ? "Testando Conexão..." : "Testar Conexão ChatGPT"}
        </Button>
      </CardContent>
    </Card>
  );
}

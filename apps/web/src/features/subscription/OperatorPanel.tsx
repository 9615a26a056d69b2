import { PLANOS, type TPlano } from "@crm/domain/plans";
import type { TAssinatura } from "@crm/domain/schemas/subscription";
import { STATUS_ASSINATURA, type TStatusAssinatura } from "@crm/domain/subscription";
import { MSG_ASSINATURA as M } from "@crm/domain/subscription-messages";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { mensagemDeErro } from "../../lib/api";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { Select } from "../../ui/Select";
import { toast } from "../../ui/toast";
import { acaoOperador, CHAVE_ASSINATURA } from "./api";

/** The platform admin's actions (each written to auditoria by the server): plan, status, trial extension. */
export function OperatorPanel({ a, empresaId }: { a: TAssinatura; empresaId: string }) {
  const qc = useQueryClient();
  const [plano, setPlano] = useState<TPlano>(a.plano);
  const [status, setStatus] = useState<TStatusAssinatura>(a.status);
  const [dias, setDias] = useState("7");
  const [enviando, setEnviando] = useState(false);

  async function aplicar(body: Parameters<typeof acaoOperador>[1]) {
    setEnviando(true);
    try {
      toast.success((await acaoOperador(empresaId, body)).mensagem);
      await qc.invalidateQueries({ queryKey: CHAVE_ASSINATURA });
    } catch (e) {
      toast.error(mensagemDeErro(e, M.erroAtualizarPlano));
    } finally {
      setEnviando(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Ações do operador</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-3">
        <div className="space-y-2">
          <Field label="Plano">
            <Select value={plano} onChange={(e) => setPlano(e.target.value as TPlano)}>
              {PLANOS.map((p) => (
                <option key={p}>{p}</option>
              ))}
            </Select>
          </Field>
          <Button size="sm" carregando={enviando} disabled={plano === a.plano} onClick={() => aplicar({ plano })}>
            Alterar plano
          </Button>
        </div>
        <div className="space-y-2">
          <Field label="Status">
            <Select value={status} onChange={(e) => setStatus(e.target.value as TStatusAssinatura)}>
              {STATUS_ASSINATURA.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </Select>
          </Field>
          <Button size="sm" carregando={enviando} disabled={status === a.status} onClick={() => aplicar({ status })}>
            Alterar status
          </Button>
        </div>
        <div className="space-y-2">
          <Field label="Estender teste (dias)">
            <Input type="number" min={1} max={90} value={dias} onChange={(e) => setDias(e.target.value)} />
          </Field>
          <Button size="sm" carregando={enviando} onClick={() => aplicar({ estenderTesteDias: Number(dias) })}>
            Estender teste
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

import { MSG } from "@crm/domain/messages";
import { MSG_REGISTRO, REGRAS_RETENCAO, RETENCAO_MAX_MESES, RETENCAO_MIN_MESES } from "@crm/domain/privacy-records";
import { type TRegraRetencao, ZRegrasRetencao } from "@crm/domain/schemas/privacy-records";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { mensagemDeErro } from "../../lib/api";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { PlanLock } from "../../ui/PlanLock";
import { toast } from "../../ui/toast";
import { CHAVE_REGISTRO, salvarRegras } from "./api";

/** The retention rules per category (decision 1873): months and on/off, with what each removes. */
export function RetentionRulesForm({
  empresaId,
  regras,
  permitido,
}: {
  empresaId: string | null;
  regras: TRegraRetencao[];
  permitido: boolean;
}) {
  const qc = useQueryClient();
  const [r, setR] = useState(() => regras.map((x) => ({ ...x, meses: String(x.meses) })));
  const [erro, setErro] = useState<string | null>(null);
  const [salvando, setSalvando] = useState(false);
  const mudar = (i: number, p: Partial<(typeof r)[number]>) => setR((xs) => xs.map((x, j) => (j === i ? { ...x, ...p } : x)));
  const salvar = async () => {
    const v = ZRegrasRetencao.safeParse({ regras: r.map((x) => ({ ...x, meses: Number(x.meses) })) });
    if (!v.success) return setErro(v.error.issues[0].message);
    setErro(null);
    setSalvando(true);
    try {
      await salvarRegras(empresaId, v.data.regras);
      toast.success(MSG_REGISTRO.regrasSalvas);
      await qc.invalidateQueries({ queryKey: CHAVE_REGISTRO });
    } catch (e) {
      setErro(mensagemDeErro(e, MSG.erroInterno));
    } finally {
      setSalvando(false);
    }
  };
  return (
    <Card aria-labelledby="retencao-titulo">
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle id="retencao-titulo">Regras de retenção</CardTitle>
          <p className="mt-1 text-sm text-slate-600">Por quanto tempo cada categoria fica guardada antes de ser anonimizada.</p>
        </div>
        {!permitido && <PlanLock recurso="regrasRetencao" />}
      </CardHeader>
      <CardContent>
        <form
          className="space-y-4"
          // the pt-BR message of the domain's schema, not the browser's own bubble for min/max
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void salvar();
          }}
        >
          {r.map((regra, i) => {
            const info = REGRAS_RETENCAO[regra.categoria];
            return (
              <fieldset key={regra.categoria} className="m-0 min-w-0 rounded-md border border-slate-200 p-3">
                <legend className="px-1 font-medium text-slate-900">{info.rotulo}</legend>
                <p className="text-sm text-slate-700">{info.acao}</p>
                <div className="mt-2 flex flex-wrap items-end gap-4">
                  <Field label={`Meses (${info.contagem})`} className="w-56">
                    <Input
                      type="number"
                      inputMode="numeric"
                      min={RETENCAO_MIN_MESES}
                      max={RETENCAO_MAX_MESES}
                      value={regra.meses}
                      disabled={!permitido}
                      onChange={(e) => mudar(i, { meses: e.target.value })}
                    />
                  </Field>
                  <label className="flex items-center gap-2 pb-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      className="size-4 accent-blue-700"
                      checked={regra.ativa}
                      disabled={!permitido}
                      onChange={(e) => mudar(i, { ativa: e.target.checked })}
                    />
                    Ativa
                  </label>
                </div>
              </fieldset>
            );
          })}
          {erro && <Alert tipo="erro">{erro}</Alert>}
          {permitido && (
            <Button type="submit" variant="secondary" carregando={salvando}>
              Salvar regras
            </Button>
          )}
        </form>
      </CardContent>
    </Card>
  );
}

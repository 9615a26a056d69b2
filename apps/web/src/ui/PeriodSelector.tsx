import { intervaloDoPeriodo, PERIODO_PADRAO, PERIODOS, ROTULO_PERIODO, type TPeriodo } from "@crm/domain/period";
import { useId, useState } from "react";
import { cn } from "../lib/cn";
import { Field } from "./Field";
import { Input } from "./Input";
import { Select } from "./Select";

export type TSelecaoPeriodo = { periodo: TPeriodo; inicio?: string; fim?: string };
export const SELECAO_PERIODO_PADRAO: TSelecaoPeriodo = { periodo: PERIODO_PADRAO };

type Props = { value: TSelecaoPeriodo; onChange: (v: TSelecaoPeriodo) => void; className?: string };

/**
 * Period presets (000 §4). 'Personalizado' shows two dates and only applies once both are filled (000 §5);
 * until then the previous period stays in effect.
 */
export function PeriodSelector({ value, onChange, className }: Props) {
  const id = useId();
  const [periodo, setPeriodo] = useState<TPeriodo>(value.periodo);
  const [inicio, setInicio] = useState(value.inicio ?? "");
  const [fim, setFim] = useState(value.fim ?? "");
  const invertido =
    periodo === "custom" && !!inicio && !!fim && intervaloDoPeriodo("custom", new Date(), { inicio, fim }) === null;

  function aplicarCustom(i: string, f: string) {
    if (i && f && intervaloDoPeriodo("custom", new Date(), { inicio: i, fim: f }))
      onChange({ periodo: "custom", inicio: i, fim: f });
  }

  function escolher(p: TPeriodo) {
    setPeriodo(p);
    if (p === "custom") aplicarCustom(inicio, fim);
    else onChange({ periodo: p });
  }

  return (
    <div className={cn("flex flex-wrap items-end gap-3", className)}>
      <Field label="Período" className="w-48">
        <Select id={`${id}-periodo`} value={periodo} onChange={(e) => escolher(e.target.value as TPeriodo)}>
          {PERIODOS.map((p) => (
            <option key={p} value={p}>
              {ROTULO_PERIODO[p]}
            </option>
          ))}
        </Select>
      </Field>
      {periodo === "custom" && (
        <>
          <Field label="Data inicial" className="w-44">
            <Input
              type="date"
              value={inicio}
              max={fim || undefined}
              onChange={(e) => {
                setInicio(e.target.value);
                aplicarCustom(e.target.value, fim);
              }}
            />
          </Field>
          <Field
            label="Data final"
            className="w-44"
            erro={invertido ? "A data final deve ser igual ou posterior à inicial" : undefined}
          >
            <Input
              type="date"
              value={fim}
              min={inicio || undefined}
              onChange={(e) => {
                setFim(e.target.value);
                aplicarCustom(inicio, e.target.value);
              }}
            />
          </Field>
        </>
      )}
    </div>
  );
}

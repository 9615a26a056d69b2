import { ROTULO_EVENTO_WEBHOOK, TEXTO_WEBHOOKS, TIPOS_EVENTO_WEBHOOK, type TTipoEventoWebhook } from "@crm/domain/webhooks";
import { useId } from "react";

const T = TEXTO_WEBHOOKS;

/** Every event type (null, those added later included) or a chosen few, as checkboxes in a fieldset. */
export function EventTypesPicker({
  valor,
  onChange,
}: {
  valor: TTipoEventoWebhook[] | null;
  onChange: (v: TTipoEventoWebhook[] | null) => void;
}) {
  const nome = useId();
  const escolhidos = valor ?? [];
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-900">{T.eventos}</legend>
      <label className="flex items-center gap-2 text-sm">
        <input type="radio" name={nome} checked={valor === null} onChange={() => onChange(null)} />
        {T.todosEventos}
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="radio" name={nome} checked={valor !== null} onChange={() => onChange(escolhidos)} />
        {T.escolherEventos}
      </label>
      {valor !== null && (
        <div className="grid gap-1 pl-6 sm:grid-cols-2">
          {TIPOS_EVENTO_WEBHOOK.map((tipo) => (
            <label key={tipo} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-1"
                checked={escolhidos.includes(tipo)}
                onChange={(e) => onChange(e.target.checked ? [...escolhidos, tipo] : escolhidos.filter((x) => x !== tipo))}
              />
              <span>
                {ROTULO_EVENTO_WEBHOOK[tipo]} <code className="text-xs text-slate-600">{tipo}</code>
              </span>
            </label>
          ))}
          {escolhidos.length === 0 && <p className="text-sm text-red-700">{T.eventosObrigatorios}</p>}
        </div>
      )}
    </fieldset>
  );
}

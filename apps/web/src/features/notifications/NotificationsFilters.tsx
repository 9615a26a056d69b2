import type { TFiltroNotificacoes } from "@crm/domain/schemas/notifications";
import { ROTULO_TIPO_NOTIFICACAO, TIPOS_NOTIFICACAO, type TTipoNotificacao } from "@crm/domain/status";
import { Field } from "../../ui/Field";
import { Select } from "../../ui/Select";

const ROTULO_SITUACAO: Record<TFiltroNotificacoes["situacao"], string> = {
  todas: "Todas",
  nao_lidas: "Não lidas",
  lidas: "Lidas",
};

type Props = {
  tipo?: TTipoNotificacao;
  situacao: TFiltroNotificacoes["situacao"];
  onChange: (f: { tipo?: TTipoNotificacao; situacao: TFiltroNotificacoes["situacao"] }) => void;
};

export function NotificationsFilters({ tipo, situacao, onChange }: Props) {
  return (
    <div className="flex flex-wrap gap-3">
      <Field label="Tipo" className="w-56">
        <Select
          value={tipo ?? ""}
          onChange={(e) => onChange({ tipo: (e.target.value || undefined) as TTipoNotificacao | undefined, situacao })}
        >
          <option value="">Todos os tipos</option>
          {TIPOS_NOTIFICACAO.map((t) => (
            <option key={t} value={t}>
              {ROTULO_TIPO_NOTIFICACAO[t]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Situação" className="w-44">
        <Select
          value={situacao}
          onChange={(e) => onChange({ tipo, situacao: e.target.value as TFiltroNotificacoes["situacao"] })}
        >
          {(Object.keys(ROTULO_SITUACAO) as TFiltroNotificacoes["situacao"][]).map((s) => (
            <option key={s} value={s}>
              {ROTULO_SITUACAO[s]}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}

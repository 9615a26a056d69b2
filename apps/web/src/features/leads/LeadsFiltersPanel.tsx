import { lerValorBRL } from "@crm/domain/leads-money";
import { MSG } from "@crm/domain/messages";
import { FAIXAS_RAZAO, ROTULO_FAIXA } from "@crm/domain/revisional/bands";
import type { TFiltroLeads, TOpcaoConsultor } from "@crm/domain/schemas/leads";
import { ORIGENS_LEAD, type TStatusLead } from "@crm/domain/status";
import { useState } from "react";
import { Button } from "../../ui/Button";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { Select } from "../../ui/Select";
import { TagFilter } from "../tags/TagFilter";
import { LeadStatusOptions } from "./LeadStatusOptions";

type Props = {
  filtro: TFiltroLeads;
  consultores: TOpcaoConsultor[];
  /** the filter by tag: the company's people only */
  comEtiquetas: boolean;
  onChange: (m: Partial<TFiltroLeads>) => void;
};

const brl = (n: number | undefined) => (n === undefined ? "" : n.toLocaleString("pt-BR", { minimumFractionDigits: 2 }));

/** The optional filters panel of /leads: status, consultant, origin, contract value range, assigned or not, tag. */
export function LeadsFiltersPanel({ filtro, consultores, comEtiquetas, onChange }: Props) {
  return (
    <section
      aria-label="Filtros"
      className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <Field label="Status">
        <Select
          value={filtro.status ?? ""}
          onChange={(e) => onChange({ status: (e.target.value || undefined) as TStatusLead | undefined })}
        >
          <LeadStatusOptions vazio="Todos os status" />
        </Select>
      </Field>
      <Field label="Consultor">
        <Select value={filtro.consultor ?? ""} onChange={(e) => onChange({ consultor: e.target.value || undefined })}>
          <option value="">Todos os consultores</option>
          {consultores.map((c) => (
            <option key={c.id} value={c.id}>
              {c.nome}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Origem">
        <Select
          value={filtro.origem ?? ""}
          onChange={(e) => onChange({ origem: (e.target.value || undefined) as TFiltroLeads["origem"] })}
        >
          <option value="">Todas as origens</option>
          {ORIGENS_LEAD.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </Select>
      </Field>
      <CampoValor
        key={`min-${filtro.valorMin}`}
        rotulo="Valor do contrato mínimo"
        valor={filtro.valorMin}
        onChange={(valorMin) => onChange({ valorMin })}
      />
      <CampoValor
        key={`max-${filtro.valorMax}`}
        rotulo="Valor do contrato máximo"
        valor={filtro.valorMax}
        onChange={(valorMax) => onChange({ valorMax })}
      />
      <Field label="Atribuição">
        <Select
          value={filtro.atribuicao}
          onChange={(e) => onChange({ atribuicao: e.target.value as TFiltroLeads["atribuicao"] })}
        >
          <option value="todos">Todos</option>
          <option value="atribuidos">Atribuídos</option>
          <option value="nao_atribuidos">Não atribuídos</option>
          <option value="aguardando">Aguardando atribuição</option>
        </Select>
      </Field>
      <Field label="Potencial de revisão">
        <Select
          value={filtro.faixa ?? ""}
          onChange={(e) => onChange({ faixa: (e.target.value || undefined) as TFiltroLeads["faixa"] })}
        >
          <option value="">Todos</option>
          {FAIXAS_RAZAO.map((f) => (
            <option key={f} value={f}>
              {ROTULO_FAIXA[f]}
            </option>
          ))}
        </Select>
      </Field>
      {comEtiquetas && <TagFilter valor={filtro.etiqueta} onChange={(etiqueta) => onChange({ etiqueta })} />}
      <div className="sm:col-span-2 lg:col-span-3">
        <Button
          variant="ghost"
          size="sm"
          onClick={() =>
            onChange({
              status: undefined,
              consultor: undefined,
              origem: undefined,
              valorMin: undefined,
              valorMax: undefined,
              atribuicao: "todos",
              faixa: undefined,
              etiqueta: undefined,
            })
          }
        >
          Limpar filtros
        </Button>
      </div>
    </section>
  );
}

/** A money bound typed as people do ('R$ 1.000,00'), applied when the field is left or Enter is pressed. */
function CampoValor({ rotulo, valor, onChange }: { rotulo: string; valor?: number; onChange: (v: number | undefined) => void }) {
  const [texto, setTexto] = useState(brl(valor));
  const [erro, setErro] = useState<string>();
  function aplicar() {
    if (!texto.trim()) {
      setErro(undefined);
      if (valor !== undefined) onChange(undefined);
      return;
    }
    const n = lerValorBRL(texto);
    if (n === null) return setErro(MSG.valorMonetarioInvalido);
    setErro(undefined);
    if (n !== valor) onChange(n);
  }
  return (
    <Field label={rotulo} erro={erro}>
      <Input
        inputMode="decimal"
        placeholder="R$ 0,00"
        value={texto}
        onChange={(e) => setTexto(e.target.value)}
        onBlur={aplicar}
        onKeyDown={(e) => e.key === "Enter" && aplicar()}
      />
    </Field>
  );
}

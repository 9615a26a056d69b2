import { MSG_CAMPANHAS, VARIAVEIS_CAMPANHA } from "@crm/domain/campaigns";
import { MSG } from "@crm/domain/messages";
import type { TTemplateAprovado } from "@crm/domain/schemas/chat";
import { useQuery } from "@tanstack/react-query";
import { mensagemDeErro } from "../../lib/api";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { Select } from "../../ui/Select";
import { modelosQuery } from "./api";

/** The template a campaign sends: its name and language as Meta approved them, and what fills each {{n}}. */
export type TModeloEscolhido = { nome: string; idioma: string; parametros: string[] };

const chave = (t: Pick<TTemplateAprovado, "nome" | "idioma">) => `${t.nome}|${t.idioma}`;
const dicaVariaveis = `Uma variável (${VARIAVEIS_CAMPANHA.join(", ")}) ou um texto fixo.`;

/**
 * The message step's approved template (decision 1944): picked from the templates the company's provider approved,
 * each with its language and as many variable fields as its body has; when the list cannot be read (or is empty), a
 * typed name as before, with its variables separated by commas.
 */
export function TemplatePicker({
  valor,
  onChange,
  erro,
}: {
  valor: TModeloEscolhido;
  onChange: (m: TModeloEscolhido) => void;
  erro?: string;
}) {
  const modelos = useQuery(modelosQuery());
  if (modelos.isPending) return <p className="text-sm text-slate-600">{MSG_CAMPANHAS.carregandoModelos}</p>;
  const aprovados = modelos.data?.aprovados ?? [];
  if (!aprovados.length) {
    const motivo = modelos.isError ? mensagemDeErro(modelos.error, MSG.erroConexao) : modelos.data?.erro;
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-700" role="status">
          {motivo ? MSG_CAMPANHAS.erroModelos(motivo) : MSG_CAMPANHAS.semModelosAprovados}
        </p>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label={MSG_CAMPANHAS.nomeDoModelo} erro={erro}>
            <Input value={valor.nome} onChange={(e) => onChange({ ...valor, nome: e.target.value })} />
          </Field>
          <Field label={MSG_CAMPANHAS.idiomaDoModelo}>
            <Input value={valor.idioma} onChange={(e) => onChange({ ...valor, idioma: e.target.value })} />
          </Field>
          <Field
            label={MSG_CAMPANHAS.variaveisDoModelo}
            dica={`Separadas por vírgula, na ordem {{1}}, {{2}}...: ${VARIAVEIS_CAMPANHA.join(", ")}`}
          >
            <Input
              value={valor.parametros.join(", ")}
              onChange={(e) => onChange({ ...valor, parametros: e.target.value.split(",").map((p) => p.trim()) })}
            />
          </Field>
        </div>
      </div>
    );
  }
  const escolhido = aprovados.find((t) => chave(t) === chave(valor));
  const escolher = (k: string) => {
    const t = aprovados.find((x) => chave(x) === k);
    onChange(
      t
        ? {
            nome: t.nome,
            idioma: t.idioma,
            parametros: Array.from({ length: t.parametros }, (_, i) => (i === 0 ? "{{nome}}" : "")),
          }
        : { nome: "", idioma: valor.idioma, parametros: [] },
    );
  };
  return (
    <div className="space-y-3">
      <Field label={MSG_CAMPANHAS.modeloAprovado} erro={erro}>
        <Select value={escolhido ? chave(escolhido) : ""} onChange={(e) => escolher(e.target.value)}>
          <option value="">{MSG_CAMPANHAS.escolhaModelo}</option>
          {aprovados.map((t) => (
            <option key={chave(t)} value={chave(t)}>
              {[t.nome, t.idioma, t.categoria].filter(Boolean).join(" · ")}
            </option>
          ))}
        </Select>
      </Field>
      {escolhido && (
        <>
          <figure className="rounded-md border border-slate-200 bg-slate-50 p-3">
            <figcaption className="text-xs font-medium text-slate-700">{MSG_CAMPANHAS.textoDoModelo}</figcaption>
            <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-900">{escolhido.corpo}</p>
          </figure>
          {escolhido.parametros === 0 ? (
            <p className="text-sm text-slate-600">{MSG_CAMPANHAS.modeloSemVariaveis}</p>
          ) : (
            <div className="grid gap-3 sm:grid-cols-2">
              {valor.parametros.map((p, i) => (
                <Field
                  // biome-ignore lint/suspicious/noArrayIndexKey: a template's variables are positional ({{1}}, {{2}}…)
                  key={i}
                  label={MSG_CAMPANHAS.variavelDoModelo(i + 1)}
                  dica={i === 0 ? dicaVariaveis : undefined}
                >
                  <Input
                    value={p}
                    onChange={(e) =>
                      onChange({ ...valor, parametros: valor.parametros.map((x, j) => (j === i ? e.target.value : x)) })
                    }
                  />
                </Field>
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}

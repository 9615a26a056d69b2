import {
  CATEGORIAS_DADOS,
  CATEGORIAS_INCIDENTE,
  CRITERIOS_PRE_MARCADOS,
  CRITERIOS_RISCO,
  IMPACTOS,
  ROTULO_CATEGORIA,
  ROTULO_CATEGORIA_DADOS,
  ROTULO_CRITERIO,
  ROTULO_IMPACTO,
} from "@crm/domain/incidents";
import {
  instanteSP,
  localSP,
  type TDadosIncidente,
  type TFormIncidente,
  type TIncidente,
  type TSelecaoTitulares,
  ZFormIncidente,
} from "@crm/domain/schemas/incidents";
import { STATUS_LEAD } from "@crm/domain/status";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useState } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import { mensagemDeErro } from "../../lib/api";
import { aplicarErrosDoServidor } from "../../lib/formErrors";
import { useDebounce } from "../../lib/useDebounce";
import { Button } from "../../ui/Button";
import { Field } from "../../ui/Field";
import { FieldError } from "../../ui/FieldError";
import { Input } from "../../ui/Input";
import { Select } from "../../ui/Select";
import { Textarea } from "../../ui/Textarea";
import { toast } from "../../ui/toast";
import { buscarTitulares, contarTitulares } from "./api";

type TModo = TSelecaoTitulares["modo"];

type Props = {
  empresaId: string | null;
  /** the incident being edited (its titulares are kept unless a new selection is made) */
  inicial?: TIncidente;
  /** the platform admin's form: the companies affected; the list of leads is per company, so not offered */
  empresas?: { id: string; nome: string }[];
  enviar: string;
  onEnviar: (dados: TDadosIncidente & { titulares?: TSelecaoTitulares; empresas?: string[] }) => Promise<void>;
};

const agoraLocal = () => localSP(new Date().toISOString());
const CAMPOS: FieldPath<TFormIncidente>[] = ["conhecido_em", "ocorrido_em", "titulo", "descricao", "motivo_demora"];

function Marcas<T extends string>(p: {
  legenda: string;
  opcoes: readonly T[];
  rotulos: Record<T, string>;
  registrar: (v: T) => Record<string, unknown>;
  erro?: string;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-900">{p.legenda}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {p.opcoes.map((o) => (
          <label key={o} className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" value={o} className="mt-0.5 size-4 shrink-0 accent-blue-700" {...p.registrar(o)} />
            <span>{p.rotulos[o]}</span>
          </label>
        ))}
      </div>
      <FieldError>{p.erro}</FieldError>
    </fieldset>
  );
}

/**
 * The incident's form (decisions 1875–1877): what happened, the risk questions of Res. 15/2024 art. 5 (financial
 * data and elderly titulares pre-marked), the dates (the clock starts when the company knew), the measures and
 * risks the drafts quote, and the affected titulares — all of the company's leads, a filter, or a list — counted
 * before saving.
 */
export function IncidentForm({ empresaId, inicial, empresas, enviar, onEnviar }: Props) {
  const form = useForm<TFormIncidente>({
    resolver: zodResolver(ZFormIncidente),
    defaultValues: inicial
      ? {
          ...inicial,
          conhecido_em: localSP(inicial.conhecido_em),
          ocorrido_em: inicial.ocorrido_em ?? "",
        }
      : {
          titulo: "",
          descricao: "",
          categoria: "acesso_nao_autorizado",
          impactos: ["confidencialidade"],
          categorias_dados: ["identificacao", "contato", "financeiros"],
          afeta_significativamente: true,
          criterios: [...CRITERIOS_PRE_MARCADOS],
          ocorrido_em: "",
          conhecido_em: agoraLocal(),
          pequeno_porte: false,
          operador: "",
          medidas_seguranca: "",
          medidas_mitigacao: "",
          riscos: "",
          motivo_demora: "",
          titulares_criancas: null,
          titulares_idosos: null,
        },
  });
  const { errors, isSubmitting } = form.formState;
  const [modo, setModo] = useState<TModo | "manter">(inicial ? "manter" : "todos");
  const [de, setDe] = useState("");
  const [ate, setAte] = useState("");
  const [status, setStatus] = useState("");
  const [lista, setLista] = useState<{ id: string; nome: string }[]>([]);
  const [busca, setBusca] = useState("");
  const [escolhidas, setEscolhidas] = useState<string[]>([]);
  const [erroEmpresas, setErroEmpresas] = useState<string | undefined>();

  const selecao: TSelecaoTitulares | null =
    modo === "manter"
      ? null
      : modo === "todos"
        ? { modo }
        : modo === "filtro"
          ? { modo, criados_de: de || null, criados_ate: ate || null, status: status ? [status as never] : [] }
          : { modo, ids: lista.map((l) => l.id) };
  const selecaoAtrasada = useDebounce(selecao, 300);
  const contagem = useQuery({
    queryKey: ["incidentes", "contagem", empresaId, selecaoAtrasada],
    queryFn: ({ signal }) => contarTitulares(empresaId, selecaoAtrasada as TSelecaoTitulares, signal),
    enabled: !!selecaoAtrasada && !empresas,
  });
  const buscaAtrasada = useDebounce(busca.trim(), 300);
  const encontrados = useQuery({
    queryKey: ["incidentes", "busca", empresaId, buscaAtrasada],
    queryFn: ({ signal }) => buscarTitulares(empresaId, buscaAtrasada, signal),
    enabled: modo === "lista" && buscaAtrasada.length >= 2,
  });

  const enviarForm = form.handleSubmit(async (v) => {
    if (empresas && !escolhidas.length) {
      setErroEmpresas("Escolha ao menos uma empresa afetada.");
      return;
    }
    const dados = { ...(v as TDadosIncidente), conhecido_em: instanteSP(v.conhecido_em) };
    try {
      await onEnviar({
        ...dados,
        ...(selecao ? { titulares: selecao } : {}),
        ...(empresas ? { empresas: escolhidas } : {}),
      });
    } catch (e) {
      if (!aplicarErrosDoServidor(e, form.setError, CAMPOS))
        toast.error(mensagemDeErro(e, "Não foi possível salvar o incidente."));
    }
  });

  const numero = { setValueAs: (x: unknown) => (x === "" || x === null ? null : Number(x)) };
  return (
    <form className="space-y-5" noValidate onSubmit={enviarForm}>
      {empresas && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-900">Empresas afetadas</legend>
          <div className="grid max-h-48 gap-2 overflow-y-auto rounded-md border border-slate-200 p-2 sm:grid-cols-2">
            {empresas.map((e) => (
              <label key={e.id} className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 accent-blue-700"
                  checked={escolhidas.includes(e.id)}
                  onChange={(ev) => {
                    setErroEmpresas(undefined);
                    setEscolhidas((xs) => (ev.target.checked ? [...xs, e.id] : xs.filter((x) => x !== e.id)));
                  }}
                />
                <span>{e.nome}</span>
              </label>
            ))}
          </div>
          <FieldError>{erroEmpresas}</FieldError>
        </fieldset>
      )}
      <Field label="Título" erro={errors.titulo?.message}>
        <Input {...form.register("titulo")} />
      </Field>
      <Field label="O que aconteceu (e a causa, se conhecida)" erro={errors.descricao?.message}>
        <Textarea rows={3} {...form.register("descricao")} />
      </Field>
      <Field label="Categoria" erro={errors.categoria?.message}>
        <Select {...form.register("categoria")}>
          {CATEGORIAS_INCIDENTE.map((c) => (
            <option key={c} value={c}>
              {ROTULO_CATEGORIA[c]}
            </option>
          ))}
        </Select>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Quando a empresa soube"
          erro={errors.conhecido_em?.message}
          dica="Horário de São Paulo. O prazo de 3 dias úteis começa aqui."
        >
          <Input type="datetime-local" {...form.register("conhecido_em")} />
        </Field>
        <Field label="Quando ocorreu (se souber)" erro={errors.ocorrido_em?.message}>
          <Input type="date" {...form.register("ocorrido_em")} />
        </Field>
      </div>
      <Marcas
        legenda="Propriedades afetadas"
        opcoes={IMPACTOS}
        rotulos={ROTULO_IMPACTO}
        registrar={() => form.register("impactos")}
        erro={errors.impactos?.message}
      />
      <Marcas
        legenda="Dados pessoais afetados"
        opcoes={CATEGORIAS_DADOS}
        rotulos={ROTULO_CATEGORIA_DADOS}
        registrar={() => form.register("categorias_dados")}
        erro={errors.categorias_dados?.message}
      />

      <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-900">Avaliação de risco (Res. CD/ANPD 15/2024, art. 5º)</legend>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-blue-700"
            {...form.register("afeta_significativamente")}
          />
          <span>
            O incidente pode afetar significativamente interesses e direitos fundamentais dos titulares (impedir o exercício de
            direitos ou o uso de um serviço, ou causar danos materiais ou morais, como fraude financeira ou roubo de identidade)?
          </span>
        </label>
        <Marcas
          legenda="Envolve algum destes dados?"
          opcoes={CRITERIOS_RISCO}
          rotulos={ROTULO_CRITERIO}
          registrar={() => form.register("criterios")}
        />
        <p className="text-xs text-slate-600">
          Com as duas respostas positivas o risco é relevante: comunique à ANPD e aos titulares em até 3 dias úteis.
        </p>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-blue-700" {...form.register("pequeno_porte")} />
          <span>A empresa é agente de tratamento de pequeno porte (prazo em dobro: 6 dias úteis)</span>
        </label>
      </fieldset>

      <Field label="Medidas de segurança antes e depois do incidente" erro={errors.medidas_seguranca?.message}>
        <Textarea rows={2} {...form.register("medidas_seguranca")} />
      </Field>
      <Field label="Riscos e possíveis impactos aos titulares" erro={errors.riscos?.message}>
        <Textarea rows={2} {...form.register("riscos")} />
      </Field>
      <Field label="Medidas para reverter ou mitigar os efeitos" erro={errors.medidas_mitigacao?.message}>
        <Textarea rows={2} {...form.register("medidas_mitigacao")} />
      </Field>
      <Field label="Operador envolvido (se houver)" erro={errors.operador?.message}>
        <Input {...form.register("operador")} />
      </Field>
      <Field label="Motivos da demora (se a comunicação for fora do prazo)" erro={errors.motivo_demora?.message}>
        <Textarea rows={2} {...form.register("motivo_demora")} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Crianças ou adolescentes afetados (se souber)" erro={errors.titulares_criancas?.message}>
          <Input type="number" min={0} inputMode="numeric" {...form.register("titulares_criancas", numero)} />
        </Field>
        <Field label="Idosos afetados (se souber)" erro={errors.titulares_idosos?.message}>
          <Input type="number" min={0} inputMode="numeric" {...form.register("titulares_idosos", numero)} />
        </Field>
      </div>

      <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-900">Titulares afetados</legend>
        <Field label="Quais leads foram afetados">
          <Select value={modo} onChange={(e) => setModo(e.target.value as TModo | "manter")}>
            {inicial && <option value="manter">Manter os titulares atuais ({inicial.titulares_afetados})</option>}
            <option value="todos">Todos os leads da empresa</option>
            <option value="filtro">Leads por data de cadastro e status</option>
            {!empresas && <option value="lista">Escolher leads da lista</option>}
          </Select>
        </Field>
        {modo === "filtro" && (
          <div className="grid gap-3 sm:grid-cols-3">
            <Field label="Cadastrados de">
              <Input type="date" value={de} onChange={(e) => setDe(e.target.value)} />
            </Field>
            <Field label="até">
              <Input type="date" value={ate} onChange={(e) => setAte(e.target.value)} />
            </Field>
            <Field label="Status">
              <Select value={status} onChange={(e) => setStatus(e.target.value)}>
                <option value="">Todos</option>
                {STATUS_LEAD.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
        )}
        {modo === "lista" && (
          <div className="space-y-2">
            <Field label="Buscar lead por nome ou telefone">
              <Input type="search" value={busca} onChange={(e) => setBusca(e.target.value)} />
            </Field>
            {encontrados.isError && (
              <p className="text-sm text-red-700">{mensagemDeErro(encontrados.error, "Não foi possível buscar os leads.")}</p>
            )}
            {encontrados.data && (
              <ul className="max-h-40 space-y-1 overflow-y-auto" aria-label="Leads encontrados">
                {encontrados.data.leads.length === 0 && <li className="text-sm text-slate-600">Nenhum lead encontrado.</li>}
                {encontrados.data.leads.map((l) => (
                  <li key={l.id} className="flex items-center justify-between gap-2 text-sm">
                    <span className="min-w-0 truncate">
                      {l.nome} {l.telefone && <span className="text-slate-600">· {l.telefone}</span>}
                    </span>
                    <Button
                      type="button"
                      variant="secondary"
                      size="sm"
                      disabled={lista.some((x) => x.id === l.id)}
                      onClick={() => setLista((xs) => [...xs, { id: l.id, nome: l.nome }])}
                    >
                      Adicionar
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            {lista.length > 0 && (
              <ul className="flex flex-wrap gap-2" aria-label="Leads escolhidos">
                {lista.map((l) => (
                  <li key={l.id} className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-1 text-xs">
                    {l.nome}
                    <button
                      type="button"
                      className="rounded-full p-0.5 hover:bg-slate-200"
                      aria-label={`Remover ${l.nome}`}
                      onClick={() => setLista((xs) => xs.filter((x) => x.id !== l.id))}
                    >
                      <X className="size-3" aria-hidden="true" />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        {!empresas && selecao && (
          <p className="text-sm font-medium text-slate-900" role="status">
            {contagem.isError
              ? "Não foi possível contar os titulares."
              : contagem.data
                ? `${contagem.data.titulares} ${contagem.data.titulares === 1 ? "titular afetado" : "titulares afetados"}`
                : "Contando titulares…"}
          </p>
        )}
        {empresas && <p className="text-xs text-slate-600">A mesma escolha vale em cada empresa, com os leads de cada uma.</p>}
      </fieldset>

      <Button type="submit" carregando={isSubmitting} className="w-full sm:w-auto">
        {enviar}
      </Button>
    </form>
  );
}

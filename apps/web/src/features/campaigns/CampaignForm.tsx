import { MOTIVOS_EXCLUSAO, MSG_CAMPANHAS, PADROES_RITMO, ROTULOS_EXCLUSAO, VARIAVEIS_CAMPANHA } from "@crm/domain/campaigns";
import { FAIXAS_RAZAO, ROTULO_FAIXA } from "@crm/domain/revisional/bands";
import { type TFiltrosCampanhaEntrada, type TNovaCampanhaEntrada, ZNovaCampanha } from "@crm/domain/schemas/campaigns";
import { ORIGENS_LEAD, STATUS_LEAD } from "@crm/domain/status";
import { IDIOMA_TEMPLATE_PADRAO } from "@crm/domain/whatsapp";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, mensagemDeErro } from "../../lib/api";
import { useDebounce } from "../../lib/useDebounce";
import { Button } from "../../ui/Button";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { Select } from "../../ui/Select";
import { Textarea } from "../../ui/Textarea";
import { toast } from "../../ui/toast";
import { CHAVE_CAMPANHAS, consultoresQuery, criarCampanha, etiquetasQuery, publicoQuery } from "./api";
import { TemplatePicker, type TModeloEscolhido } from "./TemplatePicker";

type TOpcao<T extends string> = { valor: T; rotulo: string };

/** A group of checkboxes (any of them), inside a fieldset named by its legend. */
function Opcoes<T extends string>({
  legenda,
  opcoes,
  marcadas,
  onChange,
}: {
  legenda: string;
  opcoes: TOpcao<T>[];
  marcadas: T[];
  onChange: (v: T[]) => void;
}) {
  if (!opcoes.length) return null;
  return (
    <fieldset className="rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">{legenda}</legend>
      <div className="grid max-h-40 grid-cols-1 gap-1 overflow-y-auto sm:grid-cols-2">
        {opcoes.map((o) => (
          <label key={o.valor} className="flex min-h-8 items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-4"
              checked={marcadas.includes(o.valor)}
              onChange={(e) => onChange(e.target.checked ? [...marcadas, o.valor] : marcadas.filter((v) => v !== o.valor))}
            />
            {o.rotulo}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const lista = <T extends string>(xs: readonly T[]): TOpcao<T>[] => xs.map((x) => ({ valor: x, rotulo: x }));

/** The audience builder and the campaign's message and pacing (decisions 1891, 1892). */
export function CampaignForm({ onCriada, onCancelar }: { onCriada: () => void; onCancelar: () => void }) {
  const qc = useQueryClient();
  const etiquetas = useQuery(etiquetasQuery());
  const consultores = useQuery(consultoresQuery());
  const [filtros, setFiltros] = useState<
    Required<Pick<TFiltrosCampanhaEntrada, "status" | "etiquetas" | "origens" | "consultores" | "faixas">> &
      Pick<TFiltrosCampanhaEntrada, "criadoDe" | "criadoAte">
  >({
    status: [],
    etiquetas: [],
    origens: [],
    consultores: [],
    faixas: [],
  });
  const [nome, setNome] = useState("");
  const [tipo, setTipo] = useState<"texto" | "modelo">("texto");
  const [texto, setTexto] = useState("Olá, {{nome}}! ");
  const [modelo, setModelo] = useState<TModeloEscolhido>({ nome: "", idioma: IDIOMA_TEMPLATE_PADRAO, parametros: [] });
  const [ritmo, setRitmo] = useState({
    janela_inicio: String(PADROES_RITMO.janelaInicio),
    janela_fim: String(PADROES_RITMO.janelaFim),
    limite_diario: String(PADROES_RITMO.limiteDiario),
    espaco_min_s: String(PADROES_RITMO.espacoMinS),
    espaco_max_s: String(PADROES_RITMO.espacoMaxS),
  });
  const [inicio, setInicio] = useState("");
  const [campanhaMarketing, setCampanhaMarketing] = useState("");
  const [erros, setErros] = useState<Record<string, string>>({});
  const [enviando, setEnviando] = useState(false);

  const filtrosAtrasados = useDebounce(filtros, 300);
  const publico = useQuery(publicoQuery(filtrosAtrasados));
  const mudarFiltro =
    <K extends keyof typeof filtros>(k: K) =>
    (v: (typeof filtros)[K]) =>
      setFiltros((f) => ({ ...f, [k]: v }));

  const enviar = async (e: React.FormEvent) => {
    e.preventDefault();
    const corpo: TNovaCampanhaEntrada = {
      nome,
      filtros: { ...filtros, criadoDe: filtros.criadoDe || undefined, criadoAte: filtros.criadoAte || undefined },
      tipo_mensagem: tipo,
      texto: tipo === "texto" ? texto : undefined,
      modelo: tipo === "modelo" ? { ...modelo, parametros: modelo.parametros.filter(Boolean) } : undefined,
      janela_inicio: Number(ritmo.janela_inicio),
      janela_fim: Number(ritmo.janela_fim),
      limite_diario: Number(ritmo.limite_diario),
      espaco_min_s: Number(ritmo.espaco_min_s),
      espaco_max_s: Number(ritmo.espaco_max_s),
      inicio_em: inicio ? new Date(`${inicio}:00-03:00`).toISOString() : undefined,
      campanha_marketing: campanhaMarketing || undefined,
    };
    const v = ZNovaCampanha.safeParse(corpo);
    if (!v.success) {
      const novos: Record<string, string> = {};
      for (const i of v.error.issues) novos[String(i.path[0])] ??= i.message;
      setErros(novos);
      return;
    }
    setErros({});
    setEnviando(true);
    try {
      await criarCampanha(corpo);
      toast.success(MSG_CAMPANHAS.criada);
      await qc.invalidateQueries({ queryKey: CHAVE_CAMPANHAS });
      onCriada();
    } catch (err) {
      if (err instanceof ApiError && err.campos) setErros(err.campos);
      toast.error(mensagemDeErro(err, MSG_CAMPANHAS.erroAcao));
    } finally {
      setEnviando(false);
    }
  };

  const c = publico.data;
  return (
    <form onSubmit={enviar} className="space-y-5" noValidate>
      <Field label="Nome da campanha" erro={erros.nome}>
        <Input value={nome} onChange={(e) => setNome(e.target.value)} maxLength={120} />
      </Field>

      <section aria-labelledby="campanha-publico" className="space-y-3">
        <h3 id="campanha-publico" className="font-semibold text-slate-900">
          {MSG_CAMPANHAS.publico}
        </h3>
        <Opcoes legenda="Status" opcoes={lista(STATUS_LEAD)} marcadas={filtros.status} onChange={mudarFiltro("status")} />
        <Opcoes
          legenda="Etiquetas"
          opcoes={(etiquetas.data ?? []).map((t) => ({ valor: t.id, rotulo: t.nome }))}
          marcadas={filtros.etiquetas}
          onChange={mudarFiltro("etiquetas")}
        />
        <Opcoes legenda="Origem" opcoes={lista(ORIGENS_LEAD)} marcadas={filtros.origens} onChange={mudarFiltro("origens")} />
        <Opcoes
          legenda="Consultor"
          opcoes={(consultores.data?.consultores ?? []).map((t) => ({ valor: t.id, rotulo: t.nome }))}
          marcadas={filtros.consultores}
          onChange={mudarFiltro("consultores")}
        />
        <Opcoes
          legenda="Faixa da pré-análise"
          opcoes={FAIXAS_RAZAO.map((f) => ({ valor: f, rotulo: ROTULO_FAIXA[f] }))}
          marcadas={filtros.faixas}
          onChange={mudarFiltro("faixas")}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Criados de" erro={erros.filtros}>
            <Input
              type="date"
              value={filtros.criadoDe ?? ""}
              onChange={(e) => setFiltros((f) => ({ ...f, criadoDe: e.target.value }))}
            />
          </Field>
          <Field label="Criados até">
            <Input
              type="date"
              value={filtros.criadoAte ?? ""}
              onChange={(e) => setFiltros((f) => ({ ...f, criadoAte: e.target.value }))}
            />
          </Field>
        </div>
        <div aria-live="polite" className="rounded-lg bg-blue-50 p-3 text-sm text-slate-800" data-testid="contagem-publico">
          {publico.isPending ? (
            MSG_CAMPANHAS.contando
          ) : publico.isError ? (
            mensagemDeErro(publico.error, MSG_CAMPANHAS.erroCarregar)
          ) : c ? (
            <>
              <p className="font-semibold">{MSG_CAMPANHAS.elegiveis(c.elegiveis)}</p>
              <p>
                {MSG_CAMPANHAS.excluidos}: {MOTIVOS_EXCLUSAO.map((m) => `${ROTULOS_EXCLUSAO[m]} ${c.exclusoes[m]}`).join(" · ")}
              </p>
            </>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="campanha-mensagem" className="space-y-3">
        <h3 id="campanha-mensagem" className="font-semibold text-slate-900">
          {MSG_CAMPANHAS.mensagem}
        </h3>
        <Field label="Tipo de mensagem" erro={erros.tipo_mensagem}>
          <Select value={tipo} onChange={(e) => setTipo(e.target.value as "texto" | "modelo")}>
            <option value="texto">Texto (gateway)</option>
            <option value="modelo">Modelo aprovado (API oficial)</option>
          </Select>
        </Field>
        {tipo === "texto" ? (
          <Field label="Texto" erro={erros.texto} dica={`Variáveis: ${VARIAVEIS_CAMPANHA.join(", ")}`}>
            <Textarea value={texto} onChange={(e) => setTexto(e.target.value)} rows={4} maxLength={4096} />
          </Field>
        ) : (
          <TemplatePicker valor={modelo} onChange={setModelo} erro={erros.modelo} />
        )}
      </section>

      <section aria-labelledby="campanha-ritmo" className="space-y-3">
        <h3 id="campanha-ritmo" className="font-semibold text-slate-900">
          {MSG_CAMPANHAS.ritmo}
        </h3>
        <p className="text-sm text-slate-600">{MSG_CAMPANHAS.ajudaRitmo}</p>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {(
            [
              ["janela_inicio", "Janela: início (hora)"],
              ["janela_fim", "Janela: fim (hora)"],
              ["limite_diario", "Limite por dia"],
              ["espaco_min_s", "Intervalo mínimo (s)"],
              ["espaco_max_s", "Intervalo máximo (s)"],
            ] as const
          ).map(([k, rotulo]) => (
            <Field key={k} label={rotulo} erro={erros[k]}>
              <Input
                type="number"
                inputMode="numeric"
                value={ritmo[k]}
                onChange={(e) => setRitmo((r) => ({ ...r, [k]: e.target.value }))}
              />
            </Field>
          ))}
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Início (horário de São Paulo)" erro={erros.inicio_em} dica="Vazio: começa agora.">
            <Input type="datetime-local" value={inicio} onChange={(e) => setInicio(e.target.value)} />
          </Field>
          <Field label="Campanha de marketing (custo)" dica="O nome usado nos custos de /marketing, para mostrar o custo aqui.">
            <Input value={campanhaMarketing} onChange={(e) => setCampanhaMarketing(e.target.value)} maxLength={200} />
          </Field>
        </div>
      </section>

      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancelar}>
          Cancelar
        </Button>
        <Button type="submit" carregando={enviando}>
          Iniciar campanha
        </Button>
      </div>
    </form>
  );
}

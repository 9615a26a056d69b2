import { formatarBRL } from "@crm/domain/format";
import { formatarRazao, ROTULO_FAIXA } from "@crm/domain/revisional/bands";
import { ROTULO_MODALIDADE } from "@crm/domain/revisional/modalities";
import { MARCA_AVISADO_DENTRO_DA_MEDIA } from "@crm/domain/revisional/screening-rule";
import { CAMPOS_CONTRATO, ressalvaDaModalidade, TEXTO_REVISIONAL } from "@crm/domain/revisional/texts";
import { useQuery } from "@tanstack/react-query";
import { Calculator, FileDown } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Alert } from "../../ui/Alert";
import { Badge } from "../../ui/Badge";
import { Button, buttonClasses } from "../../ui/Button";
import { COR_FAIXA } from "../../ui/PotentialBadge";
import { Spinner } from "../../ui/Spinner";
import { preAnaliseQuery } from "./api";
import { ContractDialog } from "./ContractDialog";

const pct = (fracao: number, casas = 2) =>
  `${(fracao * 100).toLocaleString("pt-BR", { minimumFractionDigits: casas, maximumFractionDigits: casas })}%`;
const reais = (centavos: number | null) => (centavos === null ? "—" : formatarBRL(centavos / 100));

function Linha({ rotulo, valor }: { rotulo: string; valor: ReactNode }) {
  return (
    <div className="flex justify-between gap-3 py-0.5 text-sm">
      <dt className="text-slate-600">{rotulo}</dt>
      <dd className="text-right font-medium text-slate-900">{valor}</dd>
    </div>
  );
}

/**
 * 'Pré-análise revisional' (decision 1403): the contract's rate against the Central Bank's average (or the INSS
 * ceiling) of its month, the band of the ratio, what the client overpays; the inputs it used, always marked as an
 * estimate. `podeEditar` opens the contract form.
 */
export function PreAnalysisCard({ leadId, podeEditar = true }: { leadId: string; podeEditar?: boolean }) {
  const q = useQuery(preAnaliseQuery(leadId));
  const [editando, setEditando] = useState(false);
  const titulo = (
    <h2
      id={`pre-analise-${leadId}`}
      className="mb-2 flex items-center gap-2 text-xs font-semibold tracking-wide text-slate-500 uppercase"
    >
      <Calculator className="size-4" aria-hidden="true" />
      {TEXTO_REVISIONAL.titulo}
    </h2>
  );
  if (q.isPending)
    return (
      <section className="px-4 py-3" aria-labelledby={`pre-analise-${leadId}`}>
        {titulo}
        <Spinner rotulo="Carregando pré-análise…" />
      </section>
    );
  if (q.isError)
    return (
      <section className="px-4 py-3" aria-labelledby={`pre-analise-${leadId}`}>
        {titulo}
        <p className="text-sm text-red-700">Erro ao carregar a pré-análise.</p>
        <Button size="sm" variant="outline" className="mt-2" onClick={() => q.refetch()}>
          Tentar Novamente
        </Button>
      </section>
    );
  const { analise: a, contrato } = q.data;
  const ressalva = ressalvaDaModalidade(contrato.modalidade_credito);
  return (
    <section className="px-4 py-3" aria-labelledby={`pre-analise-${leadId}`} data-testid="pre-analise">
      {titulo}
      {a.estado === "incompleta" && (
        <div className="text-sm text-slate-700">
          <p>{TEXTO_REVISIONAL.incompleta}</p>
          <p className="mt-1 text-slate-600">Faltam: {a.faltando.map((c) => CAMPOS_CONTRATO[c]).join(", ")}.</p>
        </div>
      )}
      {a.estado === "invalida" && <Alert tipo="aviso">{a.mensagem}</Alert>}
      {a.estado === "calculada" && (
        <div className="space-y-2">
          {a.faixa && a.razao !== null ? (
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <span className="text-lg font-semibold text-slate-900">{formatarRazao(a.razao)}</span>
              <Badge variante={COR_FAIXA[a.faixa]}>{ROTULO_FAIXA[a.faixa]}</Badge>
            </p>
          ) : (
            <p className="text-sm text-slate-700">{q.data.motivoSemReferencia ?? TEXTO_REVISIONAL.semReferencia}</p>
          )}
          {q.data.avisadoNaTriagemEm && <Badge variante="azul">{MARCA_AVISADO_DENTRO_DA_MEDIA}</Badge>}
          {a.acimaDoLimiar !== null && (
            <p className="text-sm text-slate-700">
              {a.acimaDoLimiar
                ? `Acima do limiar de triagem da empresa (${formatarRazao(a.limiar)}).`
                : `Dentro do limiar de triagem da empresa (${formatarRazao(a.limiar)}).`}
            </p>
          )}
          <dl>
            <Linha
              rotulo={a.origemTaxa === "calculada" ? "Taxa do contrato" : "Taxa informada"}
              valor={`${pct(a.taxa.mensal)} a.m. (${pct(a.taxa.anual)} a.a.)`}
            />
            {a.taxaSobreLiberado && <Linha rotulo="Sobre o valor liberado" valor={`${pct(a.taxaSobreLiberado.mensal)} a.m.`} />}
            {a.referencia && (
              <Linha
                rotulo={
                  a.referencia.tipo === "teto_inss"
                    ? "Teto INSS"
                    : `Média BACEN ${a.referencia.competencia.split("-").reverse().join("/")}`
                }
                valor={`${pct(a.referencia.taxaMensal)} a.m.`}
              />
            )}
            {a.prestacaoNaReferenciaCentavos !== null && (
              <Linha rotulo="Parcela na média" valor={reais(a.prestacaoNaReferenciaCentavos)} />
            )}
            {a.sobrepagoAteAgoraCentavos !== null && (
              <Linha rotulo="Pago a mais até agora" valor={reais(a.sobrepagoAteAgoraCentavos)} />
            )}
            {a.sobrepagoTotalCentavos !== null && (
              <Linha rotulo="A mais no contrato todo" valor={reais(a.sobrepagoTotalCentavos)} />
            )}
          </dl>
          {a.referencia?.taxaAnualPublicada != null && (
            <p className="text-xs text-slate-600">{TEXTO_REVISIONAL.equivalenteMensal(pct(a.referencia.taxaAnualPublicada))}</p>
          )}
          {ressalva && (
            <p className="text-xs text-amber-900" data-testid="ressalva-modalidade">
              {ressalva}
            </p>
          )}
          {a.referencia && (
            <p className="text-xs text-slate-600">
              Fonte: {a.referencia.fonte}
              {a.referencia.ilustrativa && ` (${TEXTO_REVISIONAL.ilustrativa})`}
            </p>
          )}
          <p className="text-xs text-slate-600">
            Dados usados: {a.usados.map((c) => CAMPOS_CONTRATO[c]).join(", ")}
            {contrato.modalidade_credito && ` · ${ROTULO_MODALIDADE[contrato.modalidade_credito]}`}
          </p>
        </div>
      )}
      <p className="mt-2 text-xs text-slate-600">{TEXTO_REVISIONAL.aviso}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <a className={buttonClasses("outline", "sm")} href={`/api/leads/${encodeURIComponent(leadId)}/pre-laudo`} download>
          <FileDown className="size-4" aria-hidden="true" />
          Baixar pré-laudo (PDF)
        </a>
        {podeEditar && (
          <>
            <Button size="sm" variant="outline" onClick={() => setEditando(true)}>
              {a.estado === "calculada" ? "Editar contrato" : "Preencher contrato"}
            </Button>
            <ContractDialog leadId={leadId} contrato={contrato} aberto={editando} onClose={() => setEditando(false)} />
          </>
        )}
      </div>
    </section>
  );
}

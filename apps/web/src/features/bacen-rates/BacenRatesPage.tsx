import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import { TEXTO_TAXAS } from "@crm/domain/revisional/rates-texts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { ApiError, mensagemDeErro } from "../../lib/api";
import { useSessaoAtual } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import { atualizarTaxas, CHAVE_TAXAS, painelTaxasQuery } from "./api";
import { ImportRatesForm } from "./ImportRatesForm";
import { InssCeilingTable } from "./InssCeilingTable";
import { SeriesCard } from "./SeriesCard";
import { SeriesValuesTable } from "./SeriesValuesTable";

/**
 * /taxas-bacen (platform admin, decision 1402): the reference series of the revisional pre-analysis. Every other
 * role gets 'Acesso Negado' (the server answers them 403), not a load error.
 */
export function BacenRatesPage() {
  useDocumentTitle(TEXTO_TAXAS.titulo);
  const { usuario } = useSessaoAtual();
  if (!pode(usuario.papel, "taxas.gerenciar")) return <AccessDenied mensagem={MSG.acessoNegado} />;
  return <Taxas />;
}

function Taxas() {
  const qc = useQueryClient();
  const q = useQuery(painelTaxasQuery);
  const [aberta, setAberta] = useState<number | null>(null);
  const [pedindo, setPedindo] = useState(false);

  async function atualizar() {
    setPedindo(true);
    try {
      await atualizarTaxas();
      toast.success(TEXTO_TAXAS.atualizacaoAgendada);
      await qc.invalidateQueries({ queryKey: CHAVE_TAXAS });
    } catch (e) {
      toast.error(mensagemDeErro(e, TEXTO_TAXAS.erroCarregar));
    } finally {
      setPedindo(false);
    }
  }

  const atualizando = pedindo || Boolean(q.data?.atualizacaoPendente);
  // a role taken away while the page is open: the server's refusal, in the same words
  if (q.error instanceof ApiError && q.error.status === 403) return <AccessDenied mensagem={q.error.erro} />;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">{TEXTO_TAXAS.titulo}</h1>
          <p className="mt-1 max-w-3xl text-sm text-slate-600">{TEXTO_TAXAS.descricao}</p>
        </div>
        <Button onClick={atualizar} disabled={atualizando}>
          <RefreshCw className={atualizando ? "size-4 animate-spin" : "size-4"} aria-hidden="true" />
          {atualizando ? TEXTO_TAXAS.atualizando : TEXTO_TAXAS.atualizar}
        </Button>
      </div>

      {q.isPending && <Spinner rotulo="Carregando taxas…" />}
      {q.isError && (
        <EmptyState titulo={TEXTO_TAXAS.erroCarregar} acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>} />
      )}
      {q.data && (
        <>
          {q.data.series.every((s) => s.meses === 0) && <EmptyState titulo={TEXTO_TAXAS.semValores} />}
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {q.data.series.map((s) => (
              <SeriesCard
                key={s.codigo}
                serie={s}
                aberta={aberta === s.codigo}
                aoAbrir={() => setAberta(aberta === s.codigo ? null : s.codigo)}
              />
            ))}
          </div>
          {aberta !== null && <SeriesValuesTable codigo={aberta} />}
          <Card>
            <CardHeader>
              <CardTitle>{TEXTO_TAXAS.importar}</CardTitle>
            </CardHeader>
            <CardContent>
              <ImportRatesForm series={q.data.series} />
            </CardContent>
          </Card>
          <InssCeilingTable tetos={q.data.tetosInss} />
        </>
      )}
    </div>
  );
}

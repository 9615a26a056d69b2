import { type TChaveApi, type TChaveApiCriada, TEXTO_CHAVES_API } from "@crm/domain/api-keys";
import { PLANO_INFO } from "@crm/domain/plans";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { mensagemDeErro } from "../../lib/api";
import { useSessaoAtual } from "../../lib/session";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Input } from "../../ui/Input";
import { Label } from "../../ui/Label";
import { PlanLock } from "../../ui/PlanLock";
import { SecretNotice } from "../../ui/SecretNotice";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import { chavesApiQuery, criarChaveApi, revogarChaveApi } from "./api";

const T = TEXTO_CHAVES_API;
const quando = (iso: string) =>
  new Date(iso).toLocaleString("pt-BR", { timeZone: "America/Sao_Paulo", dateStyle: "short", timeStyle: "short" });

/**
 * 'API personalizada' (Enterprise, decision 1310) in the company's settings: create a key (shown once, to copy),
 * the keys by name, prefix and last use, revoke. Below Enterprise: the lock with 'Ver planos'; keys made before a
 * downgrade stay listed so they can be revoked.
 */
export function ApiKeysCard() {
  const plano = useSessaoAtual().empresa?.plano_assinatura;
  const liberado = plano ? PLANO_INFO[plano].apiPersonalizada : false;
  const q = useQuery(chavesApiQuery);
  const qc = useQueryClient();
  const [nome, setNome] = useState("");
  const [criando, setCriando] = useState(false);
  const [nova, setNova] = useState<TChaveApiCriada | null>(null);
  const [revogando, setRevogando] = useState<TChaveApi | null>(null);
  const idNome = useId();

  async function criar(ev: FormEvent) {
    ev.preventDefault();
    setCriando(true);
    try {
      const c = await criarChaveApi(nome.trim());
      setNova(c);
      setNome("");
      await qc.invalidateQueries({ queryKey: chavesApiQuery.queryKey });
    } catch (e) {
      toast.error(mensagemDeErro(e, T.erroCarregar));
    } finally {
      setCriando(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.titulo}</CardTitle>
        <p className="text-sm text-slate-600">{T.descricao}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        {liberado ? (
          <form onSubmit={criar} className="flex flex-wrap items-end gap-2">
            <div className="min-w-0 flex-1 space-y-1">
              <Label htmlFor={idNome}>{T.nome}</Label>
              <Input id={idNome} value={nome} maxLength={100} onChange={(e) => setNome(e.target.value)} />
            </div>
            <Button type="submit" carregando={criando} disabled={!nome.trim()}>
              {T.criar}
            </Button>
          </form>
        ) : (
          <PlanLock recurso="apiPersonalizada" />
        )}
        {nova && <SecretNotice mensagem={T.criada} segredo={nova.chave} />}
        {q.isPending ? (
          <Spinner rotulo={T.carregando} className="size-5 text-blue-700" />
        ) : q.isError ? (
          <div className="space-y-2">
            <p className="text-sm text-red-700">{T.erroCarregar}</p>
            <Button variant="outline" onClick={() => q.refetch()}>
              Tentar Novamente
            </Button>
          </div>
        ) : q.data.chaves.length === 0 ? (
          <p className="text-sm text-slate-600">{T.vazio}</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {q.data.chaves.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">{c.nome}</p>
                  <p className="text-slate-600">
                    crm_…_{c.prefixo} · {c.ultimo_uso_em ? `Último uso ${quando(c.ultimo_uso_em)}` : T.nuncaUsada}
                  </p>
                </div>
                {c.revogada_em ? (
                  <Badge variante="neutro">{T.revogadaEm}</Badge>
                ) : (
                  <div className="flex items-center gap-2">
                    <Badge variante="verde">{T.ativa}</Badge>
                    <Button variant="outline" size="sm" onClick={() => setRevogando(c)}>
                      {T.revogar}
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={!!revogando}
        onOpenChange={(o) => !o && setRevogando(null)}
        titulo={`${T.revogar} "${revogando?.nome ?? ""}"`}
        mensagem={T.confirmarRevogar}
        perigo
        rotuloConfirmar={T.revogar}
        onConfirmar={async () => {
          if (!revogando) return;
          try {
            await revogarChaveApi(revogando.id);
            toast.success(T.revogada);
            setRevogando(null);
            await qc.invalidateQueries({ queryKey: chavesApiQuery.queryKey });
          } catch (e) {
            toast.error(mensagemDeErro(e, T.erroCarregar));
          }
        }}
      />
    </Card>
  );
}

import {
  ESCOPOS_API,
  NOME_ESCOPO_API,
  type TChaveApi,
  type TChaveApiCriada,
  type TEscopoApi,
  TEXTO_CHAVES_API,
} from "@crm/domain/api-keys";
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
import { Textarea } from "../../ui/Textarea";
import { toast } from "../../ui/toast";
import { chavesApiQuery, criarChaveApi, revogarChaveApi } from "./api";

const T = TEXTO_CHAVES_API;
/** Today in São Paulo as YYYY-MM-DD (the server's rule for a key's last day). */
const hojeSaoPaulo = () => new Date().toLocaleDateString("sv-SE", { timeZone: "America/Sao_Paulo" });
const quando = (iso: string) =>
  new Date(iso).toLocaleString("pt-BR", { timeZone: "America/Sao_Paulo", dateStyle: "short", timeStyle: "short" });

/**
 * 'API personalizada' (Enterprise, decisions 1310, 1811) in the company's settings: create a key with its scopes,
 * optional last day and IP allow-list (shown once, to copy), the keys by name, prefix, scopes and last use, revoke. Below Enterprise: the lock with 'Ver planos'; keys made before a
 * downgrade stay listed so they can be revoked.
 */
export function ApiKeysCard() {
  const plano = useSessaoAtual().empresa?.plano_assinatura;
  const liberado = plano ? PLANO_INFO[plano].apiPersonalizada : false;
  const q = useQuery(chavesApiQuery);
  const qc = useQueryClient();
  const [nome, setNome] = useState("");
  const [escopos, setEscopos] = useState<TEscopoApi[]>([...ESCOPOS_API]);
  const [expiraEm, setExpiraEm] = useState("");
  const [ips, setIps] = useState("");
  const idExpira = useId();
  const idIps = useId();
  const [criando, setCriando] = useState(false);
  const [nova, setNova] = useState<TChaveApiCriada | null>(null);
  const [revogando, setRevogando] = useState<TChaveApi | null>(null);
  const idNome = useId();

  async function criar(ev: FormEvent) {
    ev.preventDefault();
    setCriando(true);
    try {
      const c = await criarChaveApi({
        nome: nome.trim(),
        escopos,
        expira_em: expiraEm || null,
        ips_permitidos: ips
          .split(/[\s,]+/)
          .map((i) => i.trim())
          .filter(Boolean),
      });
      setNova(c);
      setNome("");
      setExpiraEm("");
      setIps("");
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
          <form onSubmit={criar} className="space-y-3">
            <div className="space-y-1">
              <Label htmlFor={idNome}>{T.nome}</Label>
              <Input id={idNome} value={nome} maxLength={100} onChange={(e) => setNome(e.target.value)} />
            </div>
            <fieldset className="space-y-1">
              <legend className="text-sm font-medium text-slate-900">{T.escopos}</legend>
              <div className="grid gap-1 sm:grid-cols-2">
                {ESCOPOS_API.map((e) => (
                  <label key={e} className="flex items-start gap-2 text-sm text-slate-700">
                    <input
                      type="checkbox"
                      className="mt-0.5 size-4 accent-blue-700"
                      checked={escopos.includes(e)}
                      onChange={(ev) => setEscopos(ev.target.checked ? [...escopos, e] : escopos.filter((x) => x !== e))}
                    />
                    <span>
                      <code>{e}</code> — {NOME_ESCOPO_API[e]}
                    </span>
                  </label>
                ))}
              </div>
              {escopos.length === 0 && <p className="text-sm text-red-700">{T.escoposObrigatorios}</p>}
            </fieldset>
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="space-y-1">
                <Label htmlFor={idExpira}>{T.expiraEm}</Label>
                <Input id={idExpira} type="date" value={expiraEm} onChange={(e) => setExpiraEm(e.target.value)} />
              </div>
              <div className="space-y-1">
                <Label htmlFor={idIps}>{T.ips}</Label>
                <Textarea id={idIps} rows={2} value={ips} onChange={(e) => setIps(e.target.value)} />
                <p className="text-xs text-slate-600">{T.ipsAjuda}</p>
              </div>
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" carregando={criando} disabled={!nome.trim() || escopos.length === 0}>
                {T.criar}
              </Button>
              <a className="text-sm text-blue-700 underline" href="/api/v1/referencia" target="_blank" rel="noreferrer">
                {T.referencia}
              </a>
            </div>
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
                    {c.prefixo.startsWith("crm_") ? c.prefixo : `crm_…_${c.prefixo}`} ·{" "}
                    {c.ultimo_uso_em ? `${T.ultimoUso} ${quando(c.ultimo_uso_em)}` : T.nuncaUsada}
                    {c.expira_em ? ` · ${T.validaAte} ${c.expira_em.split("-").reverse().join("/")}` : ""}
                  </p>
                  <p className="text-xs text-slate-600">
                    {c.escopos.join(", ")}
                    {c.ips_permitidos.length ? ` · IPs: ${c.ips_permitidos.join(", ")}` : ""}
                  </p>
                </div>
                {c.revogada_em ? (
                  <Badge variante="neutro">{T.revogadaEm}</Badge>
                ) : c.expira_em && c.expira_em < hojeSaoPaulo() ? (
                  <Badge variante="neutro">{T.expirada}</Badge>
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

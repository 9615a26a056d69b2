import { formatarData } from "@crm/domain/format";
import { MSG } from "@crm/domain/messages";
import { DURACAO_COPIADO_MS, ROTULO_PAPEL_CONVITE, type TConvite } from "@crm/domain/schemas/team";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { MailX, RefreshCw, Trash2 } from "lucide-react";
import { useState } from "react";
import { ApiError } from "../../lib/api";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { CopyButton } from "../../ui/CopyButton";
import { Dialog } from "../../ui/Dialog";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import { CHAVE_CONSULTORES, convitesQuery, excluirConvite, reenviarConvite, type TAlvo } from "./api";

type Props = { open: boolean; onOpenChange: (v: boolean) => void; alvo: TAlvo };

const mensagem4xx = (e: unknown, padrao: string) =>
  e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.erro : padrao;

function LinhaConvite({ c, alvo }: { c: TConvite; alvo: TAlvo }) {
  const qc = useQueryClient();
  const [ocupado, setOcupado] = useState<"reenviar" | "excluir" | null>(null);
  async function agir(acao: "reenviar" | "excluir") {
    setOcupado(acao);
    try {
      if (acao === "reenviar") {
        await reenviarConvite(alvo, c.id);
        toast.success(MSG.conviteReenviado);
      } else {
        await excluirConvite(alvo, c.id);
        toast.success(MSG.conviteExcluido);
      }
      await qc.invalidateQueries({ queryKey: CHAVE_CONSULTORES });
    } catch (e) {
      toast.error(mensagem4xx(e, acao === "excluir" ? MSG.erroExcluirConvite : MSG.erroGerarConvite));
    } finally {
      setOcupado(null);
    }
  }
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">{c.nome}</p>
        <p className="truncate text-sm text-slate-600">{c.email}</p>
        <div className="mt-1 flex flex-wrap gap-2">
          <Badge variante="azul">{ROTULO_PAPEL_CONVITE[c.papel]}</Badge>
          {c.expirado ? (
            <Badge variante="vermelho">Expirado</Badge>
          ) : (
            <Badge variante="neutro">Expira em {formatarData(c.expires_at)}</Badge>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <CopyButton
          size="sm"
          texto={c.link}
          rotulo="Copiar link"
          disabled={c.expirado}
          duracaoMs={DURACAO_COPIADO_MS}
          onErro={() => toast.error(MSG.erroCopiarLink)}
        />
        <Button
          size="sm"
          variant="outline"
          carregando={ocupado === "reenviar"}
          disabled={!!ocupado}
          onClick={() => agir("reenviar")}
        >
          {ocupado !== "reenviar" && <RefreshCw className="size-4" aria-hidden="true" />}
          Reenviar
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-red-700"
          carregando={ocupado === "excluir"}
          disabled={!!ocupado}
          onClick={() => agir("excluir")}
          aria-label={`Excluir convite de ${c.nome}`}
        >
          {ocupado !== "excluir" && <Trash2 className="size-4" aria-hidden="true" />}
          Excluir
        </Button>
      </div>
    </li>
  );
}

/** Pending-invites dialog (001 §2): copy, resend, delete; expired ones shown as expired. */
export function PendingInvitesDialog({ open, onOpenChange, alvo }: Props) {
  const q = useQuery({ ...convitesQuery(alvo), enabled: open });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} titulo="Convites Pendentes" className="max-w-2xl">
      {q.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner rotulo="Carregando convites" className="size-6 text-blue-700" />
        </div>
      ) : q.isError ? (
        <EmptyState titulo={MSG.erroCarregarConvites} acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>} />
      ) : q.data.convites.length === 0 ? (
        <EmptyState icone={MailX} titulo={MSG.nenhumConvitePendente} />
      ) : (
        <ul className="divide-y divide-slate-100">
          {q.data.convites.map((c) => (
            <LinhaConvite key={c.id} c={c} alvo={alvo} />
          ))}
        </ul>
      )}
    </Dialog>
  );
}

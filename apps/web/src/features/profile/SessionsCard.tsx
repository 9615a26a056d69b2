import { formatarDataHora } from "@crm/domain/format";
import { MSG } from "@crm/domain/messages";
import type { TSessaoAtiva } from "@crm/domain/schemas/profile";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Monitor, Smartphone } from "lucide-react";
import { useState } from "react";
import { mensagemDeErro } from "../../lib/api";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import { encerrarOutrasSessoes, encerrarSessao, sessoesQuery } from "./api";

const movel = (s: TSessaoAtiva) => /Android|iOS/.test(s.dispositivo);

/** Active sessions (001 §2): device, IP, created, current; end one, or every other. */
export function SessionsCard() {
  const qc = useQueryClient();
  const q = useQuery(sessoesQuery);
  const [encerrando, setEncerrando] = useState<string | null>(null);
  const [confirmarTodas, setConfirmarTodas] = useState(false);
  const atualizar = () => qc.invalidateQueries({ queryKey: sessoesQuery.queryKey });

  async function encerrar(s: TSessaoAtiva) {
    setEncerrando(s.id);
    try {
      await encerrarSessao(s.id);
      toast.success("Sessão encerrada.");
      await atualizar();
    } catch (e) {
      toast.error(mensagemDeErro(e, MSG.erroInterno));
    } finally {
      setEncerrando(null);
    }
  }

  const outras = q.data?.sessoes.filter((s) => !s.current).length ?? 0;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>Sessões Ativas</CardTitle>
        <Button variant="outline" size="sm" disabled={!outras} onClick={() => setConfirmarTodas(true)}>
          Sair de todas as outras sessões
        </Button>
      </CardHeader>
      <CardContent>
        {q.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner rotulo="Carregando sessões" className="size-5 text-blue-700" />
          </div>
        ) : q.isError ? (
          <EmptyState
            titulo="Não foi possível carregar as sessões."
            acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>}
          />
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Sessões ativas">
            {q.data.sessoes.map((s) => {
              const Icone = movel(s) ? Smartphone : Monitor;
              return (
                <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="flex min-w-0 items-start gap-3">
                    <Icone className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
                    <div className="min-w-0">
                      <p className="font-medium text-slate-900">
                        {s.dispositivo} {s.current && <Badge variante="verde">Sessão atual</Badge>}
                      </p>
                      <p className="text-sm text-slate-600">
                        IP {s.ip_address ?? "desconhecido"} · Criada em {formatarDataHora(s.created_at)} · Último uso{" "}
                        {formatarDataHora(s.last_seen_at)}
                      </p>
                    </div>
                  </div>
                  {!s.current && (
                    <Button size="sm" variant="outline" carregando={encerrando === s.id} onClick={() => encerrar(s)}>
                      Encerrar
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirmarTodas}
        onOpenChange={setConfirmarTodas}
        titulo="Sair de todas as outras sessões"
        mensagem="Todos os outros navegadores e dispositivos conectados à sua conta serão desconectados. Esta sessão continua aberta."
        rotuloConfirmar="Sair das outras"
        rotuloConfirmando="Encerrando..."
        perigo
        onConfirmar={async () => {
          try {
            const { sessoesEncerradas } = await encerrarOutrasSessoes();
            toast.success(MSG.sessoesEncerradas(sessoesEncerradas));
            await atualizar();
          } catch (e) {
            toast.error(mensagemDeErro(e, MSG.erroInterno));
            throw e;
          }
        }}
      />
    </Card>
  );
}

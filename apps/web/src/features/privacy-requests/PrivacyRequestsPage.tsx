import { formatarData } from "@crm/domain/format";
import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import {
  MSG_PRIVACIDADE,
  ROTULO_CANAL,
  ROTULO_COR_PRAZO,
  ROTULO_DIREITO,
  ROTULO_STATUS_PEDIDO,
} from "@crm/domain/privacy-requests";
import type { TPedidoPrivacidade } from "@crm/domain/schemas/privacy-requests";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { ApiError, mensagemDeErro } from "../../lib/api";
import { comEmpresa, useChosenCompany } from "../../lib/chosenCompany";
import { useSessaoAtual } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { Badge } from "../../ui/Badge";
import { Button, buttonClasses } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { EmptyState } from "../../ui/EmptyState";
import { SelectCompanyFirst } from "../../ui/SelectCompanyFirst";
import { Spinner } from "../../ui/Spinner";
import { Table, TBody, Td, THead, Th, Tr } from "../../ui/Table";
import { toast } from "../../ui/toast";
import { CHAVE_PRIVACIDADE, painelQuery, registrarPedido } from "./api";
import { PackageControls } from "./PackageControls";
import { RequestActions } from "./RequestActions";
import { RequestForm } from "./RequestForm";
import { SettingsDialog } from "./SettingsDialog";

/**
 * /privacidade (decisions 1824–1825): every titular's request with its right, status and clock (days left, green /
 * amber / red), the share answered on time over 12 months; registering one received by email or phone. The company
 * admin's own company; the platform admin the company chosen in the shell.
 */
export function PrivacyRequestsPage() {
  useDocumentTitle(MSG_PRIVACIDADE.titulo);
  const { usuario } = useSessaoAtual();
  const empresaId = useChosenCompany();
  if (!pode(usuario.papel, "privacidade.gerenciar")) return <AccessDenied mensagem={MSG_PRIVACIDADE.acessoNegado} />;
  if (usuario.papel === "Admin Plataforma" && !empresaId)
    return <SelectCompanyFirst descricao="Escolha a empresa para ver as solicitações de privacidade dos titulares." />;
  return <Painel empresaId={empresaId} />;
}

function Painel({ empresaId }: { empresaId: string | null }) {
  const q = useQuery(painelQuery(empresaId));
  const qc = useQueryClient();
  const [registrando, setRegistrando] = useState(false);
  const [configurando, setConfigurando] = useState(false);
  if (q.error instanceof ApiError && q.error.status === 403) return <AccessDenied mensagem={q.error.erro} />;
  const taxa = q.data?.no_prazo_12m;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">{MSG_PRIVACIDADE.titulo}</h1>
          <p className="mt-1 max-w-3xl text-sm text-slate-600">{MSG_PRIVACIDADE.subtitulo}</p>
          {taxa && <p className="mt-1 text-sm font-medium text-slate-800">{MSG_PRIVACIDADE.noPrazo12m(taxa.percentual)}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <Link to={comEmpresa("/privacidade/incidentes", empresaId)}>Incidentes de segurança</Link>
          </Button>
          <Link to={comEmpresa("/privacidade/registro", empresaId)} className={buttonClasses("outline", "md")}>
            Registro de operações
          </Link>
          <Button variant="secondary" onClick={() => setConfigurando(true)}>
            Configurações
          </Button>
          <Button onClick={() => setRegistrando(true)}>Registrar solicitação</Button>
        </div>
      </div>

      {q.isPending ? (
        <Spinner rotulo={MSG_PRIVACIDADE.carregando} />
      ) : q.isError ? (
        <EmptyState
          titulo={MSG_PRIVACIDADE.erro}
          descricao={mensagemDeErro(q.error, MSG_PRIVACIDADE.erro)}
          acao={<Button onClick={() => q.refetch()}>Tentar novamente</Button>}
        />
      ) : !q.data.pedidos.length ? (
        <EmptyState icone={ShieldCheck} titulo={MSG_PRIVACIDADE.vazio} />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <Table rotulo="Solicitações de privacidade">
            <THead>
              <Tr>
                <Th>Protocolo</Th>
                <Th>Direito</Th>
                <Th>Canal</Th>
                <Th>Status</Th>
                <Th>Prazo</Th>
                <Th>
                  <span className="sr-only">Ações</span>
                </Th>
              </Tr>
            </THead>
            <TBody>
              {q.data.pedidos.map((p) => (
                <Tr key={p.id}>
                  <Td className="whitespace-nowrap font-medium">{p.protocolo}</Td>
                  <Td>
                    {ROTULO_DIREITO[p.direito]}
                    {p.nome_titular && <span className="block text-xs text-slate-600">{p.nome_titular}</span>}
                    {p.representante_nome && (
                      <span className="block text-xs text-slate-600">Representante: {p.representante_nome}</span>
                    )}
                  </Td>
                  <Td>{ROTULO_CANAL[p.canal]}</Td>
                  <Td>{ROTULO_STATUS_PEDIDO[p.status]}</Td>
                  <Td>
                    <Prazo p={p} />
                  </Td>
                  <Td>
                    <div className="flex flex-col items-end gap-2">
                      <PackageControls empresaId={empresaId} pedido={p} />
                      <RequestActions empresaId={empresaId} pedido={p} />
                    </div>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </div>
      )}

      <SettingsDialog empresaId={empresaId} open={configurando} onOpenChange={setConfigurando} />
      <Dialog
        open={registrando}
        onOpenChange={setRegistrando}
        titulo="Registrar solicitação"
        descricao="Uma solicitação recebida por email ou telefone. O titular recebe o protocolo e o código no WhatsApp cadastrado."
      >
        <RequestForm
          enviar="Registrar"
          onEnviar={async (corpo) => {
            try {
              const r = await registrarPedido(empresaId, corpo);
              toast.success(`Solicitação registrada: protocolo ${r.protocolo}.`);
              setRegistrando(false);
              await qc.invalidateQueries({ queryKey: CHAVE_PRIVACIDADE });
            } catch (e) {
              toast.error(mensagemDeErro(e, MSG.erroInterno));
            }
          }}
        />
      </Dialog>
    </div>
  );
}

function Prazo({ p }: { p: TPedidoPrivacidade }) {
  if (p.dias_restantes === null || !p.cor)
    return (
      <span className="text-sm text-slate-700">
        {p.encerrado_em ? `Encerrada em ${formatarData(p.encerrado_em)}` : "—"}
        {p.no_prazo === false && <span className="block text-xs text-red-700">Fora do prazo</span>}
      </span>
    );
  return (
    <span className="inline-flex flex-col gap-1">
      <Badge variante={p.cor} title={ROTULO_COR_PRAZO[p.cor]}>
        {MSG_PRIVACIDADE.dias(p.dias_restantes)}
      </Badge>
      <span className="text-xs text-slate-600">até {formatarData(`${p.vence_em}T12:00:00-03:00`)}</span>
    </span>
  );
}

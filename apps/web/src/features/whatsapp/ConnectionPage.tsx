import { formatarDataHora } from "@crm/domain/format";
import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import { PAPEL } from "@crm/domain/roles";
import { ROTULO_PROVEDOR } from "@crm/domain/whatsapp";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, QrCode, RefreshCw, Settings, Smartphone, WifiOff } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { mensagemDeErro } from "../../lib/api";
import { useRealtimeEvent } from "../../lib/RealtimeProvider";
import { useSessaoAtual } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { Alert } from "../../ui/Alert";
import { Badge } from "../../ui/Badge";
import { Button, buttonClasses } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { SelectCompanyFirst } from "../../ui/SelectCompanyFirst";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import { conectar, type TAlvo, verificacaoQuery } from "./api";
import { ConnectionStatusPage } from "./ConnectionStatusPage";

const PASSOS_QR = [
  "Abra o WhatsApp no celular da empresa.",
  "Toque em Mais opções (⋮) ou Configurações e depois em Aparelhos conectados.",
  "Toque em Conectar um aparelho e aponte a câmera para o QR Code desta tela.",
  "Aguarde: o status muda para Conectado sozinho.",
];

/** /whatsapp-connection (menu /qr-code): status, QR code of the gateway, instructions (001 'WhatsApp connection'). */
export function ConnectionPage() {
  const sessao = useSessaoAtual();
  useDocumentTitle(pode(sessao.usuario.papel, "whatsapp.configurar") ? "Conexão WhatsApp" : "Status do WhatsApp");
  // Consultor and Jurídico see the connection read only, never a denial (decision 1502)
  const [params] = useSearchParams();
  if (!pode(sessao.usuario.papel, "whatsapp.configurar")) return <ConnectionStatusPage />;
  // the platform admin works on the company chosen in the URL (?empresa=), like the other company screens
  const empresaId = sessao.usuario.papel === PAPEL.plataforma ? params.get("empresa") : null;
  if (sessao.usuario.papel === PAPEL.plataforma && !empresaId)
    return <SelectCompanyFirst descricao="Abra a conexão WhatsApp de uma empresa a partir da lista de empresas." />;
  return <Conexao alvo={{ empresaId }} />;
}

function Conexao({ alvo }: { alvo: TAlvo }) {
  const qc = useQueryClient();
  const consulta = verificacaoQuery(alvo);
  const q = useQuery(consulta);
  const [gerando, setGerando] = useState(false);
  useRealtimeEvent((e) => {
    // a live change of the session row (only a real change is published: decision 1611)
    if (e.tipo === "whatsapp.sessao") void qc.invalidateQueries({ queryKey: consulta.queryKey });
  });

  async function gerarQr() {
    setGerando(true);
    try {
      qc.setQueryData(consulta.queryKey, await conectar(alvo));
    } catch (e) {
      toast.error(mensagemDeErro(e, MSG.erroGerarQrCode));
    } finally {
      setGerando(false);
    }
  }

  const c = q.data;
  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Conexão WhatsApp</h1>
          <p className="mt-1 text-sm text-slate-600">Status verificado automaticamente a cada 30 segundos.</p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => q.refetch()} carregando={q.isFetching}>
            <RefreshCw className="size-4" aria-hidden="true" />
            Verificar agora
          </Button>
          <Link to="/empresa-config" className={buttonClasses("outline")}>
            <Settings className="size-4" aria-hidden="true" />
            Configurações
          </Link>
        </div>
      </div>
      {q.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner rotulo="Verificando conexão" className="size-6 text-blue-700" />
        </div>
      ) : q.isError ? (
        <Alert tipo="erro">
          <p className="font-semibold">Erro de Conexão</p>
          <p>{mensagemDeErro(q.error, MSG.whatsappErroConexaoApi)}</p>
        </Alert>
      ) : c ? (
        <div className="grid gap-5 md:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>Status</CardTitle>
            </CardHeader>
            <CardContent className="space-y-3">
              <div className="flex items-center gap-3">
                {c.conectado ? (
                  <CheckCircle2 className="size-8 text-green-600" aria-hidden="true" />
                ) : (
                  <WifiOff className="size-8 text-red-600" aria-hidden="true" />
                )}
                <div>
                  <p className="text-lg font-semibold text-slate-900" data-testid="status-conexao">
                    {c.conectado ? "Conectado" : c.status === "qr_ready" ? "Aguardando leitura do QR Code" : "Desconectado"}
                  </p>
                  <p className="text-sm text-slate-600">{ROTULO_PROVEDOR[c.provedor]}</p>
                </div>
              </div>
              {c.identificacao && (
                <p className="text-sm text-slate-700">
                  <Smartphone className="mr-1 inline size-4" aria-hidden="true" />
                  {c.identificacao}
                </p>
              )}
              {c.atualizadoEm && <p className="text-xs text-slate-500">Última verificação: {formatarDataHora(c.atualizadoEm)}</p>}
              {c.erro && (
                <Alert tipo="erro">
                  <p className="font-semibold">Erro de Conexão</p>
                  <p>{c.erro}</p>
                </Alert>
              )}
              {!c.conectado && c.configurado && !c.erro && c.status !== "qr_ready" && (
                <Alert tipo="aviso">
                  <p className="font-semibold">Desconectado</p>
                  <p>O WhatsApp da empresa não está conectado: as mensagens não serão enviadas até a reconexão.</p>
                </Alert>
              )}
              {c.provedor === "sandbox" && (
                <Alert>
                  O Sandbox simula o WhatsApp sem conta externa. Use a página{" "}
                  <Link to="/test-validation" className="font-medium underline">
                    Testes de Validação
                  </Link>{" "}
                  para escrever como um lead.
                </Alert>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>QR Code</CardTitle>
            </CardHeader>
            <CardContent className="space-y-3">
              {!c.configurado ? (
                <Alert tipo="aviso">
                  <p className="font-semibold">Configuração Necessária</p>
                  <p>
                    Configure o provedor do WhatsApp em{" "}
                    <Link to="/empresa-config" className="font-medium underline">
                      Configurações da Empresa
                    </Link>{" "}
                    antes de conectar.
                  </p>
                </Alert>
              ) : c.provedor !== "unofficial" ? (
                <p className="text-sm text-slate-700">
                  {c.provedor === "official"
                    ? "A API Oficial não usa QR Code: o número é conectado pelo Meta Business e pelo Access Token das configurações."
                    : "O Sandbox não precisa de QR Code."}
                </p>
              ) : c.qrCode ? (
                <div className="flex flex-col items-center gap-3">
                  <img
                    src={c.qrCode}
                    alt="QR Code para conectar o WhatsApp"
                    className="size-64 rounded-md border border-slate-200"
                  />
                  <Badge variante="amarelo">O QR Code expira em poucos segundos; um novo é gerado automaticamente.</Badge>
                </div>
              ) : c.conectado ? (
                <p className="text-sm text-slate-700">
                  Número conectado. Para trocar de aparelho, desconecte no painel do provedor e gere um novo QR Code.
                </p>
              ) : (
                <Alert tipo="aviso">
                  <p className="font-semibold">Configuração Necessária</p>
                  <p>Nenhum QR Code disponível. Gere um QR Code para parear o número.</p>
                </Alert>
              )}
              {c.configurado && c.provedor === "unofficial" && !c.conectado && (
                <Button onClick={gerarQr} carregando={gerando}>
                  <QrCode className="size-4" aria-hidden="true" />
                  {gerando ? "Gerando QR Code..." : c.qrCode ? "Gerar novo QR Code" : "Gerar QR Code"}
                </Button>
              )}
            </CardContent>
          </Card>
          <Card className="md:col-span-2">
            <CardHeader>
              <CardTitle>Como conectar</CardTitle>
            </CardHeader>
            <CardContent>
              <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
                {(c.provedor === "unofficial"
                  ? PASSOS_QR
                  : [
                      "Em Configurações da Empresa, escolha o provedor e preencha as credenciais.",
                      "Copie a URL do Webhook e o Verify Token para o painel do provedor.",
                      "Use Testar Conexão WhatsApp para confirmar as credenciais.",
                    ]
                ).map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ol>
            </CardContent>
          </Card>
        </div>
      ) : null}
    </div>
  );
}

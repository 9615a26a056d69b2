import { formatarDataHora } from "@crm/domain/format";
import { MSG_PACOTE } from "@crm/domain/privacy-package";
import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { Link, useParams } from "react-router";
import { ApiError, mensagemDeErro } from "../../lib/api";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { Alert } from "../../ui/Alert";
import { buttonClasses } from "../../ui/Button";
import { PublicCardLayout } from "../../ui/PublicCardLayout";
import { Spinner } from "../../ui/Spinner";
import { pacotePublicoQuery, urlDoPacotePublico } from "./api";

const tamanho = (bytes: number | null) =>
  bytes === null
    ? null
    : bytes < 1024 * 1024
      ? `${Math.max(1, Math.round(bytes / 1024))} KB`
      : `${(bytes / (1024 * 1024)).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} MB`;

/**
 * /privacidade/{empresa}/pacote/{token} (decision 1866), no sign-in: the titular's link to their data package, ready
 * with its expiry, or expired with the day it expired and the way to ask again.
 */
export function PublicPackagePage() {
  const { empresaId = "", token = "" } = useParams();
  const q = useQuery(pacotePublicoQuery(empresaId, token));
  useDocumentTitle(MSG_PACOTE.paginaTitulo);
  const novoPedido = (
    <Link to={`/privacidade/${empresaId}`} className="text-blue-700 underline underline-offset-4">
      Fazer uma nova solicitação
    </Link>
  );

  if (q.isPending)
    return (
      <PublicCardLayout titulo={MSG_PACOTE.paginaTitulo}>
        <Spinner rotulo={MSG_PACOTE.carregando} />
      </PublicCardLayout>
    );
  if (q.isError) {
    const invalido = q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 400);
    return (
      <PublicCardLayout titulo={MSG_PACOTE.paginaTitulo}>
        <div className="space-y-4">
          <Alert tipo="erro">{invalido ? MSG_PACOTE.linkInvalido : mensagemDeErro(q.error, MSG_PACOTE.erroCarregar)}</Alert>
          {novoPedido}
        </div>
      </PublicCardLayout>
    );
  }
  const k = q.data;
  const expira = formatarDataHora(k.expira_em);
  return (
    <PublicCardLayout titulo={MSG_PACOTE.paginaTitulo} subtitulo={`${k.empresa} · LGPD, art. 18`}>
      {k.status === "expirado" ? (
        <div className="space-y-4">
          <Alert tipo="aviso">{MSG_PACOTE.linkExpirado(expira)}</Alert>
          {novoPedido}
        </div>
      ) : (
        <div className="space-y-4 text-sm text-slate-700">
          <p>{MSG_PACOTE.paginaTexto(k.protocolo, expira)}</p>
          <a href={urlDoPacotePublico(empresaId, token)} download className={buttonClasses("primary", "md", "w-full")}>
            <Download aria-hidden className="size-4" />
            {MSG_PACOTE.baixar}
            {tamanho(k.tamanho) && <span className="font-normal">({tamanho(k.tamanho)})</span>}
          </a>
        </div>
      )}
    </PublicCardLayout>
  );
}

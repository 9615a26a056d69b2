import { formatarDataHora } from "@crm/domain/format";
import { MSG } from "@crm/domain/messages";
import { DIREITOS_COM_PACOTE, MSG_PACOTE } from "@crm/domain/privacy-package";
import type { TPedidoPrivacidade } from "@crm/domain/schemas/privacy-requests";
import { useQueryClient } from "@tanstack/react-query";
import { Download, FileArchive } from "lucide-react";
import { useState } from "react";
import { mensagemDeErro } from "../../lib/api";
import { Button, buttonClasses } from "../../ui/Button";
import { ProgressBar } from "../../ui/ProgressBar";
import { toast } from "../../ui/toast";
import { CHAVE_PRIVACIDADE, iniciarPacote, urlDoPacote } from "./api";

/**
 * A request's access and portability package on /privacidade (decision 1865): start it once the titular is known,
 * its progress while the job works (the page polls), then the download with the link's expiry and the downloads.
 */
export function PackageControls({ empresaId, pedido: p }: { empresaId: string | null; pedido: TPedidoPrivacidade }) {
  const qc = useQueryClient();
  const [ocupado, setOcupado] = useState(false);
  const k = p.pacote;
  const pode = DIREITOS_COM_PACOTE.includes(p.direito) && p.verificado_em !== null && p.lead_id !== null;
  if (!k && (!pode || p.encerrado_em)) return null;

  const gerar = async () => {
    setOcupado(true);
    try {
      await iniciarPacote(empresaId, p.id);
      toast.success(MSG_PACOTE.iniciado);
      await qc.invalidateQueries({ queryKey: CHAVE_PRIVACIDADE });
    } catch (e) {
      toast.error(mensagemDeErro(e, MSG.erroInterno));
    } finally {
      setOcupado(false);
    }
  };
  const botaoGerar = (rotulo: string) => (
    <Button size="sm" variant="outline" carregando={ocupado} onClick={gerar} aria-label={`${rotulo}, protocolo ${p.protocolo}`}>
      <FileArchive aria-hidden className="size-4" />
      {rotulo}
    </Button>
  );

  if (!k) return botaoGerar(MSG_PACOTE.gerar);
  if (k.status === "na_fila" || k.status === "gerando")
    return (
      <ProgressBar
        className="w-48"
        valor={k.status === "na_fila" ? null : k.progresso}
        rotulo={k.status === "na_fila" ? MSG_PACOTE.naFila : "Gerando pacote"}
      />
    );
  if (k.status === "falhou")
    return (
      <div className="flex flex-col items-end gap-1">
        <span className="text-xs text-red-700">{MSG_PACOTE.falhou}</span>
        {botaoGerar(MSG_PACOTE.gerarNovamente)}
      </div>
    );
  const downloads = <span className="text-xs text-slate-600">{MSG_PACOTE.downloads(k.downloads)}</span>;
  if (k.status === "expirado")
    return (
      <div className="flex flex-col items-end gap-1 text-right">
        <span className="text-xs text-slate-700">{MSG_PACOTE.expiradoAdmin}</span>
        {downloads}
        {!p.encerrado_em && pode && botaoGerar(MSG_PACOTE.gerarNovamente)}
      </div>
    );
  return (
    <div className="flex flex-col items-end gap-1 text-right">
      <a
        href={urlDoPacote(empresaId, p.id)}
        download
        className={buttonClasses("outline", "sm")}
        aria-label={`${MSG_PACOTE.baixar}, protocolo ${p.protocolo}`}
        // the download is recorded by the server; the count refreshes once it has been
        onClick={() => setTimeout(() => void qc.invalidateQueries({ queryKey: CHAVE_PRIVACIDADE }), 1500)}
      >
        <Download aria-hidden className="size-4" />
        {MSG_PACOTE.baixar}
      </a>
      <span className="text-xs text-slate-600">{MSG_PACOTE.pronto(formatarDataHora(k.expira_em as string))}</span>
      {downloads}
    </div>
  );
}

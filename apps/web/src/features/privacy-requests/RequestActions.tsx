import { MSG } from "@crm/domain/messages";
import { DIREITOS_ELIMINACAO } from "@crm/domain/privacy-requests";
import { type TPedidoPrivacidade, type TResultadoEliminacao, ZEncerrarPedido } from "@crm/domain/schemas/privacy-requests";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { mensagemDeErro } from "../../lib/api";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Field } from "../../ui/Field";
import { Textarea } from "../../ui/Textarea";
import { toast } from "../../ui/toast";
import { aprovarPedido, CHAVE_PRIVACIDADE, encerrarPedido, enviarDocumentoRepresentante } from "./api";
import { EraseDialog, ReplyDialog } from "./EraseDialog";

/** A request's next step on /privacidade: the representative's document and approval, or closing with the reply. */
export function RequestActions({ empresaId, pedido: p }: { empresaId: string | null; pedido: TPedidoPrivacidade }) {
  const qc = useQueryClient();
  const arquivo = useRef<HTMLInputElement>(null);
  const [encerrando, setEncerrando] = useState(false);
  const [resposta, setResposta] = useState("");
  const [erro, setErro] = useState<string | undefined>();
  const [ocupado, setOcupado] = useState(false);
  const [eliminando, setEliminando] = useState(false);
  const [resultado, setResultado] = useState<TResultadoEliminacao | null>(null);
  const [lendo, setLendo] = useState(false);
  const fazer = async (acao: () => Promise<unknown>, ok: string) => {
    setOcupado(true);
    try {
      await acao();
      toast.success(ok);
      await qc.invalidateQueries({ queryKey: CHAVE_PRIVACIDADE });
      return true;
    } catch (e) {
      toast.error(mensagemDeErro(e, MSG.erroInterno));
      return false;
    } finally {
      setOcupado(false);
    }
  };
  // the erasure's dialog outlives the request's closing: it shows the result once the list says 'atendida'
  const dialogoEliminar = eliminando && (
    <EraseDialog
      empresaId={empresaId}
      pedido={p}
      open={eliminando}
      onOpenChange={setEliminando}
      resultado={resultado}
      setResultado={setResultado}
    />
  );
  if (p.encerrado_em)
    return (
      <div className="flex justify-end">
        {p.resposta && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setLendo(true)}
            aria-label={`Ver resposta do protocolo ${p.protocolo}`}
          >
            Ver resposta
          </Button>
        )}
        <ReplyDialog pedido={p} open={lendo} onOpenChange={setLendo} />
        {dialogoEliminar}
      </div>
    );
  const encerrar = async (status: "atendida" | "recusada") => {
    const v = ZEncerrarPedido.safeParse({ status, resposta });
    if (!v.success) return setErro(v.error.issues[0].message);
    setErro(undefined);
    if (await fazer(() => encerrarPedido(empresaId, p.id, v.data), `Protocolo ${p.protocolo} encerrado.`)) setEncerrando(false);
  };
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {(p.status === "aguardando_documento" || p.status === "aguardando_aprovacao") && (
        <>
          <input
            ref={arquivo}
            type="file"
            className="sr-only"
            tabIndex={-1}
            aria-label={`Documento do representante, protocolo ${p.protocolo}`}
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = "";
              if (f) void fazer(() => enviarDocumentoRepresentante(empresaId, p.id, f), "Documento enviado.");
            }}
          />
          <Button size="sm" variant="secondary" disabled={ocupado} onClick={() => arquivo.current?.click()}>
            {p.tem_documento ? "Trocar documento" : "Enviar documento"}
          </Button>
        </>
      )}
      {p.status === "aguardando_aprovacao" && (
        <Button
          size="sm"
          disabled={ocupado}
          onClick={() => fazer(() => aprovarPedido(empresaId, p.id), "Representação aprovada.")}
        >
          Aprovar
        </Button>
      )}
      {p.status === "em_andamento" && DIREITOS_ELIMINACAO.includes(p.direito) && (
        <>
          <Button size="sm" variant="danger" onClick={() => setEliminando(true)}>
            Eliminar dados
          </Button>
          {dialogoEliminar}
        </>
      )}
      <Button size="sm" variant="ghost" onClick={() => setEncerrando(true)}>
        Encerrar
      </Button>
      <Dialog
        open={encerrando}
        onOpenChange={setEncerrando}
        titulo={`Encerrar protocolo ${p.protocolo}`}
        descricao="Registre a resposta dada ao titular. Uma recusa precisa dos motivos (LGPD, art. 18, § 4º)."
        rodape={
          <>
            <Button variant="secondary" carregando={ocupado} onClick={() => encerrar("recusada")}>
              Recusar
            </Button>
            <Button carregando={ocupado} onClick={() => encerrar("atendida")}>
              Marcar como atendida
            </Button>
          </>
        }
      >
        <Field label="Resposta ao titular" erro={erro}>
          <Textarea rows={5} value={resposta} onChange={(e) => setResposta(e.target.value)} />
        </Field>
      </Dialog>
    </div>
  );
}

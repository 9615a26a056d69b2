import { formatarDataHora } from "@crm/domain/format";
import { MSG } from "@crm/domain/messages";
import {
  ITENS_RETENCAO,
  MSG_PRIVACIDADE,
  ROTULO_ITEM_RETENCAO,
  ROTULO_STATUS_PEDIDO,
  type TItemRetencao,
} from "@crm/domain/privacy-requests";
import { type TPedidoPrivacidade, type TResultadoEliminacao, ZEliminarDados } from "@crm/domain/schemas/privacy-requests";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { mensagemDeErro } from "../../lib/api";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Field } from "../../ui/Field";
import { Textarea } from "../../ui/Textarea";
import { toast } from "../../ui/toast";
import { CHAVE_PRIVACIDADE, eliminarDados } from "./api";

type TMarcas = Record<TItemRetencao, { marcado: boolean; motivo: string }>;
const SEM_RETENCAO: TMarcas = {
  processo_juridico: { marcado: false, motivo: "" },
  registro_fiscal: { marcado: false, motivo: "" },
};

/**
 * 'Eliminar dados' of an erasure request (decisions 1861–1862): what goes, what may be held by law with a reason,
 * then the result — 'Atendida' or 'Parcialmente atendida' — and the reply recorded for the titular.
 */
export function EraseDialog({
  empresaId,
  pedido: p,
  open,
  onOpenChange,
  resultado,
  setResultado,
}: {
  empresaId: string | null;
  pedido: TPedidoPrivacidade;
  open: boolean;
  onOpenChange: (v: boolean) => void;
  /** kept by the row: the list refetched after the erasure re-renders the row as closed */
  resultado: TResultadoEliminacao | null;
  setResultado: (r: TResultadoEliminacao | null) => void;
}) {
  const qc = useQueryClient();
  const [marcas, setMarcas] = useState<TMarcas>(SEM_RETENCAO);
  const [erro, setErro] = useState<string | undefined>();
  const [ocupado, setOcupado] = useState(false);
  const fechar = (v: boolean) => {
    onOpenChange(v);
    if (!v) {
      setMarcas(SEM_RETENCAO);
      setErro(undefined);
      setResultado(null);
    }
  };
  const eliminar = async () => {
    const v = ZEliminarDados.safeParse({
      retencoes: ITENS_RETENCAO.filter((i) => marcas[i].marcado).map((item) => ({ item, motivo: marcas[item].motivo })),
    });
    if (!v.success) return setErro(v.error.issues[0].message);
    setErro(undefined);
    setOcupado(true);
    try {
      const r = await eliminarDados(empresaId, p.id, v.data);
      setResultado(r);
      toast.success(`Protocolo ${p.protocolo}: ${ROTULO_STATUS_PEDIDO[r.status].toLowerCase()}.`);
      await qc.invalidateQueries({ queryKey: CHAVE_PRIVACIDADE });
    } catch (e) {
      setErro(mensagemDeErro(e, MSG.erroInterno));
    } finally {
      setOcupado(false);
    }
  };
  if (resultado)
    return (
      <Dialog
        open={open}
        onOpenChange={fechar}
        titulo={`Protocolo ${p.protocolo}: ${ROTULO_STATUS_PEDIDO[resultado.status]}`}
        descricao="Resposta registrada na solicitação do titular."
        rodape={<Button onClick={() => fechar(false)}>Fechar</Button>}
      >
        <Alert tipo={resultado.status === "atendida" ? "sucesso" : "aviso"}>{ROTULO_STATUS_PEDIDO[resultado.status]}</Alert>
        <p className="mt-3 whitespace-pre-line text-sm text-slate-800">{resultado.resposta}</p>
      </Dialog>
    );
  return (
    <Dialog
      open={open}
      onOpenChange={fechar}
      titulo={`Eliminar dados — protocolo ${p.protocolo}`}
      descricao="Apaga o cadastro, as mensagens, as mídias, as análises da IA, as notas e as tarefas do titular. Os totais dos painéis continuam certos. O telefone e o CPF entram na lista de supressão: o titular só volta se escrever por conta própria."
      rodape={
        <>
          <Button variant="secondary" disabled={ocupado} onClick={() => fechar(false)}>
            Cancelar
          </Button>
          <Button variant="danger" carregando={ocupado} onClick={eliminar}>
            Eliminar dados
          </Button>
        </>
      }
    >
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-900">Manter por obrigação legal (LGPD, art. 16)</legend>
        <p className="text-xs text-slate-600">
          Um processo jurídico em andamento é mantido automaticamente. O que for mantido fica bloqueado para qualquer outro uso e
          a resposta ao titular diz o motivo.
        </p>
        {ITENS_RETENCAO.map((item) => (
          <div key={item} className="space-y-2">
            <label className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-blue-700"
                checked={marcas[item].marcado}
                onChange={(e) => setMarcas((m) => ({ ...m, [item]: { ...m[item], marcado: e.target.checked } }))}
              />
              {ROTULO_ITEM_RETENCAO[item]}
            </label>
            {marcas[item].marcado && (
              <Field label={`Motivo — ${ROTULO_ITEM_RETENCAO[item]}`}>
                <Textarea
                  rows={2}
                  value={marcas[item].motivo}
                  onChange={(e) => setMarcas((m) => ({ ...m, [item]: { ...m[item], motivo: e.target.value } }))}
                />
              </Field>
            )}
          </div>
        ))}
      </fieldset>
      {erro && (
        <Alert tipo="erro" className="mt-3">
          {erro}
        </Alert>
      )}
    </Dialog>
  );
}

/** The reply recorded on a closed request (an erasure's says what went, what stayed and why, and the backups). */
export function ReplyDialog({
  pedido: p,
  open,
  onOpenChange,
}: {
  pedido: TPedidoPrivacidade;
  open: boolean;
  onOpenChange: (v: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      titulo={`Resposta — protocolo ${p.protocolo}`}
      descricao={ROTULO_STATUS_PEDIDO[p.status]}
      rodape={<Button onClick={() => onOpenChange(false)}>Fechar</Button>}
    >
      <p className="whitespace-pre-line text-sm text-slate-800">{p.resposta}</p>
      <EnvioDaResposta envio={p.resposta_envio} />
    </Dialog>
  );
}

/** Where an erasure's reply stands on WhatsApp (decision 1942): on its way, sent when, or why not and what to do. */
function EnvioDaResposta({ envio }: { envio: TPedidoPrivacidade["resposta_envio"] }) {
  if (!envio) return null;
  if (envio.status === "pendente")
    return (
      <p role="status" className="mt-3 text-sm text-slate-700">
        {MSG_PRIVACIDADE.respostaEnvioPendente}
      </p>
    );
  if (envio.status === "enviada")
    return (
      <Alert tipo="sucesso" className="mt-3">
        {MSG_PRIVACIDADE.respostaEnviada(envio.em ? formatarDataHora(envio.em) : "")}
      </Alert>
    );
  return (
    <Alert tipo="aviso" className="mt-3">
      {MSG_PRIVACIDADE.respostaNaoEnviada(envio.erro ?? MSG.erroInterno)}
    </Alert>
  );
}

import type { ExternalToast } from "sonner";
import { acaoDoErro, navegarPara } from "../lib/errorActions";

/**
 * Toasts replace the original's browser alert boxes, with the same texts: `toast.success(...)`, `toast.error(...)`.
 * The toast library is fetched on the first toast, so pages that never show one (login) do not download it.
 */
type TSonner = typeof import("sonner");

let modulo: Promise<TSonner> | null = null;
let pedido = false;
const ouvintes = new Set<() => void>();

function sonner(): Promise<TSonner> {
  if (!pedido) {
    pedido = true;
    for (const fn of ouvintes) fn();
  }
  modulo ??= import("sonner");
  return modulo;
}

/** For the Toaster host: has any toast been asked for yet? */
export const toasterPedido = () => pedido;
export function aoPedirToaster(fn: () => void) {
  ouvintes.add(fn);
  return () => {
    ouvintes.delete(fn);
  };
}

const mostrar = (tipo: "success" | "error" | "info" | "warning" | "message") => (mensagem: string, opcoes?: ExternalToast) => {
  // a plan-limit or read-only refusal gets its link ('Ver planos', lib/errorActions.ts)
  const acao = acaoDoErro(mensagem);
  const comAcao =
    acao && !opcoes?.action ? { ...opcoes, action: { label: acao.rotulo, onClick: () => navegarPara(acao.href) } } : opcoes;
  void sonner().then((s) => s.toast[tipo](mensagem, comAcao));
};

export const toast = {
  success: mostrar("success"),
  error: mostrar("error"),
  info: mostrar("info"),
  warning: mostrar("warning"),
  message: mostrar("message"),
};

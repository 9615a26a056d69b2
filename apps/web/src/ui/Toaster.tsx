import { lazy, Suspense, useSyncExternalStore } from "react";
import { aoPedirToaster, toasterPedido } from "./toast";

const Sonner = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

/** Mounts sonner's Toaster once the first toast is asked for (sonner replays toasts raised before it mounted). */
export function Toaster() {
  const pedido = useSyncExternalStore(aoPedirToaster, toasterPedido, toasterPedido);
  if (!pedido) return null;
  return (
    <Suspense fallback={null}>
      <Sonner position="top-right" richColors closeButton duration={5000} />
    </Suspense>
  );
}

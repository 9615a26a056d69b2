import { Toaster as Sonner } from "sonner";

/** Toasts replace the original's alert() calls, with the same texts: `toast.success(...)` / `toast.error(...)`. */
export function Toaster() {
  return <Sonner position="top-right" richColors closeButton duration={5000} toastOptions={{ closeButton: true }} />;
}

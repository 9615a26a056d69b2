import { ShieldAlert } from "lucide-react";
import { Card } from "./Card";

/** What a screen shows to a role that may not use it (the server refuses it too). */
export function AccessDenied({ titulo = "Acesso Negado", mensagem }: { titulo?: string; mensagem: string }) {
  return (
    <Card className="mx-auto max-w-xl px-6 py-12 text-center" role="alert">
      <ShieldAlert className="mx-auto size-10 text-red-600" aria-hidden="true" />
      <h1 className="mt-4 text-xl font-semibold text-slate-900">{titulo}</h1>
      <p className="mt-2 text-sm text-slate-700">{mensagem}</p>
    </Card>
  );
}

import { MSG } from "@crm/domain/messages";
import type { TSegredo } from "@crm/domain/schemas/settings";
import { Copy } from "lucide-react";
import type { ComponentProps } from "react";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { Input } from "../../ui/Input";
import { PasswordInput } from "../../ui/PasswordInput";
import { toast } from "../../ui/toast";

export type TEstadoTeste = "unknown" | "success" | "error";

/** After a test: 'Conectado' or 'Erro de conexão'; before, no badge (001 'Company settings'). */
export function BadgeTeste({ estado }: { estado: TEstadoTeste }) {
  if (estado === "unknown") return null;
  return estado === "success" ? <Badge variante="verde">Conectado</Badge> : <Badge variante="vermelho">Erro de conexão</Badge>;
}

async function copiar(texto: string) {
  try {
    await navigator.clipboard.writeText(texto);
    toast.success(MSG.copiadoAreaTransferencia);
  } catch {
    toast.error("Não foi possível copiar. Selecione o texto e copie manualmente.");
  }
}

/** A read-only value with a copy button (webhook URL, verify token). */
export function CampoCopiavel({
  valor,
  rotuloCopiar,
  ...props
}: ComponentProps<"input"> & { valor: string; rotuloCopiar: string }) {
  return (
    <div className="flex gap-2">
      <Input readOnly value={valor} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} {...props} />
      <Button variant="outline" onClick={() => copiar(valor)} aria-label={rotuloCopiar}>
        <Copy className="size-4" aria-hidden="true" />
        Copiar
      </Button>
    </div>
  );
}

/** A secret: masked with show/hide; when one is stored, empty keeps it (the stored value never comes back). */
export function CampoSegredo({ guardado, ...props }: Omit<ComponentProps<"input">, "type"> & { guardado: TSegredo }) {
  return (
    <PasswordInput
      autoComplete="off"
      placeholder={guardado.definido ? `Salvo (${guardado.mascara}). Deixe em branco para manter.` : ""}
      {...props}
    />
  );
}

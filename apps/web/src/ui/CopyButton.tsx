import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { Button, type TButtonProps } from "./Button";

type Props = Omit<TButtonProps, "onClick" | "children"> & {
  texto: string;
  rotulo?: string;
  rotuloCopiado?: string;
  /** how long 'Copiado!' stays (001 §9: 2 s for invitation links) */
  duracaoMs?: number;
  /** shown when the browser refuses the clipboard (e.g. no permission): the person copies by hand */
  onErro?: () => void;
};

/** Copies `texto` to the clipboard and says so for a moment; announced to screen readers. */
export function CopyButton({ texto, rotulo = "Copiar", rotuloCopiado = "Copiado!", duracaoMs = 2_000, onErro, ...props }: Props) {
  const [copiado, setCopiado] = useState(false);
  useEffect(() => {
    if (!copiado) return;
    const t = setTimeout(() => setCopiado(false), duracaoMs);
    return () => clearTimeout(t);
  }, [copiado, duracaoMs]);

  async function copiar() {
    try {
      await navigator.clipboard.writeText(texto);
      setCopiado(true);
    } catch {
      onErro?.();
    }
  }

  return (
    <Button variant="outline" {...props} onClick={copiar} aria-live="polite">
      {copiado ? <Check className="size-4 text-green-700" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
      {copiado ? rotuloCopiado : rotulo}
    </Button>
  );
}

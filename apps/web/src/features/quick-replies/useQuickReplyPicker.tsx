import { MSG_RESPOSTAS } from "@crm/domain/quick-replies";
import type { TRespostaPreenchida } from "@crm/domain/schemas/quick-replies";
import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, useId, useState } from "react";
import { cn } from "../../lib/cn";
import { useDebounce } from "../../lib/useDebounce";
import { Spinner } from "../../ui/Spinner";
import { respostasDoLeadQuery } from "./api";

/** The box's text while it asks for a quick reply: a '/' first, one line; what follows it is the filter. */
const BUSCA = /^\/([^\n]{0,80})$/;

type TOpcoes = { leadId: string; texto: string; ativo: boolean; onEscolher: (r: TRespostaPreenchida) => void };

/**
 * The composer's '/' list (decision 1838), an ARIA combobox on the message box: filtered on the server as the person
 * types, ↑/↓ move, Enter picks, Esc closes (until the text changes). Returns the box's attributes, its key handler (true
 * when it used the key) and the listbox to render above the box.
 */
export function useQuickReplyPicker({ leadId, texto, ativo, onEscolher }: TOpcoes) {
  const id = useId();
  const busca = BUSCA.exec(texto)?.[1];
  const [fechadoEm, setFechadoEm] = useState<string | null>(null);
  const aberto = ativo && busca !== undefined && fechadoEm !== texto;
  const filtro = useDebounce(busca?.trim().toLowerCase() ?? "", 150);
  const q = useQuery({ ...respostasDoLeadQuery(leadId, filtro), enabled: aberto });
  const itens = aberto ? (q.data ?? []) : [];
  const [marcado, setMarcado] = useState({ busca: "", i: 0 });
  const i = marcado.busca === filtro ? Math.min(marcado.i, Math.max(0, itens.length - 1)) : 0;
  const mover = (d: number) => setMarcado({ busca: filtro, i: itens.length ? (i + d + itens.length) % itens.length : 0 });
  const idOpcao = (n: number) => `${id}-opcao-${n}`;

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (!aberto) return false;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      mover(e.key === "ArrowDown" ? 1 : -1);
      return true;
    }
    if (e.key === "Escape") {
      e.preventDefault();
      setFechadoEm(texto);
      return true;
    }
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing && itens[i]) {
      e.preventDefault();
      onEscolher(itens[i]);
      return true;
    }
    return false;
  }

  const caixa = {
    role: "combobox",
    "aria-autocomplete": "list" as const,
    "aria-expanded": aberto,
    "aria-controls": aberto && itens.length ? `${id}-lista` : undefined,
    "aria-activedescendant": aberto && itens[i] ? idOpcao(i) : undefined,
  };

  const lista = aberto ? (
    <div className="absolute inset-x-0 bottom-full z-20 mb-1 max-h-72 overflow-y-auto rounded-md border border-slate-200 bg-white shadow-lg">
      {q.isPending ? (
        <div className="flex justify-center p-3">
          <Spinner rotulo={MSG_RESPOSTAS.carregando} className="size-5 text-blue-700" />
        </div>
      ) : q.isError ? (
        <p className="p-3 text-sm text-red-700">{MSG_RESPOSTAS.erroCarregar}</p>
      ) : !itens.length ? (
        <p className="p-3 text-sm text-slate-600">{MSG_RESPOSTAS.nenhumaEncontrada}</p>
      ) : null}
      {itens.length > 0 && (
        <div id={`${id}-lista`} role="listbox" aria-label="Respostas rápidas">
          {itens.map((r, n) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works from the message box (combobox), as ARIA asks
            <div
              key={r.id}
              id={idOpcao(n)}
              role="option"
              tabIndex={-1}
              aria-selected={n === i}
              className={cn("cursor-pointer px-3 py-2 text-sm", n === i ? "bg-blue-50" : "hover:bg-slate-50")}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => onEscolher(r)}
            >
              <span className="font-mono font-semibold text-blue-800">/{r.atalho}</span>{" "}
              <span className="font-medium text-slate-900">{r.titulo}</span>
              {r.escopo === "pessoal" && <span className="text-slate-600"> · pessoal</span>}
              <span className="mt-0.5 line-clamp-2 block text-slate-600">{r.texto}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  ) : null;

  return { aberto, caixa, onKeyDown, lista };
}

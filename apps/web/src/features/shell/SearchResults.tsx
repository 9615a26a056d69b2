import { cn } from "../../lib/cn";
import { Badge } from "../../ui/Badge";
import { Spinner } from "../../ui/Spinner";

export type TOpcaoBusca = {
  id: string;
  grupo: "Leads" | "Consultores" | "Empresas";
  titulo: string;
  detalhe?: string;
  etiqueta?: string;
  destino: string;
};

type Props = {
  id: string;
  aberto: boolean;
  opcoes: TOpcaoBusca[];
  ativo: number;
  carregando: boolean;
  erro: boolean;
  onEscolher: (o: TOpcaoBusca) => void;
  onApontar: (i: number) => void;
};

/** The search box's listbox, grouped into Leads, Consultores and (the platform admin's) Empresas. */
export function SearchResults({ id, aberto, opcoes, ativo, carregando, erro, onEscolher, onApontar }: Props) {
  const grupos = (["Leads", "Consultores", "Empresas"] as const).map((g) => ({
    nome: g,
    itens: opcoes.filter((o) => o.grupo === g),
  }));
  const aviso = carregando
    ? null
    : erro
      ? "Não foi possível buscar agora."
      : opcoes.length === 0
        ? "Nenhum resultado encontrado"
        : null;
  return (
    <div
      className={cn(
        "absolute top-full right-0 left-0 z-40 mt-1 max-h-96 overflow-y-auto rounded-md border border-slate-200 bg-white shadow-lg",
        !aberto && "hidden",
      )}
    >
      <div id={id} role="listbox" aria-label="Resultados da busca">
        {grupos
          .filter((g) => g.itens.length > 0)
          .map((g) => (
            // biome-ignore lint/a11y/useSemanticElements: an ARIA listbox group, not a form fieldset
            <div key={g.nome} role="group" aria-labelledby={`${id}-${g.nome}`} className="py-1">
              <div id={`${id}-${g.nome}`} className="px-3 py-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                {g.nome}
              </div>
              {g.itens.map((o) => {
                const i = opcoes.indexOf(o);
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard selection is handled by the combobox input
                  <div
                    key={o.id}
                    id={o.id}
                    role="option"
                    tabIndex={-1}
                    aria-selected={i === ativo}
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => onEscolher(o)}
                    onMouseEnter={() => onApontar(i)}
                    className={cn(
                      "flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm",
                      i === ativo && "bg-blue-50",
                    )}
                  >
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-slate-900">{o.titulo}</span>
                      {o.detalhe && <span className="block truncate text-xs text-slate-600">{o.detalhe}</span>}
                    </span>
                    {o.etiqueta && <Badge variante="azul">{o.etiqueta}</Badge>}
                  </div>
                );
              })}
            </div>
          ))}
      </div>
      {(carregando || aviso) && (
        <p className="flex items-center gap-2 px-3 py-3 text-sm text-slate-600" role="status">
          {carregando ? (
            <>
              <Spinner /> Buscando...
            </>
          ) : (
            aviso
          )}
        </p>
      )}
    </div>
  );
}

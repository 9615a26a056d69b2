import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { comEmpresa, useChosenCompany } from "../../lib/chosenCompany";
import { useDebounce } from "../../lib/useDebounce";
import { buscar } from "./api";
import { SearchResults, type TOpcaoBusca } from "./SearchResults";

const ATRASO_MS = 250;

/**
 * Top-bar search (combobox): leads open their chat, consultants open /consultores, companies (the platform admin's)
 * open /empresa/{id}. The platform admin searches the company chosen in the shell (decision 1645).
 */
export function SearchBox() {
  const navigate = useNavigate();
  const empresaId = useChosenCompany();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [texto, setTexto] = useState("");
  const [aberto, setAberto] = useState(false);
  const [ativo, setAtivo] = useState(-1);
  const termo = useDebounce(texto.trim(), ATRASO_MS);

  const busca = useQuery({
    queryKey: ["busca", termo, empresaId],
    queryFn: ({ signal }) => buscar(termo, empresaId, signal),
    enabled: termo.length >= 1,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

  const opcoes: TOpcaoBusca[] =
    termo.length === 0 || !busca.data
      ? []
      : [
          ...busca.data.leads.map((l) => ({
            id: `${id}-lead-${l.id}`,
            grupo: "Leads" as const,
            titulo: l.nome,
            // the phone comes formatted from buscar (api.ts)
            detalhe: [l.email, l.telefone].filter(Boolean).join(" · "),
            etiqueta: l.status_lead,
            destino: `/chat/${l.id}`,
          })),
          ...busca.data.consultores.map((c) => ({
            id: `${id}-consultor-${c.id}`,
            grupo: "Consultores" as const,
            titulo: c.nome,
            detalhe: c.email,
            destino: comEmpresa("/consultores", empresaId),
          })),
          ...busca.data.empresas.map((e) => ({
            id: `${id}-empresa-${e.id}`,
            grupo: "Empresas" as const,
            titulo: e.nome,
            detalhe: e.email,
            destino: `/empresa/${e.id}`,
          })),
        ];
  const mostrar = aberto && texto.trim().length > 0;
  const carregando = termo !== texto.trim() || (busca.isFetching && !busca.data);

  function escolher(opcao: TOpcaoBusca) {
    setAberto(false);
    setTexto("");
    setAtivo(-1);
    inputRef.current?.blur();
    navigate(opcao.destino);
  }

  function aoTeclar(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      setAberto(true);
      if (opcoes.length === 0) return;
      const passo = e.key === "ArrowDown" ? 1 : -1;
      setAtivo((a) => (a + passo + opcoes.length) % opcoes.length);
    } else if (e.key === "Enter") {
      const opcao = opcoes[ativo] ?? (opcoes.length === 1 ? opcoes[0] : undefined);
      if (mostrar && opcao) {
        e.preventDefault();
        escolher(opcao);
      }
    } else if (e.key === "Escape") {
      if (mostrar) setAberto(false);
      else setTexto("");
      setAtivo(-1);
    }
  }

  return (
    <div className="relative">
      <label htmlFor={`${id}-input`} className="sr-only">
        Buscar leads e consultores
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="search"
        role="combobox"
        aria-expanded={mostrar}
        aria-controls={`${id}-lista`}
        aria-autocomplete="list"
        aria-activedescendant={mostrar && opcoes[ativo] ? opcoes[ativo].id : undefined}
        autoComplete="off"
        placeholder="Buscar leads, consultores..."
        value={texto}
        onChange={(e) => {
          setTexto(e.target.value);
          setAberto(true);
          setAtivo(-1);
        }}
        onFocus={() => setAberto(true)}
        onBlur={() => setAberto(false)}
        onKeyDown={aoTeclar}
        className="h-10 w-full rounded-md border border-slate-300 bg-slate-50 pr-3 pl-9 text-sm placeholder:text-slate-500 focus:bg-white focus-visible:outline-2 focus-visible:outline-blue-600"
      />
      <SearchResults
        id={`${id}-lista`}
        aberto={mostrar}
        opcoes={opcoes}
        ativo={ativo}
        carregando={carregando}
        erro={busca.isError}
        onEscolher={escolher}
        onApontar={setAtivo}
      />
    </div>
  );
}

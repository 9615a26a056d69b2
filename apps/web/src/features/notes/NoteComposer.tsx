import { LIMITE_TEXTO_NOTA, MSG_NOTAS, textoMencao } from "@crm/domain/notes";
import type { TMencionavel, TNota } from "@crm/domain/schemas/notes";
import { useQuery } from "@tanstack/react-query";
import { StickyNote } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import { mensagemDeErro } from "../../lib/api";
import { Button } from "../../ui/Button";
import { toast } from "../../ui/toast";
import { criarNota, mencionaveisQuery } from "./api";

/** The '@word' being typed at the end of the text, if any. */
const MENCAO_EM_CURSO = /(^|\s)@([\p{L}\p{N}._-]*)$/u;

/** The people whose `@Nome` the text still holds (a mention erased from the text is not sent). */
const mencionados = (texto: string, pessoas: TMencionavel[]) =>
  pessoas.filter((p) => texto.includes(textoMencao(p.nome))).map((p) => p.id);

/**
 * The chat composer's 'Nota interna' mode (decision 1832): a note for the company's users, never sent to the lead;
 * typing `@` lists the company's people, and choosing one writes `@Nome` and notifies them when the note is saved.
 */
export function NoteComposer({ leadId, onSalva }: { leadId: string; onSalva: (n: TNota) => void }) {
  const [texto, setTexto] = useState("");
  const [salvando, setSalvando] = useState(false);
  const pessoas = useQuery(mencionaveisQuery());
  const emCurso = MENCAO_EM_CURSO.exec(texto);
  const busca = emCurso?.[2].toLocaleLowerCase("pt-BR") ?? null;
  const sugestoes =
    busca === null ? [] : (pessoas.data ?? []).filter((p) => p.nome.toLocaleLowerCase("pt-BR").includes(busca)).slice(0, 6);

  function mencionar(p: TMencionavel) {
    setTexto((t) => t.replace(MENCAO_EM_CURSO, (_m, antes: string) => `${antes}${textoMencao(p.nome)} `));
    document.getElementById("nota-chat")?.focus();
  }

  async function salvar() {
    const t = texto.trim();
    if (salvando) return;
    if (!t) {
      toast.error(MSG_NOTAS.textoObrigatorio);
      return;
    }
    setSalvando(true);
    try {
      const n = await criarNota(leadId, { texto: t, mencoes: mencionados(t, pessoas.data ?? []) });
      setTexto("");
      toast.success(MSG_NOTAS.notaSalva);
      onSalva(n);
    } catch (e) {
      toast.error(mensagemDeErro(e, MSG_NOTAS.erroSalvar));
    } finally {
      setSalvando(false);
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      if (sugestoes.length) mencionar(sugestoes[0]);
      else void salvar();
    }
  }

  return (
    <div className="border-t border-amber-200 bg-amber-50 px-3 py-2">
      <p className="mb-1 flex items-center gap-1 text-xs text-amber-900">
        <StickyNote className="size-3.5" aria-hidden="true" />
        {MSG_NOTAS.aviso}
      </p>
      {sugestoes.length > 0 && (
        <ul aria-label="Mencionar" className="mb-1 flex flex-wrap gap-1">
          {sugestoes.map((p) => (
            <li key={p.id}>
              <Button size="sm" variant="outline" className="h-7 bg-white text-xs" onClick={() => mencionar(p)}>
                {textoMencao(p.nome)}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex items-end gap-2">
        <label htmlFor="nota-chat" className="sr-only">
          {MSG_NOTAS.rotulo}
        </label>
        <textarea
          id="nota-chat"
          value={texto}
          onChange={(e) => setTexto(e.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
          maxLength={LIMITE_TEXTO_NOTA}
          placeholder="Escreva uma nota para a equipe... (@ menciona alguém)"
          className="block min-h-[44px] max-h-[120px] flex-1 resize-none rounded-md border border-amber-300 bg-white px-3 py-2.5 text-sm focus-visible:outline-2 focus-visible:outline-amber-600"
        />
        <Button onClick={() => void salvar()} carregando={salvando} className="h-11" aria-label="Salvar nota interna">
          {!salvando && <StickyNote className="size-4" aria-hidden="true" />}
          <span className="hidden sm:inline">Salvar nota</span>
        </Button>
      </div>
    </div>
  );
}

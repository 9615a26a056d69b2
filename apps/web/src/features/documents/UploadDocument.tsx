import { ACEITA_DOCUMENTO_JURIDICO, problemaDoDocumento } from "@crm/domain/documents";
import { MSG } from "@crm/domain/messages";
import { MAX_DESCRICAO_DOCUMENTO } from "@crm/domain/schemas/documents";
import { useQueryClient } from "@tanstack/react-query";
import { Upload } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { ApiError } from "../../lib/api";
import { Button } from "../../ui/Button";
import { Field } from "../../ui/Field";
import { FieldError } from "../../ui/FieldError";
import { Input } from "../../ui/Input";
import { Label } from "../../ui/Label";
import { ProgressBar } from "../../ui/ProgressBar";
import { toast } from "../../ui/toast";
import { CHAVE_DOCUMENTOS, enviarDocumento } from "./api";

const MENSAGEM_PROBLEMA = {
  grande: MSG.documentoMuitoGrande,
  tipo: MSG.documentoTipoNaoPermitido,
  vazio: MSG.documentoVazio,
} as const;

/**
 * Upload of one document to a process (001 §5): the file is checked here by name and size first (the server proves
 * its type from the content again), the description is optional (the file name by default), the bar shows the bytes
 * sent.
 */
export function UploadDocument({ leadId }: { leadId: string }) {
  const qc = useQueryClient();
  const idArquivo = useId();
  const entrada = useRef<HTMLInputElement>(null);
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [descricao, setDescricao] = useState("");
  const [erro, setErro] = useState<string | null>(null);
  const [progresso, setProgresso] = useState<number | null>(null);

  function escolher(f: File | null) {
    setErro(null);
    setArquivo(null);
    if (!f) return;
    const problema = problemaDoDocumento({ nome: f.name, tamanho: f.size });
    if (problema) {
      setErro(MENSAGEM_PROBLEMA[problema]);
      if (entrada.current) entrada.current.value = "";
      return;
    }
    setArquivo(f);
  }

  async function enviar(e: FormEvent) {
    e.preventDefault();
    if (!arquivo) return setErro(MSG.documentoSemArquivo);
    setErro(null);
    setProgresso(0);
    try {
      await enviarDocumento(leadId, arquivo, descricao.trim(), (f) => setProgresso(f * 100));
      toast.success(MSG.documentoEnviado);
      setArquivo(null);
      setDescricao("");
      if (entrada.current) entrada.current.value = "";
      await qc.invalidateQueries({ queryKey: CHAVE_DOCUMENTOS });
    } catch (e) {
      setErro(e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.erro : MSG.erroEnviarDocumento);
    } finally {
      setProgresso(null);
    }
  }

  const enviando = progresso !== null;
  return (
    <form onSubmit={enviar} noValidate className="space-y-3 rounded-lg border border-dashed border-slate-300 p-3">
      <div className="space-y-1.5">
        <Label htmlFor={idArquivo}>Arquivo</Label>
        <input
          ref={entrada}
          id={idArquivo}
          type="file"
          accept={ACEITA_DOCUMENTO_JURIDICO}
          disabled={enviando}
          aria-invalid={erro ? true : undefined}
          aria-describedby={`${idArquivo}-dica${erro ? ` ${idArquivo}-erro` : ""}`}
          onChange={(e) => escolher(e.target.files?.[0] ?? null)}
          className="block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-200"
        />
        <p id={`${idArquivo}-dica`} className="text-xs text-slate-600">
          PDF, Word, Excel, imagem (JPG, PNG) ou texto, até 10MB.
        </p>
        <FieldError id={`${idArquivo}-erro`}>{erro ?? undefined}</FieldError>
      </div>
      <Field label="Descrição (opcional)" dica="Sem descrição, o nome do arquivo é usado.">
        <Input
          value={descricao}
          maxLength={MAX_DESCRICAO_DOCUMENTO}
          disabled={enviando}
          onChange={(e) => setDescricao(e.target.value)}
        />
      </Field>
      {enviando && <ProgressBar valor={progresso} rotulo={`Enviando ${arquivo?.name ?? "arquivo"}`} />}
      <Button type="submit" size="sm" carregando={enviando} disabled={!arquivo}>
        <Upload className="size-4" aria-hidden="true" />
        {enviando ? "Enviando..." : "Enviar documento"}
      </Button>
    </form>
  );
}

import { MSG } from "@crm/domain/messages";
import { type TSimularMensagem, ZSimularMensagem } from "@crm/domain/schemas/whatsapp";
import { ACEITA_DOCUMENTO, ACEITA_IMAGEM, problemaDoAnexo } from "@crm/domain/whatsapp";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { mensagemDeErro } from "../../lib/api";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { Field } from "../../ui/Field";
import { FilePicker } from "../../ui/FilePicker";
import { Input } from "../../ui/Input";
import { Select } from "../../ui/Select";
import { Textarea } from "../../ui/Textarea";
import { toast } from "../../ui/toast";
import { painelQuery, simularArquivo, simularTexto } from "./api";

type TForm = z.input<typeof ZSimularMensagem>;

/**
 * 'Simular lead': write as a lead through the sandbox provider. The message takes the same path as a real
 * webhook (inbox, job, lead found or created, notification) and appears live in Conversas and in the chat.
 */
export function SimulateLeadPanel() {
  const qc = useQueryClient();
  const f = useForm<TForm, unknown, TSimularMensagem>({
    resolver: zodResolver(ZSimularMensagem),
    defaultValues: {
      telefone: "(11) 98765-4321",
      nome: "Lead de Teste",
      texto: "Olá! Vi o anúncio e quero revisar os juros do meu financiamento.",
    },
  });
  const [tipo, setTipo] = useState<"image" | "document">("image");
  const [arquivo, setArquivo] = useState<File | null>(null);
  const entrada = useRef<HTMLInputElement>(null);

  const enviar = f.handleSubmit(async (s) => {
    if (!s.texto && !arquivo) {
      f.setError("texto", { message: MSG.mensagemVazia });
      return;
    }
    try {
      if (arquivo) await simularArquivo(s, tipo, arquivo);
      else await simularTexto(s);
      toast.success("Mensagem simulada enviada. Ela aparece em Conversas em instantes.");
      f.setValue("texto", "");
      setArquivo(null);
      if (entrada.current) entrada.current.value = "";
      setTimeout(() => void qc.invalidateQueries({ queryKey: painelQuery.queryKey }), 500);
    } catch (e) {
      toast.error(mensagemDeErro(e, MSG.erroInterno));
    }
  });

  function escolher(lista: FileList | null) {
    const a = lista?.[0] ?? null;
    if (a) {
      const p = problemaDoAnexo(tipo, { nome: a.name, tamanho: a.size, mime: a.type });
      if (p) {
        toast.error(p === "grande" ? MSG.anexoMuitoGrande : tipo === "image" ? MSG.anexoTipoImagem : MSG.anexoTipoDocumento);
        // the refused file is not kept: the picker shows no name, and choosing it again fires a change
        if (entrada.current) entrada.current.value = "";
        setArquivo(null);
        return;
      }
    }
    setArquivo(a);
  }

  const e = f.formState.errors;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Simular lead</CardTitle>
        <p className="text-sm text-slate-600">Escreva como se fosse o lead no WhatsApp (provedor Sandbox).</p>
      </CardHeader>
      <CardContent>
        <form onSubmit={enviar} className="space-y-3" noValidate>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Telefone do lead" erro={e.telefone?.message}>
              <Input {...f.register("telefone")} inputMode="tel" />
            </Field>
            <Field label="Nome no WhatsApp" erro={e.nome?.message}>
              <Input {...f.register("nome")} />
            </Field>
          </div>
          <Field label="Mensagem do lead" erro={e.texto?.message}>
            <Textarea rows={3} {...f.register("texto")} />
          </Field>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Tipo de anexo">
              <Select
                value={tipo}
                onChange={(ev) => {
                  setTipo(ev.target.value as "image" | "document");
                  setArquivo(null);
                  if (entrada.current) entrada.current.value = "";
                }}
              >
                <option value="image">Imagem</option>
                <option value="document">Documento</option>
              </Select>
            </Field>
            <Field label="Anexo (opcional)">
              <FilePicker
                ref={entrada}
                nomeArquivo={arquivo?.name ?? null}
                accept={tipo === "image" ? ACEITA_IMAGEM : ACEITA_DOCUMENTO}
                onChange={(ev) => escolher(ev.target.files)}
              />
            </Field>
          </div>
          <Button type="submit" carregando={f.formState.isSubmitting}>
            {!f.formState.isSubmitting && <Send className="size-4" aria-hidden="true" />}
            {f.formState.isSubmitting ? "Enviando..." : "Enviar como lead"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

import { MSG_CONSENTIMENTO } from "@crm/domain/consent";
import { type TPalavrasSairSalvas, ZPalavrasSair } from "@crm/domain/schemas/consent";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { api, mensagemDeErro } from "../../lib/api";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";

const palavrasQuery = queryOptions({
  queryKey: ["empresa", "consentimento", "palavras"],
  queryFn: ({ signal }) => api<TPalavrasSairSalvas>("/api/empresa/consentimento/palavras", { signal }),
});

/** 'Palavras para sair (LGPD)' (decision 1828): the words that, alone in a lead's message, revoke marketing consent. */
export function OptOutWordsCard() {
  const q = useQuery(palavrasQuery);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{MSG_CONSENTIMENTO.palavrasTitulo}</CardTitle>
        <p className="text-sm text-slate-600">{MSG_CONSENTIMENTO.palavrasAjuda}</p>
      </CardHeader>
      <CardContent>
        {q.isPending ? (
          <Spinner rotulo="Carregando palavras para sair" className="size-5 text-blue-700" />
        ) : q.isError ? (
          <div className="space-y-2">
            <p className="text-sm text-red-700">{mensagemDeErro(q.error, MSG_CONSENTIMENTO.erroSalvarPalavras)}</p>
            <Button variant="outline" onClick={() => q.refetch()}>
              Tentar Novamente
            </Button>
          </div>
        ) : (
          <Formulario salvas={q.data} />
        )}
      </CardContent>
    </Card>
  );
}

function Formulario({ salvas }: { salvas: TPalavrasSairSalvas }) {
  const qc = useQueryClient();
  const [texto, setTexto] = useState(salvas.palavras.join(", "));
  const [erro, setErro] = useState<string | undefined>();
  const [salvando, setSalvando] = useState(false);
  async function salvar(e: FormEvent) {
    e.preventDefault();
    const r = ZPalavrasSair.safeParse({ palavras: texto.split(",").filter((p) => p.trim()) });
    if (!r.success) {
      setErro(r.error.issues[0]?.message);
      return;
    }
    setErro(undefined);
    setSalvando(true);
    try {
      const novas = await api<TPalavrasSairSalvas>("/api/empresa/consentimento/palavras", { method: "PUT", body: r.data });
      qc.setQueryData(palavrasQuery.queryKey, novas);
      setTexto(novas.palavras.join(", "));
      toast.success(MSG_CONSENTIMENTO.palavrasSalvas);
    } catch (err) {
      toast.error(mensagemDeErro(err, MSG_CONSENTIMENTO.erroSalvarPalavras));
    } finally {
      setSalvando(false);
    }
  }
  return (
    <form onSubmit={salvar} className="space-y-3" noValidate>
      <Field label="Palavras (separadas por vírgula)" erro={erro} dica="Ex.: SAIR, PARAR, CANCELAR">
        <Input value={texto} onChange={(e) => setTexto(e.target.value)} />
      </Field>
      <Button type="submit" carregando={salvando}>
        Salvar palavras
      </Button>
    </form>
  );
}

import { MSG } from "@crm/domain/messages";
import { MSG_REGISTRO } from "@crm/domain/privacy-records";
import { ZControlador } from "@crm/domain/schemas/privacy-records";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { mensagemDeErro } from "../../lib/api";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { toast } from "../../ui/toast";
import { CHAVE_REGISTRO, salvarControlador } from "./api";

type TCampos = { cnpj: string; endereco: string; atividade: string; responsavel: string };
const CAMPOS: { chave: keyof TCampos; rotulo: string; dica?: string }[] = [
  { chave: "cnpj", rotulo: "CNPJ", dica: "14 dígitos, com ou sem pontuação." },
  { chave: "endereco", rotulo: "Endereço" },
  { chave: "atividade", rotulo: "Atividade da empresa" },
  { chave: "responsavel", rotulo: "Responsável pela empresa" },
];

const cnpjFormatado = (v: string | null) => (v ? v.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, "$1.$2.$3/$4-$5") : "");

/** The controller's data the ROPA heads with (ANPD's model, decision 1872); the encarregado is in the settings. */
export function ControllerForm({
  empresaId,
  inicial,
}: {
  empresaId: string | null;
  inicial: { cnpj: string | null; endereco: string | null; atividade: string | null; responsavel: string | null };
}) {
  const qc = useQueryClient();
  const [c, setC] = useState<TCampos>({
    cnpj: cnpjFormatado(inicial.cnpj),
    endereco: inicial.endereco ?? "",
    atividade: inicial.atividade ?? "",
    responsavel: inicial.responsavel ?? "",
  });
  const [erros, setErros] = useState<Partial<Record<keyof TCampos, string>>>({});
  const [erro, setErro] = useState<string | null>(null);
  const [salvando, setSalvando] = useState(false);
  const salvar = async () => {
    const v = ZControlador.safeParse(c);
    if (!v.success) {
      setErros(Object.fromEntries(v.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErros({});
    setErro(null);
    setSalvando(true);
    try {
      await salvarControlador(empresaId, v.data);
      toast.success(MSG_REGISTRO.controladorSalvo);
      await qc.invalidateQueries({ queryKey: CHAVE_REGISTRO });
    } catch (e) {
      setErro(mensagemDeErro(e, MSG.erroInterno));
    } finally {
      setSalvando(false);
    }
  };
  return (
    <Card aria-labelledby="controlador-titulo">
      <CardHeader>
        <CardTitle id="controlador-titulo">Dados do controlador</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          Saem no cabeçalho do registro. O encarregado (nome, e-mail e telefone) vem das configurações de privacidade.
        </p>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4 md:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            void salvar();
          }}
        >
          {CAMPOS.map((f) => (
            <Field key={f.chave} label={f.rotulo} dica={f.dica} erro={erros[f.chave]}>
              <Input value={c[f.chave]} onChange={(e) => setC((x) => ({ ...x, [f.chave]: e.target.value }))} />
            </Field>
          ))}
          {erro && (
            <Alert tipo="erro" className="md:col-span-2">
              {erro}
            </Alert>
          )}
          <div className="md:col-span-2">
            <Button type="submit" variant="secondary" carregando={salvando}>
              Salvar dados do controlador
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

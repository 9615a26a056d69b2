import { MSG } from "@crm/domain/messages";
import { DIREITOS_TITULAR, ROTULO_DIREITO, type TDireitoTitular } from "@crm/domain/privacy-requests";
import { type TConfigPrivacidade, ZConfigPrivacidade } from "@crm/domain/schemas/privacy-requests";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { mensagemDeErro } from "../../lib/api";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { Select } from "../../ui/Select";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import { CHAVE_PRIVACIDADE, configQuery, salvarConfig } from "./api";

/**
 * The company's privacy settings (decisions 1824–1825): the encarregado shown on the public page and alerted by the
 * clock, and the WhatsApp keywords that open a request, each with its right.
 */
export function SettingsDialog({
  empresaId,
  open,
  onOpenChange,
}: {
  empresaId: string | null;
  open: boolean;
  onOpenChange: (v: boolean) => void;
}) {
  const q = useQuery({ ...configQuery(empresaId), enabled: open });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      titulo="Configurações de privacidade"
      descricao="Encarregado de dados e palavras-chave do WhatsApp."
    >
      {q.isPending ? (
        <Spinner rotulo={MSG.carregando} />
      ) : q.data ? (
        <Formulario inicial={q.data} empresaId={empresaId} fechar={() => onOpenChange(false)} />
      ) : null}
    </Dialog>
  );
}

function Formulario({
  inicial,
  empresaId,
  fechar,
}: {
  inicial: TConfigPrivacidade;
  empresaId: string | null;
  fechar: () => void;
}) {
  const qc = useQueryClient();
  const [c, setC] = useState(inicial);
  // each keyword row keeps its own key while rows are added and removed
  const [chaves, setChaves] = useState(() => inicial.palavras_chave.map(() => crypto.randomUUID()));
  const [erro, setErro] = useState<string | undefined>();
  const [salvando, setSalvando] = useState(false);
  const mudarPalavra = (i: number, p: Partial<{ palavra: string; direito: TDireitoTitular }>) =>
    setC((x) => ({ ...x, palavras_chave: x.palavras_chave.map((k, j) => (j === i ? { ...k, ...p } : k)) }));
  const salvar = async () => {
    const v = ZConfigPrivacidade.safeParse(c);
    if (!v.success) return setErro(v.error.issues[0].message);
    setErro(undefined);
    setSalvando(true);
    try {
      await salvarConfig(empresaId, v.data);
      toast.success("Configurações de privacidade salvas.");
      await qc.invalidateQueries({ queryKey: CHAVE_PRIVACIDADE });
      fechar();
    } catch (e) {
      setErro(mensagemDeErro(e, MSG.erroInterno));
    } finally {
      setSalvando(false);
    }
  };
  return (
    <div className="space-y-4">
      <Field label="Nome do encarregado">
        <Input value={c.encarregado_nome ?? ""} onChange={(e) => setC({ ...c, encarregado_nome: e.target.value })} />
      </Field>
      <Field label="Email do encarregado" dica="Recebe os alertas de prazo (D-5, D-2 e D-0).">
        <Input
          type="email"
          value={c.encarregado_email ?? ""}
          onChange={(e) => setC({ ...c, encarregado_email: e.target.value })}
        />
      </Field>
      <Field label="Telefone do encarregado">
        <Input value={c.encarregado_telefone ?? ""} onChange={(e) => setC({ ...c, encarregado_telefone: e.target.value })} />
      </Field>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Palavras-chave do WhatsApp</legend>
        {c.palavras_chave.map((k, i) => (
          <div key={chaves[i]} className="grid grid-cols-1 gap-2 sm:grid-cols-[1fr_1fr_auto]">
            <Input
              aria-label={`Palavra-chave ${i + 1}`}
              value={k.palavra}
              onChange={(e) => mudarPalavra(i, { palavra: e.target.value })}
            />
            <Select
              aria-label={`Direito da palavra-chave ${i + 1}`}
              value={k.direito}
              onChange={(e) => mudarPalavra(i, { direito: e.target.value as TDireitoTitular })}
            >
              {DIREITOS_TITULAR.map((d) => (
                <option key={d} value={d}>
                  {ROTULO_DIREITO[d]}
                </option>
              ))}
            </Select>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setC({ ...c, palavras_chave: c.palavras_chave.filter((_, j) => j !== i) });
                setChaves(chaves.filter((_, j) => j !== i));
              }}
            >
              Remover
            </Button>
          </div>
        ))}
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setC({ ...c, palavras_chave: [...c.palavras_chave, { palavra: "", direito: "acesso" }] });
            setChaves([...chaves, crypto.randomUUID()]);
          }}
        >
          Adicionar palavra-chave
        </Button>
      </fieldset>
      {erro && (
        <p role="alert" className="text-sm text-red-700">
          {erro}
        </p>
      )}
      <div className="flex justify-end">
        <Button carregando={salvando} onClick={salvar}>
          Salvar
        </Button>
      </div>
    </div>
  );
}

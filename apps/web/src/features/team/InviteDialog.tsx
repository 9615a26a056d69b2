import { MSG } from "@crm/domain/messages";
import {
  DURACAO_COPIADO_MS,
  PAPEIS_CONVITE_EQUIPE,
  ROTULO_PAPEL_CONVITE,
  type TConvite,
  type TNovoConvite,
  type TNovoConviteEntrada,
  VALIDADE_CONVITE_DIAS,
  ZNovoConvite,
} from "@crm/domain/schemas/team";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { CircleCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ApiError } from "../../lib/api";
import { aplicarErrosDoServidor } from "../../lib/formErrors";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { CopyButton } from "../../ui/CopyButton";
import { Dialog } from "../../ui/Dialog";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { Select } from "../../ui/Select";
import { toast } from "../../ui/toast";
import { CHAVE_CONSULTORES, convidar, type TAlvo } from "./api";

type Props = { open: boolean; onOpenChange: (v: boolean) => void; alvo: TAlvo };

const VAZIO: TNovoConviteEntrada = { nome: "", email: "", papel: "Consultor" };

/** Invite dialog (001 §2): the form, then the generated link with a copy button; the invitation email is already sent. */
export function InviteDialog({ open, onOpenChange, alvo }: Props) {
  const qc = useQueryClient();
  const [convite, setConvite] = useState<TConvite | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const form = useForm<TNovoConviteEntrada, unknown, TNovoConvite>({ resolver: zodResolver(ZNovoConvite), defaultValues: VAZIO });
  const { errors, isSubmitting } = form.formState;

  function fechar(v: boolean) {
    onOpenChange(v);
    if (!v) {
      setConvite(null);
      setErro(null);
      form.reset(VAZIO);
    }
  }

  const enviar = form.handleSubmit(async (dados) => {
    setErro(null);
    try {
      const c = await convidar(alvo, dados);
      qc.invalidateQueries({ queryKey: CHAVE_CONSULTORES });
      if (!c.link) return setErro(MSG.erroGerarLinkConvite);
      setConvite(c);
      toast.success(MSG.conviteEnviado(c.email));
    } catch (e) {
      if (aplicarErrosDoServidor(e, form.setError, ["nome", "email", "papel"])) return;
      setErro(e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.erro : MSG.erroGerarConvite);
    }
  });

  if (convite) {
    return (
      <Dialog
        open={open}
        onOpenChange={fechar}
        titulo="Convite gerado"
        descricao={`Enviamos o convite para ${convite.email}. Você também pode copiar o link e enviá-lo por outro canal.`}
        rodape={
          <>
            <Button variant="outline" onClick={() => setConvite(null)}>
              Convidar outra pessoa
            </Button>
            <Button onClick={() => fechar(false)}>Concluir</Button>
          </>
        }
      >
        <div className="space-y-3">
          <p className="flex items-center gap-2 text-sm font-medium text-green-800">
            <CircleCheck className="size-4" aria-hidden="true" />
            Link do convite ({ROTULO_PAPEL_CONVITE[convite.papel]})
          </p>
          <div className="flex gap-2">
            <Input readOnly value={convite.link} aria-label="Link do convite" onFocus={(e) => e.currentTarget.select()} />
            <CopyButton texto={convite.link} duracaoMs={DURACAO_COPIADO_MS} onErro={() => toast.error(MSG.erroCopiarLink)} />
          </div>
          <p className="text-xs text-slate-600">O link vale por {VALIDADE_CONVITE_DIAS} dias e só pode ser usado uma vez.</p>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={fechar}
      titulo="Convidar Consultor"
      descricao="A pessoa recebe por email um link para completar o cadastro."
      rodape={
        <>
          <Button variant="outline" onClick={() => fechar(false)}>
            Cancelar
          </Button>
          <Button type="submit" form="form-convite" carregando={isSubmitting}>
            {isSubmitting ? "Gerando..." : "Gerar Convite"}
          </Button>
        </>
      }
    >
      <form id="form-convite" onSubmit={enviar} noValidate className="space-y-4">
        {erro && <Alert tipo="erro">{erro}</Alert>}
        <Field label="Nome" erro={errors.nome?.message}>
          <Input autoComplete="off" autoFocus {...form.register("nome")} />
        </Field>
        <Field label="Email" erro={errors.email?.message}>
          <Input type="email" autoComplete="off" {...form.register("email")} />
        </Field>
        <Field label="Papel" erro={errors.papel?.message}>
          <Select {...form.register("papel")}>
            {PAPEIS_CONVITE_EQUIPE.map((p) => (
              <option key={p} value={p}>
                {ROTULO_PAPEL_CONVITE[p]}
              </option>
            ))}
          </Select>
        </Field>
      </form>
    </Dialog>
  );
}

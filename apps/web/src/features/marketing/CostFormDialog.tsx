import { apenasDigitos, formatarNumeroBR } from "@crm/domain/leads-money";
import { MSG } from "@crm/domain/messages";
import { isoDiaSP } from "@crm/domain/period";
import { type TCustoMarketing, type TCustoMarketingForm, ZCustoMarketingForm } from "@crm/domain/schemas/marketing";
import { PLATAFORMAS_MARKETING } from "@crm/domain/status";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Controller, type Resolver, useForm } from "react-hook-form";
import { ApiError } from "../../lib/api";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { Select } from "../../ui/Select";
import { toast } from "../../ui/toast";
import { CHAVE_ATRIBUICAO } from "../attribution/api";
import { atualizarCusto, CHAVE_CUSTOS, criarCusto, type TAlvo } from "./api";

type TForm = Record<
  | "data_custo"
  | "plataforma"
  | "valor_gasto"
  | "campanhas_ativas"
  | "impressoes"
  | "cliques"
  | "id_conta_anuncio"
  | "campanha"
  | "id_anuncio",
  string
>;
const CONTAGENS = [
  ["campanhas_ativas", "Campanhas ativas"],
  ["impressoes", "Impressões"],
  ["cliques", "Cliques"],
] as const;

function valoresIniciais(c: TCustoMarketing | null): TForm {
  if (!c)
    return {
      data_custo: isoDiaSP(new Date()),
      plataforma: "",
      valor_gasto: "",
      campanhas_ativas: "",
      impressoes: "",
      cliques: "",
      id_conta_anuncio: "",
      campanha: "",
      id_anuncio: "",
    };
  return {
    data_custo: c.data_custo,
    plataforma: c.plataforma,
    valor_gasto: formatarNumeroBR(c.valor_gasto),
    campanhas_ativas: String(c.campanhas_ativas),
    impressoes: String(c.impressoes),
    cliques: String(c.cliques),
    id_conta_anuncio: c.id_conta_anuncio ?? "",
    campanha: c.campanha ?? "",
    id_anuncio: c.id_anuncio ?? "",
  };
}

/**
 * Add or edit a cost (001 §5): date, platform and amount required; the amount in BRL with cents as the leads form
 * reads it ('R$ 1.250,90'); counts keep digits only (anything else is 0). CTR, CPC and CPM are computed by the server.
 */
export function CostFormDialog({
  custo,
  onClose,
  alvo,
}: {
  custo: TCustoMarketing | "novo" | null;
  onClose: () => void;
  alvo: TAlvo;
}) {
  const qc = useQueryClient();
  const editando = custo && custo !== "novo" ? custo : null;
  const form = useForm<TForm, unknown, TCustoMarketingForm>({
    resolver: zodResolver(ZCustoMarketingForm) as unknown as Resolver<TForm, unknown, TCustoMarketingForm>,
    defaultValues: valoresIniciais(null),
  });
  const { errors } = form.formState;
  useEffect(() => {
    if (custo) form.reset(valoresIniciais(editando));
  }, [custo, editando, form]);

  const salvar = useMutation({
    mutationFn: (c: TCustoMarketingForm) => (editando ? atualizarCusto(alvo, editando.id, c) : criarCusto(alvo, c)),
    onSuccess: () => {
      toast.success(MSG.custoSalvo);
      void qc.invalidateQueries({ queryKey: CHAVE_CUSTOS });
      void qc.invalidateQueries({ queryKey: CHAVE_ATRIBUICAO });
      onClose();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.campos) {
        for (const [campo, msg] of Object.entries(e.campos)) form.setError(campo as keyof TForm, { message: msg });
        return;
      }
      toast.error(e instanceof ApiError && (e.status === 403 || e.status === 404) ? e.erro : MSG.erroSalvarCusto);
    },
  });

  return (
    <Dialog
      open={!!custo}
      onOpenChange={(v) => !v && !salvar.isPending && onClose()}
      titulo={editando ? "Editar Custo" : "Adicionar Custo"}
      descricao="CTR, CPC e CPM são calculados ao salvar."
    >
      <form
        onSubmit={form.handleSubmit((c) => salvar.mutate(c))}
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        aria-label="Custo de marketing"
      >
        <Field label="Data" erro={errors.data_custo?.message}>
          <Input type="date" {...form.register("data_custo")} />
        </Field>
        <Field label="Plataforma" erro={errors.plataforma?.message}>
          <Select {...form.register("plataforma")}>
            <option value="">Selecione</option>
            {PLATAFORMAS_MARKETING.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Valor gasto (R$)" erro={errors.valor_gasto?.message} dica="Com centavos, ex.: 1.250,90">
          <Input inputMode="decimal" autoComplete="off" placeholder="R$ 1.250,90" {...form.register("valor_gasto")} />
        </Field>
        {CONTAGENS.map(([nome, rotulo]) => (
          <Controller
            key={nome}
            control={form.control}
            name={nome}
            render={({ field }) => (
              <Field label={rotulo} erro={errors[nome]?.message}>
                <Input
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="0"
                  {...field}
                  onChange={(e) => field.onChange(apenasDigitos(e.target.value))}
                />
              </Field>
            )}
          />
        ))}
        <Field label="Conta de anúncio (opcional)" erro={errors.id_conta_anuncio?.message} className="sm:col-span-2">
          <Input autoComplete="off" placeholder="act_123456" {...form.register("id_conta_anuncio")} />
        </Field>
        <Field label="Campanha (opcional)" erro={errors.campanha?.message}>
          <Input autoComplete="off" placeholder="Revisão de juros - Veículos" {...form.register("campanha")} />
        </Field>
        <Field label="ID do anúncio (opcional)" erro={errors.id_anuncio?.message}>
          <Input autoComplete="off" inputMode="numeric" placeholder="120210000000000001" {...form.register("id_anuncio")} />
        </Field>
        <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
          <Button variant="outline" onClick={onClose} disabled={salvar.isPending}>
            Cancelar
          </Button>
          <Button type="submit" carregando={salvar.isPending}>
            {salvar.isPending ? "Salvando..." : "Salvar"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

import { MSG } from "@crm/domain/messages";
import { useState } from "react";
import { ApiError } from "../../lib/api";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { toast } from "../../ui/toast";
import { excluirEmpresa } from "./api";

/** 'Excluir' with a clear warning and the company's name typed again (the server compares it too). */
export function DeleteCompanyDialog({
  empresa,
  onClose,
  onExcluida,
}: {
  empresa: { id: string; nome_empresa: string } | null;
  onClose: () => void;
  onExcluida: () => void;
}) {
  const [texto, setTexto] = useState("");
  const [erro, setErro] = useState<string>();
  const [ocupado, setOcupado] = useState(false);
  const confere = !!empresa && texto.trim() === empresa.nome_empresa.trim();

  function fechar() {
    if (ocupado) return;
    setTexto("");
    setErro(undefined);
    onClose();
  }

  async function excluir() {
    if (!empresa) return;
    if (!confere) return setErro(MSG.nomeConfirmacaoDiferente);
    setOcupado(true);
    try {
      await excluirEmpresa(empresa.id, texto);
      toast.success(MSG.empresaExcluida);
      setTexto("");
      onExcluida();
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) setErro(e.erro);
      else toast.error(e instanceof ApiError && e.status === 404 ? e.erro : MSG.erroExcluirEmpresa);
    } finally {
      setOcupado(false);
    }
  }

  return (
    <Dialog open={!!empresa} onOpenChange={(v) => !v && fechar()} titulo={`Excluir ${empresa?.nome_empresa ?? "empresa"}`}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void excluir();
        }}
        className="space-y-4"
      >
        <Alert tipo="aviso">{MSG.avisoExcluirEmpresa}</Alert>
        <Field label={empresa ? MSG.digiteNomeEmpresa(empresa.nome_empresa) : ""} erro={erro}>
          <Input
            value={texto}
            autoComplete="off"
            onChange={(e) => {
              setTexto(e.target.value);
              setErro(undefined);
            }}
          />
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={fechar} disabled={ocupado}>
            Cancelar
          </Button>
          <Button type="submit" variant="danger" disabled={!confere} carregando={ocupado}>
            {ocupado ? "Excluindo..." : "Excluir empresa"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

import { MSG } from "@crm/domain/messages";
import { formatarTelefone } from "@crm/domain/phone-display";
import { DURACAO_COPIADO_MS, type TMembroJuridico } from "@crm/domain/schemas/team";
import { Mail, Pencil, Phone, Send, Trash2 } from "lucide-react";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { CopyButton } from "../../ui/CopyButton";
import { toast } from "../../ui/toast";

type Props = {
  m: TMembroJuridico;
  convidando: boolean;
  onEditar: () => void;
  onRemover: () => void;
  onConvidar: () => void;
};

function Acesso({ m }: { m: TMembroJuridico }) {
  if (m.tem_acesso) return <Badge variante="verde">Acesso ao sistema</Badge>;
  if (m.convite?.expirado) return <Badge variante="vermelho">Convite expirado</Badge>;
  if (m.convite) return <Badge variante="amarelo">Convite pendente</Badge>;
  return <Badge>Sem acesso</Badge>;
}

/** One member (001 §2): initial avatar, email, phone, specialty badge, Ativo/Inativo badge, edit and remove. */
export function MemberRow({ m, convidando, onEditar, onRemover, onConvidar }: Props) {
  return (
    <li className="flex flex-col gap-3 px-5 py-4 lg:flex-row lg:items-center lg:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <span
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-violet-100 font-semibold text-violet-800"
          aria-hidden="true"
        >
          {m.nome.trim().charAt(0).toUpperCase()}
        </span>
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{m.nome}</p>
          <p className="flex items-center gap-1.5 truncate text-sm text-slate-600">
            <Mail className="size-3.5 shrink-0" aria-hidden="true" />
            {m.email}
          </p>
          <p className="flex items-center gap-1.5 text-sm text-slate-600">
            <Phone className="size-3.5 shrink-0" aria-hidden="true" />
            {formatarTelefone(m.telefone)}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Badge variante="roxo">{m.especialidade}</Badge>
            <Badge variante={m.status === "ativo" ? "verde" : "neutro"}>{m.status === "ativo" ? "Ativo" : "Inativo"}</Badge>
            <Acesso m={m} />
          </div>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 lg:justify-end">
        {m.convite && !m.convite.expirado && (
          <CopyButton
            size="sm"
            texto={m.convite.link}
            rotulo="Copiar link"
            duracaoMs={DURACAO_COPIADO_MS}
            onErro={() => toast.error(MSG.erroCopiarLink)}
          />
        )}
        {!m.tem_acesso && (
          <Button size="sm" variant="outline" carregando={convidando} onClick={onConvidar}>
            {!convidando && <Send className="size-4" aria-hidden="true" />}
            {m.convite ? "Reenviar convite" : "Convidar"}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={onEditar} aria-label={`Editar ${m.nome}`}>
          <Pencil className="size-4" aria-hidden="true" />
        </Button>
        <Button size="sm" variant="ghost" className="text-red-700" onClick={onRemover} aria-label={`Remover ${m.nome}`}>
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

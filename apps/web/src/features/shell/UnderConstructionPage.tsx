import { MSG } from "@crm/domain/messages";
import { Construction } from "lucide-react";
import { Link } from "react-router";
import { cn } from "../../lib/cn";
import { useHandleRota } from "../../lib/rota";
import { useTituloDocumento } from "../../lib/useTituloDocumento";

type Props = { titulo: string /** outside the shell (public pages) */; avulsa?: boolean };

/** An honest placeholder for a screen that a next version builds. */
export function UnderConstructionPage({ titulo, avulsa }: Props) {
  useTituloDocumento(titulo);
  const { telaCheia } = useHandleRota();
  const conteudo = (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <Construction className="mx-auto size-10 text-amber-600" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-semibold text-slate-900">{titulo}</h1>
      <p className="mt-2 font-medium text-slate-800">{MSG.emConstrucao}</p>
      <p className="mt-1 text-sm text-slate-600">Esta tela estará disponível em uma próxima versão do sistema.</p>
      {avulsa && (
        <Link to="/" className="mt-6 inline-block font-medium text-blue-700 underline">
          Ir para o início
        </Link>
      )}
    </div>
  );
  // full-height routes (chat) get no padding from the shell
  if (!avulsa) return <div className={cn("mx-auto max-w-3xl", telaCheia && "p-4 md:p-6")}>{conteudo}</div>;
  return <main className="flex min-h-full items-center justify-center p-6">{conteudo}</main>;
}

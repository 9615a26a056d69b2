import { MSG } from "@crm/domain/messages";
import type { TPaginaConvite } from "@crm/domain/schemas/invitations";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ApiError } from "../../lib/api";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { PublicCardLayout } from "../../ui/PublicCardLayout";
import { Spinner } from "../../ui/Spinner";
import { verificacaoQuery } from "./api";
import { ExistingAccountForm } from "./ExistingAccountForm";
import { InvalidInvitation, InvitationDone } from "./InvitationStates";
import { NewAccountForm } from "./NewAccountForm";
import { lerLinkDoConvite } from "./readInvitationLink";

const TITULO: Record<TPaginaConvite, string> = {
  consultor: "Convite para Equipe",
  juridico: "Convite para Equipe Jurídica",
};

/** /convite-consultor and /convite-juridico (001 §2 'Invitation pages'): public, signed in or out. */
function InvitationPage({ pagina }: { pagina: TPaginaConvite }) {
  useDocumentTitle(TITULO[pagina]);
  const [params] = useSearchParams();
  const lido = lerLinkDoConvite(params, pagina);
  const verificacao = useQuery({
    ...verificacaoQuery(lido.ok ? lido.link : { token: "", empresa: "", email: "", pagina, papel: "Consultor" }),
    enabled: lido.ok,
  });
  const [fim, setFim] = useState<{ invalido: string } | { concluido: boolean } | null>(null);

  if (!lido.ok) return <InvalidInvitation mensagem={lido.erro} />;
  if (fim && "invalido" in fim) return <InvalidInvitation mensagem={fim.invalido} />;
  if (fim && "concluido" in fim) return <InvitationDone contaExistente={fim.concluido} />;
  if (verificacao.isPending) {
    return (
      <PublicCardLayout titulo={TITULO[pagina]}>
        <div className="flex flex-col items-center gap-3 py-6 text-slate-700">
          <Spinner className="size-8 text-blue-700" />
          <p role="status">{MSG.verificandoConvite}</p>
        </div>
      </PublicCardLayout>
    );
  }
  if (verificacao.isError) {
    // the server refused the link itself (4xx: malformed, unknown): that is an invalid link, not a failed check
    const e = verificacao.error;
    const recusado = e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 429;
    return <InvalidInvitation mensagem={recusado ? e.erro : MSG.erroVerificarConvite} />;
  }
  const { success, error, invitation } = verificacao.data;
  if (!success || !invitation) return <InvalidInvitation mensagem={error ?? MSG.conviteInvalidoOuExpirado} />;

  const aoInvalido = (m: string) => setFim({ invalido: m });
  return (
    <PublicCardLayout
      titulo={TITULO[pagina]}
      subtitulo={
        <>
          Complete seu cadastro para se juntar à equipe
          <span className="mt-1 block font-medium text-slate-800">{invitation.empresaNome}</span>
        </>
      }
      rodape={
        <Link to="/login" className="font-medium text-blue-700 underline">
          Voltar para Login
        </Link>
      }
    >
      {invitation.usuarioExistente ? (
        <ExistingAccountForm link={lido.link} onConcluido={() => setFim({ concluido: true })} onLinkInvalido={aoInvalido} />
      ) : (
        <NewAccountForm
          link={lido.link}
          nomeInicial={lido.nome || invitation.nome}
          onConcluido={() => setFim({ concluido: false })}
          onLinkInvalido={aoInvalido}
        />
      )}
    </PublicCardLayout>
  );
}

export function ConsultantInvitationPage() {
  return <InvitationPage pagina="consultor" />;
}

export function LegalInvitationPage() {
  return <InvitationPage pagina="juridico" />;
}

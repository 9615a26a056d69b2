import { useQuery, useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useState } from "react";
import { sair } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { perfilQuery } from "./api";
import { BasicInfoCard } from "./BasicInfoCard";
import { EmailChangeCard } from "./EmailChangeCard";
import { PasswordChangeCard } from "./PasswordChangeCard";
import { SessionsCard } from "./SessionsCard";

/** /perfil and /profile (001 §2 'Profile'): basic info, email, password, active sessions, sign out. */
export function ProfilePage() {
  useDocumentTitle("Meu Perfil");
  const qc = useQueryClient();
  const q = useQuery(perfilQuery);
  const [saindo, setSaindo] = useState(false);

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Meu Perfil</h1>
      {q.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner rotulo="Carregando perfil" className="size-6 text-blue-700" />
        </div>
      ) : q.isError ? (
        <Card>
          <EmptyState
            titulo="Não foi possível carregar o perfil."
            acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>}
          />
        </Card>
      ) : (
        <>
          <BasicInfoCard perfil={q.data} />
          <EmailChangeCard perfil={q.data} />
          <PasswordChangeCard />
          <SessionsCard />
        </>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Sair</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-700">Encerra esta sessão neste navegador.</p>
          <Button
            variant="danger"
            carregando={saindo}
            onClick={async () => {
              setSaindo(true);
              await sair(qc);
            }}
          >
            {!saindo && <LogOut className="size-4" aria-hidden="true" />}
            {saindo ? "Saindo..." : "Sair da conta"}
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

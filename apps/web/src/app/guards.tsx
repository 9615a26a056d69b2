import { Navigate, Outlet } from "react-router";
import { useSession } from "../features/auth/useSession";
import { motivoDaSaida, SessaoProvider } from "../lib/session";
import { FullPageLoader } from "./FullPageLoader";
import { SessionErrorScreen } from "./SessionErrorScreen";

/** Signed-in routes: signed-out people go to /login (with the reason when the session expired). */
export function RequireAuth() {
  const { data: sessao, isPending, isError, refetch } = useSession();
  if (isPending) return <FullPageLoader />;
  if (isError && sessao === undefined) return <SessionErrorScreen onTentarNovamente={() => refetch()} />;
  if (!sessao) return <Navigate to={motivoDaSaida() ? `/login?motivo=${motivoDaSaida()}` : "/login"} replace />;
  return (
    <SessaoProvider value={sessao}>
      <Outlet />
    </SessaoProvider>
  );
}

/** /login, /register, /forgot-password, /reset-password, /email-confirmation: signed-in people go to /dashboard. */
export function PublicOnly() {
  const { data: sessao, isPending } = useSession();
  if (isPending) return <FullPageLoader />;
  if (sessao) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

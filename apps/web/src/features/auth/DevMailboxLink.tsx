import { useQuery } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import { Link } from "react-router";
import { configPublicaQuery } from "./api";

/** Without SMTP the emails stay in the outbox: point to the dev mailbox so every email flow can be followed. */
export function DevMailboxLink() {
  const { data } = useQuery(configPublicaQuery);
  if (!data?.caixaDeEmailsDev) return null;
  return (
    <p className="mt-4 flex items-center justify-center gap-1.5 text-sm text-slate-600">
      <Mail className="size-4" aria-hidden="true" />
      Ambiente sem servidor de email:{" "}
      <Link to="/dev/emails" className="font-medium text-blue-700 underline">
        abrir caixa de emails
      </Link>
    </p>
  );
}

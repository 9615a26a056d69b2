import { useQuery } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import { Link } from "react-router";
import { configPublicaQuery } from "./api";

/**
 * The line's room, kept while the config loads and when there is no dev mailbox: the public card is centered, and a
 * line appearing under it a moment after the first paint moved the whole card (layout shift 0.09 on /login).
 * Two lines on a phone, where the sentence wraps.
 */
const ESPACO = "mt-4 min-h-10 sm:min-h-5";

/** Without SMTP the emails stay in the outbox: point to the dev mailbox so every email flow can be followed. */
export function DevMailboxLink() {
  const { data } = useQuery(configPublicaQuery);
  if (!data?.caixaDeEmailsDev) return <div className={ESPACO} aria-hidden="true" />;
  return (
    <p className={`${ESPACO} flex flex-wrap items-center justify-center gap-x-1.5 text-sm text-slate-600`}>
      <Mail className="size-4" aria-hidden="true" />
      Ambiente sem servidor de email:{" "}
      <Link to="/dev/emails" className="font-medium text-blue-700 underline">
        abrir caixa de emails
      </Link>
    </p>
  );
}

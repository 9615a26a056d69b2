import { MSG_CONSENTIMENTO, rotuloConsentimentoMarketing } from "@crm/domain/consent";
import { useQuery } from "@tanstack/react-query";
import { ShieldCheck, ShieldOff } from "lucide-react";
import { cn } from "../../lib/cn";
import { consentimentoQuery } from "./consentApi";

/** The chat header's one line on the lead's marketing consent (decision 1827); nothing while it loads or fails. */
export function ConsentBadge({ leadId, className }: { leadId: string; className?: string }) {
  const { data } = useQuery(consentimentoQuery(leadId));
  if (!data) return null;
  const revogado = data.marketing === "revogado";
  const Icone = revogado ? ShieldOff : ShieldCheck;
  return (
    <p
      className={cn(
        "inline-flex items-center gap-1 text-xs font-medium",
        revogado ? "text-red-700" : data.marketing === "concedido" ? "text-green-700" : "text-slate-600",
        className,
      )}
      title={data.triagem_pausada ? MSG_CONSENTIMENTO.triagemPausada : undefined}
    >
      <Icone className="size-3.5 shrink-0" aria-hidden="true" />
      {rotuloConsentimentoMarketing(data.marketing)}
    </p>
  );
}

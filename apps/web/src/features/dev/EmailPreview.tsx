import { formatarDataHora } from "@crm/domain/format";
import { ExternalLink } from "lucide-react";
import { Card, CardContent, CardHeader } from "../../ui/Card";
import { documentoDoEmail, linksDoEmail, type TEmailDev } from "./api";

/**
 * One email. The HTML renders in a sandboxed iframe (no scripts, no same-origin access); its links may navigate
 * the top window on a click. The same links are also listed below as plain page links.
 */
export function EmailPreview({ email }: { email: TEmailDev }) {
  const links = linksDoEmail(email);
  return (
    <Card className="flex min-h-0 flex-col">
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">{email.assunto}</h2>
        <p className="text-sm text-slate-700">
          Para: <span className="font-medium">{email.para}</span>
        </p>
        <p className="text-xs text-slate-600">{formatarDataHora(email.created_at)}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        <iframe
          key={email.id}
          title={`Conteúdo do email: ${email.assunto}`}
          srcDoc={documentoDoEmail(email)}
          sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
          referrerPolicy="no-referrer"
          className="h-[28rem] w-full rounded border border-slate-200 bg-white"
        />
        {links.length > 0 && (
          <section aria-labelledby="links-email">
            <h3 id="links-email" className="text-sm font-semibold text-slate-900">
              Links do email
            </h3>
            <ul className="mt-2 space-y-1">
              {links.map((href) => (
                <li key={href}>
                  <a href={href} className="inline-flex items-center gap-1 text-sm break-all text-blue-700 underline">
                    <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
                    {href}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
      </CardContent>
    </Card>
  );
}

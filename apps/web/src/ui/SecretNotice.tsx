import { CopyButton } from "./CopyButton";

/** A secret shown this once (an API key, a webhook secret: at creation or rotation), to copy. */
export function SecretNotice({ mensagem, segredo }: { mensagem: string; segredo: string }) {
  return (
    <div className="space-y-2 rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-900" role="status">
      <p>{mensagem}</p>
      <code className="block break-all rounded bg-white p-2 text-slate-900" data-testid="segredo-uma-vez">
        {segredo}
      </code>
      <CopyButton texto={segredo} />
    </div>
  );
}

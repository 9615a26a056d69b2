import { api } from "../../lib/api";

export type TEmailDev = { id: string; para: string; assunto: string; texto: string; html: string | null; created_at: string };

export const caixaDevQuery = {
  queryKey: ["dev-emails"] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api<{ itens: TEmailDev[] }>("/api/dev/emails", { signal }),
};

/** The http(s) links of an email, so they can be followed from the page itself as well as from the preview. */
export function linksDoEmail(email: TEmailDev): string[] {
  const links = new Set<string>();
  if (email.html) {
    const doc = new DOMParser().parseFromString(email.html, "text/html");
    for (const a of doc.querySelectorAll("a[href]")) links.add(a.getAttribute("href")!);
  }
  for (const m of email.texto.matchAll(/https?:\/\/[^\s<>"')]+/g)) links.add(m[0]);
  return [...links].filter((h) => /^https?:\/\//i.test(h));
}

/** The preview document: links open in the top window (the iframe is sandboxed, no scripts). */
export function documentoDoEmail(email: TEmailDev): string {
  const corpo =
    email.html ?? `<pre style="white-space:pre-wrap;font:14px/1.5 system-ui,sans-serif">${escapar(email.texto)}</pre>`;
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><base target="_top"></head><body style="margin:16px;font-family:system-ui,sans-serif">${corpo}</body></html>`;
}

function escapar(s: string) {
  return s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
}

/** A file name safe to store and to send back in Content-Disposition: no path separators, no control characters. */
export function nomeDeArquivoSeguro(nome: string | null | undefined, max = 200): string {
  return [...(nome ?? "")]
    .map((c) => (c === "/" || c === "\\" || c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? "_" : c))
    .join("")
    .trim()
    .slice(0, max);
}

/**
 * Every file name the product stores (legal documents, chat media sent and received, lead imports) passes here
 * first (decision 1654). Control characters (C0, DEL, C1), Unicode format characters (bidi embeddings, overrides and
 * isolates U+202A–U+202E, U+2066–U+2069, the marks U+200E/U+200F/U+061C, zero-width characters, BOM) and line or
 * paragraph separators are removed: 'contrato\u202Efdp.js' would show as 'contratosj.pdf'. Path separators become
 * '_' (the name is shown and sent back in Content-Disposition, never used as a path).
 */
const INVISIVEIS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

export function nomeDeArquivoSeguro(nome: string | null | undefined, max = 200): string {
  const limpo = (nome ?? "").normalize("NFC").replace(INVISIVEIS, "").replace(/[/\\]/g, "_").trim();
  // cut by code point, never inside a surrogate pair
  return [...limpo].slice(0, max).join("").trim();
}

import { type TConsultaPaginadaApi, TEXTO_API_V1 } from "@crm/domain/api-v1";
import { ProblemaApi } from "./problem.js";

/**
 * Cursor pages of the API (decision 1812): every list walks `(updated_at, id)` upwards. A row inserted or changed while
 * a client pages gets a later `updated_at`, so it lands after the cursor: pages already read never shift, nothing
 * that existed is skipped or read twice, and a changed row comes again at the end (what a sync wants). The cursor is
 * opaque to the client: the last row's exact `updated_at` (PostgreSQL's text, microseconds) and id, base64url.
 */
export type TPosicao = { t: string; id: string };
/** PostgreSQL's text of a timestamptz: `2026-12-07 01:31:57.123456+00`. */
const TEMPO = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

function lerCursor(cursor: string | undefined): TPosicao | null {
  if (cursor === undefined) return null;
  try {
    const [t, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    if (typeof t === "string" && TEMPO.test(t) && typeof id === "string" && /^[0-9a-f-]{36}$/i.test(id)) return { t, id };
  } catch {
    // falls through to the 400
  }
  throw new ProblemaApi("dados_invalidos", TEXTO_API_V1.cursorInvalido, {
    campos: { starting_after: TEXTO_API_V1.cursorInvalido },
  });
}

/**
 * The SQL condition of a page over `alias` (`updated_at`, `id`), with its values from parameter `$n` on, and the
 * ORDER BY/LIMIT (one row more than the page, to know whether another follows). A row that never changes (a note, a
 * document) has no `updated_at`: its creation time stands in (`tempo`, decision 1895), same cursor, same meaning.
 */
export function sqlDaPagina(alias: string, q: TConsultaPaginadaApi, n: number, tempo = "updated_at") {
  const pos = lerCursor(q.starting_after);
  const valores: unknown[] = [q.updated_since ?? null, pos?.t ?? null, pos?.id ?? null, q.limit + 1];
  const t = `${alias}.${tempo}`;
  return {
    onde: `($${n}::timestamptz IS NULL OR ${t} >= $${n}::timestamptz)
       AND ($${n + 1}::timestamptz IS NULL OR (${t}, ${alias}.id) > ($${n + 1}::timestamptz, $${n + 2}::uuid))`,
    ordem: `ORDER BY ${t}, ${alias}.id LIMIT $${n + 3}`,
    valores,
  };
}

/** The page of rows read with `sqlDaPagina`: each row carries `_cursor_t` (`updated_at::text`), dropped here. */
export function pagina<T>(rows: (T & { _cursor_t: string; id: string })[], limit: number) {
  const temMais = rows.length > limit;
  const itens = rows.slice(0, limit);
  const ultimo = itens.at(-1);
  return {
    itens: itens.map(({ _cursor_t, ...r }) => r as unknown as T),
    tem_mais: temMais,
    proximo_cursor: temMais && ultimo ? Buffer.from(JSON.stringify([ultimo._cursor_t, ultimo.id])).toString("base64url") : null,
  };
}

import { MSG } from "@crm/domain/messages";
import { registrarAcaoDoErro } from "./errorActions";
import { servidorIndisponivel } from "./serverConnection";

/** An error answered by the API (`{erro, campos?}`), or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly erro: string,
    public readonly campos?: Record<string, string>,
    public readonly codigo?: string,
    /** the itemized reasons of a refusal (e.g. each bad line of an imported file), when the API lists them */
    public readonly detalhes?: string[],
  ) {
    super(erro);
    this.name = "ApiError";
    registrarAcaoDoErro(erro, codigo);
  }
}

export const COOKIE_CSRF = "crm_csrf";
const SEGUROS = new Set(["GET", "HEAD"]);

export function lerCookie(nome: string): string | null {
  for (const parte of document.cookie.split(";")) {
    const [k, ...v] = parte.trim().split("=");
    if (k === nome) return decodeURIComponent(v.join("="));
  }
  return null;
}

/** Every /api answer gives the browser a valid CSRF cookie when it lacks one; on a first visit with no call yet, make one. */
export async function garantirCsrf(): Promise<string | null> {
  const atual = lerCookie(COOKIE_CSRF);
  if (atual) return atual;
  await fetch("/api/config/publica", { credentials: "include" }).catch(() => undefined);
  return lerCookie(COOKIE_CSRF);
}

type TOpcoes = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
};

/** Same-origin JSON call with the session cookie and, for writes, the CSRF header. */
export async function api<T = unknown>(caminho: string, { method = "GET", body, signal }: TOpcoes = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const escrita = !SEGUROS.has(method);
  let csrf: string | null = null;
  if (escrita) {
    csrf = await garantirCsrf();
    if (csrf) headers["X-CSRF-Token"] = csrf;
  }

  const enviar = async () => {
    try {
      return await fetch(caminho, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: "include",
        signal,
      });
    } catch (e) {
      if (e instanceof DOMException && e.name === "AbortError") throw e;
      servidorIndisponivel();
      throw new ApiError(0, MSG.erroConexao);
    }
  };
  let resp = await enviar();
  // The CSRF token is bound to the session: when the session ended meanwhile (expired, signed out in another
  // tab), the refusal itself carries a fresh token in the cookie. Send once more with it.
  if (escrita && resp.status === 403) {
    const novo = lerCookie(COOKIE_CSRF);
    const erro = await resp
      .clone()
      .json()
      .then((j) => j?.erro)
      .catch(() => null);
    if (novo && novo !== csrf && erro === MSG.csrfInvalido) {
      headers["X-CSRF-Token"] = novo;
      resp = await enviar();
    }
  }

  if (resp.status === 503) servidorIndisponivel();
  if (resp.status === 204) return undefined as T;
  const json = resp.headers.get("content-type")?.includes("application/json") ? await resp.json().catch(() => null) : null;
  if (!resp.ok) {
    const erro = typeof json?.erro === "string" ? json.erro : resp.status >= 500 ? MSG.erroInterno : MSG.requisicaoInvalida;
    const detalhes =
      Array.isArray(json?.erros) && json.erros.every((e: unknown) => typeof e === "string") ? json.erros : undefined;
    throw new ApiError(resp.status, erro, json?.campos ?? undefined, json?.codigo ?? undefined, detalhes);
  }
  return json as T;
}

/** The user-facing text of any error thrown by `api` (or something else). */
export function mensagemDeErro(e: unknown, padrao: string): string {
  if (e instanceof ApiError) return e.erro;
  return padrao;
}

export const ehNaoAutenticado = (e: unknown) => e instanceof ApiError && e.status === 401;

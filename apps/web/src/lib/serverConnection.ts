import { useSyncExternalStore } from "react";

/**
 * Whether the server can serve right now. A 503 (the database is away) or no answer at all marks it unavailable:
 * the app shows that it is reconnecting, asks `/api/ready` every 2 s, and when the server is ready again tells its
 * listeners (the query cache refetches everything, so nothing missed while away stays stale).
 */
type TEstado = "disponivel" | "reconectando";

let estado: TEstado = "disponivel";
const ouvintes = new Set<() => void>();
const aoVoltar = new Set<() => void>();
let sondando = false;

function mudar(novo: TEstado) {
  if (estado === novo) return;
  estado = novo;
  for (const f of ouvintes) f();
  if (novo === "disponivel") for (const f of aoVoltar) f();
}

async function sondar() {
  if (sondando) return;
  sondando = true;
  try {
    for (;;) {
      await new Promise((ok) => setTimeout(ok, 2_000));
      const r = await fetch("/api/ready", { credentials: "include", cache: "no-store" }).catch(() => null);
      if (r?.ok) break;
    }
    mudar("disponivel");
  } finally {
    sondando = false;
  }
}

/** Called by the API client when an answer says the server cannot serve now (503) or none came (network). */
export function servidorIndisponivel() {
  mudar("reconectando");
  void sondar();
}

/** Runs `fn` each time the server is back after being unavailable. Returns the unsubscribe function. */
export function quandoReconectar(fn: () => void): () => void {
  aoVoltar.add(fn);
  return () => aoVoltar.delete(fn);
}

export function useServerConnection(): TEstado {
  return useSyncExternalStore(
    (f) => {
      ouvintes.add(f);
      return () => ouvintes.delete(f);
    },
    () => estado,
    () => estado,
  );
}

import type { TEventoTempoReal } from "@crm/domain/realtime";

export type TRealtimeListener = (evento: TEventoTempoReal) => void;

const ATRASO_INICIAL = 1_000;
const ATRASO_MAXIMO = 30_000;
/** Close code of /ws for "no (longer a) session". */
const CODIGO_NAO_AUTORIZADO = 4401;

function realtimeUrl(): string {
  const protocolo = location.protocol === "https:" ? "wss:" : "ws:";
  return `${protocolo}//${location.host}/ws`;
}

/**
 * The one WebSocket of a signed-in tab (cookie auth). Reconnects with exponential backoff
 * (1 s doubling to 30 s, equal jitter) and tells `aoReconectar` listeners so they refetch what was missed.
 */
export class RealtimeConnection {
  private ws: WebSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private tentativas = 0;
  private ativa = false;
  private jaConectou = false;
  private readonly ouvintes = new Set<TRealtimeListener>();
  private readonly reconexoes = new Set<() => void>();
  private readonly recusas = new Set<() => void>();
  /** the last presence state told to the server, sent again after every reconnection */
  private presenca: string | null = null;

  constructor(private readonly url: string = realtimeUrl()) {}

  iniciar() {
    if (this.ativa) return;
    this.ativa = true;
    window.addEventListener("online", this.aoFicarOnline);
    this.conectar();
  }

  parar() {
    this.ativa = false;
    window.removeEventListener("online", this.aoFicarOnline);
    clearTimeout(this.timer);
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000);
  }

  ouvir(fn: TRealtimeListener): () => void {
    this.ouvintes.add(fn);
    return () => this.ouvintes.delete(fn);
  }

  aoReconectar(fn: () => void): () => void {
    this.reconexoes.add(fn);
    return () => this.reconexoes.delete(fn);
  }

  /** Tells the server whether the person is idle (consultant presence: Conectado / Ocupado). */
  informarOcioso(ocioso: boolean) {
    this.presenca = JSON.stringify({ tipo: "presenca", ocioso });
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(this.presenca);
  }

  /** The server closed with 4401: the session may have ended (or the server is restarting); listeners check. */
  aoRecusar(fn: () => void): () => void {
    this.recusas.add(fn);
    return () => this.recusas.delete(fn);
  }

  private readonly aoFicarOnline = () => {
    if (!this.ativa || this.ws) return;
    clearTimeout(this.timer);
    this.tentativas = 0;
    this.conectar();
  };

  private conectar() {
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url);
    } catch {
      this.agendar();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.tentativas = 0;
      if (this.presenca) ws.send(this.presenca);
      if (this.jaConectou) for (const fn of this.reconexoes) fn();
      this.jaConectou = true;
    };
    ws.onmessage = (m) => {
      if (this.ws !== ws || typeof m.data !== "string") return;
      let evento: TEventoTempoReal;
      try {
        evento = JSON.parse(m.data);
      } catch {
        return;
      }
      if (!evento || typeof evento.tipo !== "string") return;
      // the server lost PostgreSQL for a while: what it could not deliver is refetched as after a reconnection
      if (evento.tipo === "tempo_real.retomado") for (const fn of this.reconexoes) fn();
      for (const fn of this.ouvintes) fn(evento);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (ev.code === CODIGO_NAO_AUTORIZADO) for (const fn of this.recusas) fn();
      if (this.ativa) this.agendar();
    };
  }

  private agendar() {
    const base = Math.min(ATRASO_MAXIMO, ATRASO_INICIAL * 2 ** this.tentativas);
    this.tentativas++;
    const atraso = base / 2 + Math.random() * (base / 2);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.ativa) this.conectar();
    }, atraso);
  }
}

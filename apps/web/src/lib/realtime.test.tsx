import { afterEach, describe, expect, it, vi } from "vitest";
import { RealtimeConnection } from "./realtime";

/** A stand-in for the browser's WebSocket: the test plays the server's side (open, messages). */
class SocketDeTeste {
  static ultimo: SocketDeTeste | null = null;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  constructor() {
    SocketDeTeste.ultimo = this;
  }
  send() {}
  close() {}
  abrir() {
    this.readyState = 1;
    this.onopen?.();
  }
  receber(evento: unknown) {
    this.onmessage?.({ data: JSON.stringify(evento) });
  }
}

afterEach(() => vi.unstubAllGlobals());

describe("RealtimeConnection", () => {
  it("refetches as after a reconnection when the server says it listens to PostgreSQL again", () => {
    vi.stubGlobal("WebSocket", Object.assign(SocketDeTeste, { OPEN: 1 }));
    const conexao = new RealtimeConnection("ws://localhost/ws");
    const recarregar = vi.fn();
    const eventos = vi.fn();
    conexao.aoReconectar(recarregar);
    conexao.ouvir(eventos);
    conexao.iniciar();
    const socket = SocketDeTeste.ultimo as SocketDeTeste;
    socket.abrir();
    expect(recarregar).not.toHaveBeenCalled(); // the first open is not a reconnection
    socket.receber({ tipo: "lead.atualizado", dados: { leadId: "x" } });
    expect(recarregar).not.toHaveBeenCalled();
    socket.receber({ tipo: "tempo_real.retomado" });
    expect(recarregar).toHaveBeenCalledTimes(1);
    expect(eventos).toHaveBeenCalledTimes(2);
    conexao.parar();
  });
});

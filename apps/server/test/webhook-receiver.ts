import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

/** One request an outbound-webhook receiver got, as it arrived, and whether the `standardwebhooks` library verified it. */
type TRecebido = { id: string; headers: Record<string, string>; corpo: string; verificado: boolean; em: number };

export type TReceptor = {
  url: string;
  porta: number;
  recebidos: TRecebido[];
  /** ids processed once each (a receiver's dedupe by `webhook-id`, as the spec advises) */
  processados: Map<string, unknown>;
  /** the secrets a request is verified against (any of them may match) */
  segredos: string[];
  /** the answer to each request: its status and headers (200 by default) */
  responder: (r: TRecebido, vezes: number) => { status: number; headers?: Record<string, string>; corpo?: string };
  fechar: () => Promise<void>;
};

/**
 * A local receiver of outbound webhooks (decision 1801): verifies every request with the `standardwebhooks` library
 * (signature and timestamp) against its secrets, counts the attempts of each `webhook-id`, and processes each id once.
 */
export async function criarReceptor(): Promise<TReceptor> {
  const vezes = new Map<string, number>();
  const r: TReceptor = {
    url: "",
    porta: 0,
    recebidos: [],
    processados: new Map(),
    segredos: [],
    responder: () => ({ status: 200 }),
    fechar: async () => {},
  };
  const servidor = http.createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on("data", (p: Buffer) => partes.push(p));
    req.on("end", () => {
      const corpo = Buffer.concat(partes).toString("utf8");
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const verificado = r.segredos.some((s) => {
        try {
          new Webhook(s).verify(corpo, headers);
          return true;
        } catch {
          return false;
        }
      });
      const id = headers["webhook-id"] ?? "";
      const recebido = { id, headers, corpo, verificado, em: Date.now() };
      r.recebidos.push(recebido);
      const n = (vezes.get(id) ?? 0) + 1;
      vezes.set(id, n);
      const resposta = r.responder(recebido, n);
      if (verificado && resposta.status >= 200 && resposta.status < 300 && !r.processados.has(id))
        r.processados.set(id, JSON.parse(corpo));
      res.writeHead(resposta.status, resposta.headers);
      res.end(resposta.corpo ?? "ok");
    });
  });
  await new Promise<void>((ok) => servidor.listen(0, "127.0.0.1", ok));
  r.porta = (servidor.address() as AddressInfo).port;
  r.url = `http://127.0.0.1:${r.porta}/ganchos`;
  r.fechar = () => new Promise((ok) => servidor.close(() => ok()));
  return r;
}

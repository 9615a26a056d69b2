import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the fake provider received it: tests assert the exact method, path, headers and body. */
export type TPedidoRecebido = {
  metodo: string;
  caminho: string;
  consulta: URLSearchParams;
  cabecalhos: IncomingMessage["headers"];
  corpo: Buffer;
  json: unknown;
};

export type TResposta = { status?: number; json?: unknown; corpo?: Buffer | string; tipo?: string };
export type TRota = (p: TPedidoRecebido, params: string[]) => TResposta | Promise<TResposta>;

export type TServidorFalso = {
  url: string;
  pedidos: TPedidoRecebido[];
  /** the requests whose path matches */
  de: (padrao: RegExp) => TPedidoRecebido[];
  fechar: () => Promise<void>;
};

/**
 * A tiny local HTTP server that speaks a provider's protocol for tests (ARCHITECTURE §8): routes are
 * `"METHOD /regex-of-path"` → handler; every request is recorded; unknown routes answer 404.
 */
export async function iniciarServidorFalso(rotas: Record<string, TRota>, porta = 0): Promise<TServidorFalso> {
  const pedidos: TPedidoRecebido[] = [];
  const tabela = Object.entries(rotas).map(([chave, fn]) => {
    const [metodo, padrao] = chave.split(" ");
    return { metodo, re: new RegExp(`^${padrao}$`), fn };
  });
  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const partes: Buffer[] = [];
    for await (const c of req) partes.push(c as Buffer);
    const corpo = Buffer.concat(partes);
    const url = new URL(req.url ?? "/", "http://x");
    let json: unknown = null;
    if (String(req.headers["content-type"] ?? "").includes("json")) {
      try {
        json = JSON.parse(corpo.toString("utf8"));
      } catch {}
    }
    const pedido: TPedidoRecebido = {
      metodo: req.method ?? "GET",
      caminho: url.pathname,
      consulta: url.searchParams,
      cabecalhos: req.headers,
      corpo,
      json,
    };
    pedidos.push(pedido);
    const rota = tabela.find((r) => r.metodo === pedido.metodo && r.re.test(pedido.caminho));
    let r: TResposta = { status: 404, json: { error: "not found" } };
    try {
      if (rota) r = await rota.fn(pedido, (rota.re.exec(pedido.caminho) ?? []).slice(1));
    } catch (e) {
      r = { status: 500, json: { error: String(e) } };
    }
    const dados = r.json !== undefined ? Buffer.from(JSON.stringify(r.json)) : Buffer.from(r.corpo ?? "");
    res.writeHead(r.status ?? 200, {
      "Content-Type": r.json !== undefined ? "application/json" : (r.tipo ?? "application/octet-stream"),
    });
    res.end(dados);
  });
  await new Promise<void>((ok) => server.listen(porta, "127.0.0.1", ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    pedidos,
    de: (padrao) => pedidos.filter((p) => padrao.test(p.caminho)),
    fechar: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

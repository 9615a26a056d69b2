import { beforeEach, describe, expect, it, vi } from "vitest";
import { uploadWithProgress } from "./uploadWithProgress";

/** A stand-in for the browser's XMLHttpRequest: the test plays the network (progress, an answer, or none). */
class XhrDeTeste {
  static ultimo: XhrDeTeste | null = null;
  metodo = "";
  url = "";
  withCredentials = false;
  cabecalhos: Record<string, string> = {};
  enviado: unknown = null;
  status = 0;
  responseText = "";
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    XhrDeTeste.ultimo = this;
  }
  open(metodo: string, url: string) {
    this.metodo = metodo;
    this.url = url;
  }
  setRequestHeader(nome: string, valor: string) {
    this.cabecalhos[nome] = valor;
  }
  send(corpo: unknown) {
    this.enviado = corpo;
  }
  responder(status: number, texto: string) {
    this.status = status;
    this.responseText = texto;
    this.onload?.();
  }
}

const xhr = async () => {
  await vi.waitFor(() => expect(XhrDeTeste.ultimo).not.toBeNull());
  return XhrDeTeste.ultimo as XhrDeTeste;
};

beforeEach(() => {
  XhrDeTeste.ultimo = null;
  vi.stubGlobal("XMLHttpRequest", XhrDeTeste);
  // the CSRF cookie every /api answer sets (test/setup.ts restores the getter after each test)
  vi.spyOn(document, "cookie", "get").mockReturnValue("crm_csrf=token-de-teste");
});

describe("uploadWithProgress (the chat's media, legal documents and lead CSVs go through it)", () => {
  it("posts the form with the session cookie and CSRF header, reports progress and answers the server's JSON", async () => {
    const progresso: number[] = [];
    const form = new FormData();
    const envio = uploadWithProgress("/api/leads/importacao", form, (f) => progresso.push(f));
    const x = await xhr();
    expect([x.metodo, x.url, x.withCredentials, x.enviado]).toEqual(["POST", "/api/leads/importacao", true, form]);
    expect(x.cabecalhos).toMatchObject({ Accept: "application/json", "X-CSRF-Token": "token-de-teste" });
    x.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    x.upload.onprogress?.({ lengthComputable: false, loaded: 0, total: 0 });
    x.responder(202, JSON.stringify({ id: "i1", status: "pendente" }));
    expect(await envio).toEqual({ status: 202, body: { id: "i1", status: "pendente" } });
    expect(progresso).toEqual([0.25]);
  });

  it("answers a refusal as it came, a body that is not JSON as null, and no answer at all as status 0", async () => {
    const recusa = uploadWithProgress("/x", new FormData(), () => undefined);
    (await xhr()).responder(413, JSON.stringify({ erro: "Arquivo muito grande" }));
    expect(await recusa).toEqual({ status: 413, body: { erro: "Arquivo muito grande" } });

    XhrDeTeste.ultimo = null;
    const pagina = uploadWithProgress("/x", new FormData(), () => undefined);
    (await xhr()).responder(502, "<html>Bad Gateway</html>");
    expect(await pagina).toEqual({ status: 502, body: null });

    XhrDeTeste.ultimo = null;
    const semRede = uploadWithProgress("/x", new FormData(), () => undefined);
    (await xhr()).onerror?.();
    expect(await semRede).toEqual({ status: 0, body: null });
  });
});

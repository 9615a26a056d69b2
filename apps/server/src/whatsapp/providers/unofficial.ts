import { MSG } from "@crm/domain/messages";
import QRCode from "qrcode";
import type { TConfigWhatsApp } from "./company-config.js";
import { buscar, comoErroProvedor, ErroProvedor, type TEnvio, type TEstadoConexao, type TProvedor } from "./provider.js";

const ERRO_POR_TIPO: Record<TEnvio["tipo"], string> = {
  text: MSG.whatsappErroEnviarMensagem,
  image: MSG.whatsappErroEnviarImagem,
  document: MSG.whatsappErroEnviarDocumento,
  template: MSG.whatsappErroEnviarTemplate,
};

/** Evolution answers errors as {status, error, response: {message: [...]}}; a closed session mentions "Connection Closed". */
async function erroDaResposta(res: Response, acao: string): Promise<ErroProvedor> {
  const texto = await res.text().catch(() => "");
  let detalhe = res.statusText;
  try {
    const j = JSON.parse(texto) as { response?: { message?: unknown }; message?: unknown; error?: string };
    const m = j.response?.message ?? j.message ?? j.error;
    detalhe = typeof m === "string" ? m : JSON.stringify(m);
  } catch {
    if (texto) detalhe = texto.slice(0, 200);
  }
  if (res.status === 401 || res.status === 403)
    return new ErroProvedor(MSG.whatsappErroHttp(res.status, detalhe), { status: res.status, desconectado: true });
  const desconectado = /connection closed|not connected|disconnected/i.test(detalhe);
  return new ErroProvedor(desconectado ? MSG.whatsappNaoConectado : `${acao}: ${detalhe}`, {
    status: res.status,
    desconectado,
    retentavel: res.status === 429 || res.status >= 500,
  });
}

/** Calls to a company's gateway: the saved key in the `apikey` header, `{instancia}` in a path replaced by the instance. */
export type TClienteGateway = {
  chamar: (caminho: string, init: RequestInit, acao: string) => Promise<Response>;
  post: (caminho: string, corpo: unknown, acao: string) => Promise<Response>;
};

export function clienteGateway(cfg: TConfigWhatsApp): TClienteGateway {
  const u = cfg.unofficial;
  const inst = () => {
    if (!u.url || !u.apiKey || !u.instancia) throw new ErroProvedor(MSG.whatsappConfigIncompletaNaoOficial);
    return encodeURIComponent(u.instancia);
  };

  async function chamar(caminho: string, init: RequestInit, acao: string): Promise<Response> {
    const url = `${u.url}/${caminho.replace("{instancia}", inst())}`;
    let res: Response;
    try {
      res = await buscar(url, {
        ...init,
        headers: { apikey: u.apiKey as string, ...(init.body ? { "Content-Type": "application/json" } : {}) },
      });
    } catch (e) {
      throw comoErroProvedor(e, MSG.whatsappErroConexaoApi);
    }
    if (!res.ok) throw await erroDaResposta(res, acao);
    return res;
  }

  const post = (caminho: string, corpo: unknown, acao: string) =>
    chamar(caminho, { method: "POST", body: JSON.stringify(corpo) }, acao);
  return { chamar, post };
}

/** An Evolution API v2 style gateway: `apikey` header, instance in the path (ARCHITECTURE §6). */
export function criarProvedorNaoOficial(cfg: TConfigWhatsApp): TProvedor {
  const u = cfg.unofficial;
  const { chamar, post } = clienteGateway(cfg);

  async function estado(): Promise<TEstadoConexao> {
    try {
      const r = (await (await chamar("instance/connectionState/{instancia}", {}, MSG.whatsappErroConexaoApi)).json()) as {
        instance?: { state?: string };
      };
      const conectado = r.instance?.state === "open";
      return { conectado, identificacao: u.instancia, erro: null };
    } catch (e) {
      return {
        conectado: false,
        identificacao: u.instancia || null,
        erro: comoErroProvedor(e, MSG.whatsappErroConexaoApi).mensagem,
      };
    }
  }

  return {
    tipo: "unofficial",
    async enviar(envio) {
      const acao = ERRO_POR_TIPO[envio.tipo];
      let res: Response;
      if (envio.tipo === "text") {
        res = await post("message/sendText/{instancia}", { number: envio.para, text: envio.texto }, acao);
      } else if (envio.tipo === "image" || envio.tipo === "document") {
        // our files are private: the gateway gets the content itself (base64), never a link
        res = await post(
          "message/sendMedia/{instancia}",
          {
            number: envio.para,
            mediatype: envio.tipo,
            mimetype: envio.mime,
            media: envio.arquivo.toString("base64"),
            fileName: envio.nomeArquivo,
            ...(envio.legenda ? { caption: envio.legenda } : {}),
          },
          acao,
        );
      } else {
        throw new ErroProvedor(MSG.tipoMidiaNaoSuportado("template"));
      }
      const r = (await res.json()) as { key?: { id?: string } };
      if (!r.key?.id) throw new ErroProvedor(acao);
      return { providerId: r.key.id };
    },
    estado,
    async conectar() {
      const atual = await estado();
      if (atual.conectado || atual.erro) return atual;
      try {
        const r = (await (await chamar("instance/connect/{instancia}", {}, MSG.erroGerarQrCode)).json()) as {
          base64?: string;
          code?: string;
        };
        const qrCode = r.base64?.startsWith("data:")
          ? r.base64
          : r.code
            ? await QRCode.toDataURL(r.code, { margin: 1, width: 280 })
            : null;
        if (!qrCode) return { conectado: false, identificacao: u.instancia, erro: MSG.erroGerarQrCode };
        return { conectado: false, identificacao: u.instancia, qrCode, erro: null };
      } catch (e) {
        return { conectado: false, identificacao: u.instancia, erro: comoErroProvedor(e, MSG.erroGerarQrCode).mensagem };
      }
    },
    // a gateway speaks the personal-app protocol: no Meta-approved templates and no 24-hour window
    templates: async () => [],
    async baixarMidia(ref) {
      const r = (await (
        await post(
          "chat/getBase64FromMediaMessage/{instancia}",
          { message: { key: { id: ref } }, convertToMp4: false },
          MSG.erroProcessarMidia,
        )
      ).json()) as { base64?: string; mimetype?: string; fileName?: string };
      if (!r.base64) throw new ErroProvedor(MSG.erroProcessarMidia);
      const b64 = r.base64.replace(/^data:[^;]+;base64,/, "");
      return { dados: Buffer.from(b64, "base64"), mime: r.mimetype ?? "application/octet-stream", nome: r.fileName ?? null };
    },
  };
}

import { MSG } from "@crm/domain/messages";
import type { TTemplateAprovado } from "@crm/domain/schemas/chat";
import { contarParametros } from "@crm/domain/templates";
import type { TConfigWhatsApp } from "./company-config.js";
import { buscar, comoErroProvedor, ErroProvedor, type TEnvio, type TProvedor } from "./provider.js";

type TErroGraph = { error?: { message?: string; code?: number; error_data?: { details?: string } } };

/** Graph error codes worth retrying: throttling and temporary unavailability (Cloud API error codes). */
const CODIGOS_RETENTAVEIS = new Set([1, 2, 4, 17, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);

const ERRO_POR_TIPO: Record<TEnvio["tipo"], string> = {
  text: MSG.whatsappErroEnviarMensagem,
  image: MSG.whatsappErroEnviarImagem,
  document: MSG.whatsappErroEnviarDocumento,
  template: MSG.whatsappErroEnviarTemplate,
};

/** Reads a Graph API error answer into the product's messages (001 §8 'Messaging results'). */
async function erroDaResposta(res: Response, acao: string): Promise<ErroProvedor> {
  const corpo = (await res.json().catch(() => ({}))) as TErroGraph;
  const e = corpo.error ?? {};
  const texto = e.message ?? res.statusText;
  if (res.status === 401 || res.status === 403 || e.code === 190) {
    return new ErroProvedor(MSG.whatsappErroHttp(res.status, texto), { status: res.status, codigo: e.code, desconectado: true });
  }
  const detalhe = e.error_data?.details ? ` (${e.error_data.details})` : "";
  return new ErroProvedor(`${acao}: ${texto}${detalhe}`, {
    status: res.status,
    codigo: e.code,
    retentavel: res.status === 429 || res.status >= 500 || CODIGOS_RETENTAVEIS.has(e.code ?? -1),
  });
}

/** WhatsApp Business Cloud API (Graph): bearer token, version from the company's settings. */
export function criarProvedorOficial(cfg: TConfigWhatsApp, graphUrl: string): TProvedor {
  const o = cfg.official;
  const base = `${graphUrl}/${o.graphVersion}`;
  const auth = () => {
    if (!o.accessToken || !o.phoneNumberId) throw new ErroProvedor(MSG.whatsappNaoConfigurado);
    return { Authorization: `Bearer ${o.accessToken}` };
  };

  async function chamar(url: string, init: RequestInit, acao: string): Promise<Response> {
    let res: Response;
    try {
      res = await buscar(url, { ...init, headers: { ...auth(), ...(init.headers as Record<string, string>) } });
    } catch (e) {
      throw comoErroProvedor(e, MSG.whatsappErroConexaoApi);
    }
    if (!res.ok) throw await erroDaResposta(res, acao);
    return res;
  }

  /** Official media is uploaded first and sent by id (never by a public link). */
  async function subirMidia(arquivo: Buffer, mime: string, nome: string, acao: string): Promise<string> {
    const form = new FormData();
    form.set("messaging_product", "whatsapp");
    form.set("type", mime);
    form.set("file", new Blob([new Uint8Array(arquivo)], { type: mime }), nome);
    const res = await chamar(`${base}/${o.phoneNumberId}/media`, { method: "POST", body: form }, acao);
    const { id } = (await res.json()) as { id?: string };
    if (!id) throw new ErroProvedor(acao);
    return id;
  }

  async function corpoDoEnvio(envio: TEnvio): Promise<Record<string, unknown>> {
    const acao = ERRO_POR_TIPO[envio.tipo];
    if (envio.tipo === "text") return { type: "text", text: { preview_url: false, body: envio.texto } };
    if (envio.tipo === "template") {
      const template: Record<string, unknown> = { name: envio.nome, language: { code: envio.idioma } };
      if (envio.parametros.length)
        template.components = [{ type: "body", parameters: envio.parametros.map((text) => ({ type: "text", text })) }];
      return { type: "template", template };
    }
    const id = await subirMidia(envio.arquivo, envio.mime, envio.nomeArquivo, acao);
    if (envio.tipo === "image") return { type: "image", image: { id, ...(envio.legenda ? { caption: envio.legenda } : {}) } };
    return {
      type: "document",
      document: { id, filename: envio.nomeArquivo, ...(envio.legenda ? { caption: envio.legenda } : {}) },
    };
  }

  return {
    tipo: "official",
    async enviar(envio) {
      const acao = ERRO_POR_TIPO[envio.tipo];
      const corpo = {
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: envio.para,
        ...(await corpoDoEnvio(envio)),
      };
      const res = await chamar(
        `${base}/${o.phoneNumberId}/messages`,
        { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(corpo) },
        acao,
      );
      const r = (await res.json()) as { messages?: { id?: string }[] };
      const providerId = r.messages?.[0]?.id;
      if (!providerId) throw new ErroProvedor(acao);
      return { providerId };
    },
    async estado() {
      try {
        const res = await chamar(
          `${base}/${o.phoneNumberId}?fields=display_phone_number,verified_name,quality_rating`,
          {},
          MSG.whatsappErroConexaoApi,
        );
        const r = (await res.json()) as { display_phone_number?: string; verified_name?: string };
        return {
          conectado: true,
          identificacao: [r.verified_name, r.display_phone_number].filter(Boolean).join(" · ") || null,
        };
      } catch (e) {
        return { conectado: false, erro: comoErroProvedor(e, MSG.whatsappErroConexaoApi).mensagem };
      }
    },
    conectar() {
      return this.estado();
    },
    async templates() {
      const conta = o.businessAccountId || o.appId;
      if (!conta) return [];
      const res = await chamar(
        `${base}/${conta}/message_templates?fields=name,language,status,category,components&limit=200`,
        {},
        MSG.whatsappErroEnviarTemplate,
      );
      const r = (await res.json()) as {
        data?: {
          name: string;
          language: string;
          status: string;
          category?: string;
          components?: { type: string; text?: string }[];
        }[];
      };
      return (r.data ?? [])
        .filter((t) => t.status === "APPROVED")
        .map((t): TTemplateAprovado => {
          const corpo = t.components?.find((c) => c.type === "BODY")?.text ?? "";
          return { nome: t.name, idioma: t.language, categoria: t.category ?? "", corpo, parametros: contarParametros(corpo) };
        });
    },
    async baixarMidia(ref) {
      const info = (await (await chamar(`${base}/${ref}`, {}, MSG.erroProcessarMidia)).json()) as {
        url?: string;
        mime_type?: string;
      };
      if (!info.url) throw new ErroProvedor(MSG.erroProcessarMidia);
      const arquivo = await chamar(info.url, {}, MSG.erroProcessarMidia);
      return { dados: Buffer.from(await arquivo.arrayBuffer()), mime: info.mime_type ?? "application/octet-stream" };
    },
  };
}

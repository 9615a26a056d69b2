import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local S3-compatible server for tests only (ARCHITECTURE §8; the product never uses it). It speaks the real S3
 * REST protocol, path style (`/{bucket}/{key}`): PUT, GET, HEAD and DELETE of objects, ListObjectsV2 of a bucket, with S3's XML error bodies
 * (NoSuchKey, NoSuchBucket, SignatureDoesNotMatch…). Every request's AWS Signature V4 is checked by recomputing it
 * from scratch with the known secret (canonical request → string to sign → HMAC chain), so a client that signs
 * wrongly, or with the wrong secret, is refused exactly as S3 would refuse it.
 *
 * Payloads must be signed (`x-amz-content-sha256` = the body's SHA-256) or `UNSIGNED-PAYLOAD`. Streaming
 * (aws-chunked) uploads are refused with 501: the driver sets `requestChecksumCalculation: "WHEN_REQUIRED"`, so
 * PutObject sends a plain body (decision 0405), and a regression would show up here.
 */
type TPedidoS3 = {
  metodo: string;
  /** the path as sent, e.g. /crm-arquivos/empresa/lead/1.pdf */
  caminho: string;
  bucket?: string;
  chave?: string;
  cabecalhos: IncomingMessage["headers"];
  tamanho: number;
  status: number;
  /** S3 error code, when refused */
  codigo?: string;
};

type TObjetoS3 = { dados: Buffer; tipo: string; etag: string; modificado: Date };

export type TServidorS3 = {
  /** endpoint for the client: http://127.0.0.1:{port} */
  url: string;
  bucket: string;
  regiao: string;
  chaveAcesso: string;
  segredo: string;
  /** objects per bucket, by key */
  buckets: Map<string, Map<string, TObjetoS3>>;
  pedidos: TPedidoS3[];
  /** a ListObjectsV2 page's size when the client asks for none (S3: 1000); smaller, a test walks the pages */
  paginaListagem: number;
  limpar: () => void;
  fechar: () => Promise<void>;
};

type TErroS3 = { status: number; codigo: string; mensagem: string; extra?: Record<string, string> };

const SHA256_HEX = /^[0-9a-f]{64}$/;
const AUTORIZACAO = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/;

const sha256 = (d: string | Buffer) => createHash("sha256").update(d).digest("hex");
const hmac = (k: string | Buffer, d: string) => createHmac("sha256", k).update(d).digest();
/** SigV4's URI encoding: everything but A-Z a-z 0-9 - _ . ~ is %XX (uppercase) */
const codificar = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Canonical query string: every name=value decoded, re-encoded, sorted by name then value. */
function consultaCanonica(consulta: string): string {
  if (!consulta) return "";
  return consulta
    .split("&")
    .map((p) => {
      const i = p.indexOf("=");
      const [k, v] = i < 0 ? [p, ""] : [p.slice(0, i), p.slice(i + 1)];
      return [codificar(decodeURIComponent(k)), codificar(decodeURIComponent(v))];
    })
    .sort(([ka, va], [kb, vb]) => (ka === kb ? (va < vb ? -1 : 1) : ka < kb ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
}

/** Recomputes the request's signature; null when it matches, else the S3 error. */
function verificarAssinatura(s: TServidorS3, req: IncomingMessage, corpo: Buffer): TErroS3 | null {
  const auth = req.headers.authorization;
  if (!auth) return { status: 403, codigo: "AccessDenied", mensagem: "Access Denied" };
  const m = AUTORIZACAO.exec(auth);
  const malformado = (mensagem: string): TErroS3 => ({ status: 400, codigo: "AuthorizationHeaderMalformed", mensagem });
  if (!m) return malformado("The authorization header is malformed.");
  const [, credencial, assinados, assinatura] = m as unknown as [string, string, string, string];
  const [chaveAcesso, dia, regiao, servico, terminal] = credencial.split("/");
  if (chaveAcesso !== s.chaveAcesso)
    return {
      status: 403,
      codigo: "InvalidAccessKeyId",
      mensagem: "The AWS Access Key Id you provided does not exist in our records.",
      extra: { AWSAccessKeyId: chaveAcesso ?? "" },
    };
  if (servico !== "s3" || terminal !== "aws4_request") return malformado("The authorization header is malformed.");
  if (regiao !== s.regiao)
    return malformado(`The authorization header is malformed; the region '${regiao}' is wrong; expecting '${s.regiao}'`);
  const data = String(req.headers["x-amz-date"] ?? "");
  const quando = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(data);
  if (!quando || data.slice(0, 8) !== dia) return malformado("The authorization header is malformed; invalid x-amz-date.");
  const [, a, mes, d, h, mi, se] = quando.map(Number) as number[];
  if (Math.abs(Date.UTC(a, mes - 1, d, h, mi, se) - Date.now()) > 15 * 60_000)
    return {
      status: 403,
      codigo: "RequestTimeTooSkewed",
      mensagem: "The difference between the request time and the current time is too large.",
    };
  const hashCorpo = String(req.headers["x-amz-content-sha256"] ?? "");
  if (!hashCorpo)
    return { status: 400, codigo: "InvalidRequest", mensagem: "Missing required header for this request: x-amz-content-sha256" };
  if (hashCorpo.startsWith("STREAMING-"))
    return {
      status: 501,
      codigo: "NotImplemented",
      mensagem: `This fake S3 does not decode aws-chunked payloads (${hashCorpo})`,
    };
  if (hashCorpo !== "UNSIGNED-PAYLOAD" && !SHA256_HEX.test(hashCorpo))
    return {
      status: 400,
      codigo: "InvalidArgument",
      mensagem: "x-amz-content-sha256 must be UNSIGNED-PAYLOAD or a valid sha256 value.",
    };
  if (SHA256_HEX.test(hashCorpo) && hashCorpo !== sha256(corpo))
    return {
      status: 400,
      codigo: "XAmzContentSHA256Mismatch",
      mensagem: "The provided 'x-amz-content-sha256' header does not match what was computed.",
    };
  const nomes = assinados.split(";");
  if (!nomes.includes("host") || !nomes.includes("x-amz-date")) return malformado("Host and x-amz-date must be signed.");

  const [caminho = "/", consulta = ""] = (req.url ?? "/").split("?", 2) as [string, string?];
  const uri = caminho
    .split("/")
    .map((seg) => codificar(decodeURIComponent(seg)))
    .join("/");
  const cabecalhos = nomes
    .map((n) => {
      const v = req.headers[n];
      return `${n}:${(Array.isArray(v) ? v.join(",") : (v ?? "")).trim().replace(/\s+/g, " ")}\n`;
    })
    .join("");
  const pedidoCanonico = [req.method, uri, consultaCanonica(consulta), cabecalhos, assinados, hashCorpo].join("\n");
  const escopo = `${dia}/${regiao}/s3/aws4_request`;
  const paraAssinar = ["AWS4-HMAC-SHA256", data, escopo, sha256(pedidoCanonico)].join("\n");
  const chave = hmac(hmac(hmac(hmac(`AWS4${s.segredo}`, dia ?? ""), regiao ?? ""), "s3"), "aws4_request");
  const esperada = hmac(chave, paraAssinar);
  const dada = Buffer.from(assinatura, "hex");
  if (dada.length === esperada.length && timingSafeEqual(dada, esperada)) return null;
  return {
    status: 403,
    codigo: "SignatureDoesNotMatch",
    mensagem: "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
    extra: {
      AWSAccessKeyId: chaveAcesso,
      StringToSign: paraAssinar,
      SignatureProvided: assinatura,
      CanonicalRequest: pedidoCanonico,
    },
  };
}

function lerCorpo(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const partes: Buffer[] = [];
    req.on("data", (c: Buffer) => partes.push(c));
    req.on("end", () => resolve(Buffer.concat(partes)));
    req.on("error", reject);
  });
}

/**
 * ListObjectsV2 (`GET /{bucket}?list-type=2`): keys in UTF-8 binary order under `prefix`, `max-keys` a page (1000 by
 * default, as S3), `continuation-token` the page after; `encoding-type=url` encodes the keys as S3 does.
 */
function listar(objetos: Map<string, TObjetoS3>, bucket: string, consulta: URLSearchParams, pagina0: number) {
  const prefixo = consulta.get("prefix") ?? "";
  const max = Math.min(Number(consulta.get("max-keys") ?? pagina0), pagina0);
  const depois = consulta.get("continuation-token");
  const apos = depois ? Buffer.from(depois, "base64url").toString("utf8") : "";
  const chaves = [...objetos.keys()]
    .filter((k) => k.startsWith(prefixo) && k > apos)
    .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const pagina = chaves.slice(0, max);
  const truncada = chaves.length > pagina.length;
  const nome = (k: string) => (consulta.get("encoding-type") === "url" ? encodeURIComponent(k).replace(/%2F/g, "/") : k);
  const conteudo = pagina
    .map((k) => {
      const o = objetos.get(k) as TObjetoS3;
      return `<Contents><Key>${xml(nome(k))}</Key><LastModified>${o.modificado.toISOString()}</LastModified><ETag>${xml(o.etag)}</ETag><Size>${o.dados.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
    })
    .join("");
  const seguinte = truncada
    ? `<NextContinuationToken>${Buffer.from(pagina.at(-1) ?? "").toString("base64url")}</NextContinuationToken>`
    : "";
  const corpo = `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${xml(bucket)}</Name><Prefix>${xml(prefixo)}</Prefix><KeyCount>${pagina.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncada}</IsTruncated>${conteudo}${seguinte}</ListBucketResult>`;
  return { status: 200, cabecalhos: { "Content-Type": "application/xml" }, corpo: Buffer.from(corpo) };
}

/** Stores, reads and deletes objects, and lists a bucket; the S3 error when the bucket or key does not exist. */
function atender(s: TServidorS3, req: IncomingMessage, corpo: Buffer, bucket?: string, chave?: string) {
  const consulta = new URLSearchParams((req.url ?? "").split("?")[1] ?? "");
  const objetosDoBucket = bucket ? s.buckets.get(bucket) : undefined;
  if (bucket && !chave && req.method === "GET" && consulta.get("list-type") === "2" && objetosDoBucket)
    return listar(objetosDoBucket, bucket, consulta, s.paginaListagem);
  if (!bucket || !chave)
    return { erro: { status: 501, codigo: "NotImplemented", mensagem: "Only object operations, path style." } };
  const objetos = s.buckets.get(bucket);
  if (!objetos)
    return {
      erro: {
        status: 404,
        codigo: "NoSuchBucket",
        mensagem: "The specified bucket does not exist",
        extra: { BucketName: bucket },
      },
    };
  const semChave = { status: 404, codigo: "NoSuchKey", mensagem: "The specified key does not exist.", extra: { Key: chave } };
  switch (req.method) {
    case "PUT": {
      const etag = `"${createHash("md5").update(corpo).digest("hex")}"`;
      objetos.set(chave, {
        dados: corpo,
        tipo: String(req.headers["content-type"] ?? "binary/octet-stream"),
        etag,
        modificado: new Date(),
      });
      return { status: 200, cabecalhos: { ETag: etag } };
    }
    case "GET":
    case "HEAD": {
      const o = objetos.get(chave);
      if (!o) return { erro: semChave };
      const cabecalhos = {
        "Content-Type": o.tipo,
        "Content-Length": String(o.dados.length),
        ETag: o.etag,
        "Last-Modified": o.modificado.toUTCString(),
      };
      return { status: 200, cabecalhos, corpo: req.method === "GET" ? o.dados : undefined };
    }
    case "DELETE":
      objetos.delete(chave); // 204 whether or not it existed, as S3
      return { status: 204 };
    default:
      return {
        erro: { status: 405, codigo: "MethodNotAllowed", mensagem: "The specified method is not allowed against this resource." },
      };
  }
}

export async function iniciarFakeS3(
  o: { buckets?: string[]; regiao?: string; chaveAcesso?: string; segredo?: string } = {},
): Promise<TServidorS3> {
  const buckets = o.buckets ?? ["crm-arquivos"];
  const s: TServidorS3 = {
    url: "",
    bucket: buckets[0] as string,
    regiao: o.regiao ?? "us-east-1",
    chaveAcesso: o.chaveAcesso ?? "AKIAFAKES3TESTE00001",
    segredo: o.segredo ?? randomBytes(20).toString("base64"),
    buckets: new Map(buckets.map((b) => [b, new Map()])),
    paginaListagem: 1000,
    pedidos: [],
    limpar: () => {
      s.pedidos.length = 0;
      for (const b of s.buckets.values()) b.clear();
    },
    fechar: () => new Promise((r) => servidor.close(() => r())),
  };
  const servidor = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const corpo = await lerCorpo(req);
    const caminho = (req.url ?? "/").split("?")[0] as string;
    const [, bucketCru, ...resto] = caminho.split("/");
    const bucket = bucketCru ? decodeURIComponent(bucketCru) : undefined;
    const chave = resto.length ? decodeURIComponent(resto.join("/")) : undefined;
    const idPedido = randomBytes(8).toString("hex").toUpperCase();
    const registrar = (status: number, codigo?: string) =>
      s.pedidos.push({
        metodo: req.method ?? "",
        caminho,
        bucket,
        chave,
        cabecalhos: req.headers,
        tamanho: corpo.length,
        status,
        codigo,
      });
    const erroAuth = verificarAssinatura(s, req, corpo);
    const r = erroAuth ? { erro: erroAuth } : atender(s, req, corpo, bucket, chave);
    res.setHeader("x-amz-request-id", idPedido);
    res.setHeader("Server", "AmazonS3");
    if ("erro" in r && r.erro) {
      const e: TErroS3 = r.erro;
      const extra = Object.entries(e.extra ?? {})
        .map(([k, v]) => `<${k}>${xml(v)}</${k}>`)
        .join("");
      const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${e.codigo}</Code><Message>${xml(e.mensagem)}</Message>${extra}<RequestId>${idPedido}</RequestId><HostId>fake-s3</HostId></Error>`;
      res.writeHead(e.status, { "Content-Type": "application/xml" });
      // HEAD answers never carry a body: the client only sees the status
      res.end(req.method === "HEAD" ? undefined : body);
      registrar(e.status, e.codigo);
      return;
    }
    const ok = r as { status: number; cabecalhos?: Record<string, string>; corpo?: Buffer };
    res.writeHead(ok.status, ok.cabecalhos);
    res.end(ok.corpo);
    registrar(ok.status);
  });
  await new Promise<void>((r) => servidor.listen(0, "127.0.0.1", r));
  s.url = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`;
  return s;
}

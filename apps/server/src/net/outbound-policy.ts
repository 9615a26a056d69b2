import ipaddr from "ipaddr.js";

/**
 * Which addresses a URL typed by a company (gateway, AI base URL, webhook target) may reach (decision 0016).
 * Only public unicast addresses, unless the operator allows a host, an address or a network in
 * OUTBOUND_ALLOWED_HOSTS. Cloud metadata services are refused even then. Pure functions: the fetch in
 * outbound.ts applies them to every address it resolves, at every redirect.
 */

type TIp = ipaddr.IPv4 | ipaddr.IPv6;

/** One allow-list entry: a host name, or an address/network; with a port, only that port. */
type TRegraSaida =
  | { tipo: "host"; host: string; porta: number | null; texto: string }
  | { tipo: "rede"; rede: [TIp, number]; porta: number | null; texto: string };

export type TPoliticaSaida = { permitidos: readonly TRegraSaida[] };

/** The product's default: no exception, every internal address refused. */
export const POLITICA_ESTRITA: TPoliticaSaida = { permitidos: [] };

/**
 * Instance metadata and host services of the clouds: they hand out credentials to whoever asks from inside.
 * Most sit in ranges refused anyway (link-local, CGNAT, fc00::/7); Azure's WireServer is a public address.
 */
const METADADOS: readonly [TIp, number][] = [
  ["169.254.169.254", 32], // AWS, GCP, Azure, OCI, DigitalOcean, OpenStack
  ["169.254.170.2", 32], // AWS ECS task metadata
  ["169.254.169.123", 32], // AWS time sync
  ["100.100.100.200", 32], // Alibaba Cloud
  ["168.63.129.16", 32], // Azure WireServer
  ["fd00:ec2::254", 128], // AWS (IPv6)
  ["fd00:ec2::23", 128], // AWS DNS (IPv6)
  ["fd20:ce::254", 128], // GCP (IPv6)
].map(([ip, bits]) => [ipaddr.parse(ip as string), bits as number] as [TIp, number]);

/** IPv4-compatible IPv6 (::a.b.c.d, deprecated): not listed by ipaddr.js, still an IPv4 address in disguise. */
const IPV4_COMPATIVEL: [TIp, number] = [ipaddr.parse("::"), 96];
/** NAT64 well-known prefix: the last 32 bits are the IPv4 address the translator reaches. */
const NAT64: [TIp, number] = [ipaddr.parse("64:ff9b::"), 96];

function dentro(ip: TIp, [rede, bits]: [TIp, number]): boolean {
  return ip.kind() === rede.kind() && ip.match(rede, bits);
}

/** An IPv4 address embedded in an IPv6 one at its last 32 bits. */
function ipv4Final(ip: ipaddr.IPv6): ipaddr.IPv4 {
  const b = ip.toByteArray();
  return new ipaddr.IPv4(b.slice(12));
}

/**
 * Why an address may not be reached, or null for a public unicast address. The names are ipaddr.js's ranges
 * ('loopback', 'private', 'linkLocal', 'uniqueLocal', 'carrierGradeNat', 'multicast', 'unspecified',
 * 'reserved', ...) plus 'metadata'. IPv4-mapped, IPv4-compatible and NAT64 IPv6 are judged by their IPv4.
 */
export function classificarEndereco(endereco: string): string | null {
  if (!ipaddr.isValid(endereco)) return "invalid";
  let ip: TIp = ipaddr.process(endereco); // ::ffff:a.b.c.d → a.b.c.d
  if (METADADOS.some((m) => dentro(ip, m))) return "metadata";
  if (ip.kind() === "ipv6" && !ip.match(ipaddr.parse("::"), 128) && !ip.match(ipaddr.parse("::1"), 128)) {
    if (dentro(ip, IPV4_COMPATIVEL) || dentro(ip, NAT64)) {
      ip = ipv4Final(ip as ipaddr.IPv6);
      if (METADADOS.some((m) => dentro(ip, m))) return "metadata";
    }
  }
  const faixa = ip.range();
  return faixa === "unicast" ? null : faixa;
}

function porta(texto: string, entrada: string): number {
  const n = Number(texto);
  if (!/^\d{1,5}$/.test(texto) || n < 1 || n > 65535) throw new Error(`porta inválida em "${entrada}"`);
  return n;
}

const NOME_HOST = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/** One entry: `host`, `host:port`, `10.0.0.5`, `10.0.0.5:8080`, `::1`, `[::1]:8080`, `10.0.0.0/8`, `fd00::/8`. */
function lerEntrada(entrada: string): TRegraSaida {
  const texto = entrada.trim().toLowerCase();
  if (texto.includes("://")) throw new Error(`entrada inválida "${entrada}": só o host, sem http://`);
  if (texto.includes("/")) {
    try {
      const [rede, bits] = ipaddr.parseCIDR(texto);
      return { tipo: "rede", rede: [rede, bits], porta: null, texto };
    } catch {
      throw new Error(`rede inválida "${entrada}" (ex.: 10.0.0.0/8)`);
    }
  }
  const entreColchetes = /^\[([^\]]+)\](?::(\d+))?$/.exec(texto);
  if (entreColchetes) {
    const [, ip, p] = entreColchetes;
    if (!ipaddr.IPv6.isValid(ip)) throw new Error(`endereço IPv6 inválido em "${entrada}"`);
    return { tipo: "rede", rede: [ipaddr.parse(ip), 128], porta: p ? porta(p, entrada) : null, texto };
  }
  if (ipaddr.IPv6.isValid(texto)) return { tipo: "rede", rede: [ipaddr.parse(texto), 128], porta: null, texto };
  const [host, p, ...resto] = texto.split(":");
  if (resto.length) throw new Error(`entrada inválida "${entrada}" (IPv6 com porta: [::1]:8080)`);
  const portaRegra = p === undefined ? null : porta(p, entrada);
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) return { tipo: "rede", rede: [ipaddr.parse(host), 32], porta: portaRegra, texto };
  const nome = host.replace(/\.$/, "");
  if (!NOME_HOST.test(nome)) throw new Error(`host inválido "${entrada}"`);
  return { tipo: "host", host: nome, porta: portaRegra, texto };
}

/**
 * Reads OUTBOUND_ALLOWED_HOSTS: entries separated by commas (or spaces). Throws an Error naming the bad entry,
 * so a typo stops the start instead of silently allowing nothing.
 */
export function lerPoliticaSaida(valor: string | undefined, extras: readonly string[] = []): TPoliticaSaida {
  const entradas = [...(valor ?? "").split(/[\s,]+/), ...extras].filter((e) => e.trim() !== "");
  return { permitidos: entradas.map(lerEntrada) };
}

/** `host:port` of an operator-set URL (e.g. WHATSAPP_GRAPH_URL), as an allow-list entry. */
export function entradaDaUrl(url: string): string {
  const u = new URL(url);
  const p = u.port || (u.protocol === "https:" ? "443" : "80");
  return `${u.hostname}:${p}`;
}

/** The name as the allow-list compares it: lower case, no brackets, no final dot. */
export function normalizarHost(host: string): string {
  return host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "");
}

/** The operator allowed this host name (and port), whatever it resolves to (metadata aside). */
function hostPermitido(politica: TPoliticaSaida, host: string, portaDestino: number): boolean {
  const nome = normalizarHost(host);
  return politica.permitidos.some((r) => r.tipo === "host" && r.host === nome && (r.porta === null || r.porta === portaDestino));
}

export type TVeredito = { ok: true } | { ok: false; motivo: string; endereco: string };

/**
 * May a connection to `endereco` (an address the host resolved to, or the URL's literal address) on
 * `portaDestino` be made? Metadata never; an allowed host name or an allowed address/network yes; otherwise
 * only a public unicast address.
 */
export function avaliarEndereco(politica: TPoliticaSaida, destino: { host: string; porta: number }, endereco: string): TVeredito {
  const motivo = classificarEndereco(endereco);
  if (motivo === "metadata" || motivo === "invalid") return { ok: false, motivo, endereco };
  if (motivo === null) return { ok: true };
  if (hostPermitido(politica, destino.host, destino.porta)) return { ok: true };
  const ip = ipaddr.process(endereco);
  const coberto = politica.permitidos.some(
    (r) => r.tipo === "rede" && dentro(ip, r.rede) && (r.porta === null || r.porta === destino.porta),
  );
  return coberto ? { ok: true } : { ok: false, motivo, endereco };
}

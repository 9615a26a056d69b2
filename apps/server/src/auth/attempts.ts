import ipaddr from "ipaddr.js";
import type { TTx } from "../db/tenant.js";

/**
 * Throttling of password guesses and reset requests (decision 0015, OWASP ASVS V2.2.1), counted in PostgreSQL
 * (auth_tentativas) so every server instance shares it. What refuses is always tied to the source:
 * - one account from one source (`par`): a guesser is stopped on that account without touching its owner elsewhere;
 * - one source across accounts (`origem`): password spraying from one address stops.
 * The account as a whole is never refused: its failures from every source only slow each attempt on it down
 * (a progressive delay, `atrasoProgressivoMs`), skipped for an address the account signed in from before.
 * So an attacker can lock out only himself, and a password reset always works (its own per-source limits only).
 */
export const LIMITE_TENTATIVAS = {
  login: {
    par: { max: 10, janelaS: 15 * 60 },
    origem: { max: 100, janelaS: 60 * 60 },
  },
  redefinicao: {
    par: { max: 5, janelaS: 60 * 60 },
    origem: { max: 30, janelaS: 60 * 60 },
  },
} as const;

/** Progressive delay of sign-in on an account with recent failures from any source. */
export const ATRASO_LOGIN = {
  /** failures of the account within this window count */
  janelaS: 15 * 60,
  /** failures answered without delay (typos) */
  livres: 4,
  /** delay at the first failure over `livres`, doubled at each further one */
  baseMs: 250,
  maximoMs: 8_000,
  /** an address from which the account opened a session this recently is known: no delay there */
  origemConhecidaDias: 30,
} as const;

export type TTipoTentativa = keyof typeof LIMITE_TENTATIVAS;

/**
 * The source an attempt is counted against: the IPv4 address, or the /64 network of an IPv6 address
 * (one subscriber usually owns a whole /64, so counting single addresses would give them 2^64 tries).
 */
export function origemDe(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const a = ipaddr.process(ip); // IPv4-mapped IPv6 becomes IPv4
  if (a.kind() === "ipv4") return a.toString();
  const partes = (a as ipaddr.IPv6).parts.slice(0, 4);
  return `${ipaddr.fromByteArray([...partes.flatMap((p) => [p >> 8, p & 0xff]), ...new Array(8).fill(0)]).toString()}/64`;
}

/** Delay before checking a password on an account with `falhas` recent failures (0 for the first `livres`). */
export function atrasoProgressivoMs(falhas: number): number {
  const excesso = falhas - ATRASO_LOGIN.livres;
  if (excesso <= 0) return 0;
  return Math.min(ATRASO_LOGIN.maximoMs, ATRASO_LOGIN.baseMs * 2 ** (excesso - 1));
}

/** The wait itself, an object so tests can record the delays instead of sleeping them. */
export const espera = {
  dormir: (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms)),
};

// each count stops at its limit (LIMIT inside), so a flood of rows cannot make the check itself slow
const CONTAGENS = `
  (SELECT count(*) FROM (SELECT 1 FROM auth_tentativas WHERE tipo = $1 AND email = $2 AND ip_address = $3
     AND created_at > now() - make_interval(secs => $4) LIMIT $5) p) AS par,
  (SELECT count(*) FROM (SELECT 1 FROM auth_tentativas WHERE tipo = $1 AND ip_address = $3
     AND created_at > now() - make_interval(secs => $6) LIMIT $7) o) AS origem`;

function parametros(tipo: TTipoTentativa, email: string, ip: string): unknown[] {
  const l = LIMITE_TENTATIVAS[tipo];
  return [tipo, email, origemDe(ip), l.par.janelaS, l.par.max, l.origem.janelaS, l.origem.max];
}

/** True when this source reached its limit on this account, or across accounts. Never true for the account alone. */
export async function excedeuLimite(tx: TTx, tipo: TTipoTentativa, email: string, ip: string): Promise<boolean> {
  const l = LIMITE_TENTATIVAS[tipo];
  const { rows } = await tx.query(`SELECT ${CONTAGENS}`, parametros(tipo, email, ip));
  return Number(rows[0].par) >= l.par.max || Number(rows[0].origem) >= l.origem.max;
}

/**
 * Sign-in: whether this source is refused, and how long to wait before checking the password
 * (the account's recent failures from every source, unless the address is one it signed in from before).
 */
export async function situacaoLogin(tx: TTx, email: string, ip: string): Promise<{ recusado: boolean; atrasoMs: number }> {
  const l = LIMITE_TENTATIVAS.login;
  const { rows } = await tx.query(
    `SELECT ${CONTAGENS},
       (SELECT count(*) FROM (SELECT 1 FROM auth_tentativas WHERE tipo = $1 AND email = $2
          AND created_at > now() - make_interval(secs => $8) LIMIT $9) c) AS conta,
       EXISTS (SELECT 1 FROM auth_sessoes s JOIN usuarios_plataforma u ON u.id = s.id_usuario_fk
                WHERE u.email = $2 AND s.ip_address = $10
                  AND s.created_at > now() - make_interval(days => $11)) AS conhecida`,
    [
      ...parametros("login", email, ip),
      ATRASO_LOGIN.janelaS,
      // enough failures to reach the longest delay, no more
      ATRASO_LOGIN.livres + Math.ceil(Math.log2(ATRASO_LOGIN.maximoMs / ATRASO_LOGIN.baseMs)) + 1,
      ip,
      ATRASO_LOGIN.origemConhecidaDias,
    ],
  );
  const r = rows[0];
  return {
    recusado: Number(r.par) >= l.par.max || Number(r.origem) >= l.origem.max,
    atrasoMs: r.conhecida ? 0 : atrasoProgressivoMs(Number(r.conta)),
  };
}

export async function registrarTentativa(tx: TTx, tipo: TTipoTentativa, email: string, ip: string): Promise<void> {
  await tx.query("INSERT INTO auth_tentativas (tipo, email, ip_address) VALUES ($1, $2, $3)", [tipo, email, origemDe(ip)]);
}

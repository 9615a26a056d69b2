import argon2 from "argon2";

/** argon2id with 19 MiB and t=2 (OWASP's minimum recommendation), ARCHITECTURE §5. */
const OPCOES = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export function hashSenha(senha: string): Promise<string> {
  return argon2.hash(senha, OPCOES);
}

export async function verificarSenha(hash: string, senha: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, senha);
  } catch {
    return false;
  }
}

/** A real hash to verify against when the email does not exist, so timing does not reveal accounts. */
let hashFalso: Promise<string> | null = null;
export function hashParaComparacaoFalsa(): Promise<string> {
  hashFalso ??= hashSenha("senha-inexistente-para-tempo-constante");
  return hashFalso;
}

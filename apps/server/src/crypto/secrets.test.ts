import { describe, expect, it } from "vitest";
import { assinadorDeChaves } from "../api-v1/key-format.js";
import { loadConfig } from "../config/config.js";
import { hashDaSupressao, hashesDaSupressao } from "../suppression/keyed-hash.js";
import { cofreDe, mascarar, registrarSegredosAnteriores, segredosAceitos } from "./secrets.js";

describe("company secrets at rest (AES-256-GCM)", () => {
  const cofre = cofreDe("a".repeat(40));
  it("round-trips and never stores the plain text", () => {
    const c = cofre.cifrar("EAAG-token-secreto");
    expect(c.startsWith("v1.")).toBe(true);
    expect(c).not.toContain("token");
    expect(cofre.decifrar(c)).toBe("EAAG-token-secreto");
    expect(cofre.cifrar("x")).not.toBe(cofre.cifrar("x"));
  });
  it("refuses tampered text and another key", () => {
    const c = cofre.cifrar("segredo");
    const adulterado = `${c.slice(0, -2)}${c.endsWith("A") ? "B" : "A"}A`;
    expect(cofre.decifrar(adulterado)).toBeNull();
    expect(cofreDe("b".repeat(40)).decifrar(c)).toBeNull();
    expect(cofre.decifrar("texto puro")).toBeNull();
  });
  it("masks to the last 4 characters", () => {
    expect(mascarar("sk-1234567890abcd")).toEqual({ definido: true, mascara: "••••••••abcd" });
    expect(mascarar("curto")).toEqual({ definido: true, mascara: "••••••••" });
    expect(mascarar(null)).toEqual({ definido: false, mascara: null });
  });
});

describe("APP_SECRET_PREVIOUS: a rotation keeps what the old secret made (decision 1946)", () => {
  const antigo = "c".repeat(40);
  const novo = "d".repeat(40);
  it("decrypts the old secret's ciphertexts only while it is listed, and encrypts with the new one", () => {
    const velho = cofreDe(antigo).cifrar("EAAG-token-de-antes");
    expect(cofreDe(novo).decifrar(velho)).toBeNull();
    registrarSegredosAnteriores(novo, [antigo]);
    try {
      expect(cofreDe(novo).decifrar(velho)).toBe("EAAG-token-de-antes");
      const recente = cofreDe(novo).cifrar("EAAG-token-de-agora");
      // made with APP_SECRET itself: the old secret cannot read it
      expect(cofreDe(antigo).decifrar(recente)).toBeNull();
      expect(segredosAceitos(novo)).toEqual([novo, antigo]);
    } finally {
      registrarSegredosAnteriores(novo, []);
    }
    expect(cofreDe(novo).decifrar(velho)).toBeNull();
  });

  it("reads an API key signed with the old secret; signs new ones with APP_SECRET", () => {
    const { chave } = assinadorDeChaves(antigo).gerar("3f0c9a1e-1111-4222-8333-444455556666");
    expect(assinadorDeChaves(novo).ler(chave)).toBeNull();
    registrarSegredosAnteriores(novo, [antigo]);
    try {
      expect(assinadorDeChaves(novo).ler(chave)).toMatchObject({
        empresaId: "3f0c9a1e-1111-4222-8333-444455556666",
        assinada: true,
      });
      const nova = assinadorDeChaves(novo).gerar("3f0c9a1e-1111-4222-8333-444455556666").chave;
      expect(assinadorDeChaves(antigo).ler(nova)).toBeNull();
    } finally {
      registrarSegredosAnteriores(novo, []);
    }
  });

  it("looks a suppressed value up under every accepted secret, the new one first", () => {
    registrarSegredosAnteriores(novo, [antigo]);
    try {
      expect(hashesDaSupressao(novo, "cpf", "52998224725")).toEqual([
        hashDaSupressao(novo, "cpf", "52998224725"),
        hashDaSupressao(antigo, "cpf", "52998224725"),
      ]);
    } finally {
      registrarSegredosAnteriores(novo, []);
    }
  });

  it("refuses a short previous secret at start, in pt-BR", () => {
    expect(() => loadConfig({ APP_SECRET: novo, APP_SECRET_PREVIOUS: `${antigo}, curto` })).toThrow(
      /cada segredo de APP_SECRET_PREVIOUS precisa de pelo menos 32 caracteres/,
    );
  });
});

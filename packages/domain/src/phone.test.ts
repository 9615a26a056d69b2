import fc from "fast-check";
import { isValidPhoneNumber } from "libphonenumber-js/mobile";
import { describe, expect, it } from "vitest";
import {
  DDDS_BRASIL,
  limparTelefone,
  linkTelefone,
  linkWhatsApp,
  normalizarTelefone,
  telefoneValido,
  trechosTelefoneBusca,
} from "./phone";
import { formatarTelefone } from "./phone-display";

const ddd = fc.constantFrom(...[...DDDS_BRASIL].map(String));
const digitos = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((a) => a.join(""));
/** a mobile: DDD and 8 digits after the 9 */
const celular = fc.record({ ddd, resto: digitos(8) });
/** a landline: DDD and 8 digits starting 2–5 */
const fixo = fc.record({ ddd, inicio: fc.constantFrom("2", "3", "4", "5"), resto: digitos(7) });
const separador = fc.constantFrom("", " ", "-", ".", "  ");

describe("normalizarTelefone", () => {
  it("gives one identity to every way of writing a mobile number", () => {
    const forms = [
      "(11) 98765-4321",
      "11987654321",
      "+55 11 98765-4321",
      "5511987654321",
      "011 98765 4321",
      "+55 (11) 8765-4321",
      "551187654321",
      "0055 11 98765 4321",
      "11 8765-4321",
    ];
    expect(new Set(forms.map((f) => normalizarTelefone(f)))).toEqual(new Set(["5511987654321"]));
  });

  it("property: every written form of a mobile is 55 + DDD + 9 + its 8 digits", () => {
    fc.assert(
      fc.property(celular, separador, fc.boolean(), fc.constantFrom("", "55", "+55 ", "0", "0055 "), (c, s, comNove, prefixo) => {
        const numero = `${comNove ? "9" : ""}${c.resto}`;
        // an 8-digit local number starting 0/1 is no mobile without its 9
        fc.pre(comNove || /^[6-9]/.test(c.resto));
        const escrito = `${prefixo}(${c.ddd})${s}${numero.slice(0, numero.length - 4)}${s}${numero.slice(-4)}`;
        expect(normalizarTelefone(escrito)).toBe(`55${c.ddd}9${c.resto}`);
      }),
    );
  });

  it("property: landlines (8 digits starting 2–5) stay landlines, never get a ninth digit", () => {
    fc.assert(
      fc.property(fixo, separador, fc.constantFrom("", "55", "+55 ", "0"), (f, s, prefixo) => {
        const local = `${f.inicio}${f.resto}`;
        expect(normalizarTelefone(`${prefixo}${f.ddd}${s}${local.slice(0, 4)}${s}${local.slice(4)}`)).toBe(`55${f.ddd}${local}`);
      }),
    );
  });

  it("keeps foreign numbers typed with + or 00 with their country code", () => {
    expect(normalizarTelefone("+1 (415) 555-2671")).toBe("14155552671");
    expect(normalizarTelefone("0044 20 7946 0958")).toBe("442079460958");
    expect(normalizarTelefone("+351 912 345 678")).toBe("351912345678");
  });

  it("property: a foreign number with + keeps all its digits", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), digitos(9), (primeiro, resto) => {
        fc.pre(!`${primeiro}${resto}`.startsWith("55"));
        expect(normalizarTelefone(`+${primeiro}${resto}`)).toBe(`${primeiro}${resto}`);
      }),
    );
  });

  it("reads WhatsApp's numbers (wa_id, remoteJid) as carrying their country code", () => {
    expect(normalizarTelefone("14155552671", { internacional: true })).toBe("14155552671");
    expect(normalizarTelefone("5511987654321@s.whatsapp.net", { internacional: true })).toBe("5511987654321");
    expect(normalizarTelefone("551187654321", { internacional: true })).toBe("5511987654321");
    expect(normalizarTelefone("120363@g.us", { internacional: true })).toBeNull();
  });

  it("refuses what cannot be a phone", () => {
    for (const t of [
      "",
      "abc",
      "1234",
      "9876-5432",
      "(10) 98765-4321",
      "(11) 18765-4321",
      "(11) 08765-432",
      "+55 11 1234",
      "12345678901234567890",
      "0800 123 4567",
      "+0 123456789",
    ])
      expect(normalizarTelefone(t), t).toBeNull();
    expect(normalizarTelefone(null)).toBeNull();
    expect(telefoneValido("(11) 98765-4321")).toBe(true);
    expect(telefoneValido("98765-4321")).toBe(false);
  });

  it("property: the canonical form reads back as itself, and so does its formatted text", () => {
    const qualquer = fc.oneof(
      celular.map((c) => `(${c.ddd}) 9${c.resto}`),
      fixo.map((f) => `${f.ddd} ${f.inicio}${f.resto}`),
      fc.tuple(fc.integer({ min: 1, max: 9 }), digitos(10)).map(([a, b]) => `+${a}${b}`),
    );
    fc.assert(
      fc.property(qualquer, (t) => {
        const n = normalizarTelefone(t);
        fc.pre(n !== null);
        expect(normalizarTelefone(n, { internacional: true })).toBe(n);
        expect(normalizarTelefone(formatarTelefone(n))).toBe(n);
      }),
    );
  });
});

describe("formatarTelefone", () => {
  it("shows mobiles, landlines and foreign numbers as people read them", () => {
    expect(formatarTelefone("5511970002222")).toBe("(11) 97000-2222");
    expect(formatarTelefone("551134567890")).toBe("(11) 3456-7890");
    expect(formatarTelefone("14155552671")).toBe("+1 415 555 2671");
    expect(formatarTelefone("11 97000-2222")).toBe("(11) 97000-2222");
    expect(formatarTelefone("ramal 12")).toBe("ramal 12");
    expect(formatarTelefone(null)).toBe("");
  });
});

describe("libphonenumber (decision 1744)", () => {
  it("groups a foreign number as its country writes it, and the text reads back as the same number", () => {
    for (const [canonico, escrito] of [
      ["442079460958", "+44 20 7946 0958"],
      ["351912345678", "+351 912 345 678"],
      ["4915123456789", "+49 1512 3456789"],
      ["5491123456789", "+54 9 11 2345 6789"],
    ]) {
      expect(formatarTelefone(canonico)).toBe(escrito);
      expect(normalizarTelefone(escrito)).toBe(canonico);
    }
  });

  it("knows Brazil's 67 area codes: none of 10, 20, 23, 25, 26, 29, 30, 36, 39, 40, 50, 52, 56–60, 70, 72, 76, 78, 80, 90", () => {
    expect(DDDS_BRASIL.size).toBe(67);
    // the list written out in phone.ts is the one the installed libphonenumber accepts (decision 1744)
    const daBiblioteca = Array.from({ length: 89 }, (_, i) => 11 + i).filter((d) => isValidPhoneNumber(`+55${d}987654321`));
    expect([...DDDS_BRASIL]).toEqual(daBiblioteca);
    for (const ddd of [11, 19, 21, 55, 61, 68, 79, 99]) expect(DDDS_BRASIL.has(ddd), String(ddd)).toBe(true);
    for (const ddd of [10, 20, 23, 25, 26, 29, 30, 36, 39, 40, 50, 52, 56, 57, 58, 59, 60, 70, 72, 76, 78, 80, 90])
      expect(DDDS_BRASIL.has(ddd), String(ddd)).toBe(false);
  });
});

describe("links", () => {
  it("wa.me and tel: always use the full number with its country code", () => {
    expect(linkWhatsApp("+55 (11) 98765-4321")).toBe("https://wa.me/5511987654321");
    expect(linkWhatsApp("5511970002222")).toBe("https://wa.me/5511970002222");
    expect(linkWhatsApp("11 97000-2222")).toBe("https://wa.me/5511970002222");
    expect(linkWhatsApp("14155552671")).toBe("https://wa.me/14155552671");
    expect(linkTelefone("5511970002222")).toBe("tel:+5511970002222");
  });
});

describe("trechosTelefoneBusca", () => {
  it("looks for any run of 4 or more digits, and a whole number by its canonical form", () => {
    expect(trechosTelefoneBusca("1111")).toEqual(["1111"]);
    expect(trechosTelefoneBusca("97000-1111")).toEqual(["970001111"]);
    expect(trechosTelefoneBusca("(11) 97000")).toEqual(["1197000"]);
    expect(trechosTelefoneBusca("(11) 7000-1111")).toEqual(["1170001111", "5511970001111"]);
    expect(trechosTelefoneBusca("123")).toBeNull();
    expect(trechosTelefoneBusca("rua 1234")).toBeNull();
  });
  it("property: every run of 4+ digits of a canonical phone is a prefix of one of its suffixes", () => {
    fc.assert(
      fc.property(celular, fc.nat(), fc.nat(), (c, a, b) => {
        const n = `55${c.ddd}9${c.resto}`;
        const inicio = a % (n.length - 3);
        const fim = inicio + 4 + (b % (n.length - inicio - 3));
        const [trecho] = trechosTelefoneBusca(n.slice(inicio, fim)) as string[];
        const sufixos = Array.from({ length: n.length - 3 }, (_, i) => n.slice(i));
        expect(sufixos.some((s) => s.startsWith(trecho))).toBe(true);
      }),
    );
  });
});

describe("limparTelefone (001 §5)", () => {
  it("strips non-digits and prefixes 55 to 11-digit numbers", () => {
    expect(limparTelefone("(11) 98765-4321")).toBe("5511987654321");
    expect(limparTelefone("+55 11 98765-4321")).toBe("5511987654321");
  });
});

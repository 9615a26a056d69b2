import { describe, expect, it } from "vitest";
import { ehId, zId } from "./id";

describe("the one id schema (decision 1792)", () => {
  const validos = [
    "1b7e5be4-bb3a-49d2-b64e-cab78fc4b3ff", // gen_random_uuid (v4)
    "1B7E5BE4-BB3A-49D2-B64E-CAB78FC4B3FF", // PostgreSQL reads either case
    "00000000-0000-0000-0000-000000000001", // no version digit: imported data, fixed test ids
  ];
  const invalidos = ["", "nao-e-um-id", "1b7e5be4bb3a49d2b64ecab78fc4b3ff", "{1b7e5be4-bb3a-49d2-b64e-cab78fc4b3ff}", "1'; --"];

  it("takes any canonical uuid text and refuses the rest, the same in a schema and outside one", () => {
    for (const v of validos) expect([ehId(v), zId().safeParse(v).success], v).toEqual([true, true]);
    for (const v of invalidos) expect([ehId(v), zId().safeParse(v).success], v).toEqual([false, false]);
  });

  it("keeps a schema's own pt-BR message", () => {
    const r = zId({ error: "Empresa não encontrada" }).safeParse("x");
    expect(r.success ? "" : r.error.issues[0].message).toBe("Empresa não encontrada");
  });
});

import { describe, expect, it } from "vitest";
import { campoDoErroDoBanco } from "./error-handler.js";

describe("a database refusal names its field where PostgreSQL tells it (decision 1601)", () => {
  it("from a NOT NULL violation's column and a default-named CHECK constraint; none from a data exception", () => {
    expect(campoDoErroDoBanco({ column: "nome", table: "leads_juros_check" })).toBe("nome");
    expect(campoDoErroDoBanco({ constraint: "leads_juros_check_valor_parcela_check", table: "leads_juros_check" })).toBe(
      "valor_parcela",
    );
    expect(campoDoErroDoBanco({ constraint: "leads_telefone_unico", table: "leads_juros_check" })).toBeNull();
    expect(campoDoErroDoBanco({})).toBeNull();
  });
});

import { MSG } from "@crm/domain/messages";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";

const t = useTestApp();

/** Found by the fuzz pass: sign-in input that reached PostgreSQL as is answered 500. */
describe("POST /api/auth/login refuses input no account can have, with a 4xx", () => {
  it.each([
    [
      "an email longer than an address can be",
      { email: `${"a".repeat(300_000)}@x.com.br`, password: "123456" },
      MSG.emailInvalido,
    ],
    ["a NUL byte in the email", { email: "a\u0000b@x.com.br", password: "123456" }, MSG.textoComCaractereNulo],
  ])("%s", async (_caso, payload, erro) => {
    const res = await t.navegador().req({ method: "POST", url: "/api/auth/login", payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().erro).toBe(erro);
  });
});

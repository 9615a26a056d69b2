import { describe, expect, it } from "vitest";
import { naConexaoDireta } from "./direct-connection.js";

describe("naConexaoDireta (decision 1901)", () => {
  it("keeps the user and password, and takes the direct address: host, port, database, parameters", () => {
    expect(
      naConexaoDireta(
        "postgres://crm_app:s%40nha@pgbouncer.lan:6432/crm_pool",
        "postgres://qualquer:coisa@db.lan:5432/crm?sslmode=require",
      ),
    ).toBe("postgres://crm_app:s%40nha@db.lan:5432/crm?sslmode=require");
  });

  it("is the URL itself without a direct address", () => {
    expect(naConexaoDireta("postgres://crm_app:s@db.lan:5432/crm", undefined)).toBe("postgres://crm_app:s@db.lan:5432/crm");
  });
});

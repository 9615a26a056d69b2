import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";

const base = { APP_SECRET: "x".repeat(40), DATA_DIR: "/tmp/crm-test-data" };

describe("listen address (HOST)", () => {
  it("is loopback only on the embedded database, the try-out on one machine", () => {
    expect(loadConfig(base).host).toBe("127.0.0.1");
    expect(loadConfig({ ...base, DATABASE_URL: "" }).host).toBe("127.0.0.1");
  });

  it("is every interface with an external database, a server", () => {
    expect(loadConfig({ ...base, DATABASE_URL: "postgres://crm@db.exemplo:5432/crm" }).host).toBe("0.0.0.0");
  });

  it("is what HOST says when it is set", () => {
    expect(loadConfig({ ...base, HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    expect(loadConfig({ ...base, HOST: "::", DATABASE_URL: "postgres://crm@db.exemplo:5432/crm" }).host).toBe("::");
    expect(loadConfig({ ...base, HOST: "127.0.0.1", DATABASE_URL: "postgres://crm@db.exemplo:5432/crm" }).host).toBe("127.0.0.1");
  });
});

describe("what the instance does (ROLE, decision 1855)", () => {
  it("does everything by default, and what ROLE names", () => {
    expect(loadConfig(base).papel).toBe("all");
    for (const papel of ["web", "worker", "all"] as const) expect(loadConfig({ ...base, ROLE: papel }).papel).toBe(papel);
  });

  it("refuses to start on any other value, saying in pt-BR which ones exist", () => {
    expect(() => loadConfig({ ...base, ROLE: "workers" })).toThrow(
      "Configuração inválida:\n  ROLE: use web, worker, all (o padrão é all)",
    );
  });
});

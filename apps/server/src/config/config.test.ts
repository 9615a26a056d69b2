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

describe("behind a pooler (DATABASE_LISTEN_URL, DATABASE_POOLER, decision 1901)", () => {
  const externo = { ...base, DATABASE_URL: "postgres://dono:s@pgbouncer.lan:6432/crm" };

  it("is no pooler and no direct address by default", () => {
    const c = loadConfig(externo);
    expect(c.poolerDeTransacao).toBe(false);
    expect(c.databaseListenUrl).toBeUndefined();
  });

  it("takes a transaction pooler with the direct address beside it", () => {
    const c = loadConfig({
      ...externo,
      DATABASE_POOLER: "transaction",
      DATABASE_LISTEN_URL: "postgres://db.lan:5432/crm",
    });
    expect(c.poolerDeTransacao).toBe(true);
    expect(c.databaseListenUrl).toBe("postgres://db.lan:5432/crm");
  });

  it("refuses a transaction pooler without the direct address, and a direct address without DATABASE_URL", () => {
    expect(() => loadConfig({ ...externo, DATABASE_POOLER: "transaction" })).toThrow(
      "DATABASE_LISTEN_URL: obrigatório quando DATABASE_POOLER=transaction",
    );
    expect(() => loadConfig({ ...base, DATABASE_LISTEN_URL: "postgres://db.lan:5432/crm" })).toThrow(
      "DATABASE_LISTEN_URL: só vale com DATABASE_URL",
    );
    expect(() => loadConfig({ ...externo, DATABASE_POOLER: "session" })).toThrow(
      "DATABASE_POOLER: use none ou transaction (o padrão é none)",
    );
  });
});

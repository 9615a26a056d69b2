import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config/config.js";
import { politicaSaidaAtual } from "./outbound.js";
import { avaliarEndereco } from "./outbound-policy.js";

const dir = mkdtempSync(path.join(tmpdir(), "crm-outbound-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const base = { APP_SECRET: "x".repeat(40), DATA_DIR: dir, LOG_LEVEL: "silent" };

describe("OUTBOUND_ALLOWED_HOSTS in the configuration", () => {
  it("unset: the product refuses loopback and private addresses; only the operator's Graph host is listed", () => {
    const c = loadConfig(base);
    expect(c.outbound.permitidos.map((r) => r.texto)).toEqual(["graph.facebook.com:443"]);
    expect(politicaSaidaAtual()).toBe(c.outbound); // what the providers' fetch helper and the AI client use
    for (const ip of ["127.0.0.1", "::1", "10.0.0.5", "192.168.0.2"])
      expect(avaliarEndereco(c.outbound, { host: "localhost", porta: 80 }, ip).ok).toBe(false);
  });

  it("set: its entries, plus a Graph URL the operator pointed elsewhere", () => {
    const c = loadConfig({
      ...base,
      OUTBOUND_ALLOWED_HOSTS: "gateway.lan, 10.0.0.5:8080",
      WHATSAPP_GRAPH_URL: "http://127.0.0.1:4010",
    });
    expect(c.outbound.permitidos.map((r) => r.texto)).toEqual(["gateway.lan", "10.0.0.5:8080", "127.0.0.1:4010"]);
    expect(avaliarEndereco(c.outbound, { host: "gateway.lan", porta: 8080 }, "192.168.0.9").ok).toBe(true);
    expect(avaliarEndereco(c.outbound, { host: "x", porta: 8080 }, "10.0.0.5").ok).toBe(true);
    expect(avaliarEndereco(c.outbound, { host: "x", porta: 80 }, "10.0.0.5").ok).toBe(false);
  });

  it("a typo stops the start with a clear reason", () => {
    expect(() => loadConfig({ ...base, OUTBOUND_ALLOWED_HOSTS: "gateway.lan:80800" })).toThrow(
      'Configuração inválida:\n  OUTBOUND_ALLOWED_HOSTS: porta inválida em "gateway.lan:80800"',
    );
    expect(() => loadConfig({ ...base, OUTBOUND_ALLOWED_HOSTS: "http://gateway.lan" })).toThrow(/só o host, sem http:\/\//);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresa } from "../../test/factories.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { INTERVALO_ENVIO_MS, reservarVaga } from "./pacing.js";

const t = useTestApp();
let empresaId: string;
beforeAll(async () => {
  empresaId = (await unsafeWithSystem(t.deps.db.app, "teste", (tx) => criarEmpresa(tx))).id;
});

const reservar = (provedor: "official" | "unofficial") =>
  unsafeWithSystem(t.deps.db.app, "teste", (tx) => reservarVaga(tx, empresaId, provedor));

describe("send pacing per company number", () => {
  it("spaces a gateway's sends one second apart, shared through the session row", async () => {
    const esperas = await Promise.all([reservar("unofficial"), reservar("unofficial"), reservar("unofficial")]);
    esperas.sort((a, b) => a - b);
    expect(esperas[0]).toBeLessThan(100);
    expect(esperas[1]).toBeGreaterThan(INTERVALO_ENVIO_MS.unofficial - 200);
    expect(esperas[2]).toBeGreaterThan(2 * INTERVALO_ENVIO_MS.unofficial - 200);
  });
  it("lets the official API send about 80 per second", async () => {
    await new Promise((r) => setTimeout(r, 3_000)); // the gateway's queue above has drained
    const esperas: number[] = [];
    for (let i = 0; i < 80; i++) esperas.push(await reservar("official"));
    expect(Math.max(...esperas)).toBeLessThan(1_100);
    expect(INTERVALO_ENVIO_MS.official * 80).toBeLessThanOrEqual(1_050);
  });
});

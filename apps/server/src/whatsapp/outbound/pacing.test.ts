import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/app.js";
import { criarEmpresa } from "../../../test/factories.js";
import { unsafeWithSystem } from "../../db/tenant.js";
import { INTERVALO_ENVIO_MS, reservarVaga, reservarVagas } from "./pacing.js";

const t = useTestApp();
let empresaId: string;
beforeAll(async () => {
  empresaId = (await unsafeWithSystem(t.deps.db.app, "teste", (tx) => criarEmpresa(tx))).id;
});

// every reservation at a fixed instant: the waits are exact, however slowly a loaded machine runs them
const reservar = (provedor: "official" | "unofficial", agora: Date) =>
  unsafeWithSystem(t.deps.db.app, "teste", (tx) => reservarVaga(tx, empresaId, provedor, agora));
const T0 = new Date("2026-12-07T12:00:00Z");
const depois = (ms: number) => new Date(T0.getTime() + ms);

describe("send pacing per company number", () => {
  it("spaces a gateway's sends one second apart, shared through the session row", async () => {
    const esperas = await Promise.all([reservar("unofficial", T0), reservar("unofficial", T0), reservar("unofficial", T0)]);
    expect(esperas.sort((a, b) => a - b)).toEqual([0, 1_000, 2_000]);
    // half a second later the queue is 2.5 s long: the next waits for it
    expect(await reservar("unofficial", depois(500))).toBe(2_500);
  });

  it("lets the official API send about 80 per second, once the earlier queue has drained", async () => {
    // the gateway's reservations above end at T0 + 4 s: at T0 + 10 s the number is free again
    const inicio = depois(10_000);
    const esperas: number[] = [];
    for (let i = 0; i < 80; i++) esperas.push(await reservar("official", inicio));
    expect(esperas[0]).toBe(0);
    expect(esperas).toEqual(esperas.map((_, i) => i * INTERVALO_ENVIO_MS.official));
    // the 80th send of one instant goes out within about a second: the Cloud API's 80 per second
    expect(esperas[79]).toBeLessThan(1_050);
    // and the 81st, a second later, waits for none of them
    expect(await reservar("official", depois(11_100))).toBe(0);
  });

  it("reserves a batch's slots in one go: the next sender waits for all of them (decision 1911)", async () => {
    // a company of its own: the earlier tests' reservations do not reach it
    const outra = (await unsafeWithSystem(t.deps.db.app, "teste", (tx) => criarEmpresa(tx))).id;
    const reservarN = (n: number) =>
      unsafeWithSystem(t.deps.db.app, "teste", (tx) => reservarVagas(tx, outra, "official", n, T0));
    expect(await reservarN(50)).toBe(0);
    expect(await reservarN(1)).toBe(50 * INTERVALO_ENVIO_MS.official);
  });
});

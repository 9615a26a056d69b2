import { describe, expect, it } from "vitest";
import {
  avaliarEndereco,
  classificarEndereco,
  entradaDaUrl,
  lerPoliticaSaida,
  POLITICA_ESTRITA,
  type TPoliticaSaida,
} from "./outbound-policy.js";

const recusado = (p: TPoliticaSaida, host: string, porta: number, endereco: string) =>
  !avaliarEndereco(p, { host, porta }, endereco).ok;

describe("classificarEndereco: only public unicast passes", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.0.10", "private"],
    ["169.254.1.1", "linkLocal"],
    ["100.64.0.1", "carrierGradeNat"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved"],
    ["192.0.2.1", "reserved"],
    ["198.18.0.1", "reserved"],
  ])("IPv4 %s → %s", (ip, faixa) => expect(classificarEndereco(ip)).toBe(faixa));

  it.each([
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "linkLocal"],
    ["fc00::1", "uniqueLocal"],
    ["fd12:3456::1", "uniqueLocal"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "reserved"],
    ["2002:7f00:1::", "6to4"],
    ["2001:0:4136:e378::1", "teredo"],
    ["fec0::1", "deprecatedSiteLocal"],
  ])("IPv6 %s → %s", (ip, faixa) => expect(classificarEndereco(ip)).toBe(faixa));

  it.each([
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.0.0.5", "private"],
    ["::ffff:169.254.169.254", "metadata"],
    ["::127.0.0.1", "loopback"], // IPv4-compatible
    ["64:ff9b::a00:5", "private"], // NAT64 of 10.0.0.5
    ["64:ff9b::7f00:1", "loopback"],
    ["64:ff9b::a9fe:a9fe", "metadata"],
  ])("IPv4 inside IPv6 %s → %s", (ip, faixa) => expect(classificarEndereco(ip)).toBe(faixa));

  it.each(["169.254.169.254", "169.254.170.2", "100.100.100.200", "168.63.129.16", "fd00:ec2::254", "fd20:ce::254"])(
    "cloud metadata %s",
    (ip) => expect(classificarEndereco(ip)).toBe("metadata"),
  );

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700:4700::1111",
    "2a03:2880:f10c:83:face:b00c:0:25de",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
  ])("public %s", (ip) => expect(classificarEndereco(ip)).toBeNull());

  it("an invalid text is not an address", () => expect(classificarEndereco("localhost")).toBe("invalid"));
});

describe("lerPoliticaSaida: OUTBOUND_ALLOWED_HOSTS", () => {
  it("reads hosts, addresses and networks, with and without port", () => {
    const p = lerPoliticaSaida(" Gateway.LAN , 10.0.0.5,localhost:8080 [::1]:9000 ::1 10.20.0.0/16 fd00::/8,");
    expect(p.permitidos.map((r) => [r.tipo, r.tipo === "host" ? r.host : r.rede.join("/"), r.porta])).toEqual([
      ["host", "gateway.lan", null],
      ["rede", "10.0.0.5/32", null],
      ["host", "localhost", 8080],
      ["rede", "::1/128", 9000],
      ["rede", "::1/128", null],
      ["rede", "10.20.0.0/16", null],
      ["rede", "fd00::/8", null],
    ]);
  });

  it("nothing set: nothing allowed", () => {
    expect(lerPoliticaSaida(undefined).permitidos).toEqual([]);
    expect(lerPoliticaSaida("").permitidos).toEqual([]);
  });

  it.each([
    ["gateway.lan:0", /porta inválida/],
    ["gateway.lan:70000", /porta inválida/],
    ["10.0.0.0/33", /rede inválida/],
    ["[::1", /host inválido|entrada inválida/],
    ["::1:8080:x", /entrada inválida|host inválido/],
    ["http://gateway.lan", /entrada inválida|host inválido/],
    ["gateway..lan", /host inválido/],
    ["gate!way", /host inválido/],
  ])("a typo stops the start: %s", (v, erro) => expect(() => lerPoliticaSaida(v)).toThrow(erro));

  it("the operator's Graph URL as an entry", () => {
    expect(entradaDaUrl("https://graph.facebook.com")).toBe("graph.facebook.com:443");
    expect(entradaDaUrl("http://127.0.0.1:4010/")).toBe("127.0.0.1:4010");
    expect(lerPoliticaSaida("", [entradaDaUrl("http://[::1]:4010")]).permitidos[0]).toMatchObject({ porta: 4010 });
  });
});

describe("avaliarEndereco", () => {
  it("the product default refuses every internal address and allows public ones", () => {
    for (const ip of ["127.0.0.1", "::1", "10.0.0.5", "192.168.1.1", "169.254.169.254", "::ffff:127.0.0.1", "100.64.0.1"])
      expect(recusado(POLITICA_ESTRITA, "x.example", 80, ip)).toBe(true);
    expect(recusado(POLITICA_ESTRITA, "x.example", 80, "93.184.216.34")).toBe(false);
    expect(avaliarEndereco(POLITICA_ESTRITA, { host: "x", porta: 80 }, "127.0.0.1")).toEqual({
      ok: false,
      motivo: "loopback",
      endereco: "127.0.0.1",
    });
  });

  it("an allowed host name may resolve to an internal address, on any port unless one is given", () => {
    const p = lerPoliticaSaida("gateway.lan,evo.lan:8080");
    expect(recusado(p, "gateway.lan", 80, "192.168.0.7")).toBe(false);
    expect(recusado(p, "GATEWAY.LAN.", 9999, "192.168.0.7")).toBe(false);
    expect(recusado(p, "evo.lan", 8080, "10.0.0.9")).toBe(false);
    expect(recusado(p, "evo.lan", 8081, "10.0.0.9")).toBe(true);
    expect(recusado(p, "other.lan", 80, "192.168.0.7")).toBe(true);
  });

  it("an allowed address or network covers whichever name resolves to it", () => {
    const p = lerPoliticaSaida("10.0.0.5,127.0.0.1:3001,10.8.0.0/16,[::1]:9000");
    expect(recusado(p, "a.lan", 443, "10.0.0.5")).toBe(false);
    expect(recusado(p, "10.0.0.5", 80, "10.0.0.5")).toBe(false);
    expect(recusado(p, "10.0.0.6", 80, "10.0.0.6")).toBe(true);
    expect(recusado(p, "127.0.0.1", 3001, "127.0.0.1")).toBe(false);
    expect(recusado(p, "127.0.0.1", 3002, "127.0.0.1")).toBe(true);
    expect(recusado(p, "localhost", 3001, "::ffff:127.0.0.1")).toBe(false);
    expect(recusado(p, "b.lan", 80, "10.8.200.1")).toBe(false);
    expect(recusado(p, "b.lan", 80, "10.9.0.1")).toBe(true);
    expect(recusado(p, "::1", 9000, "::1")).toBe(false);
    expect(recusado(p, "::1", 9001, "::1")).toBe(true);
  });

  it("cloud metadata is refused even when the allow-list covers it", () => {
    const p = lerPoliticaSaida("metadata.google.internal,169.254.0.0/16,169.254.169.254,0.0.0.0/0");
    expect(recusado(p, "metadata.google.internal", 80, "169.254.169.254")).toBe(true);
    expect(recusado(p, "169.254.169.254", 80, "169.254.169.254")).toBe(true);
    expect(recusado(p, "x", 80, "169.254.10.10")).toBe(false);
  });
});

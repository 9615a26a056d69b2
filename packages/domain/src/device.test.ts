import { describe, expect, it } from "vitest";
import { descreverDispositivo } from "./device";

describe("descreverDispositivo", () => {
  it("names browser and system of common User-Agents", () => {
    expect(
      descreverDispositivo(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0",
      ),
    ).toBe("Edge no Windows");
    expect(
      descreverDispositivo("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36"),
    ).toBe("Chrome no Linux");
    expect(
      descreverDispositivo(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Safari/604.1",
      ),
    ).toBe("Safari no iOS");
    expect(descreverDispositivo("Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:125.0) Gecko/20100101 Firefox/125.0")).toBe(
      "Firefox no macOS",
    );
  });

  it("falls back to what it can tell", () => {
    expect(descreverDispositivo(null)).toBe("Dispositivo desconhecido");
    expect(descreverDispositivo("curl/8.0")).toBe("Dispositivo desconhecido");
    expect(descreverDispositivo("Algo (Android 14)")).toBe("Android");
  });
});

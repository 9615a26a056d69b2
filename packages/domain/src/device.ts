/**
 * A readable device for the active-sessions list (001 §3 'Session entry'): browser and system from the User-Agent,
 * e.g. 'Chrome no Windows'. Not a fingerprint: only for people to recognise their own sessions.
 */
const NAVEGADORES: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];

const SISTEMAS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

export function descreverDispositivo(userAgent: string | null | undefined): string {
  if (!userAgent) return "Dispositivo desconhecido";
  const navegador = NAVEGADORES.find(([re]) => re.test(userAgent))?.[1];
  const sistema = SISTEMAS.find(([re]) => re.test(userAgent))?.[1];
  if (navegador && sistema) return `${navegador} no ${sistema}`;
  return navegador ?? sistema ?? "Dispositivo desconhecido";
}

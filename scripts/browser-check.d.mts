export declare const CHROMIUM: string;
export declare const PACOTES: string[];
export declare const COMANDO_MANUAL: string;
export type TMaquina = { temChromium: boolean; ehRoot: boolean; temApt: boolean };
export type TDecisao = { acao: "pronto" } | { acao: "instalar"; comandos: string[][] } | { acao: "parar"; mensagem: string };
export declare function decidirNavegador(maquina: TMaquina): TDecisao;
export declare function lerMaquina(): TMaquina;
export declare function garantirNavegador(
  maquina?: TMaquina,
  executar?: (cmd: string, args: string[]) => number | null,
  existe?: () => boolean,
): string | null;

export declare const PGBOUNCER: string;
export declare const PACOTES_PGBOUNCER: string[];
export declare const COMANDO_PGBOUNCER: string;
export type TMaquinaPgbouncer = { temPgbouncer: boolean; ehRoot: boolean; temApt: boolean };
export type TDecisaoPgbouncer =
  | { acao: "pronto" }
  | { acao: "instalar"; comandos: string[][] }
  | { acao: "parar"; mensagem: string };
export declare function decidirPgbouncer(maquina: TMaquinaPgbouncer): TDecisaoPgbouncer;
export declare function lerMaquinaPgbouncer(): TMaquinaPgbouncer;
export declare function garantirPgbouncer(
  maquina?: TMaquinaPgbouncer,
  executar?: (cmd: string, args: string[]) => number | null,
  existe?: () => boolean,
): string | null;

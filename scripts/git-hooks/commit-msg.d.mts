export declare const MAX_ASSUNTO: number;
export declare const LINHAS_SEM_CORPO: number;
export declare function avisosDaMensagem(mensagem: string, linhasAlteradas?: number | null): string[];

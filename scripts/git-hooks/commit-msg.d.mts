export declare function avisosDaMensagem(mensagem: string, linhasAlteradas?: number | null): string[];

export const esperar = (ms: number) => new Promise<void>((ok) => setTimeout(ok, ms));

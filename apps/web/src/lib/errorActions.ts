/**
 * Refusals that lead somewhere (decision 1303): a plan limit links to /planos, read-only mode to /assinatura.
 * The API says which by `codigo`; the message is remembered here so that wherever a screen shows it (a toast, an
 * Alert in a dialog), the kit adds the link — no screen has to know about plans.
 */
export type TAcaoDoErro = { rotulo: string; href: string };

const ACOES: Record<string, TAcaoDoErro> = {
  limite_plano: { rotulo: "Ver planos", href: "/planos" },
  somente_leitura: { rotulo: "Ir para Assinatura", href: "/assinatura" },
};
const lembradas = new Map<string, TAcaoDoErro>();

export function registrarAcaoDoErro(mensagem: string, codigo: string | undefined): void {
  const acao = codigo ? ACOES[codigo] : undefined;
  if (!acao) return;
  if (lembradas.size > 50) lembradas.clear();
  lembradas.set(mensagem, acao);
}

export function acaoDoErro(mensagem: unknown): TAcaoDoErro | null {
  return typeof mensagem === "string" ? (lembradas.get(mensagem) ?? null) : null;
}

/** Client-side navigation from outside the router's tree (a toast): the router listens to popstate. */
export function navegarPara(href: string): void {
  window.history.pushState({}, "", href);
  window.dispatchEvent(new PopStateEvent("popstate"));
}

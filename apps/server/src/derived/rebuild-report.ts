import type { TReparo } from "./rebuild.js";

const n = (x: number, um: string, varios: string) => `${x.toLocaleString("pt-BR")} ${x === 1 ? um : varios}`;

/** The rebuild's pt-BR summary: what each item corrected, per company, and the totals. */
export function resumoDaReconstrucao(feitos: TReparo[], itens: number, ms: number): string {
  const empresas = new Set(feitos.map((f) => f.empresaId)).size;
  const linhas: string[] = [];
  for (const f of feitos) {
    const partes = [
      f.corrigidas && n(f.corrigidas, "chave corrigida", "chaves corrigidas"),
      f.inseridas && n(f.inseridas, "linha que faltava inserida", "linhas que faltavam inseridas"),
      f.apagadas && n(f.apagadas, "linha sobrando apagada", "linhas sobrando apagadas"),
      f.atualizadas && n(f.atualizadas, "linha atualizada", "linhas atualizadas"),
      f.enfileiradas && n(f.enfileiradas, "lead enfileirado para recálculo", "leads enfileirados para recálculo"),
    ].filter(Boolean);
    if (partes.length) linhas.push(`  ${f.nome} (empresa ${f.empresaId}): ${partes.join(", ")}`);
  }
  const zeradas = feitos.reduce((s, f) => s + f.zeradas, 0);
  const segundos = (ms / 1000).toLocaleString("pt-BR", { maximumFractionDigits: 1 });
  const cabecalho = `Derivados reconstruídos: ${n(itens, "item", "itens")} em ${n(empresas, "empresa", "empresas")}, em ${segundos} s.`;
  const rodape = zeradas ? `\n${n(zeradas, "linha zerada removida", "linhas zeradas removidas")} dos resumos.` : "";
  return linhas.length
    ? `${cabecalho}\nCorreções:\n${linhas.join("\n")}${rodape}`
    : `${cabecalho}\nNada a corrigir: todos os itens já eram iguais à sua definição.${rodape}`;
}

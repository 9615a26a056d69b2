import { RESUMOS_FINANCEIROS } from "./finance-summaries.js";
import { RESUMOS_DE_LEADS } from "./lead-summaries.js";
import { RESUMOS_JURIDICOS } from "./legal-summaries.js";
import { LINHAS_DE_BUSCA } from "./search-rows.js";
import type { TDerivado } from "./types.js";

/**
 * Every derived item of the database, declared once (decision 1721): the summaries, the search rows, the phone rows,
 * the company search rows, the search mask and the revisional figures. The rebuild (`npm run db:rebuild-summaries`)
 * and the randomized recount test (`recount.test.ts`) are driven from this list; the triggers that maintain the
 * items today are described by it (`fontes`, `eventos`), and the roll-up from the change log will be.
 *
 * Order matters for the rebuild: an item comes after the items whose triggers feed it (`alimentadaPor`), so their
 * repair has propagated into it before it is compared with its definition.
 */
export const DERIVADOS: readonly TDerivado[] = ordenar([
  ...RESUMOS_DE_LEADS,
  ...RESUMOS_FINANCEIROS,
  ...RESUMOS_JURIDICOS,
  ...LINHAS_DE_BUSCA,
]);

/** Feeders first (a stable topological order); a cycle or an unknown feeder is a mistake in the registry. */
function ordenar(itens: TDerivado[]): TDerivado[] {
  const porNome = new Map(itens.map((d) => [d.nome, d]));
  const feitos = new Set<string>();
  const saida: TDerivado[] = [];
  const visitar = (d: TDerivado, caminho: string[]) => {
    if (feitos.has(d.nome)) return;
    if (caminho.includes(d.nome)) throw new Error(`registro de derivados: ciclo em ${[...caminho, d.nome].join(" → ")}`);
    for (const f of d.alimentadaPor ?? []) {
      const fonte = porNome.get(f);
      if (!fonte) throw new Error(`registro de derivados: ${d.nome} é alimentada por ${f}, que não está no registro`);
      visitar(fonte, [...caminho, d.nome]);
    }
    feitos.add(d.nome);
    saida.push(d);
  };
  for (const d of itens) visitar(d, []);
  return saida;
}

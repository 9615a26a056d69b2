import type { TConfigPublica } from "@crm/domain/schemas/session";
import { Button } from "../../ui/Button";

type Props = { demo: NonNullable<TConfigPublica["demo"]>; onEscolher: (email: string, senha: string) => void };

/** Demo quick-fill (only when demo data is seeded): fills email and password, does not submit. */
export function DemoAccounts({ demo, onEscolher }: Props) {
  return (
    <section aria-labelledby="demo-titulo" className="mt-6 border-t border-slate-200 pt-5">
      <h2 id="demo-titulo" className="text-center text-sm font-medium text-slate-700">
        Contas de demonstração
      </h2>
      <div className="mt-3 grid grid-cols-2 gap-2">
        {demo.contas.map((c) => (
          <Button key={c.email} variant="outline" size="sm" onClick={() => onEscolher(c.email, demo.senha)}>
            {c.rotulo}
          </Button>
        ))}
      </div>
    </section>
  );
}

import { contar } from "@crm/domain/plural";

const MOSTRAR = 20;

/** 'Linha N: …' messages, the first ones, with how many more there are. */
export function LineErrors({ erros, total }: { erros: { linha: number; mensagem: string }[]; total: number }) {
  const mais = total - Math.min(erros.length, MOSTRAR);
  return (
    <ul className="mt-2 list-disc space-y-0.5 pl-5">
      {erros.slice(0, MOSTRAR).map((e) => (
        <li key={`${e.linha}-${e.mensagem}`}>{e.mensagem}</li>
      ))}
      {mais > 0 && <li>e mais {contar(mais, "linha", "linhas")} com erro</li>}
    </ul>
  );
}

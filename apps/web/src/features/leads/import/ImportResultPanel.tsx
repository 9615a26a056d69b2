import { formatarInteiro } from "@crm/domain/format";
import type { TImportacaoRecusada } from "@crm/domain/schemas/leads";
import { CircleAlert, CircleCheck, Copy } from "lucide-react";
import type { ReactNode } from "react";
import { Alert } from "../../../ui/Alert";
import { LineErrors } from "./LineErrors";

/** After an import: how many went in, which lines failed (by number) and which phones were already there. */
export function ImportResultPanel({ r }: { r: TImportacaoRecusada & { recusada: boolean } }) {
  const duplicadas = (r.duplicadas ?? []).filter((d) => d.motivo !== "suprimido");
  // the suppression list (decision 1863): titulares who asked for erasure are never imported again
  const suprimidas = (r.duplicadas ?? []).filter((d) => d.motivo === "suprimido");
  return (
    <section aria-label="Resultado da importação" className="space-y-3">
      {r.recusada && <Alert tipo="erro">{r.erro}</Alert>}
      <div className="grid gap-3 sm:grid-cols-3">
        <Numero
          icone={<CircleCheck className="size-5 text-green-700" aria-hidden="true" />}
          rotulo="Importados"
          valor={r.inseridos ?? 0}
        />
        <Numero
          icone={<CircleAlert className="size-5 text-red-700" aria-hidden="true" />}
          rotulo="Com erro"
          valor={r.totalErros ?? 0}
        />
        <Numero
          icone={<Copy className="size-5 text-amber-700" aria-hidden="true" />}
          rotulo="Duplicados"
          valor={duplicadas.length}
        />
      </div>
      {!!r.totalErros && (
        <div className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-medium">Linhas com erro</p>
          <LineErrors erros={r.erros ?? []} total={r.totalErros} />
        </div>
      )}
      {duplicadas.length > 0 && (
        <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-medium">Telefones duplicados (não importados de novo)</p>
          <ul className="mt-2 list-disc space-y-0.5 pl-5">
            {duplicadas.slice(0, 20).map((d) => (
              <li key={d.linha}>
                Linha {d.linha}: {d.telefone} —{" "}
                {d.motivo === "cadastrado" ? "já é um lead da empresa" : `repete a linha ${d.linhaOriginal}`}
              </li>
            ))}
            {duplicadas.length > 20 && <li>e mais {duplicadas.length - 20}</li>}
          </ul>
        </div>
      )}
      {suprimidas.length > 0 && (
        <div className="rounded-md border border-slate-300 bg-slate-50 p-3 text-sm text-slate-900">
          <p className="font-medium">
            {suprimidas.length === 1 ? "1 linha não importada" : `${formatarInteiro(suprimidas.length)} linhas não importadas`}: o
            titular pediu a eliminação dos seus dados (LGPD)
          </p>
          <ul className="mt-2 list-disc space-y-0.5 pl-5">
            {suprimidas.slice(0, 20).map((d) => (
              <li key={d.linha}>
                Linha {d.linha}: {d.telefone} — suprimido
              </li>
            ))}
            {suprimidas.length > 20 && <li>e mais {suprimidas.length - 20}</li>}
          </ul>
        </div>
      )}
    </section>
  );
}

function Numero({ icone, rotulo, valor }: { icone: ReactNode; rotulo: string; valor: number }) {
  return (
    <div className="flex items-center gap-3 rounded-md border border-slate-200 bg-white p-3">
      {icone}
      <div>
        <p className="text-xs text-slate-600">{rotulo}</p>
        <p className="text-xl font-bold text-slate-900 tabular-nums">{formatarInteiro(valor)}</p>
      </div>
    </div>
  );
}

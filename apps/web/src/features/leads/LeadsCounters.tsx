import type { TResumoLeads } from "@crm/domain/schemas/leads";
import { CircleCheckBig, Headset, Star, Users } from "lucide-react";
import { StatCard } from "../../ui/StatCard";

const numero = new Intl.NumberFormat("pt-BR");

/** The four counters of /leads, over the same filters as the table. */
export function LeadsCounters({ resumo }: { resumo: TResumoLeads | undefined }) {
  const v = (n: number | undefined) => (n === undefined ? "—" : numero.format(n));
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard titulo="Total de Leads" valor={v(resumo?.total)} icone={Users} />
      <StatCard titulo="Qualificados" valor={v(resumo?.qualificados)} icone={Star} />
      <StatCard titulo="Em Atendimento" valor={v(resumo?.emAtendimento)} icone={Headset} />
      <StatCard titulo="Convertidos" valor={v(resumo?.convertidos)} icone={CircleCheckBig} />
    </div>
  );
}

import { FIGURAS_LEAD } from "@crm/domain/lead-figures";
import type { TResumoLeads } from "@crm/domain/schemas/leads";
import { CircleCheckBig, Headset, Star, Users } from "lucide-react";
import { Figura, StatCard } from "../../ui/StatCard";

const numero = new Intl.NumberFormat("pt-BR");

/** The four counters of /leads, over the same filters as the table: the dashboard's figures (decision 1632). */
export function LeadsCounters({ resumo }: { resumo: TResumoLeads | undefined }) {
  const v = (n: number | undefined) => (n === undefined ? "—" : numero.format(n));
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard titulo="Total de Leads" valor={v(resumo?.total)} icone={Users} />
      <Figura f={FIGURAS_LEAD.qualificadosNoPeriodo} valor={v(resumo?.qualificados)} icone={Star} />
      <Figura f={FIGURAS_LEAD.emAtendimentoAgora} valor={v(resumo?.emAtendimento)} icone={Headset} />
      <Figura f={FIGURAS_LEAD.convertidosNoPeriodo} valor={v(resumo?.convertidos)} icone={CircleCheckBig} />
    </div>
  );
}

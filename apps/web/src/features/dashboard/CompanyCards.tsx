import { TEXTO_DASHBOARD } from "@crm/domain/dashboard";
import { formatarInteiro } from "@crm/domain/format";
import { FIGURAS_LEAD } from "@crm/domain/lead-figures";
import type { TDashboardEmpresa } from "@crm/domain/schemas/dashboard";
import { formatarPercentual } from "@crm/domain/screening";
import { Bot, Gavel, Headset, Percent, UserCheck, Users, Wifi } from "lucide-react";
import { PeriodChange } from "../../ui/PeriodChange";
import { StatCard } from "../../ui/StatCard";

type TPar = { atual: number; anterior: number };

/** The 8 header cards of the Admin Empresa dashboard (000 §2.10), each against the previous period (000 §9). */
export function CompanyCards({ d }: { d: TDashboardEmpresa }) {
  const c = d.cartoes;
  const { qualificadosNoPeriodo: q, emAtendimentoAgora: e } = FIGURAS_LEAD;
  const card = (titulo: string, icone: typeof Users, par: TPar, valor: string = formatarInteiro(par.atual), nota?: string) => (
    <StatCard
      titulo={titulo}
      icone={icone}
      valor={valor}
      rodape={
        <>
          <PeriodChange atual={par.atual} anterior={par.anterior} />
          {nota && <span className="block text-slate-500">{nota}</span>}
        </>
      }
    />
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="cartoes-dashboard">
      {card("Total de Leads", Users, c.totalLeads)}
      {card(q.rotulo, UserCheck, c.qualificados, undefined, q.definicao)}
      {card(e.rotulo, Headset, c.emAtendimento, undefined, e.definicao)}
      {card("Taxa de Conversão", Percent, c.taxaConversao, `${c.taxaConversao.atual}%`, TEXTO_DASHBOARD.taxaConversao)}
      {card("Total de Consultores", Users, c.totalConsultores)}
      <StatCard
        titulo="Consultores Online"
        icone={Wifi}
        valor={formatarInteiro(c.consultoresOnline.atual)}
        rodape={<span className="text-slate-500">{TEXTO_DASHBOARD.online}</span>}
      />
      <StatCard
        titulo="Eficiência IA"
        icone={Bot}
        valor={formatarPercentual(c.eficienciaIa.atual)}
        rodape={
          <>
            <PeriodChange atual={c.eficienciaIa.atual ?? 0} anterior={c.eficienciaIa.anterior ?? 0} />
            <span className="block text-slate-500">
              {c.eficienciaIa.atual === null ? TEXTO_DASHBOARD.semTriagens : TEXTO_DASHBOARD.eficienciaIa}
            </span>
          </>
        }
      />
      {card("Processos Jurídicos", Gavel, c.processosJuridicos, undefined, "Convertido (Ganho)")}
    </div>
  );
}

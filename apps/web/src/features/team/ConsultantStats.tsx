import { contar } from "@crm/domain/plural";
import type { TPainelConsultores } from "@crm/domain/schemas/team";
import { Mail, UserCheck, Users, Wifi } from "lucide-react";
import { StatCard } from "../../ui/StatCard";

const limite = (l: TPainelConsultores["limites"]["consultores"], nome: string) =>
  l.maximo === null ? `${l.usados} ${nome} (ilimitado)` : `${l.usados} de ${l.maximo} ${nome}`;

/** The stats cards and the plan's room (001 §9 limits; pending invitations count). */
export function ConsultantStats({ painel }: { painel: TPainelConsultores }) {
  const { estatisticas: e, limites } = painel;
  return (
    <div className="space-y-3">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard titulo="Total de Consultores" valor={e.total} icone={Users} />
        <StatCard
          titulo="Online"
          valor={e.conectados}
          icone={Wifi}
          rodape={e.ocupados ? contar(e.ocupados, "ocupado", "ocupados") : undefined}
        />
        <StatCard titulo="Leads Atribuídos" valor={e.leadsAtribuidos} icone={UserCheck} />
        <StatCard titulo="Convites Pendentes" valor={e.convitesPendentes} icone={Mail} />
      </div>
      <p className="text-sm text-slate-700">
        Plano {limites.consultores.plano}: {limite(limites.consultores, "consultores")} ·{" "}
        {limite(limites.administradores, "administradores")} (convites pendentes incluídos)
      </p>
    </div>
  );
}

import { formatarData, formatarDataHora, formatarInteiro } from "@crm/domain/format";
import { MENU_EMPRESA_ESCOLHIDA } from "@crm/domain/menus";
import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import { contar } from "@crm/domain/plural";
import type { TDetalheEmpresa } from "@crm/domain/schemas/companies";
import {
  Briefcase,
  CreditCard,
  Download,
  History,
  MessageCircle,
  PackageOpen,
  Percent,
  Scale,
  Settings,
  Users,
} from "lucide-react";
import { Link } from "react-router";
import { comEmpresa } from "../../lib/chosenCompany";
import { useSessaoAtual } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { Badge } from "../../ui/Badge";
import { buttonClasses } from "../../ui/Button";
import { Card } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { iconeDoMenu } from "../../ui/menuIcons";
import { StatCard } from "../../ui/StatCard";
import { CompanyStatusBadge } from "./CompanyStatusBadge";
import { WithCompany } from "./WithCompany";

const STATUS_WHATSAPP: Record<TDetalheEmpresa["whatsapp"]["status"], string> = {
  connected: "Conectado",
  disconnected: "Desconectado",
  qr_ready: "Aguardando leitura do QR Code",
};
const PROVEDOR: Record<string, string> = { official: "API oficial", unofficial: "Gateway", sandbox: "Sandbox" };

/** /empresa/{id}: one company seen by the operator (decision 1304). */
export function CompanyPage() {
  useDocumentTitle("Empresa");
  const { usuario } = useSessaoAtual();
  if (!pode(usuario.papel, "empresas.gerenciar")) return <AccessDenied mensagem={MSG.acessoNegado} />;
  return <WithCompany>{(d) => <Detalhe d={d} />}</WithCompany>;
}

function Detalhe({ d }: { d: TDetalheEmpresa }) {
  const { empresa: e, indicadores: i } = d;
  const base = `/empresa/${e.id}`;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <Link to="/empresas" className="text-sm text-blue-700 hover:underline">
          ← Empresas
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-2xl font-bold break-words text-slate-900">{e.nome_empresa}</h1>
          <CompanyStatusBadge status={e.status_assinatura} />
          <Badge variante="azul">{e.plano_assinatura}</Badge>
        </div>
        <p className="mt-1 text-sm break-all text-slate-600">
          {e.email_contato} · desde {formatarData(`${e.data_adesao}T12:00:00Z`)}
        </p>
      </div>

      <nav aria-label="Páginas da empresa" className="flex flex-wrap gap-2">
        <Link to={`${base}/leads`} className={buttonClasses("outline")}>
          <Users className="size-4" aria-hidden="true" />
          Leads
        </Link>
        <Link to={`${base}/management`} className={buttonClasses("outline")}>
          <Settings className="size-4" aria-hidden="true" />
          Gestão de usuários
        </Link>
        <Link to={`${base}/subscription`} className={buttonClasses("outline")}>
          <CreditCard className="size-4" aria-hidden="true" />
          Assinatura
        </Link>
      </nav>

      {/* the company's own screens, as its admin sees them, for this company (decision 1642) */}
      <nav aria-label="Telas da empresa" className="flex flex-wrap gap-2">
        {MENU_EMPRESA_ESCOLHIDA.filter((m) => m.path !== "/leads").map((m) => {
          const Icone = iconeDoMenu(m.icon);
          return (
            <Link key={m.path} to={comEmpresa(m.path, e.id)} className={buttonClasses("outline")}>
              <Icone className="size-4" aria-hidden="true" />
              {m.label}
            </Link>
          );
        })}
      </nav>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          titulo="Usuários"
          valor={formatarInteiro(i.usuarios)}
          icone={Users}
          rodape={contar(i.usuariosAtivos, "ativo", "ativos")}
        />
        <StatCard
          titulo="Leads"
          valor={formatarInteiro(i.leads)}
          icone={Briefcase}
          rodape={contar(i.qualificados, "qualificado", "qualificados")}
        />
        <StatCard
          titulo="Taxa de Conversão"
          valor={`${i.taxaConversao}%`}
          icone={Percent}
          rodape={`${contar(i.convertidos, "convertido", "convertidos")} ÷ ${contar(i.qualificados, "qualificado", "qualificados")}`}
        />
        <StatCard titulo="Processos Jurídicos" valor={formatarInteiro(i.processos)} icone={Scale} />
      </div>

      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="p-4">
          <h2 className="flex items-center gap-2 font-semibold text-slate-900">
            <MessageCircle className="size-4" aria-hidden="true" />
            WhatsApp
          </h2>
          <p className="mt-3 text-sm text-slate-700">
            <Badge
              variante={d.whatsapp.status === "connected" ? "verde" : d.whatsapp.status === "qr_ready" ? "amarelo" : "neutro"}
            >
              {STATUS_WHATSAPP[d.whatsapp.status]}
            </Badge>
          </p>
          <p className="mt-2 text-sm text-slate-600">Provedor: {PROVEDOR[d.whatsapp.provedor] ?? d.whatsapp.provedor}</p>
        </Card>

        <Card className="p-4 lg:col-span-2">
          <h2 className="flex items-center gap-2 font-semibold text-slate-900">
            <Users className="size-4" aria-hidden="true" />
            Usuários
          </h2>
          {d.usuarios.length === 0 ? (
            <EmptyState titulo={MSG.nenhumUsuarioEmpresa} />
          ) : (
            <ul className="mt-3 divide-y divide-slate-100">
              {d.usuarios.map((u) => (
                <li key={u.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                  <div className="min-w-0">
                    <p className="font-medium break-words text-slate-900">{u.nome || u.email}</p>
                    <p className="break-all text-slate-600">{u.email}</p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Badge>{u.papel}</Badge>
                    {!u.ativo && <Badge variante="vermelho">Inativo</Badge>}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>

      {/* one company's archive (decision 1943): a plain link, so the browser streams the download with the session */}
      <Card className="p-4">
        <h2 className="flex items-center gap-2 font-semibold text-slate-900">
          <PackageOpen className="size-4" aria-hidden="true" />
          {MSG.exportarEmpresaTitulo}
        </h2>
        <p className="mt-2 text-sm text-slate-700">{MSG.exportarEmpresaDescricao}</p>
        <a href={`/api/empresas/${e.id}/exportacao`} download className={buttonClasses("outline", "md", "mt-3")}>
          <Download className="size-4" aria-hidden="true" />
          {MSG.exportarEmpresa}
        </a>
      </Card>

      <Card className="p-4">
        <h2 className="flex items-center gap-2 font-semibold text-slate-900">
          <History className="size-4" aria-hidden="true" />
          Histórico da plataforma
        </h2>
        {d.historico.length === 0 ? (
          <EmptyState titulo={MSG.nenhumaAcaoRegistrada} />
        ) : (
          <ol className="mt-3 divide-y divide-slate-100">
            {d.historico.map((h) => (
              <li key={h.id} className="py-2 text-sm">
                <p className="break-words text-slate-900">{h.descricao}</p>
                <p className="text-xs text-slate-600">
                  {formatarDataHora(h.created_at)}
                  {h.autor ? ` · ${h.autor}` : ""}
                </p>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </div>
  );
}

import { tituloPainelJuridico } from "@crm/domain/legal-dashboard";
import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import { PAPEL } from "@crm/domain/roles";
import { useSearchParams } from "react-router";
import { useSessaoAtual } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { SelectCompanyFirst } from "../../ui/SelectCompanyFirst";
import { LegalDashboard } from "./LegalDashboard";

/** /juridico: the legal dashboard; the platform admin reads any company's (?empresa={id}). */
export function LegalDashboardPage() {
  const { usuario } = useSessaoAtual();
  const titulo = tituloPainelJuridico(usuario.papel);
  useDocumentTitle(titulo);
  const [params] = useSearchParams();
  if (!pode(usuario.papel, "juridico.painel"))
    return <AccessDenied titulo={MSG.acessoNegadoTitulo} mensagem={MSG.acessoNegado} />;
  const empresaId = usuario.papel === PAPEL.plataforma ? params.get("empresa") : null;
  if (usuario.papel === PAPEL.plataforma && !empresaId) {
    return (
      <SelectCompanyFirst descricao="Abra o departamento jurídico de uma empresa, escolhendo-a no seletor “Empresa” do menu." />
    );
  }
  return <LegalDashboard alvo={{ empresaId }} titulo={titulo} />;
}

import { MSG } from "@crm/domain/messages";
import type { TFiltroLeads } from "@crm/domain/schemas/leads";
import { Download, FileSpreadsheet, FileText } from "lucide-react";
import { useState } from "react";
import { Button } from "../../ui/Button";
import { LazyActionMenu } from "../../ui/LazyActionMenu";
import { toast } from "../../ui/toast";
import { baixarExportacao } from "./api";
import { mensagemOu } from "./errorMessage";

/** 'Exportar': the filtered list as CSV (Excel pt-BR) or XLSX; the button shows progress while the file is built. */
export function ExportMenu({ base, filtro }: { base: string; filtro: TFiltroLeads }) {
  const [exportando, setExportando] = useState(false);
  async function exportar(formato: "csv" | "xlsx") {
    setExportando(true);
    try {
      await baixarExportacao(base, filtro, formato);
    } catch (e) {
      toast.error(mensagemOu(e, MSG.erroExportarLeads));
    } finally {
      setExportando(false);
    }
  }
  // the menu's code loads on the first opening (ui/LazyActionMenu)
  return (
    <LazyActionMenu
      gatilho={
        <Button variant="outline" carregando={exportando}>
          {!exportando && <Download className="size-4" aria-hidden="true" />}
          {exportando ? "Exportando..." : "Exportar"}
        </Button>
      }
      itens={[
        { rotulo: "CSV (Excel)", icone: FileText, onSelect: () => void exportar("csv") },
        { rotulo: "Planilha XLSX", icone: FileSpreadsheet, onSelect: () => void exportar("xlsx") },
      ]}
    />
  );
}

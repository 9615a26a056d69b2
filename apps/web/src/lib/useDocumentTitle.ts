import { useEffect } from "react";

const NOME_PRODUTO = "CRM Revisional";

/** Sets the tab title to '{titulo} · CRM Revisional' while the page is shown. */
export function useDocumentTitle(titulo: string) {
  useEffect(() => {
    document.title = `${titulo} · ${NOME_PRODUTO}`;
  }, [titulo]);
}

import { useMatches } from "react-router";

/** What a route tells the shell: the menu entry to highlight and whether the page is full-height without padding. */
export type THandleRota = { menu?: string; telaCheia?: boolean };

/** The handle of the deepest matched route that has one. */
export function useRouteHandle(): THandleRota {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i].handle as THandleRota | undefined;
    if (h && (h.menu || h.telaCheia)) return h;
  }
  return {};
}

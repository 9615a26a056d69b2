import { useQuery } from "@tanstack/react-query";
import { sessaoQuery } from "../../lib/session";

/** The session (GET /api/auth/sessao-atual): `data` is the signed-in person, null when signed out. */
export function useSession() {
  return useQuery(sessaoQuery);
}

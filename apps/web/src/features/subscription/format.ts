import { formatarData } from "@crm/domain/format";

/** A São Paulo calendar day 'YYYY-MM-DD' as dd/mm/aaaa (noon UTC is the same day in São Paulo). */
export const dataBR = (iso: string) => formatarData(`${iso.slice(0, 10)}T12:00:00Z`);

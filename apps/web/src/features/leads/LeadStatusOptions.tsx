import { STATUS_LEAD } from "@crm/domain/status";

/** The options of a lead-status select: the empty choice (its label says what it means there), then every status. */
export function LeadStatusOptions({ vazio }: { vazio: string }) {
  return (
    <>
      <option value="">{vazio}</option>
      {STATUS_LEAD.map((s) => (
        <option key={s} value={s}>
          {s}
        </option>
      ))}
    </>
  );
}

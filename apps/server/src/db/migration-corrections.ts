/**
 * Applied migrations corrected afterwards (decision 1852): a fix that only lets the file run where it used to fail,
 * leaving the same schema wherever it had run. A database that applied one of the listed earlier versions takes the
 * corrected file as what ran; any other difference still stops the start (decision 1662). Version → the sha256 of
 * each earlier text; never removed.
 */
export const MIGRACOES_CORRIGIDAS: Record<string, readonly string[]> = {
  // the GRANT of crm_app to an owner already made a member by the administrator failed on PostgreSQL 15+
  "0001_base": ["979ea4dad5abe02380a79439141bb73503cfda3584386fca854dea6e71ebe4f9"],
};

import type { TTenantCtx } from "../db/tenant.js";
import type { TAuth } from "../http/auth-context.js";

/** The profile is always the signed-in person's own: their company (none for the platform admin), id and role. */
export const ctxDoPerfil = (a: TAuth): TTenantCtx => ({ empresaId: a.empresaId, usuarioId: a.usuarioId, papel: a.papel });

import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios } from "../../test/factories.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { lerSessao } from "./sessions.js";

const t = useTestApp();

describe("lerSessao (crm_ler_sessao)", () => {
  it("slides an idle session's expiry once it was last seen more than 5 minutes ago", async () => {
    const { usuarios, navegadores } = await criarEmpresaComUsuarios(t);
    const q = (sql: string) => unsafeWithSystem(t.deps.db.app, "teste", (tx) => tx.query(sql, [usuarios.admin.id]));
    await q(
      "UPDATE auth_sessoes SET last_seen_at = now() - interval '10 minutes', expires_at = now() + interval '1 hour' WHERE id_usuario_fk = $1",
    );
    expect((await navegadores.admin.req({ url: "/api/auth/sessao" })).statusCode).toBe(200);
    const { rows } = await q(
      "SELECT expires_at > now() + interval '6 days' AS estendida, last_seen_at > now() - interval '1 minute' AS vista FROM auth_sessoes WHERE id_usuario_fk = $1 AND revoked_at IS NULL",
    );
    expect(rows).toEqual([{ estendida: true, vista: true }]);
  });

  it("refuses expired sessions and leaves no system context behind on the connection", async () => {
    const { usuarios, navegadores } = await criarEmpresaComUsuarios(t);
    await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      tx.query("UPDATE auth_sessoes SET expires_at = now() - interval '1 second' WHERE id_usuario_fk = $1", [
        usuarios.consultor.id,
      ]),
    );
    expect((await navegadores.consultor.req({ url: "/api/auth/sessao" })).statusCode).toBe(401);
    expect(await lerSessao(t.deps.db.app, "id-que-nao-existe")).toBeNull();
    // the pool has one client per query here: whichever it was, it must not still be in the system context
    const { rows } = await t.deps.db.app.query("SELECT current_setting('app.papel', true) AS papel");
    expect(rows[0].papel ?? "").toBe("");
  });

  it("carries the company's plan, and the next request after a plan change sees the new one (migration 0036)", async () => {
    const { empresa, navegadores } = await criarEmpresaComUsuarios(t);
    const plano = async () =>
      (await navegadores.admin.req({ url: "/api/dashboard/empresa?periodo=last30days" })).json().empresa.plano;
    await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      tx.query("UPDATE empresas SET plano_assinatura = 'Básico' WHERE id = $1", [empresa.id]),
    );
    expect(await plano()).toBe("Básico");
    await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      tx.query("UPDATE empresas SET plano_assinatura = 'Enterprise' WHERE id = $1", [empresa.id]),
    );
    expect(await plano()).toBe("Enterprise");
  });
});

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { reservarPastaLocal } from "./local-folder-guard.js";

/**
 * Local storage with an external database (decision 1856): instances on one shared data folder run together; an
 * instance on another folder is refused while one on the first is alive, in pt-BR, pointing to S3 or a shared folder.
 * Runs as crm_app, the login the start uses.
 */
const t = useTestApp();
const raiz = mkdtempSync(path.join(tmpdir(), "crm-pastas-"));
afterAll(() => rmSync(raiz, { recursive: true, force: true }));

describe("local storage with a shared database", () => {
  it("lets instances share one folder, refuses another folder while they live, and lets it in once they stopped", async () => {
    const pastaA = path.join(raiz, "a", "storage");
    const pastaB = path.join(raiz, "b", "storage");
    const primeira = await reservarPastaLocal(t.deps.db.app, pastaA);
    const mesmaPasta = await reservarPastaLocal(t.deps.db.app, pastaA);
    expect(mesmaPasta.pasta).toBe(primeira.pasta);

    const recusa = reservarPastaLocal(t.deps.db.app, pastaB);
    await expect(recusa).rejects.toThrow(/outra instância \(máquina .+, pasta .+\/a\/storage, vista há \d+ s\)/);
    await expect(recusa).rejects.toThrow(/STORAGE_DRIVER=s3 .* pasta compartilhada/);

    await primeira.parar();
    // one instance on the first folder still runs
    await expect(reservarPastaLocal(t.deps.db.app, pastaB)).rejects.toThrow(/outra pasta de dados/);
    await mesmaPasta.parar();
    const outra = await reservarPastaLocal(t.deps.db.app, pastaB);
    expect(outra.pasta).not.toBe(primeira.pasta);
    await outra.parar();
  });

  it("does not count an instance that stopped renewing (killed) for longer than its lease", async () => {
    // a kill -9 leaves its row behind, no longer renewed: last seen 21 s ago, past the 20 s lease
    await t.dono.query(
      `INSERT INTO instancias_armazenamento_local (instancia, pasta, maquina, caminho, visto_em)
       VALUES (gen_random_uuid(), gen_random_uuid(), 'outra', '/srv/crm/storage', now() - interval '21 seconds')`,
    );
    const nova = await reservarPastaLocal(t.deps.db.app, path.join(raiz, "d", "storage"));
    await nova.parar();
    const { rows } = await t.dono.query("SELECT count(*)::int AS n FROM instancias_armazenamento_local");
    expect(rows[0].n).toBe(0);
  });
});

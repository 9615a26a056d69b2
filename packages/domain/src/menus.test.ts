import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MENU_EMPRESA_ESCOLHIDA, MENU_PERFIL, MENUS, menuFor, PERMISSAO_DA_TELA, podeAbrir } from "./menus";
import { pode } from "./permissions";
import { PAPEL, type TPapel } from "./roles";

const PAPEIS = Object.values(PAPEL) as TPapel[];
const ROTEADOR = readFileSync(new URL("../../../apps/web/src/app/router.tsx", import.meta.url), "utf8");

describe("menus against the permission table (decision 1502)", () => {
  it.each(PAPEIS)("every menu entry of %s opens a screen that role may use", (papel) => {
    const negadas = [...MENUS[papel], MENU_PERFIL].filter((m) => !podeAbrir(papel, m.path)).map((m) => m.path);
    expect(negadas).toEqual([]);
  });

  it("every menu path names the permission its screen asks for, and is a route of the web app", () => {
    const caminhos = new Set([...PAPEIS.flatMap((p) => MENUS[p].map((m) => m.path)), MENU_PERFIL.path]);
    for (const c of caminhos) {
      expect(PERMISSAO_DA_TELA[c], c).toBeDefined();
      expect(ROTEADOR.includes(`path: "${c}"`), `${c} no roteador`).toBe(true);
    }
  });

  it("the Consultor has no 'Importar Leads': lead import is for administrators (001 §6)", () => {
    expect(MENUS[PAPEL.consultor].map((m) => m.path)).not.toContain("/leads-import");
    expect(pode(PAPEL.consultor, "leads.importar")).toBe(false);
    expect(MENUS[PAPEL.admin].map((m) => m.path)).toContain("/leads-import");
  });

  it("the Jurídico has no 'Conversas' (001 §6: not shown) but keeps the read-only 'WhatsApp'", () => {
    const juridico = MENUS[PAPEL.juridico].map((m) => m.path);
    expect(juridico).not.toContain("/conversas");
    expect(pode(PAPEL.juridico, "conversas.usar")).toBe(false);
    expect(juridico).toContain("/qr-code");
    expect(pode(PAPEL.juridico, "whatsapp.configurar")).toBe(false);
  });

  it("fails for an entry its role may not open, and for a path with no permission", () => {
    expect(podeAbrir(PAPEL.consultor, "/leads-import")).toBe(false);
    expect(podeAbrir(PAPEL.admin, "/caminho-inexistente")).toBe(false);
    expect(podeAbrir(PAPEL.admin, "/leads-import")).toBe(true);
  });

  it("every screen of the chosen company opens for the platform admin and is a route (decision 1642)", () => {
    for (const m of MENU_EMPRESA_ESCOLHIDA) {
      expect(podeAbrir(PAPEL.plataforma, m.path), m.path).toBe(true);
      expect(ROTEADOR.includes(`path: "${m.path}"`), `${m.path} no roteador`).toBe(true);
    }
  });

  it("an unknown role gets the Consultor menu", () => {
    expect(menuFor("Outro")).toEqual(MENUS[PAPEL.consultor]);
  });
});

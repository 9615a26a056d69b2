import { PAPEL } from "@crm/domain/roles";
import { unsafeWithSystem } from "../src/db/tenant.js";
import {
  criarConsultor,
  criarEmpresa,
  criarUsuario,
  SENHA_FACTORY,
  type TConsultor,
  type TEmpresa,
  type TUsuario,
} from "../src/seed/factories.js";
import type { TNavegador, TTestApp } from "./app.js";

/** Tests use the same factories as the demo seed. */
export * from "../src/seed/factories.js";
export { criarAleatorio, type TAleatorio } from "../src/seed/random.js";

type TChavePapel = keyof typeof PAPEL;

export type TEmpresaComUsuarios = {
  empresa: TEmpresa;
  /** one user per role; `plataforma` belongs to no company (its papel has none) */
  usuarios: Record<TChavePapel, TUsuario>;
  /** the Consultor user's consultores row (the My Leads rule goes through it) */
  consultor: TConsultor;
  /** one signed-in browser per user */
  navegadores: Record<TChavePapel, TNavegador>;
};

/** Signs a browser in through the real login route, as a person would. */
export async function entrar(nav: TNavegador, email: string, senha = SENHA_FACTORY): Promise<void> {
  const res = await nav.req({ method: "POST", url: "/api/auth/login", payload: { email, password: senha } });
  if (res.statusCode !== 200) throw new Error(`login de ${email} falhou: ${res.statusCode} ${res.body}`);
}

/**
 * A company with one confirmed user per role (password SENHA_FACTORY, 'senha123'), plus a platform
 * admin, each already signed in through its own navegador().
 */
export async function criarEmpresaComUsuarios(t: TTestApp, p: Partial<TEmpresa> = {}): Promise<TEmpresaComUsuarios> {
  const criados = await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    const empresa = await criarEmpresa(tx, p);
    const e = { id_empresa_fk: empresa.id };
    const usuarios = {
      plataforma: await criarUsuario(tx, { papel: PAPEL.plataforma }),
      admin: await criarUsuario(tx, { ...e, papel: PAPEL.admin }),
      consultor: await criarUsuario(tx, { ...e, papel: PAPEL.consultor }),
      juridico: await criarUsuario(tx, { ...e, papel: PAPEL.juridico }),
    };
    const consultor = await criarConsultor(tx, {
      ...e,
      id_usuario_fk: usuarios.consultor.id,
      nome: usuarios.consultor.nome,
      email: usuarios.consultor.email,
    });
    return { empresa, usuarios, consultor };
  });
  const navegadores = {} as Record<TChavePapel, TNavegador>;
  for (const [chave, u] of Object.entries(criados.usuarios) as [TChavePapel, TUsuario][]) {
    navegadores[chave] = t.navegador();
    await entrar(navegadores[chave], u.email);
  }
  return { ...criados, navegadores };
}

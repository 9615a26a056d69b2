import type { Plugin } from "vite";

/**
 * Fewer, fuller chunks for the first paint of /login and of a signed-in page (decision 1504). Rolldown's automatic
 * splitting gave each module shared by a different set of lazy routes a chunk of its own: /dashboard loaded 63 files,
 * most under 1 KB, each with its own gzip header, import list and HTTP headers. Here:
 * - `index`: everything the entry imports statically (react-dom, the router, TanStack Query, MSG…) in the entry;
 * - `comum`: the app's modules /login shares with the shell or the dashboard (the form kit); `auth`: the rest of
 *   /login's own modules (its card layout, password input, API calls), which the other signed-out pages share;
 * - `publico`: what the other signed-out pages share with them;
 * - `shell`: the rest of the shell (every signed-in page), `dashboard`: the rest of /dashboard before its charts;
 * - `leads`: the rest of /leads' list before its first paint (it loaded 33 files of its own, most under 1 KB).
 * The closures follow static imports of the app's own modules (not into node_modules, whose barrels — lucide-react,
 * radix-ui — import everything); the libraries a grouped module uses come along with it. The route modules
 * themselves stay out of the groups so their chunks keep their names in the manifest (bench/login-bundle.ts).
 */
const LOGIN = /[\\/]src[\\/]features[\\/]auth[\\/]LoginPage\.tsx$/;
const PAGINA_PUBLICA =
  /[\\/]src[\\/]features[\\/](auth|invitations|dev|test-validation)[\\/]|[\\/]profile[\\/]ConfirmEmailChangePage\.tsx$/;
const SHELL = /[\\/]src[\\/]features[\\/]shell[\\/]AppShell\.tsx$/;
const DASHBOARD = /[\\/]src[\\/]features[\\/]dashboard[\\/]DashboardPage\.tsx$/;
const LEADS = /[\\/]src[\\/]features[\\/]leads[\\/]LeadsPage\.tsx$/;
const DE_BIBLIOTECA = /[\\/]node_modules[\\/]/;

export function chunks() {
  const grupo = new Map<string, string>();
  const plugin: Plugin = {
    name: "crm:chunks",
    apply: "build",
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const fecho = (raiz: RegExp) => {
        const vistos = new Set<string>();
        const pilha = ids.filter((i) => raiz.test(i));
        while (pilha.length) {
          const id = pilha.pop() as string;
          if (vistos.has(id) || DE_BIBLIOTECA.test(id)) continue;
          vistos.add(id);
          for (const i of this.getModuleInfo(id)?.importedIds ?? []) pilha.push(i);
        }
        return vistos;
      };
      const login = fecho(LOGIN);
      const publico = fecho(PAGINA_PUBLICA);
      const shell = fecho(SHELL);
      const dashboard = fecho(DASHBOARD);
      const leads = fecho(LEADS);
      const raiz = (id: string) => SHELL.test(id) || DASHBOARD.test(id) || LOGIN.test(id) || LEADS.test(id);
      grupo.clear();
      for (const id of login) if (!raiz(id)) grupo.set(id, "auth");
      for (const id of new Set([...shell, ...dashboard])) {
        if (raiz(id)) continue;
        if (login.has(id)) grupo.set(id, "comum");
        else if (publico.has(id)) grupo.set(id, "publico");
        else grupo.set(id, shell.has(id) ? "shell" : "dashboard");
      }
      // the rest of /leads' own, even what a signed-out page also uses (the test-validation page's lead table): in
      // `publico` it would load with /dashboard, and with it the libraries it imports (zod, libphonenumber)
      for (const id of leads) if (!raiz(id) && !grupo.has(id)) grupo.set(id, "leads");
    },
  };
  const dele = (nome: string) => (id: string) => grupo.get(id) === nome;
  const codeSplitting = {
    groups: [
      { name: "index", tags: ["$initial" as const], priority: 5 },
      { name: "comum", test: dele("comum"), priority: 4 },
      { name: "auth", test: dele("auth"), priority: 4 },
      { name: "publico", test: dele("publico"), priority: 3 },
      { name: "shell", test: dele("shell"), priority: 2 },
      { name: "dashboard", test: dele("dashboard"), priority: 1 },
      { name: "leads", test: dele("leads"), priority: 0 },
    ],
  };
  return { plugin, codeSplitting };
}

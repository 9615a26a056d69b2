/**
 * The import rules of `npm run check` (ARCHITECTURE §2, issue 16): imports run one way. The composition root
 * (main.ts, app.ts, deps.ts, routes.ts) wires features; features use infrastructure and the domain package, and where
 * one feature needs another it imports it in one direction only; infrastructure imports no feature.
 */
const SRC = "^apps/server/src/";
const INFRA = `${SRC}(core|db|http|net|jobs|realtime|storage|mail|config|crypto)/`;
const RAIZ = `${SRC}(main|app|deps|routes)\\.ts$`;

module.exports = {
  forbidden: [
    { name: "sem-ciclos", comment: "no import cycle between files", severity: "error", from: {}, to: { circular: true } },
    {
      name: "sem-ciclos-entre-pastas",
      comment: "no two folders (features) import each other, directly or through others",
      severity: "error",
      scope: "folder",
      from: { path: SRC },
      to: { circular: true },
    },
    {
      name: "infraestrutura-nao-importa-funcionalidade",
      severity: "error",
      from: { path: INFRA },
      to: { path: SRC, pathNot: [INFRA] },
    },
    {
      name: "funcionalidade-nao-importa-a-raiz",
      comment: "the composition root imports features, never the reverse",
      severity: "error",
      from: { path: SRC, pathNot: [RAIZ, "-cli\\.ts$"] },
      to: { path: RAIZ },
    },
    {
      name: "dominio-nao-importa-apps",
      severity: "error",
      from: { path: "^packages/domain/" },
      to: { path: "^apps/" },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    // tests and their helpers sit above everything (like the composition root): they may reach any module
    exclude: {
      path: [
        "node_modules",
        "/dist/",
        "\\.test\\.ts$",
        "/testing/",
        "/testing\\.ts$",
        "/test-helpers\\.ts$",
        "^apps/server/test/",
        "^test-support/",
      ],
    },
  },
};

/**
 * The import rules of `npm run check` (ARCHITECTURE §2, issue 16): imports run one way. The composition root
 * (main.ts, app.ts, deps.ts, routes.ts) wires features; features use infrastructure and the domain package, and where
 * one feature needs another it imports it in one direction only; infrastructure imports no feature.
 */
const SRC = "^apps/server/src/";
const INFRA = `${SRC}(core|db|http|net|jobs|realtime|storage|mail|config|crypto)/`;
const RAIZ = `${SRC}(main|app|deps|routes)\\.ts$`;

/**
 * The web app (decision 1745): `main.tsx` and `app/` (router, providers, guards, the screens around every page) are its
 * composition root and wire the features; a feature imports `lib/`, `ui/` and the domain package, and another feature
 * only when listed here with its reason, one way (a listed target imports none of its importers: the folder-cycle
 * rule checks); `lib/` and `ui/` import no feature.
 */
const WEB = "^apps/web/src/";
const WEB_FEATURES = `${WEB}features/`;
const WEB_RAIZ = `${WEB}(main\\.tsx$|app/)`;
const WEB_FEATURE_IMPORTS = {
  chat: {
    revisional: "the lead's pre-analysis card in the chat's side panel",
    "follow-ups": "'Agendar Retorno' and 'Nova tarefa' open the follow-up dialog from the side panel",
    notes: "internal notes in the timeline and the composer's 'Nota interna' mode",
    "quick-replies": "the composer's '/' list and 'Salvar como resposta rápida'",
    tags: "the lead's tags in the side panel, and their editor",
    "scheduled-messages": "the composer's 'Agendar mensagem' and the lead's pending scheduled messages",
  },
  "company-settings": {
    "api-keys": "the 'API personalizada' card of /configuracoes",
    attribution: "the Meta Conversions API card of /configuracoes",
    revisional: "the pre-analysis settings card of /configuracoes",
    webhooks: "the outbound webhooks card of /configuracoes",
    tags: "the company's tags card of /configuracoes",
  },
  leads: { tags: "tags on the board card, in bulk on /leads, and the filter by tag of /leads and /meus-leads" },
  conversations: { tags: "the filter by tag of /conversas" },
  dashboard: {
    performance: "/dashboard shows the Consultor their own dashboard",
    "legal-dashboard": "/dashboard shows the Jurídico the legal dashboard",
    platform: "/dashboard shows the platform admin the platform overview",
    subscription: "the trial banner above the company admin's dashboard",
  },
  finance: { attribution: "the per-campaign results on /financeiro" },
  marketing: { attribution: "the per-campaign results on /marketing; a cost change refreshes them" },
  "legal-dashboard": { "legal-processes": "the hand-off page filters by the processes' consultants" },
  "legal-processes": {
    deadlines: "the process dialog's deadlines tab",
    documents: "the process dialog's documents tab",
    revisional: "the process dialog's pre-analysis",
    notes: "the process dialog shows the consultants' internal notes",
  },
  platform: { "company-settings": "/configuracoes shows a company admin the company settings" },
};
const WEB_LISTED = Object.keys(WEB_FEATURE_IMPORTS);
const webFeatureRules = [
  ...WEB_LISTED.map((de) => ({
    name: `web-${de}-importa-so-as-listadas`,
    comment: `web feature ${de} imports only: ${Object.entries(WEB_FEATURE_IMPORTS[de])
      .map(([para, porque]) => `${para} (${porque})`)
      .join("; ")}`,
    severity: "error",
    from: { path: `${WEB_FEATURES}${de}/` },
    to: { path: WEB_FEATURES, pathNot: `${WEB_FEATURES}(${[de, ...Object.keys(WEB_FEATURE_IMPORTS[de])].join("|")})/` },
  })),
  {
    name: "web-funcionalidade-nao-listada-nao-importa-outra",
    comment: "a web feature not in WEB_FEATURE_IMPORTS imports no other feature",
    severity: "error",
    from: { path: `${WEB_FEATURES}([^/]+)/`, pathNot: `${WEB_FEATURES}(${WEB_LISTED.join("|")})/` },
    to: { path: WEB_FEATURES, pathNot: `${WEB_FEATURES}$1/` },
  },
];

module.exports = {
  forbidden: [
    { name: "sem-ciclos", comment: "no import cycle between files", severity: "error", from: {}, to: { circular: true } },
    {
      name: "sem-ciclos-entre-pastas",
      comment: "no two folders (features, and the web's lib, ui, app) import each other, directly or through others",
      severity: "error",
      scope: "folder",
      from: { path: `(${SRC}|${WEB})` },
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
      name: "web-lib-e-ui-nao-importam-funcionalidade",
      comment: "lib/ and ui/ are the web's infrastructure: they import no feature",
      severity: "error",
      from: { path: `${WEB}(lib|ui)/` },
      to: { path: WEB_FEATURES },
    },
    {
      name: "web-funcionalidade-nao-importa-a-raiz",
      comment: "main.tsx and app/ wire the features (the router imports them all), never the reverse",
      severity: "error",
      from: { path: WEB, pathNot: WEB_RAIZ },
      to: { path: WEB_RAIZ },
    },
    ...webFeatureRules,
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
        "\\.test\\.tsx?$",
        "^apps/web/src/test/",
        "/testing/",
        "/testing\\.ts$",
        "/test-helpers\\.ts$",
        "^apps/server/test/",
        "^test-support/",
      ],
    },
  },
};

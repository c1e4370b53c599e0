/**
 * The architecture as rules (docs/architecture.md): `npx depcruise` (a stage of `npm test`) fails
 * on an import that runs up the layers, on an import cycle, and on the few boundaries below.
 *
 * Layers, bottom to top. A module may import its own layer and the layers below it; folders of one
 * layer may import each other as long as no cycle forms (the cycle rule catches that).
 */
const LAYERS = [
  // Settings, the error model and small generic helpers: import nothing of ours but each other.
  { name: "base", path: "^lib/(env|errors|action-result)\\.ts$|^lib/(util|security)/" },
  // Legal-Korean text: tokenizer, sentences, 사건번호, normalisation, encodings, a decision's shape.
  { name: "text", path: "^lib/text/" },
  // Persistence: the only code that touches Prisma.
  { name: "db", path: "^lib/db/" },
  // The one job system (queues, child processes, owner, heartbeats, sweeper): knows no job kind.
  { name: "jobs", path: "^lib/jobs/" },
  // Models and indexes.
  { name: "models and indexes", path: "^lib/(ai|store)/" },
  // Building the corpus.
  { name: "corpus", path: "^lib/(ingest|enrich|citations|precedent|statutes)/" },
  // Retrieval and answering.
  { name: "rag", path: "^lib/rag/" },
  // The product's use cases.
  { name: "use cases", path: "^lib/(chat|eval|export|search|auth|api|brief)/" },
  // Start-up wiring: registers the job kinds (each defined in its own folder) with lib/jobs.
  { name: "start-up", path: "^lib/startup/" },
  // The Next.js app on top (pages, actions, routes, components; the server's start-up hook and proxy).
  { name: "app", path: "^(app|components)/|^(instrumentation|proxy)\\.ts$" },
];

/** One rule per layer: nothing in it imports a layer above it. */
const layerRules = LAYERS.slice(0, -1).map((layer, index) => {
  const above = LAYERS.slice(index + 1);
  return {
    name: `layer-${layer.name.replaceAll(" ", "-")}`,
    comment: `${layer.name} may import only ${LAYERS.slice(0, index + 1)
      .map((l) => l.name)
      .join(", ")}; not ${above.map((l) => l.name).join(", ")} (docs/architecture.md)`,
    severity: "error",
    from: { path: layer.path },
    to: { path: above.map((l) => `(?:${l.path})`).join("|") },
  };
});

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: "no-circular",
      comment: "An import cycle ties its modules into one: neither can be understood, tested or moved alone.",
      severity: "error",
      from: { path: "^(lib|app|components)/" },
      to: { circular: true },
    },
    {
      name: "lib-not-next",
      comment: "lib/ is plain TypeScript that scripts and tests run outside Next.js: no next/* there.",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: "(^|/)node_modules/next/" },
    },
    {
      name: "lib-not-app",
      comment: "lib/ never imports the app or its components (they are built on lib, not the other way).",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: "^(app|components)/" },
    },
    {
      name: "components-not-db",
      comment: "Components get data through server actions and pages, never from lib/db directly.",
      severity: "error",
      from: { path: "^components/" },
      // Exception: `import type` of a record's shape (ChatSummary, JobRecord, …) is allowed. It is
      // erased at build, so no Prisma or database code can reach the browser through it, and the
      // pages hand components exactly those records.
      to: { path: "^lib/db/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "prisma-only-in-db",
      comment: "lib/db is the only place that touches Prisma (its client, adapters and generated types).",
      severity: "error",
      from: { path: "^(lib|app|components)/", pathNot: "^lib/db/" },
      to: { path: "(^|/)node_modules/(@prisma|\\.prisma)/|^lib/db/generated" },
    },
  ],
  options: {
    // The generated Prisma clients are lib/db's inside (and git-ignored); tests are not layered.
    exclude: { path: "^lib/db/generated|\\.test\\.tsx?$" },
    doNotFollow: { path: "node_modules" },
    // `import type` is a dependency too: a type from above ties a module to that layer all the same.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
      mainFields: ["module", "main", "types", "typings"],
    },
    reporterOptions: {
      dot: {
        // docs/architecture.md's diagram: one box per lib/ folder (and per root file of lib/).
        collapsePattern: "^(lib/[^/]+|app|components|node_modules/[^/]+)",
      },
      archi: {
        collapsePattern: "^(lib/[^/]+|app|components|node_modules/[^/]+)",
      },
    },
  },
};

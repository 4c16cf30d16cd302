// The import rules of docs/architecture.md and docs/conventions.md, checked by `make test` (tools/dev/guardrails.ts).
// A service is its own world: it reaches other services over gRPC and NATS, never through their code.
const IO_PACKAGES = ['db', 'bus', 'grpc', 'storage', 'runtime', 'telemetry', 'testing', 'proto'];
const IO_MODULES = ['@prisma', 'pg', '@nats-io', '@grpc', '@aws-sdk', 'express', 'busboy', 'playwright-core'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: split the shared part into its own module.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'services-never-import-services',
      severity: 'error',
      comment: "A service reaches another over gRPC or NATS, never through its code (docs/architecture.md).",
      from: { path: '^services/([^/]+)/' },
      to: { path: '^services/([^/]+)/', pathNot: '^services/$1/' },
    },
    {
      name: 'packages-never-import-services',
      severity: 'error',
      comment: 'A package is shared by services, so it cannot depend on one.',
      from: { path: '^packages/' },
      to: { path: '^services/' },
    },
    {
      name: 'tools-and-tests-never-import-services',
      severity: 'error',
      comment: 'Tools, benchmarks and end-to-end tests use a service through its API, as a user would.',
      from: { path: '^(tools|tests)/' },
      to: { path: '^services/' },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'domain/ holds the business rules as plain functions over plain data: no store, wire, events or I/O.',
      from: { path: '^services/[^/]+/src/domain/', pathNot: '\\.test\\.ts$' },
      to: {
        path: [
          '^services/[^/]+/src/(?!domain/)',
          `^packages/(${IO_PACKAGES.join('|')})/`,
          `node_modules/(${IO_MODULES.join('|')})(/|$)`,
        ],
      },
    },
    {
      name: 'domain-does-no-io',
      severity: 'error',
      comment: 'domain/ does no I/O: no file system, processes or network.',
      from: { path: '^services/[^/]+/src/domain/', pathNot: '\\.test\\.ts$' },
      to: { dependencyTypes: ['core'], path: '^(node:)?(fs|fs/promises|child_process|net|http|https|http2|dgram|dns|tls)$' },
    },
    {
      name: 'store-only-in-store',
      severity: 'error',
      comment: 'src/store/ is the only place that talks to Prisma.',
      from: { path: '^services/[^/]+/src/', pathNot: ['^services/[^/]+/src/(store|generated)/', '^services/[^/]+/src/(main|service)\\.ts$'] },
      to: { path: '^services/[^/]+/src/generated/prisma/' , dependencyTypesNot: ['type-only']},
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    exclude: { path: ['node_modules', '/testdata/', '^tools/dev/fixtures/'] },
    doNotFollow: { path: ['node_modules', '/generated/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.json'],
    },
    combinedDependencies: false,
  },
};

import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// D1 refuses LIKE and GLOB patterns over 50 bytes (see the block that uses these).
const NO_LIKE_OVER_INPUT = [
  String.raw`Literal[value=/\b(LIKE|GLOB)\s*(\?|$)|\b(like|glob)\s+\?/]`,
  String.raw`TemplateElement[value.raw=/\b(LIKE|GLOB)\s*(\?|$)|\b(like|glob)\s+\?/]`,
].map((selector) => ({
  selector,
  message: "No LIKE or GLOB over a bound or interpolated value: D1 refuses patterns over 50 bytes. Use textMatch (functions/domain/core/text-match.ts).",
}));

/** One no-restricted-imports rule per file set (flat config replaces a rule's options per block, so the sets are disjoint). */
const boundaries = (sets) =>
  sets.map(({ files, ignores, patterns }) => ({
    files,
    ...(ignores ? { ignores } : {}),
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [...patterns, ...areaFaces(files), ...(files.some((f) => /^(functions|app)\//.test(f)) ? [schemaTypesOnly] : [])] },
      ],
    },
  }));

/**
 * The domain is in area folders (functions/domain/<area>/), each with one face, its index.ts
 * (docs/decisions/0039-domain-areas.md). Outside an area, import its index.ts, never the files
 * beside it; inside the domain, another area is `../<area>/index.ts` and the own area `./<file>.ts`.
 */
/**
 * The Worker reads D1 with prepared statements: db/schema (and with it drizzle-orm) is named for
 * its types only (row types, db/rows.ts), so drizzle-orm stays out of the bundle and is a development
 * dependency. Stored value lists are in shared/stored-values.ts.
 */
const schemaTypesOnly = {
  regex: "^#db/|(^|/)db/|^drizzle-orm",
  allowTypeImports: true,
  message: "Runtime code names db/ and drizzle-orm for types only (db/rows.ts); value lists live in shared/stored-values.ts.",
};

function areaFaces(files) {
  const inDomain = files.some((f) => f.startsWith("functions/domain/"));
  // The adapters in functions/platform/ take core's leaf files (errors, ids, sessions), which import
  // no adapter: through the face they would close a circle with the domain context's port types.
  const inPlatform = files.some((f) => f.startsWith("functions/platform/"));
  const message = "Import a domain area through its face, functions/domain/<area>/index.ts, not the files beside it.";
  return inDomain
    ? [
        { regex: "^\\.\\./[a-z-]+/(?!index\\.ts$)", message },
        { regex: "^#domain/", message: "Inside the domain, import another area as ../<area>/index.ts and your own area's files as ./<file>.ts." },
      ]
    : [{ regex: `(^#domain/|(^|/)domain/)${inPlatform ? "(?!core/(errors|ids|sessions)\\.ts$)" : ""}[a-z-]+/(?!index\\.ts$)`, message }];
}

export default tseslint.config(
  {
    ignores: ["build/", ".react-router/", "**/.wrangler/", "node_modules/", "test-results/", "playwright-report/", "tests/bench/results/", "shared/paraglide/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  // Imports point one way: app/ -> functions/ -> db/, with shared/ below both (docs/decisions/0015).
  // Flat config replaces a rule's options per matching block, so the file sets below are disjoint.
  ...boundaries([
    {
      files: ["functions/domain/**/*.ts"],
      patterns: [
        { regex: "^#app/|(^|/)app/", message: "The domain never imports pages: shared code lives in shared/." },
        {
          regex: "^#api/|(^|/)api/|^hono$|^hono/|^react-router$",
          message: "The domain never imports the HTTP layer: it takes plain input and throws domain errors.",
        },
      ],
    },
    {
      files: ["functions/**/*.ts"],
      ignores: ["functions/domain/**", "functions/platform/**"],
      patterns: [{ regex: "^#app/|(^|/)app/", message: "functions/ never imports app/: shared code lives in shared/." }],
    },
    {
      files: ["functions/platform/**/*.ts"],
      patterns: [{ regex: "^#app/|(^|/)app/", message: "functions/ never imports app/: shared code lives in shared/." }],
    },
    {
      files: ["db/**/*.ts"],
      patterns: [
        {
          regex: "^#app/|^#functions/|^#domain/|^#platform/|^#api/|(^|/)app/|(^|/)functions/",
          message: "db/ sits below app/ and functions/ and imports neither.",
        },
      ],
    },
    {
      files: ["shared/**/*.ts"],
      patterns: [
        {
          regex: "^#app/|^#functions/|^#domain/|^#platform/|^#api/|^#db/|(^|/)app/|(^|/)functions/|(^|/)db/",
          allowTypeImports: true,
          message: "shared/ is below app/ and functions/ and reaches the browser: it imports only shared/ (types excepted).",
        },
      ],
    },
    {
      // Modules that reach the browser. Server code may be named for its types only.
      files: ["app/components/**/*.tsx", "app/lib/**/*.ts"],
      ignores: ["app/lib/**/*.server.ts"],
      patterns: [
        {
          regex: "^#domain/|^#platform/|^#api/|^#db/|^#functions/|\\.server$|\\.server\\.ts$",
          allowTypeImports: true,
          message: "Server code never goes into client bundles: import its types only, or move the value to shared/.",
        },
      ],
    },
    // Everything else (routes, server halves, tests, scripts): only the area faces rule.
    { files: ["app/lib/**/*.server.ts"], patterns: [] },
    { files: ["app/**/*.{ts,tsx}"], ignores: ["app/components/**/*.tsx", "app/lib/**/*.ts"], patterns: [] },
    {
      files: ["tests/**/*.{ts,mjs}", "scripts/**/*.{ts,mjs}", "*.ts"],
      // Node runs it with type stripping only, which cannot load the billing face (see the file).
      ignores: ["tests/e2e/invoice-fixtures.mjs"],
      patterns: [],
    },
  ]),
  // D1 refuses LIKE and GLOB patterns over 50 bytes, so a pattern built from input is a 500 for a
  // long query (issue 28: 17 Devanagari letters). Match typed text with functions/domain/core/text-match.ts
  // (instr), a prefix range or FTS5; LIKE with a constant pattern written in the SQL is fine.
  {
    files: ["functions/**/*.ts", "app/**/*.{ts,tsx}", "shared/**/*.ts", "db/**/*.ts", "scripts/**/*.mjs"],
    rules: {
      "no-restricted-syntax": ["error", ...NO_LIKE_OVER_INPUT],
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "drizzle-orm",
              importNames: ["like", "ilike", "notLike", "notIlike"],
              message: "D1 refuses LIKE patterns over 50 bytes: use textMatch (functions/domain/core/text-match.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["scripts/**/*.mjs", "tests/**/*.mjs", "*.js"],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["tests/bench/hello/*.js"],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    // Numbers are read one way, shared/numbers.ts `numeric(...)`: z.coerce.number() reads true as 1 and null as 0 (issue 28).
    files: ["app/**/*.{ts,tsx}", "functions/**/*.ts", "shared/**/*.ts", "db/**/*.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "z", property: "coerce", message: "Use numeric(z.number()...) from shared/numbers.ts: z.coerce reads true as 1 and null as 0." },
      ],
    },
  },
  // Issue 29: a form field is written once, in app/components/ui (Field, TextArea, Select, Checkbox:
  // label, hint, error and aria wired; docs/decisions/0038). A hand-made text box, select or text
  // area elsewhere is an error (every page was converted by the end of issue 29).
  {
    files: ["app/**/*.tsx"],
    ignores: ["app/components/ui/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...NO_LIKE_OVER_INPUT,
        {
          selector: String.raw`JSXOpeningElement[name.name=/^(input|select|textarea)$/]:not(:has(JSXAttribute[name.name="type"][value.value=/^(hidden|file|submit|button|radio|range|color|image|reset)$/]))`,
          message: "Write a form field with Field, TextArea, Select or Checkbox from #app/components/ui (label, hint, error and aria wired once).",
        },
      ],
    },
  },
  // Server code logs one JSON line per event with the request's id (functions/platform/log.ts, the
  // one place that calls console); the browser's own code may still use the console.
  {
    files: ["functions/**/*.ts", "app/entry.server.tsx", "app/**/*.server.ts"],
    rules: { "no-console": "error" },
  },
);

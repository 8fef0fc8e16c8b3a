// VS Code's JSON language service (vscode-json-languageservice, the one inside VS Code)
// validating documents against this repository's schemas, exactly as an editor would with
// the `json.schemas` mapping docs/lsp.md shows.
//
//   node validate.js SCHEMA_DIR FILE...
//
// Each FILE is matched to a schema by its name: *.realm.json -> scenario, *.engine.json ->
// engine, *.catalogue.json and tiles*.json -> catalogue. A document's own "$schema" key is
// honoured as in VS Code, but only local files resolve: any http(s) address is refused (so
// a test never depends on the network, and a "$schema" that names a web address fails).
// Prints one JSON object on stdout: {FILE: [{line, character, severity, message}, ...]}.
"use strict";

const fs = require("fs");
const path = require("path");
const { pathToFileURL, fileURLToPath } = require("url");
const {
  getLanguageService,
  TextDocument,
  DiagnosticSeverity,
} = require("vscode-json-languageservice");

async function main(argv) {
  if (argv.length < 2) {
    process.stderr.write("usage: node validate.js SCHEMA_DIR FILE...\n");
    return 2;
  }
  const schemaDir = path.resolve(argv[0]);
  const schemaUri = (name) => pathToFileURL(path.join(schemaDir, name)).href;
  const service = getLanguageService({
    // As VS Code does: a relative "$ref" (engine.schema.json's "scenario.schema.json#/...")
    // resolves against the address of the schema that holds it.
    workspaceContext: { resolveRelativePath: (relative, resource) => new URL(relative, resource).href },
    schemaRequestService: async (uri) => {
      if (!uri.startsWith("file:")) {
        throw new Error(`refusing to fetch ${uri} (only local schemas resolve here)`);
      }
      return fs.readFileSync(fileURLToPath(uri), "utf-8");
    },
  });
  service.configure({
    validate: true,
    allowComments: false,
    schemas: [
      { uri: schemaUri("scenario.schema.json"), fileMatch: ["*.realm.json"] },
      { uri: schemaUri("engine.schema.json"), fileMatch: ["*.engine.json"] },
      { uri: schemaUri("catalogue.schema.json"), fileMatch: ["*.catalogue.json", "tiles*.json"] },
    ],
  });
  const out = {};
  for (const file of argv.slice(1)) {
    const uri = pathToFileURL(path.resolve(file)).href;
    const document = TextDocument.create(uri, "json", 1, fs.readFileSync(file, "utf-8"));
    const json = service.parseJSONDocument(document);
    const diagnostics = await service.doValidation(document, json, {
      comments: "error",
      trailingCommas: "error",
      schemaValidation: "error",
      schemaRequest: "error",
    });
    out[file] = diagnostics.map((d) => ({
      line: d.range.start.line,
      character: d.range.start.character,
      severity: d.severity === DiagnosticSeverity.Error ? "error" : "warning",
      message: d.message,
    }));
  }
  process.stdout.write(JSON.stringify(out) + "\n");
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(String(err && err.stack ? err.stack : err) + "\n");
    process.exit(1);
  },
);

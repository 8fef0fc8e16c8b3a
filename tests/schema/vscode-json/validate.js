// VS Code's JSON language service (vscode-json-languageservice, the one inside VS Code)
// validating documents against this repository's schemas, exactly as an editor would with
// the `json.schemas` mapping docs/lsp.md shows.
//
//   node validate.js SCHEMA_DIR FILE...
//   node validate.js --settings SETTINGS.json FILE...
//
// Each FILE is matched to a schema by its name: *.realm.json -> scenario, *.engine.json ->
// engine, *.catalogue.json and tiles*.json -> catalogue; or, with --settings, by the
// "json.schemas" of a VS Code settings file (as docs/lsp.md shows). A document's own "$schema" key is
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
  if (argv.length < 2 || (argv[0] === "--settings" && argv.length < 3)) {
    process.stderr.write("usage: node validate.js SCHEMA_DIR FILE... | --settings SETTINGS.json FILE...\n");
    return 2;
  }
  let schemas;
  if (argv[0] === "--settings") {
    const settings = JSON.parse(fs.readFileSync(argv[1], "utf-8"));
    schemas = settings["json.schemas"].map((entry) => ({ uri: entry.url, fileMatch: entry.fileMatch }));
    argv = argv.slice(2);
  } else {
    const schemaDir = path.resolve(argv[0]);
    const schemaUri = (name) => pathToFileURL(path.join(schemaDir, name)).href;
    schemas = [
      { uri: schemaUri("scenario.schema.json"), fileMatch: ["*.realm.json"] },
      { uri: schemaUri("engine.schema.json"), fileMatch: ["*.engine.json"] },
      { uri: schemaUri("catalogue.schema.json"), fileMatch: ["*.catalogue.json", "tiles*.json"] },
    ];
    argv = argv.slice(1);
  }
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
    schemas,
  });
  const out = {};
  for (const file of argv) {
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

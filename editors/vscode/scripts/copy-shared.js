// Copy what the extension shares with the repository: its LICENSE, and the schemas
// (../../schemas), which the extension contributes
// for *.realm.json and *.engine.json (package.json "jsonValidation"): the .vsix carries the
// schemas of the tree it was built from, so VS Code validates offline. engine.schema.json
// names scenario.schema.json by a relative reference, resolved beside it.
"use strict";

const fs = require("fs");
const path = require("path");

const root = path.resolve(__dirname, "..", "..", "..");
const extension = path.resolve(__dirname, "..");
fs.mkdirSync(path.join(extension, "schemas"), { recursive: true });
for (const name of ["scenario.schema.json", "engine.schema.json"]) {
  fs.copyFileSync(path.join(root, "schemas", name), path.join(extension, "schemas", name));
}
fs.copyFileSync(path.join(root, "LICENSE"), path.join(extension, "LICENSE"));

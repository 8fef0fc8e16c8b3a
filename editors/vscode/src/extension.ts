// Realms Studio for VS Code: starts `realms lsp` (the language server that ships with
// Realms Studio) for *.realm.json and *.engine.json files, and contributes the scenario and
// engine schemas for VS Code's own JSON validation (package.json "jsonValidation").
import * as vscode from "vscode";
import {
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from "vscode-languageclient/node";

const SECTION = "realms";
let client: LanguageClient | undefined;

function serverOptions(): ServerOptions | undefined {
  const command = vscode.workspace.getConfiguration(SECTION).get<string[]>("command", ["realms", "lsp"]);
  if (!Array.isArray(command) || command.length === 0 || typeof command[0] !== "string") {
    void vscode.window.showErrorMessage(
      'Realms Studio: the setting "realms.command" must be a list such as ["realms", "lsp"].',
    );
    return undefined;
  }
  return { command: command[0], args: command.slice(1), transport: TransportKind.stdio };
}

function clientOptions(settings: vscode.FileSystemWatcher): LanguageClientOptions {
  return {
    documentSelector: [
      { scheme: "file", language: "json", pattern: "**/*.realm.json" },
      { scheme: "file", language: "json", pattern: "**/*.engine.json" },
      { scheme: "untitled", language: "json" },
    ],
    synchronize: {
      // The server re-reads the lint settings when one of these changes.
      fileEvents: settings,
    },
  };
}

async function start(settings: vscode.FileSystemWatcher): Promise<void> {
  const server = serverOptions();
  if (server === undefined) {
    return;
  }
  client = new LanguageClient(SECTION, "Realms Studio", server, clientOptions(settings));
  try {
    await client.start();
  } catch (error) {
    const shown = vscode.workspace.getConfiguration(SECTION).get<string[]>("command", []).join(" ");
    void vscode.window.showErrorMessage(
      `Realms Studio: could not start the language server (${shown}): ${String(error)}. ` +
        'Install Realms Studio (see its README) or set "realms.command" to its realms.',
    );
    client = undefined;
  }
}

async function stop(): Promise<void> {
  if (client !== undefined) {
    const running = client;
    client = undefined;
    await running.stop();
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const settings = vscode.workspace.createFileSystemWatcher("**/{pyproject.toml,realms.toml}");
  context.subscriptions.push(
    settings,
    vscode.commands.registerCommand("realms.restartServer", async () => {
      await stop();
      await start(settings);
    }),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration(`${SECTION}.command`)) {
        await stop();
        await start(settings);
      }
    }),
  );
  await start(settings);
}

export async function deactivate(): Promise<void> {
  await stop();
}

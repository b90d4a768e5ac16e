// The VS Code side of noveler: starts `noveler lsp` for Markdown and text files and hands
// it the `noveler.*` settings. Everything else (diagnostics, quick fixes, fix all on save,
// hover, the code lens) is the language server's.
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function settings() {
  const c = vscode.workspace.getConfiguration('noveler');
  return { preset: c.get('preset'), severity: c.get('severity'), files: c.get('files') };
}

function activate(context) {
  const command = vscode.workspace.getConfiguration('noveler').get('path') || 'noveler';
  const serverOptions = { command, args: ['lsp'] };
  const clientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'markdown' },
      { scheme: 'file', language: 'plaintext' },
      { scheme: 'untitled', language: 'markdown' },
    ],
    // Sends {"noveler": {...}} on every change of the settings.
    synchronize: { configurationSection: 'noveler' },
    initializationOptions: { noveler: settings() },
  };
  client = new LanguageClient('noveler', 'noveler', serverOptions, clientOptions);
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };

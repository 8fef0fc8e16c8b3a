"""``realms lsp``: a Language Server for scenario files, so an editor shows the linter's
findings as the file is typed, with the CLI's codes, positions, messages and settings.

Hand-written over stdio (JSON-RPC 2.0 with LSP's Content-Length framing): the server needs
a handful of messages, and a dependency-free loop keeps it in the Qt-free core install.
"""

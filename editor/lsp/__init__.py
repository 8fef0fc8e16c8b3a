"""``realms lsp``: a Language Server for scenario files, so an editor shows the linter's
findings as the file is typed, with the CLI's codes, positions, messages and settings.

Built on pygls and lsprotocol (the maintained Python libraries for the protocol), which
only this package imports: ``realms lint`` and ``realms derive`` never load them.
"""

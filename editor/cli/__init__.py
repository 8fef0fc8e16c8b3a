"""Command-line front end. Subcommands import their heavy dependencies lazily."""

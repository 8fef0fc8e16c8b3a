"""Boards that build themselves: realising a scenario's own building rules and searching
for a balanced realm. No Qt here: the CLI, the editor and the tests share this code."""

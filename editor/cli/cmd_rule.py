"""``realms rule CODE``: a lint rule's documentation, offline, as ``ruff rule`` prints it.

The text is the help SARIF carries (editor/lint/rule_docs.py), so a terminal, a CI log and a
code-scanning alert say the same thing, with no web address needed to read it.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "rule", help="print a lint rule's documentation (offline)",
        description="Print the documentation of a lint rule: what it reports, when it runs, "
                    "how to select it and how to silence it, from the installed package "
                    "(no network). `realms lint --show-rules` lists the codes.")
    parser.add_argument("code", nargs="?", metavar="CODE",
                        help="the rule's code, e.g. B002 (any case)")
    parser.add_argument("--all", action="store_true", help="every rule, in code order")
    parser.add_argument("--format", choices=("text", "markdown", "json"), default="text",
                        help="text (default), markdown, or json (one object per rule: code, "
                             "family, severity, scope, summary, text, markdown)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from editor.cli.common import EXIT_ERROR, EXIT_OK
    from editor.lint.registry import Rule, all_rules
    from editor.lint.rule_docs import rule_help

    rules = all_rules()
    if args.all == (args.code is not None):
        print("realms rule: error: name one rule (realms rule B002) or pass --all",
              file=sys.stderr)
        return EXIT_ERROR
    chosen: list[Rule]
    if args.all:
        chosen = list(rules.values())
    else:
        code = args.code.strip().upper()
        if code not in rules:
            from editor.model.schema_wording import close_keys

            near = close_keys(code, list(rules))
            hint = f"did you mean {near[0]}?" if near else "realms lint --show-rules lists them"
            print(f"realms rule: error: no rule {args.code!r}; {hint}", file=sys.stderr)
            return EXIT_ERROR
        chosen = [rules[code]]
    if args.format == "json":
        import json

        documents = []
        for item in chosen:
            text, markdown = rule_help(item)
            documents.append({"code": item.code, "family": item.family,
                              "severity": item.severity, "scope": item.scope,
                              "summary": item.summary, "text": text, "markdown": markdown})
        print(json.dumps(documents if args.all else documents[0], indent=2,
                         ensure_ascii=False))
        return EXIT_OK
    which = 1 if args.format == "markdown" else 0
    print("\n\n".join(rule_help(item)[which] for item in chosen))
    return EXIT_OK

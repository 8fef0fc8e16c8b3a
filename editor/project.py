"""The project's public address, written once.

The SARIF log's links, the advice to install the ``gui`` extra and the README's snippets
all name this repository; change it here when the repository moves (tests/install/
test_snippets.py checks the README and action.yml against it).
"""

from __future__ import annotations

REPOSITORY_URL = "https://github.com/OWNER/realms-studio"
# realms-studio is installed from its git repository, not from a package index.
GIT_REQUIREMENT = f"realms-studio @ git+{REPOSITORY_URL}"
# Where JSON editors (VS Code, JetBrains) fetch the scenario schema that a file's "$schema"
# key names: the newest on main, which reads every format_version the tool accepts.
SCENARIO_SCHEMA_URL = (REPOSITORY_URL.replace("https://github.com/",
                                              "https://raw.githubusercontent.com/")
                       + "/main/schemas/scenario.schema.json")

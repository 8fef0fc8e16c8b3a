"""The project's public address, written once.

The SARIF log's links, the advice to install the ``gui`` extra and the README's snippets
all name this repository; change it here when the repository moves (tests/install/
test_snippets.py checks the README and action.yml against it).
"""

from __future__ import annotations

REPOSITORY_URL = "https://github.com/OWNER/realms-studio"
# realms-studio is installed from its git repository, not from a package index.
GIT_REQUIREMENT = f"realms-studio @ git+{REPOSITORY_URL}"

"""``python -m editor`` behaves exactly like the ``realms`` command."""

from editor.cli.main import main

raise SystemExit(main())

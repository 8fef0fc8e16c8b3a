"""The Realms Studio editor (PySide6).

Only this package and the handler of ``realms edit`` import Qt; the CLI paths
``lint``, ``derive`` and the JSON exports never do. Modules that are pure Python
(:mod:`style`, :mod:`shapes`, :mod:`analysis`) are kept free of Qt so the
exporters and tests can use them headless.
"""

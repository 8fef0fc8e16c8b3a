"""``realms site``: a static, browsable gallery of a scenario collection.

Plain HTML, CSS and a little vanilla JavaScript, with every page's data inlined so the
site works from ``file://`` as well as from GitHub Pages. The package is Qt-free except
for the optional PNG/PDF board downloads, which import the printable exporter lazily.
"""

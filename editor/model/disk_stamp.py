"""What a file on disk looked like when the editor last read or wrote it.

Another program (a text editor through ``realms lsp``, a ``git pull``) may change an open
scenario or one of its catalogues. The editor keeps a :class:`DiskStamp` of each file at
load and at save, and asks before it writes over a file whose stamp no longer matches.
The modification time and size are compared first; only when they differ is the content
hashed, so a ``touch`` or an atomic save of the same bytes is not a change.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class DiskStamp:
    mtime_ns: int
    size: int
    sha256: str

    @classmethod
    def of(cls, path: Path) -> DiskStamp | None:
        """The file's stamp now; None when it cannot be read (gone, or not a file)."""
        try:
            before = path.stat()
            data = path.read_bytes()
        except OSError:
            return None
        return cls(before.st_mtime_ns, len(data), hashlib.sha256(data).hexdigest())

    def same_content(self, path: Path) -> bool:
        """Whether ``path`` still holds what this stamp recorded (a missing file does not)."""
        try:
            now = path.stat()
        except OSError:
            return False
        if now.st_mtime_ns == self.mtime_ns and now.st_size == self.size:
            return True
        current = DiskStamp.of(path)
        return current is not None and current.sha256 == self.sha256

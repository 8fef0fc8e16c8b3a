"""The pure data model: catalogue, scenario documents and their I/O. No Qt, no shapely."""

"""A layout as scenario data: boards, tiles and markers in a stable order (same layout,
same bytes)."""

from __future__ import annotations

from typing import Any

from editor.generate.layout import Layout


def boards_data(layout: Layout, board_ids: tuple[str, ...]) -> list[dict[str, Any]]:
    boards: list[dict[str, Any]] = []
    for index, kind in enumerate(layout.boards):
        tiles = sorted((p for p in layout.placed.values() if p.board == index),
                       key=lambda p: (p.r, p.q))
        markers: list[dict[str, Any]] = []
        for (tile, local), kind_ in sorted(layout.markers.items()):
            if layout.placed[tile].board != index:
                continue
            marker: dict[str, Any] = {"kind": kind_, "region": f"{tile}.{local}"}
            if kind_ in ("mountain", "black_mountain"):
                symbols = [s for s in layout.side_of(tile).region(local).symbols
                           if s in ("cavern", "mine", "magic")]
                if symbols:
                    marker["symbol"] = symbols[0]
            markers.append(marker)
        for (tile, local), extra in layout.extras:
            if layout.placed[tile].board == index:
                markers.append({**extra, "region": f"{tile}.{local}"})
        for number, ends in enumerate(layout.tunnels, start=1):
            for tile, local in ends:
                if layout.placed[tile].board == index:
                    markers.append({"kind": "tunnel", "number": number,
                                    "region": f"{tile}.{local}"})
        board: dict[str, Any] = {
            "id": board_ids[index], "kind": kind,
            "tiles": [{"tile": p.tile, "side": p.side, "q": p.q, "r": p.r,
                       "rotation": p.rotation} for p in tiles]}
        if markers:
            board["markers"] = markers
        boards.append(board)
    return boards

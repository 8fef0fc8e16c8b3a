"""GeoJSON: each region a Feature, in euclidean units for hex size 1 (y grows downwards).

The coordinates are a plane, not longitudes and latitudes; GIS tools and web
viewers still draw them, and the properties are the engine export's region entry.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import shapely

from editor.export.engine import region_entry
from editor.model.json_text import indented_json
from editor.topology import euclidean
from editor.topology.realm import Realm

DECIMALS = 6


def _geometries(polygons: list[shapely.Geometry | None]) -> list[dict[str, Any] | None]:
    """Each polygon as a GeoJSON geometry (None for none or an empty one), rounded to
    DECIMALS: one vectorised pass per step for the whole realm (the same per-polygon
    operations as one call each, without their Python overhead)."""
    drawn = [i for i, p in enumerate(polygons) if p is not None and not p.is_empty]
    out: list[dict[str, Any] | None] = [None] * len(polygons)
    if drawn:
        shapes = euclidean(np.array([polygons[i] for i in drawn], dtype=object))
        texts = shapely.to_geojson(shapely.set_precision(shapes, 10.0 ** -DECIMALS))
        for i, text in zip(drawn, texts.tolist(), strict=True):
            out[i] = json.loads(text)
    return out


def geojson_document(realm: Realm) -> dict[str, Any]:
    regions = list(realm.regions.values())
    geometries = _geometries([region.polygon for region in regions])
    features = []
    for region, geometry in zip(regions, geometries, strict=True):
        features.append({"type": "Feature", "id": region.id, "geometry": geometry,
                         "properties": region_entry(realm, region)})
    return {
        "type": "FeatureCollection",
        "name": realm.scenario.title,
        "players": realm.players,
        "units": "euclidean, hex size 1, y down",
        "features": features,
    }


def geojson_text(realm: Realm) -> str:
    return indented_json(geojson_document(realm)) + "\n"

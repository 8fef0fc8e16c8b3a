"""GeoJSON: each region a Feature, in euclidean units for hex size 1 (y grows downwards).

The coordinates are a plane, not longitudes and latitudes; GIS tools and web
viewers still draw them, and the properties are the engine export's region entry.
"""

from __future__ import annotations

import json
from typing import Any

import shapely

from editor.export.engine import region_entry
from editor.model.json_text import indented_json
from editor.topology import euclidean
from editor.topology.realm import Realm

DECIMALS = 6


def _geometry(polygon: shapely.Geometry | None) -> dict[str, Any] | None:
    if polygon is None or polygon.is_empty:
        return None
    rounded = shapely.set_precision(euclidean(polygon), 10.0 ** -DECIMALS)
    mapping: dict[str, Any] = json.loads(shapely.to_geojson(rounded))
    return mapping


def geojson_document(realm: Realm) -> dict[str, Any]:
    features = []
    for region in realm.regions.values():
        features.append({"type": "Feature", "id": region.id,
                         "geometry": _geometry(region.polygon),
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

"""The OpenAPI document names each game's moves and views and only statuses a route returns."""

from __future__ import annotations

from services.gateway.openapi import openapi_document


def test_each_games_move_and_view_schema_is_published() -> None:
    document = openapi_document()
    components = document["components"]["schemas"]
    for game in ("Ra", "Egizia", "Sobek"):
        assert f"{game}Move" in components and f"{game}View" in components
    ra_moves = components["RaMove"]["discriminator"]["mapping"]
    assert "RollDice" in ra_moves
    move = components["MoveRequest"]["properties"]["move"]
    assert {"$ref": "#/components/schemas/RaMove"} in move["anyOf"]
    answer = document["paths"]["/api/tables/{table_id}/view"]["get"]["responses"]["200"]
    name = answer["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
    view = components[name]["properties"]
    assert {"$ref": "#/components/schemas/SobekView"} in view["game"]["anyOf"]
    assert view["legal_moves"]["items"] == move
    assert components["RaView"]["type"] == "object"  # a real schema, not {}


def test_a_route_lists_only_the_statuses_it_can_return() -> None:
    paths = openapi_document()["paths"]
    me = set(paths["/api/me"]["get"]["responses"])
    assert me == {"200", "401", "405", "429", "503"}
    moves = set(paths["/api/tables/{table_id}/moves"]["post"]["responses"])
    assert {"400", "401", "403", "404", "409", "413", "422", "429", "503"} <= moves
    assert "422" not in paths["/api/games"]["get"]["responses"]
    assert "429" not in paths["/healthz"]["get"]["responses"]

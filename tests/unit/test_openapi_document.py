"""The OpenAPI document names each game's moves and views and only statuses a route returns."""

from __future__ import annotations

import re

from services.gateway.openapi.document import openapi_document


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
    # the prompt as a code of the game's prompts.toml, beside the English text
    assert {"prompt", "prompt_code", "prompt_params"} <= view.keys()


def test_a_route_lists_only_the_statuses_it_can_return() -> None:
    paths = openapi_document()["paths"]
    me = set(paths["/api/me"]["get"]["responses"])
    assert me == {"200", "401", "405", "429", "503"}
    moves = set(paths["/api/tables/{table_id}/moves"]["post"]["responses"])
    assert {"400", "401", "403", "404", "409", "413", "422", "429", "503"} <= moves
    assert "422" not in paths["/api/games"]["get"]["responses"]
    assert "429" not in paths["/healthz"]["get"]["responses"]


# Lists whose length the platform fixes (the registry's games): never paged.
BOUNDED = {"/api/games"}


def test_every_list_that_can_grow_is_paged() -> None:
    document = openapi_document()
    schemas = document["components"]["schemas"]
    checked = 0
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            answer = operation["responses"].get("200", operation["responses"].get("201", {}))
            schema = answer.get("content", {}).get("application/json", {}).get("schema", {})
            query = {p["name"] for p in operation.get("parameters", []) if p["in"] == "query"}
            if schema.get("type") == "array":
                assert path in BOUNDED, f"{method} {path} answers an unpaged list"
                continue
            name = schema.get("$ref", "").rsplit("/", 1)[-1]
            if name.startswith("Page_"):
                assert {"cursor", "limit"} <= query, f"{method} {path} lacks cursor/limit"
                assert set(schemas[name]["properties"]) == {"items", "next"}
                checked += 1
            elif name == "LogPage":
                assert {"after", "limit"} <= query, f"{method} {path} lacks after/limit"
                checked += 1
    assert checked >= 7  # lobby, my tables, log, results, standings, ratings, flagged


def test_every_registered_game_publishes_its_move_and_view() -> None:
    from shared.games.registry import available_games, get_game

    components = openapi_document()["components"]["schemas"]
    for name in available_games():
        title = get_game(name).name.title()
        assert f"{title}Move" in components and f"{title}View" in components, name


def test_every_integer_query_parameter_is_bounded() -> None:
    checked = 0
    for operations in openapi_document()["paths"].values():
        for operation in operations.values():
            for parameter in operation.get("parameters", []):
                schema = parameter["schema"]
                if parameter["in"] == "query" and schema["type"] == "integer":
                    assert {"minimum", "maximum"} <= schema.keys(), parameter
                    assert schema["maximum"] < 2**63  # within every store's integer columns
                    checked += 1
    assert checked >= 10


def test_registration_documents_name_taken_and_decline_advertises_no_delete() -> None:
    paths = openapi_document()["paths"]
    assert "409" in paths["/api/players"]["post"]["responses"]  # name_taken
    assert set(paths["/api/tables/{table_id}/invitations/decline"]) == {"post"}
    withdraw = paths["/api/tables/{table_id}/invitations/{player_id}"]["delete"]
    [_, player] = withdraw["parameters"]
    assert re.fullmatch(player["schema"]["pattern"], "decline") is None


def test_component_names_stay_those_clients_generated_code_from() -> None:
    """A module moving (the gateway's views into a package) does not rename a component."""
    from services.gateway.openapi.document import openapi_document

    document = openapi_document()
    schemas = document["components"]["schemas"]
    assert "services.gateway.views.PlayerView" in schemas
    assert not any(name.startswith("services.gateway.views.player") for name in schemas)
    view = document["paths"]["/api/tables/{table_id}/view"]["get"]["responses"]["200"]
    ref = view["content"]["application/json"]["schema"]["$ref"]
    assert ref == "#/components/schemas/services.gateway.views.PlayerView"


def test_every_route_a_feature_package_declares_is_gathered_once() -> None:
    """A package's `...ROUTES` list forgotten by the gatherer would vanish from the API."""
    import importlib
    import pkgutil

    import services.gateway
    from services.gateway.http.routes import Route
    from services.gateway.openapi.routes import ROUTES

    declared: list[Route] = []
    for module in pkgutil.walk_packages(services.gateway.__path__, "services.gateway."):
        if module.name == "services.gateway.openapi.routes":
            continue
        found = importlib.import_module(module.name)
        for name, value in vars(found).items():
            declares = name.endswith("ROUTES") and isinstance(value, list) and value is not ROUTES
            routes = value if declares else []
            if routes and all(isinstance(route, Route) for route in routes):
                declared.extend(routes)
    assert len(declared) > 60
    assert sorted(map(id, declared)) == sorted(map(id, ROUTES))
    keys = [(route.method, route.path) for route in ROUTES]
    assert len(keys) == len(set(keys))

"""The API described by its OpenAPI document (issue 25): ``/openapi.json`` is a valid OpenAPI 3.1 document made
from the models that validate the requests — the calculator's routes and the tables' (issue 27) — and a client
that knows only the document can use the API: every route it lists answers, a body built from a schema's required
fields is taken and its answer fits the answer's schema, a body the schema refuses is refused with our message
(400), in English and Chinese."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from openapi_spec_validator import validate
from starlette.testclient import TestClient

from mahjong import report
from mahjong.web import api, app, tables

SAMPLES = {"hand": "[123m,1]456m789m123p5s 5s", "rules": "guobiao", "style": "ascii",
           "seats": ["human", "greedy", "greedy", "greedy"]}
#: every operation the document describes: the calculator's and the tables'
OPERATIONS = (*(r.operation for r in api.ROUTES), *tables.OPERATIONS)


@pytest.fixture(scope="module")
def doc(client: TestClient) -> dict[str, Any]:
    r = client.get("/openapi.json")
    assert r.status_code == 200
    return r.json()


def _schema(doc: dict[str, Any], ref: str) -> dict[str, Any]:
    return {**doc["components"]["schemas"][ref.rsplit("/", 1)[1]], "components": doc["components"]}


def test_the_document_is_valid_openapi_made_from_the_request_models(doc: dict[str, Any]) -> None:
    validate(doc)
    assert doc == app.openapi()
    paths = {(p, m.upper()) for p, ops in doc["paths"].items() for m in ops}
    assert paths == {(r.path, r.method) for r in OPERATIONS}
    assert {("/api/tables", "POST"), ("/api/tables/{id}", "GET"), ("/api/tables/{id}/log", "GET")} <= paths
    for r in OPERATIONS:
        for model in (r.request, r.response):
            if model is not None:
                got = doc["components"]["schemas"][model.__name__]
                own = model.model_json_schema(ref_template="#/components/schemas/{model}")
                for name, schema in own.pop("$defs", {}).items():  # the models it nests are components too
                    assert doc["components"]["schemas"][name] == schema
                assert got == own and got["additionalProperties"] is False
        if r.request is not None:
            assert {"hand"} <= set(doc["components"]["schemas"][r.request.__name__]["required"]) or \
                r.request is tables.TableRequest


def test_the_table_request_states_what_the_table_checks(doc: dict[str, Any]) -> None:
    """The seats, hands and clocks a table takes are in the document, from the library's own limits."""
    from mahjong.game.agents import AGENTS
    from mahjong.table import MAX_HANDS, Timing
    from mahjong.table.table import TIMING_LIMITS

    props = doc["components"]["schemas"]["TableRequest"]["properties"]
    assert set(props["seats"]["items"]["enum"]) == {"human", *AGENTS}
    assert (props["seats"]["minItems"], props["seats"]["maxItems"]) == (2, 4)
    hands = next(b for b in props["hands"]["anyOf"] if b["type"] == "integer")
    assert (hands["minimum"], hands["maximum"]) == (1, MAX_HANDS)
    clocks = next(b for b in props["timing"]["anyOf"] if b["type"] == "object")["properties"]
    assert {k: (v["minimum"], v["maximum"]) for k, v in clocks.items()} == dict(TIMING_LIMITS)
    assert all(v["default"] == getattr(Timing(), k) for k, v in clocks.items())


def test_a_client_that_reads_only_the_document_can_use_every_route(client: TestClient, doc: dict[str, Any]) -> None:
    refs = {"$ref": "#/components/schemas/ErrorResponse"}
    values = {"name": "sichuan"}  # a path's parameters: the id of the table the POST made (posts come first)
    for path, ops in sorted(doc["paths"].items(), key=lambda p: "post" not in p[1]):
        for method, op in ops.items():
            url = path.replace("{name}", values["name"]).replace("{id}", values.get("id", ""))
            (status, answer), = ((s, a) for s, a in op["responses"].items() if s.startswith("2"))
            if method == "get":
                r = client.get(url)
                assert r.status_code == int(status), (path, r.text)
                _fits(doc, r, answer)
                for name in ("name", "id"):
                    if f"{{{name}}}" in path:
                        bad = client.get(path.replace(f"{{{name}}}", "nosuch"))
                        assert bad.status_code == 404 and op["responses"]["404"]["content"]["application/json"][
                            "schema"] == refs
                continue
            schema = _schema(doc, op["requestBody"]["content"]["application/json"]["schema"]["$ref"])
            body = {k: SAMPLES[k] for k in schema["required"]}
            jsonschema.validate(body, schema)
            r = client.post(url, json=body)
            assert r.status_code == int(status), (path, r.text)
            _fits(doc, r, answer)
            if "id" in r.json():
                values["id"] = r.json()["id"]
            # what the schema refuses, the server refuses too, in our words
            first = next(k for k in schema["required"] if isinstance(SAMPLES[k], str))
            for wrong, words in (({**body, "zzz": 1}, "unknown field(s): zzz"), ({**body, first: 5},
                                                                               f"{first} must be a string")):
                assert not jsonschema.Draft202012Validator(schema).is_valid(wrong)
                r = client.post(url, json=wrong)
                assert r.status_code == 400 and r.json()["error"].startswith(words), r.text
                assert r.json()["kind"] == "RequestError" and r.json()["error_zh"]
                jsonschema.validate(r.json(), _schema(doc, refs["$ref"]))


def _fits(doc: dict[str, Any], r: Any, answer: dict[str, Any]) -> None:
    """The answer ``r`` has the media type the document gives and fits its schema."""
    (media, content), = answer["content"].items()
    assert r.headers["content-type"].split(";")[0] == media, (r.url, r.headers["content-type"])
    schema = content["schema"]
    if "$ref" in schema:
        jsonschema.validate(r.json(), _schema(doc, schema["$ref"]))
    elif schema.get("type") == "string":
        assert r.text


def test_a_hand_of_the_wrong_size_is_refused_as_the_command_refuses_it(client: TestClient) -> None:
    for path in ("/api/score", "/api/analyze"):
        r = client.post(path, json={"hand": "123m456m789m123p456p9s", "rules": "guobiao"})
        assert r.status_code == 400 and r.json()["code"] == "count-any", r.text
        assert r.json()["error"].startswith("16 tiles (melds counted as 3)")


def test_the_pages_words_come_from_the_package_catalogue(client: TestClient) -> None:
    from mahjong import i18n

    words = client.get("/api/strings").json()
    assert set(words) == {"en", "zh"} and set(words["en"]) == set(words["zh"])
    assert words["zh"]["unit_hu"] == i18n.unit("hu", "zh") and words["en"]["form_seven_pairs"] == "seven pairs"
    assert words["zh"]["fact_last_tile"] == i18n.WIN_FACTS["last_tile"][1]
    assert all(words["en"][k] == v[0] and words["zh"][k] == v[1] for k, v in i18n.PAGE.items())
    assert report.ruleset_options("sichuan")["tiles"] == client.get("/api/rules/sichuan").json()["tiles"]

"""The API described by its OpenAPI document (issue 25): ``/openapi.json`` is a valid OpenAPI 3.1 document made
from the models that validate the requests, and a client that knows only the document can use the API — every
route it lists answers, a body built from a schema's required fields is taken, a body the schema refuses is
refused with our message (400), in English and Chinese."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from openapi_spec_validator import validate
from starlette.testclient import TestClient

from mahjong import report
from mahjong.web import api

SAMPLES = {"hand": "[123m,1]456m789m123p5s 5s", "rules": "guobiao", "style": "ascii"}


@pytest.fixture(scope="module")
def doc(client: TestClient) -> dict[str, Any]:
    r = client.get("/openapi.json")
    assert r.status_code == 200
    return r.json()


def _schema(doc: dict[str, Any], ref: str) -> dict[str, Any]:
    return {**doc["components"]["schemas"][ref.rsplit("/", 1)[1]], "components": doc["components"]}


def test_the_document_is_valid_openapi_made_from_the_request_models(doc: dict[str, Any]) -> None:
    validate(doc)
    assert doc == api.openapi()
    paths = {(p, m.upper()) for p, ops in doc["paths"].items() for m in ops}
    assert paths == {(r.path, r.method) for r in api.ROUTES}
    for r in api.ROUTES:
        if r.request is not None:
            got = doc["components"]["schemas"][r.request.__name__]
            assert got == r.request.model_json_schema(ref_template="#/components/schemas/{model}")
            assert got["additionalProperties"] is False and "hand" in got["required"]


def test_a_client_that_reads_only_the_document_can_use_every_route(client: TestClient, doc: dict[str, Any]) -> None:
    refs = {"$ref": "#/components/schemas/ErrorResponse"}
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            url = path.replace("{name}", "sichuan")
            if method == "get":
                r = client.get(url)
                assert r.status_code == 200, (path, r.text)
                if "{name}" in path:
                    bad = client.get(path.replace("{name}", "nosuchrules"))
                    assert bad.status_code == 404 and op["responses"]["404"]["content"]["application/json"][
                        "schema"] == refs
                continue
            schema = _schema(doc, op["requestBody"]["content"]["application/json"]["schema"]["$ref"])
            body = {k: SAMPLES[k] for k in schema["required"]}
            jsonschema.validate(body, schema)
            r = client.post(url, json=body)
            assert r.status_code == 200, (path, r.text)
            # what the schema refuses, the server refuses too, in our words
            for wrong, words in (({**body, "zzz": 1}, "unknown field(s): zzz"), ({**body, "hand": 5},
                                                                               "hand must be a string")):
                assert not jsonschema.Draft202012Validator(schema).is_valid(wrong)
                r = client.post(url, json=wrong)
                assert r.status_code == 400 and r.json()["error"].startswith(words), r.text
                assert r.json()["kind"] == "RequestError" and r.json()["error_zh"]
                jsonschema.validate(r.json(), _schema(doc, refs["$ref"]))


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

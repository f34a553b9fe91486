"""The JSON API: every endpoint answers what the report layer (the CLI's --json) answers, and every bad input
gets a 4xx with our message — never a 500 — while the server keeps serving."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from mahjong import report
from mahjong.errors import MahjongError
from mahjong.hand import parse_hand
from mahjong.tiles import N_TILES, tile_name
from mahjong.web import api
from mahjong.web.app import MAX_BODY


def _error(client: TestClient, method: str, path: str, status: int, **kw: Any) -> dict[str, Any]:
    r = client.request(method, path, **kw)
    assert r.status_code == status, (r.status_code, r.text)
    body = r.json()
    assert set(body) == {"error", "kind", "code", "error_zh"} and body["error"] and body["error_zh"], body
    return body


def _python_error(fn: Any, *args: Any, **kwargs: Any) -> MahjongError:
    with pytest.raises(MahjongError) as info:
        fn(*args, **kwargs)
    return info.value


# --- the page and its files -------------------------------------------------------------------------------


def test_the_page_and_every_file_it_loads_are_served_from_the_package(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    refs = [r for r in __import__("re").findall(r'(?:src|href)="([^"]+)"', page.text) if not r.startswith("#")]
    assert {"/static/app.js", "/static/i18n.js", "/static/style.css"} <= set(refs)
    for ref in refs:
        assert not ref.startswith(("http:", "https:", "//")), f"the page loads {ref} from outside"
        if ref.startswith("/static/"):
            r = client.get(ref)
            assert r.status_code == 200 and r.content, ref
    for name in ("app.js", "i18n.js", "style.css"):
        text = client.get(f"/static/{name}").text
        assert "http://" not in text and "https://" not in text, f"{name} reaches out to the internet"


def test_tiles_lists_every_tile_with_its_three_names(client: TestClient) -> None:
    tiles = client.get("/api/tiles").json()
    assert [t["id"] for t in tiles] == list(range(N_TILES))
    for t in tiles:
        assert t["code"] == tile_name(t["id"]) and t["zh"] == tile_name(t["id"], "chinese")
        assert t["glyph"] == tile_name(t["id"], "unicode") and t["flower"] == (t["id"] >= 34)


# --- rule books -------------------------------------------------------------------------------------------


def test_rules_lists_every_preset_as_the_report_layer_does(client: TestClient) -> None:
    assert client.get("/api/rules").json() == report.rulesets()


@pytest.mark.parametrize("name", [r["name"] for r in report.rulesets()])
def test_one_rule_set_has_its_options_and_win_facts(client: TestClient, name: str) -> None:
    got = client.get(f"/api/rules/{name}").json()
    assert got == {**report.ruleset_options(name), "context": report.context_fields(name)}
    assert got["options"] and got["context"]


@pytest.mark.parametrize("name", [r["name"] for r in report.rulesets()])
def test_fans_is_the_rule_sets_whole_table(client: TestClient, name: str) -> None:
    got = client.get(f"/api/fans/{name}").json()
    assert got == report.fans(name)
    assert sum(len(s["rows"]) for s in got["sections"]) > 0


def test_rule_sets_are_found_by_their_other_names(client: TestClient) -> None:
    assert client.get("/api/rules/国标").json()["name"] == "guobiao"
    assert client.get("/api/fans/GB").json()["name"] == "guobiao"


@pytest.mark.parametrize("path", ["/api/rules/no-such-game", "/api/fans/no-such-game"])
def test_an_unknown_rule_set_in_the_path_is_a_404_naming_it(client: TestClient, path: str) -> None:
    body = _error(client, "GET", path, 404)
    assert "no-such-game" in body["error"] and body["kind"] == "RulesError"


# --- score / analyze / waits / parse ---------------------------------------------------------------------

WIN = "[123m,1]456m789m123p5s5s"


@pytest.mark.parametrize(
    "body",
    [
        {"hand": WIN},
        {"hand": WIN, "context": {"discarder": 3}},
        {"hand": WIN, "rules": "guobiao", "context": {"self_drawn": True, "prevalent_wind": "S"}, "style": "chinese"},
        {"hand": "[123m,1]456m789m123p5s5s", "win_tile": "5s", "options": {"min_fan": 16}},
        {"hand": "1112345678999m", "rules": "guobiao"},  # waiting: what each winning tile scores
        {"hand": "[333m,1][888m,3]1155999m 5m", "rules": "sichuan", "context": {"winner": 1, "discarder": 0}},
        {"hand": "3334445667888999m 6m", "rules": "yuhuan", "context": {"caishen": "N", "winner": 2}},
        {"hand": "[1111m]5577888m345p 5m", "rules": "nanchang", "context": {"indicator": "4m"}},
    ],
)
def test_score_answers_what_report_score_answers(client: TestClient, body: dict[str, Any]) -> None:
    r = client.post("/api/score", json=body)
    assert r.status_code == 200, r.text
    kwargs = {k: v for k, v in body.items() if k != "hand"}
    assert r.json() == json.loads(json.dumps(report.score(body["hand"], **kwargs)))


@pytest.mark.parametrize(
    "body",
    [
        {"hand": "11223344556m7p8s9s"},
        {"hand": "1112345678999m", "rules": "guobiao", "visible": "5m9p", "top": 3, "style": "unicode"},
        {"hand": "1234m567p", "wildcards": 1},
        {"hand": "123m456p789s11z2z3z", "wildcard_tiles": "3z"},
    ],
)
def test_analyze_answers_what_report_analyze_answers(client: TestClient, body: dict[str, Any]) -> None:
    r = client.post("/api/analyze", json=body)
    assert r.status_code == 200, r.text
    kwargs = {k: v for k, v in body.items() if k != "hand"}
    assert r.json() == report.analyze(body["hand"], **kwargs)


def test_waits_gives_copies_left_shanten_per_form_and_each_winning_tiles_value(client: TestClient) -> None:
    body = {"hand": "1112345678999m", "rules": "guobiao", "context": {"prevalent_wind": "S"}}
    got = client.post("/api/waits", json=body).json()
    assert got["analysis"] == report.analyze(body["hand"], rules="guobiao")
    assert got["values"] == report.score(body["hand"], rules="guobiao", context=body["context"])
    assert [w["tile"] for w in got["analysis"]["waits"]] == [f"{i}m" for i in range(1, 10)]
    assert {w["tile"] for w in got["values"]["winning_tiles"]} == {f"{i}m" for i in range(1, 10)}
    assert got["analysis"]["shanten_by_form"]["regular"] == 0


def test_parse_gives_the_hand_as_the_page_edits_it(client: TestClient) -> None:
    got = client.post("/api/parse", json={"hand": "[5555p,2+][123m,1]456m789m 5s f3"}).json()
    assert got == {
        "melds": [{"kind": "added_kong", "tiles": ["5p"] * 4, "claimed_from": 2},
                  {"kind": "chow", "tiles": ["1m", "2m", "3m"], "claimed_from": 1}],
        "concealed": ["4m", "5m", "6m", "7m", "8m", "9m", "5s"],
        "flowers": ["f3"],
        "win_tile": None,  # 13 tiles (kongs counted as 3): waiting, no winning tile yet
        "tile_count": 13,
    }
    won = client.post("/api/parse", json={"hand": "[123m,1]456m789m123p5s 5s"}).json()
    assert won["win_tile"] == "5s" and won["concealed"][-1] == "5s" and won["tile_count"] == 14
    parsed = client.post("/api/parse", json={"hand": "一万二万三万 东东"}).json()
    assert parsed["concealed"] == ["1m", "2m", "3m", "E", "E"]


# --- every error path -------------------------------------------------------------------------------------

POSTS = ["/api/parse", "/api/score", "/api/analyze", "/api/waits"]


@pytest.mark.parametrize("path", POSTS)
def test_a_body_that_is_not_json_is_a_400(client: TestClient, path: str) -> None:
    body = _error(client, "POST", path, 400, content=b"{hand: 1", headers={"content-type": "application/json"})
    assert "not valid JSON" in body["error"]
    body = _error(client, "POST", path, 400, content="\udcff".encode("utf-8", "surrogatepass"))
    assert "UTF-8" in body["error"]


@pytest.mark.parametrize("path", POSTS)
@pytest.mark.parametrize(
    ("payload", "words"),
    [
        ([1, 2], "must be a JSON object, got a list"),
        ("123m", "must be a JSON object, got a string"),
        ({}, "missing field: hand"),
        ({"hand": 123}, "hand must be a string, got a number"),
        ({"hand": None}, "hand must be a string, got null"),
        ({"hand": "1m" * 201}, "hand is too long"),
        ({"hand": "123m", "colour": "red"}, "unknown field(s): colour"),
    ],
)
def test_a_body_of_the_wrong_shape_is_a_400_saying_what_is_wrong(
    client: TestClient, path: str, payload: Any, words: str
) -> None:
    body = _error(client, "POST", path, 400, json=payload)
    assert words in body["error"] and body["kind"] == "RequestError"


@pytest.mark.parametrize(
    ("path", "payload", "words"),
    [
        ("/api/score", {"hand": WIN, "context": "self-drawn"}, "context must be an object"),
        ("/api/score", {"hand": WIN, "options": [1]}, "options must be an object"),
        ("/api/score", {"hand": WIN, "win_tile": 5}, "win_tile must be a string"),
        ("/api/analyze", {"hand": WIN, "top": "3"}, "top must be a whole number"),
        ("/api/analyze", {"hand": WIN, "wildcards": True}, "wildcards must be a whole number, got true/false"),
        ("/api/waits", {"hand": WIN, "visible": ["1m"]}, "visible must be a string"),
    ],
)
def test_a_field_of_the_wrong_type_is_a_400(client: TestClient, path: str, payload: Any, words: str) -> None:
    assert words in _error(client, "POST", path, 400, json=payload)["error"]


@pytest.mark.parametrize(
    ("path", "payload", "call"),
    [
        ("/api/parse", {"hand": "123x"}, lambda: parse_hand("123x")),
        ("/api/parse", {"hand": "11111m"}, lambda: parse_hand("11111m")),
        ("/api/parse", {"hand": "[124m,1]"}, lambda: parse_hand("[124m,1]")),
        ("/api/score", {"hand": "123m456p789s123s5s6s"}, lambda: report.score("123m456p789s123s5s6s")),
        ("/api/score", {"hand": WIN, "rules": "no-such-game"}, lambda: report.score(WIN, rules="no-such-game")),
        ("/api/score", {"hand": WIN, "options": {"min_fan": "eight", "colour": 1}},
         lambda: report.score(WIN, options={"min_fan": "eight", "colour": 1})),
        ("/api/score", {"hand": WIN, "context": {"discarder": 0}}, lambda: report.score(WIN, context={"discarder": 0})),
        ("/api/score", {"hand": WIN, "context": {"weather": "rain"}},
         lambda: report.score(WIN, context={"weather": "rain"})),
        ("/api/score", {"hand": WIN, "style": "fancy"}, lambda: report.score(WIN, style="fancy")),
        ("/api/score", {"hand": "123m"}, lambda: report.score("123m")),
        ("/api/analyze", {"hand": "123m456p"}, lambda: report.analyze("123m456p")),
        ("/api/analyze", {"hand": "1112345678999m", "top": -3}, lambda: report.analyze("1112345678999m", top=-3)),
        ("/api/analyze", {"hand": "1112345678999m f1", "visible": "f1"},
         lambda: report.analyze("1112345678999m f1", visible="f1")),
        ("/api/waits", {"hand": "1112345678999m", "rules": "sichuan", "context": {"indicator": "5m"}},
         lambda: report.score("1112345678999m", rules="sichuan", context={"indicator": "5m"})),
    ],
)
def test_bad_mahjong_input_is_a_400_with_the_python_apis_own_message(
    client: TestClient, path: str, payload: Any, call: Any
) -> None:
    expected = _python_error(call)
    body = _error(client, "POST", path, 400, json=payload)
    assert body == {"error": str(expected), "kind": type(expected).__name__, "code": expected.code,
                    "error_zh": expected.message_zh}


def test_a_body_too_large_is_refused_before_it_is_read(client: TestClient) -> None:
    big = json.dumps({"hand": "1m" * (MAX_BODY // 2)})
    body = _error(client, "POST", "/api/score", 413, content=big, headers={"content-type": "application/json"})
    assert "too large" in body["error"]

    def chunks() -> Any:  # no content-length: refused while streaming
        for _ in range(MAX_BODY // 1000 + 2):
            yield b" " * 1000

    assert "too large" in _error(client, "POST", "/api/score", 413, content=chunks())["error"]


def test_unknown_routes_and_wrong_methods_answer_json_errors(client: TestClient) -> None:
    assert "/api/nothing" in _error(client, "GET", "/api/nothing", 404)["error"]
    assert "GET is not allowed" in _error(client, "GET", "/api/score", 405)["error"]
    assert "POST is not allowed" in _error(client, "POST", "/api/rules", 405)["error"]
    assert _error(client, "GET", "/static/nothing.js", 404)["kind"] == "HTTPError"


def test_the_server_keeps_serving_after_bad_requests(client: TestClient) -> None:
    for bad in ({"hand": "11111m"}, [None], {"hand": WIN, "context": {"winner": 9}}):
        assert client.post("/api/score", json=bad).status_code == 400
    assert client.post("/api/score", json={"hand": WIN}).status_code == 200


_tiles = st.sampled_from([tile_name(t) for t in range(N_TILES)] + ["[", "]", ",", "+", " ", "1", "x", "东", "🀄", "Ｍ"])
_json = st.recursive(
    st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=10,
)
_fields = st.sampled_from(["rules", "options", "context", "win_tile", "style", "visible", "wildcards",
                           "wildcard_tiles", "top"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    path=st.sampled_from(POSTS),
    hand=st.lists(_tiles, max_size=24).map("".join),
    extra=st.dictionaries(_fields, _json, max_size=3),
)
def test_random_requests_never_get_a_500(client: TestClient, path: str, hand: str, extra: dict[str, Any]) -> None:
    model = {r.path: r.request for r in api.ROUTES}[path]
    assert model is not None
    allowed = set(model.model_fields) - {"hand"}
    body = {"hand": hand, **extra}
    r = client.post(path, json=body)
    assert r.status_code in (200, 400), (r.status_code, r.text)
    if r.status_code == 400:
        assert r.json()["error"]
    elif set(extra) - allowed:
        pytest.fail(f"unknown fields accepted: {set(extra) - allowed}")

"""The tables of ``mahjong serve`` over HTTP and WebSockets (Starlette's TestClient, the app in-process): making a
table, seats kept to their tokens, spectators, a whole match played by a client, reconnecting, the log verified,
and bad input — forged seats and tokens, malformed and oversized frames, floods, idle clients — refused while the
table goes on."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from mahjong.table import verify_log
from mahjong.web.app import create_app
from mahjong.web.tables import Limits

FAST = {"claim": 0.02, "turn": 0.3, "bank": 0, "away": 0.05, "agent": 0, "between": 0.05}


@pytest.fixture()
def tables() -> Iterator[TestClient]:
    with TestClient(create_app()) as c:
        yield c


def make(c: TestClient, **body: Any) -> dict[str, Any]:
    body.setdefault("rules", "guobiao")
    body.setdefault("seats", ["human", "greedy", "greedy", "greedy"])
    body.setdefault("timing", FAST)
    r = c.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def frames_until(ws: Any, stop: Any, limit: int = 5000) -> list[dict[str, Any]]:
    out = []
    for _ in range(limit):
        f = json.loads(ws.receive_text())
        out.append(f)
        if stop(f):
            return out
    raise AssertionError("the awaited frame never came")


def test_a_table_is_made_with_a_join_link_and_token_per_person(tables: TestClient) -> None:
    made = make(tables, seats=["human", "greedy", "human", "random"], hands=2)
    assert [s["kind"] for s in made["seats"]] == ["human", "greedy", "human", "random"]
    people = [s for s in made["seats"] if s["kind"] == "human"]
    assert all(s["token"] and f"seat={s['seat']}&token={s['token']}" in s["join"] for s in people)
    assert all("token" not in s for s in made["seats"] if s["kind"] != "human")
    assert len({s["token"] for s in people}) == 2
    info = tables.get(f"/api/tables/{made['id']}").json()
    assert info["rules"] == "guobiao" and info["hands"] == 2 and info["timing"]["claim"] == FAST["claim"]
    page = tables.get(made["watch"])
    assert page.status_code == 200 and "table.js" in page.text


@pytest.mark.parametrize("body, code", [
    ({"rules": "nosuch", "seats": ["human"] * 4}, "game-no-flow"),
    ({"rules": "guobiao", "seats": ["human"] * 3}, "table-seat-count"),
    ({"rules": "guobiao", "seats": ["human", "robot", "greedy", "greedy"]}, "table-seat-kind"),
    ({"rules": "guobiao", "seats": ["human"] * 4, "hands": 0}, "table-hands"),
    ({"rules": "guobiao", "seats": ["human"] * 4, "timing": {"claim": 99}}, "table-timing"),
    ({"rules": "guobiao", "seats": ["human"] * 4, "timing": {"clam": 1}}, "table-timing-unknown"),
    ({"rules": "guobiao"}, "web-missing-field"),
    ({"rules": "guobiao", "seats": ["human"] * 4, "colour": 1}, "web-unknown-fields"),
    ({"rules": "guobiao", "seats": "human"}, "web-field-type"),
])
def test_a_bad_table_request_is_refused_with_our_message(tables: TestClient, body: dict[str, Any], code: str) -> None:
    r = tables.post("/api/tables", json=body)
    assert r.status_code == 400 and r.json()["code"] == code and r.json()["error_zh"]


def test_an_unknown_table_is_404_everywhere(tables: TestClient) -> None:
    for path in ("/api/tables/nope", "/api/tables/nope/log"):
        r = tables.get(path)
        assert r.status_code == 404 and r.json()["code"] == "table-not-found"
    with tables.websocket_connect("/ws/tables/nope") as ws:
        assert json.loads(ws.receive_text())["code"] == "table-not-found"


@pytest.mark.parametrize("query, code", [
    ("seat=0&token=forged", "table-bad-token"),
    ("seat=0", "table-bad-token"),
    ("seat=1&token=x", "table-agent-seat"),
    ("seat=9&token=x", "table-no-seat"),
    ("seat=-1&token=x", "table-no-seat"),
    ("token=x", "table-token-without-seat"),
])
def test_a_forged_seat_or_token_is_refused(tables: TestClient, query: str, code: str) -> None:
    made = make(tables)
    with tables.websocket_connect(f"/ws/tables/{made['id']}?{query}") as ws:
        f = json.loads(ws.receive_text())
        assert f["type"] == "error" and f["code"] == code and f["message_zh"]
    # a token opens its own seat only
    other = make(tables)
    token = other["seats"][0]["token"]
    with tables.websocket_connect(f"/ws/tables/{made['id']}?seat=0&token={token}") as ws:
        assert json.loads(ws.receive_text())["code"] == "table-bad-token"


def _join(made: dict[str, Any], seat: int) -> str:
    return f"/ws/tables/{made['id']}?seat={seat}&token={made['seats'][seat]['token']}"


def test_a_client_plays_a_whole_match_and_its_log_verifies(tables: TestClient) -> None:
    made = make(tables, rules="sichuan", hands=2)
    with tables.websocket_connect(_join(made, 0)) as ws:
        snap = json.loads(ws.receive_text())
        assert snap["type"] == "snapshot" and snap["player"] == 0 and snap["hand"]["commitment"]
        last = snap
        for _ in range(20000):
            legal = last.get("step", {}).get("legal")
            if legal:
                ws.send_text(json.dumps({"type": "act", "action": legal[-1]}))
            f = json.loads(ws.receive_text())
            if f["type"] in ("update", "snapshot", "answered"):
                last = f
            if f.get("step", {}).get("kind") == "over":
                break
        else:
            raise AssertionError("the match did not end")
    log = tables.get(made["log"])
    assert log.status_code == 200 and log.headers["content-type"].startswith("application/x-ndjson")
    checked = verify_log(log.text)
    assert len(checked.hands) == 2 and checked.scores == last["scores"]


def test_a_spectator_watches_and_cannot_play(tables: TestClient) -> None:
    made = make(tables, seats=["greedy"] * 4, hands=1)
    with tables.websocket_connect(f"/ws/tables/{made['id']}") as ws:
        snap = json.loads(ws.receive_text())
        assert snap["player"] is None and snap["view"]["hand"] == []
        ws.send_text(json.dumps({"type": "act", "action": {"kind": "pass"}}))
        frames = frames_until(ws, lambda f: f["type"] == "error")
        assert frames[-1]["code"] == "table-spectator"
        frames = frames_until(ws, lambda f: f.get("step", {}).get("kind") == "over")
        assert all(f["type"] != "error" for f in frames)


def test_bad_frames_are_answered_with_errors_and_the_table_goes_on(tables: TestClient) -> None:
    made = make(tables, timing={**FAST, "turn": 5})
    with tables.websocket_connect(_join(made, 0)) as ws:
        snap = json.loads(ws.receive_text())
        sent = ["not json", json.dumps([1, 2]), json.dumps({"type": "dance"}), json.dumps({"type": "act"}),
                json.dumps({"type": "act", "action": {"kind": "win"}}),
                json.dumps({"type": "act", "action": {"kind": "discard", "tile": 5}, "extra": 1}),
                json.dumps({"type": "act", "action": {"kind": "discard", "tile": "x" * 5000}}),
                json.dumps({"type": "next"}), "[" * 3000]
        for text in sent:
            ws.send_text(text)
        codes = [json.loads(ws.receive_text())["code"] for _ in sent]
        assert codes == ["table-frame-shape", "table-frame-shape", "table-frame-shape", "engine-action-type",
                         "table-not-legal", "table-act-fields", "table-frame-size", "table-no-decision-playing",
                         "table-frame-shape"]
        ws.send_text(json.dumps({"type": "act", "action": snap["step"]["legal"][0]}))  # a good answer still counts
        f = json.loads(ws.receive_text())
        assert f["type"] == "update" and f["seq"] == snap["seq"] + 1 and f["events"][0]["type"] == "discard"


def test_a_flood_of_frames_is_refused_then_closed(tables: TestClient) -> None:
    app: Any = tables.app
    app.state.tables.limits = Limits(frames_per_second=5, burst=5, flood=20)
    made = make(tables, timing={**FAST, "turn": 30, "bank": 30})
    with tables.websocket_connect(_join(made, 0)) as ws:
        json.loads(ws.receive_text())
        for _ in range(40):
            ws.send_text(json.dumps({"type": "ping"}))
        got = [json.loads(ws.receive_text()) for _ in range(26)]
        assert sum(f["type"] == "pong" for f in got) >= 5
        assert any(f.get("code") == "table-flood" for f in got) and got[-1]["code"] == "table-flood-closed"
    with tables.websocket_connect(_join(made, 0)) as ws:  # the seat is still there: a snapshot
        assert json.loads(ws.receive_text())["type"] == "snapshot"


def test_an_idle_client_is_closed_and_the_table_goes_on(tables: TestClient) -> None:
    app: Any = tables.app
    app.state.tables.limits = Limits(idle_seconds=0.3)
    made = make(tables, seats=["human", "greedy", "greedy", "greedy"], hands=1, timing={**FAST, "turn": 30})
    with tables.websocket_connect(_join(made, 0)) as ws:
        frames = frames_until(ws, lambda f: f["type"] == "error")
        assert frames[-1]["code"] == "table-idle"
    deadline = time.monotonic() + 30  # nobody at seat 0 now: its away clock plays for it until the match ends
    while not tables.get(f"/api/tables/{made['id']}").json()["over"]:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert len(verify_log(tables.get(made["log"]).text).hands) == 1


def test_a_reconnect_resumes_from_the_snapshot(tables: TestClient) -> None:
    # (a seat with nobody connected gets the away clock: long enough here for the client to come back)
    made = make(tables, seats=["human", "greedy", "greedy", "greedy"], hands=1,
                timing={**FAST, "turn": 30, "away": 30})
    with tables.websocket_connect(_join(made, 0)) as ws:
        first = json.loads(ws.receive_text())
        ws.send_text(json.dumps({"type": "act", "action": first["step"]["legal"][0]}))
        seen = frames_until(ws, lambda f: f.get("step", {}).get("legal") is not None and f["type"] == "update")
    with tables.websocket_connect(_join(made, 0)) as ws:
        snap = json.loads(ws.receive_text())
        assert snap["type"] == "snapshot" and snap["seq"] >= seen[-1]["seq"]
        assert [e["i"] for e in snap["events"]] == list(range(len(snap["events"])))
        assert snap["events"][: len(first["events"])] == first["events"]
        assert snap["step"]["legal"]  # its decision is there to answer
        ws.send_text(json.dumps({"type": "act", "action": snap["step"]["legal"][0]}))
        f = json.loads(ws.receive_text())
        if f["type"] == "answered":  # (the decision was a claim: the window is waited out before the update)
            assert f["seq"] == snap["seq"] and f["step"]["answered"]
            f = json.loads(ws.receive_text())
        assert f["type"] == "update" and f["seq"] == snap["seq"] + 1


def test_the_server_holds_a_bounded_number_of_tables(tables: TestClient) -> None:
    app: Any = tables.app
    app.state.tables.limits = Limits(tables=2)
    make(tables)
    make(tables)
    r = tables.post("/api/tables", json={"rules": "guobiao", "seats": ["human"] * 4})
    assert r.status_code == 503 and r.json()["code"] == "table-server-full"

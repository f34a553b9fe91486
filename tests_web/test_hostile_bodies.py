"""Hostile request bodies (issue 26): deep nesting, huge integers and non-finite numbers answer 400 with our
message (a RequestError, in the API's error shape), never a 500 or a traceback in the server's log."""

from __future__ import annotations

import logging

import pytest
from starlette.testclient import TestClient

from mahjong.web.app import MAX_DEPTH, MAX_NUMBER

ROUTES = ("/api/score", "/api/analyze", "/api/parse", "/api/tables")

HOSTILE = {
    "deep array": ("[" * 5000 + "]" * 5000, "web-body-too-deep"),
    "deep object in a field": ('{"hand": "123m", "options": ' + '{"a":' * 1000 + "1" + "}" * 1000 + "}",
                               "web-body-too-deep"),
    "4,500-digit integer": ('{"hand": "123m", "wildcards": ' + "9" * 4500 + "}", "web-number-too-long"),
    "4,000-digit integer in a dict": ('{"hand": "123m", "context": {"a": -' + "9" * 4000 + "}}",
                                      "web-number-too-long"),
    "long float": ('{"hand": "123m", "top": 1.' + "5" * 5000 + "}", "web-number-too-long"),
    "NaN": ('{"hand": "123m", "top": NaN}', "web-number-not-finite"),
    "overflowing float": ('{"hand": "123m", "top": 1e999}', "web-number-not-finite"),
}


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_body_is_a_400_with_our_message_and_no_traceback(
        client: TestClient, caplog: pytest.LogCaptureFixture, name: str) -> None:
    body, code = HOSTILE[name]
    with caplog.at_level(logging.WARNING, logger="mahjong.web"):
        for path in ROUTES:
            r = client.post(path, content=body, headers={"content-type": "application/json"})
            assert r.status_code == 400, (path, r.status_code, r.text[:200])
            answer = r.json()
            assert answer["kind"] == "RequestError" and answer["code"] == code, answer
            assert answer["error_zh"] and "internal" not in answer["error"], answer
    assert not caplog.records, [rec.getMessage() for rec in caplog.records]


def test_brackets_inside_strings_do_not_count_as_nesting(client: TestClient) -> None:
    # a text full of brackets (and escaped quotes) is one string: the hand parser refuses it, not the depth check
    hand = '\\"' + "[" * (MAX_DEPTH * 4)
    r = client.post("/api/parse", content='{"hand": "' + hand + '"}', headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["code"] != "web-body-too-deep", r.text[:200]


def test_nesting_and_numbers_within_the_bounds_are_read(client: TestClient) -> None:
    nested = "[" * (MAX_DEPTH - 2) + "]" * (MAX_DEPTH - 2)  # inside the body and its context: MAX_DEPTH in all
    r = client.post("/api/score", content='{"hand": "123m456m789m123p55s", "context": {"a": ' + nested + "}}",
                    headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["code"] not in ("web-body-too-deep", "web-number-too-long"), r.text
    longest = "3." + "0" * (MAX_NUMBER - 2)  # read as a number; the model then wants a whole number
    r = client.post("/api/analyze", content='{"hand": "123m456m789m123p5s", "top": ' + longest + "}",
                    headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["code"] == "fact-whole-number", r.text[:200]
    r = client.post("/api/analyze", content='{"hand": "123m456m789m123p5s", "top": 3}',
                    headers={"content-type": "application/json"})
    assert r.status_code == 200, r.text[:200]

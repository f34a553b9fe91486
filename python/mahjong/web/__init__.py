"""The local web calculator (``mahjong serve``): a page that scores and analyses hands for every rule set,
over a JSON API made of the same functions as the command line (:mod:`mahjong.report`).

Needs the ``web`` extra (``pip install "mjcore[web]"``: Starlette and uvicorn); :mod:`mahjong` never imports
this package unasked.
"""

from __future__ import annotations

__all__ = ["create_app"]


def create_app() -> object:
    """The calculator's ASGI app (see :func:`mahjong.web.app.create_app`)."""
    from mahjong.web.app import create_app as _create

    return _create()

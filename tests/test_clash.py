"""The Riichi ``mahjong`` package installed over ours (issue 25): the command says so and gives a remedy that works
for the way mjcore was installed (a wheel file, an index, a checkout), read from the installed distribution's
``direct_url.json``.  Tested for real: a virtual environment gets mjcore and a stand-in of the Riichi package (a
wheel named ``mahjong`` whose ``mahjong/__init__.py`` replaces ours, as the real one does), the command is run, then
the remedy it prints, then the command again.  Everything is installed from local files (no index is reached)."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shlex
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

import mahjong

pytestmark = pytest.mark.skipif(os.name == "nt", reason="the venv's scripts live elsewhere on Windows")


def _wheel(out: Path, name: str, version: str, files: dict[str, bytes], entry: str = "") -> Path:
    """A wheel (a zip with its dist-info, hashes in RECORD) of ``files`` (archive path -> bytes)."""
    info = f"{name}-{version}.dist-info"
    meta = {f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n".encode(),
            f"{info}/WHEEL": b"Wheel-Version: 1.0\nGenerator: mjcore-tests\nRoot-Is-Purelib: false\n"
                             b"Tag: py3-none-any\n"}
    if entry:
        meta[f"{info}/entry_points.txt"] = f"[console_scripts]\n{entry}\n".encode()
    everything = {**files, **meta}
    record = []
    for path, data in everything.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(data)}")
    record.append(f"{info}/RECORD,,")
    path = out / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as z:
        for name_, data in everything.items():
            z.writestr(name_, data)
        z.writestr(f"{info}/RECORD", "\n".join(record) + "\n")
    return path


def _our_wheel(out: Path) -> Path:
    """mjcore as a wheel made of the package that is installed here (compiled module included): no build."""
    root = Path(mahjong.__file__).parent
    files = {f"mahjong/{p.relative_to(root).as_posix()}": p.read_bytes() for p in sorted(root.rglob("*"))
             if p.is_file() and "__pycache__" not in p.parts}
    return _wheel(out, "mjcore", "0.1.0", files, entry="mahjong = mahjong.cli:main")


def _riichi_stand_in(out: Path) -> Path:
    """A package named ``mahjong`` as the Riichi library ships it: its own ``mahjong/__init__.py`` and modules."""
    return _wheel(out, "mahjong", "1.2.1", {"mahjong/__init__.py": b"", "mahjong/constants.py": b"EAST = 27\n",
                                              "mahjong/agari.py": b"class Agari:\n    pass\n"})


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path, Path]:
    """(the venv's bin, our wheel, the stand-in wheel, the folder of wheels)."""
    base = tmp_path_factory.mktemp("clash")
    wheels = base / "wheels"
    wheels.mkdir()
    ours, theirs = _our_wheel(wheels), _riichi_stand_in(wheels)
    home = base / "venv"
    venv.create(home, with_pip=True, symlinks=True)
    return home / "bin", ours, theirs, wheels


def _pip(bin_: Path, *args: str, wheels: Path) -> None:
    subprocess.run([str(bin_ / "python"), "-m", "pip", "install", "-q", "--no-index", "--find-links", str(wheels),
                    *args], check=True, capture_output=True, text=True, timeout=300)


def _mahjong(bin_: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(bin_ / "mahjong"), *args], capture_output=True, text=True, timeout=120,
                          env={**os.environ, **(env or {}), "PYTHONPATH": ""})


def _remedy(stderr: str) -> list[str]:
    """The commands the message gives (its indented lines)."""
    return [line.strip() for line in stderr.splitlines() if line.startswith("    ")]


def _run_remedy(commands: list[str], wheels: Path) -> None:
    local = {**os.environ, "PIP_NO_INDEX": "1", "PIP_FIND_LINKS": str(wheels), "PYTHONPATH": ""}
    for command in commands:
        subprocess.run(shlex.split(command), check=True, capture_output=True, text=True, timeout=300, env=local)


@pytest.mark.parametrize("how", ["wheel file", "index"])
def test_the_remedy_repairs_the_environment_for_the_way_mjcore_was_installed(
        env: tuple[Path, Path, Path, Path], how: str) -> None:
    bin_, ours, theirs, wheels = env
    _pip(bin_, "--force-reinstall", str(ours) if how == "wheel file" else "mjcore", wheels=wheels)
    assert _mahjong(bin_, "analyze", "1112345678999m").returncode == 0
    _pip(bin_, str(theirs), wheels=wheels)  # the Riichi package over ours
    broken = _mahjong(bin_, "analyze", "1112345678999m")
    assert broken.returncode == 3 and "Riichi" in broken.stderr, broken.stderr
    commands = _remedy(broken.stderr)
    python = str(bin_ / "python")
    assert commands[0] == f"{shlex.quote(python)} -m pip uninstall -y mahjong mjcore"
    source = str(ours) if how == "wheel file" else "mjcore"
    assert commands[1] == f"{shlex.quote(python)} -m pip install --force-reinstall {shlex.quote(source)}"
    zh = _mahjong(bin_, "analyze", "1112345678999m", env={"LANG": "zh_CN.UTF-8", "LC_ALL": "zh_CN.UTF-8"})
    assert "同一个环境装不下两者" in zh.stderr and _remedy(zh.stderr) == commands
    _run_remedy(commands, wheels)
    fixed = _mahjong(bin_, "analyze", "1112345678999m")
    assert fixed.returncode == 0 and "waits" in fixed.stdout, fixed.stderr


def test_a_checkout_is_reinstalled_from_its_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``direct_url.json`` of ``pip install .`` / ``pip install -e .`` names the checkout: the remedy installs it
    again from there (read here from a distribution whose metadata says so)."""
    from importlib import metadata

    from mahjong import cli

    class Dist:
        def __init__(self, text: str) -> None:
            self.text = text

        def read_text(self, name: str) -> str | None:
            return self.text if name == "direct_url.json" else None

    checkout = tmp_path / "my checkout"
    for info, editable in (({"url": checkout.as_uri(), "dir_info": {"editable": True}}, True),
                           ({"url": checkout.as_uri(), "dir_info": {}}, False)):
        monkeypatch.setattr(metadata, "distribution", lambda name, i=info: Dist(json.dumps(i)))
        assert cli.reinstall_source() == (str(checkout), editable)
        said = cli.clash_help()
        assert f"--force-reinstall {'-e ' if editable else ''}{shlex.quote(str(checkout))}" in said
    monkeypatch.setattr(metadata, "distribution", lambda name: Dist(json.dumps(
        {"url": "https://example.org/mjcore.git", "vcs_info": {"vcs": "git", "commit_id": "abc123"}})))
    assert cli.reinstall_source() == ("git+https://example.org/mjcore.git@abc123", False)
    assert sys.executable in cli.clash_help()

"""The table's join token, kept beside its database (``<db>.token``): a restarted ``serve --lan``
admits the phones that joined, until ``--new-token`` replaces it.

The file is the table's secret.  It is written aside and linked into place (never half written, never
over a file another server wrote meanwhile), readable by its owner only (0600, whatever the umask),
and never through a link: a link, a folder or a pipe planted there is refused and left as it is, and
so is a token file others may read or that another user owns — refused with what to do, never
silently used or replaced.  ``--new-token`` replaces a regular file whatever its permissions (a token
others could read is exactly what it is for).
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import stat
from pathlib import Path

from .. import library as kems

#: what serve writes: secrets.token_urlsafe(18), 24 characters; a file holding anything else is not ours
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,128}")
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_POSIX = os.name == "posix"


def token_path(db: Path) -> Path:
    """Where a database's join token is kept: beside it, its name and ``.token``."""
    return db.with_name(db.name + ".token")


def table_token(db: Path, renew: bool = False, make_folder: bool = False) -> str:
    """The join token of the table whose score sheet is ``db``: the one kept beside it, else (or with
    ``renew``) a new one, kept there.  ``make_folder``: the database's folder may be created (the
    user's data directory), as the score sheet itself would create it."""
    path = token_path(db)
    _folder(db, make_folder)
    if not renew:
        kept = _read(path)
        if kept is not None:
            return kept
    elif os.path.lexists(path):
        _regular(path, os.lstat(path))  # a regular file is replaced; a link or a folder never
    token = secrets.token_urlsafe(18)
    if _write(path, token, renew):
        return token
    kept = _read(path)  # another server of this table wrote one meanwhile: the table's token is that one
    if kept is None:
        raise kems.KemsError("error.serve_token_unwritable", str(path), reason=os.strerror(errno.ENOENT))
    return kept


def _folder(db: Path, make: bool) -> None:
    if db.parent.is_dir():
        return
    if not make:
        raise kems.KemsError("error.game_db_no_folder", path=str(db), folder=str(db.parent))
    try:
        db.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise kems.KemsError("error.serve_token_unwritable", str(token_path(db)),
                             reason=exc.strerror or type(exc).__name__) from None


def _regular(path: Path, info: os.stat_result) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise kems.KemsError("error.serve_token_not_file", str(path))


def _read(path: Path) -> str | None:
    """The token kept at ``path``; None if there is none.  Refused: anything but a regular file of
    this user's, readable by its owner only, holding a token."""
    try:
        _regular(path, os.lstat(path))  # a link, a folder, a pipe, a device: refused before it is opened
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | _NOFOLLOW | _CLOEXEC)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if exc.errno == errno.ELOOP:  # a link put there since
            raise kems.KemsError("error.serve_token_not_file", str(path)) from None
        raise kems.KemsError("error.serve_token_unwritable", str(path), reason=exc.strerror or "?") from None
    try:
        info = os.fstat(fd)  # what was opened, whatever the name points at now
        _regular(path, info)
        if _POSIX and info.st_uid != os.geteuid():
            raise kems.KemsError("error.serve_token_owner", str(path))
        if _POSIX and info.st_mode & 0o077:
            raise kems.KemsError("error.serve_token_open", str(path), mode=f"{stat.S_IMODE(info.st_mode):04o}")
        data = os.read(fd, 256)
    finally:
        os.close(fd)
    text = data.decode("ascii", "replace").strip()
    if not _TOKEN.fullmatch(text):
        raise kems.KemsError("error.serve_token_bad", str(path))
    return text


def _write(path: Path, token: str, replace: bool) -> bool:
    """Keep ``token`` at ``path``, owner-only: written aside in full, then linked into place (or, with
    ``replace``, renamed over the regular file there).  False: a file appeared there meanwhile."""
    aside = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.new")
    try:
        fd = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC, 0o600)
        try:
            if _POSIX:
                os.fchmod(fd, 0o600)  # exactly, whatever the umask
            os.write(fd, (token + "\n").encode("ascii"))
            os.fsync(fd)
        finally:
            os.close(fd)
        if replace:
            os.replace(aside, path)  # a rename replaces the name itself: it never writes through a link
            return True
        try:
            os.link(aside, path)  # fails on anything there, a dangling link included
        except FileExistsError:
            return False
        except OSError:  # a file system without hard links: created in place, never over anything
            return _create(path, token)
        return True
    except OSError as exc:
        raise kems.KemsError("error.serve_token_unwritable", str(path),
                             reason=exc.strerror or type(exc).__name__) from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(aside)


def _create(path: Path, token: str) -> bool:
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC, 0o600)
    except FileExistsError:
        return False
    try:
        if _POSIX:
            os.fchmod(fd, 0o600)
        os.write(fd, (token + "\n").encode("ascii"))
        os.fsync(fd)
    finally:
        os.close(fd)
    return True

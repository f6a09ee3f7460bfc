"""Reading the package's own YAML data fast: a JSON copy in the user's cache directory.

The locale files and the shipped conventions are YAML (people edit them); parsing YAML costs
several milliseconds a file, JSON a fraction of one.  The first run parses the YAML and keeps a JSON
copy keyed by the file's path, size and modification time; later runs read the copy.  The cache is
ours alone (``$XDG_CACHE_HOME/kems-ref`` or ``~/.cache/kems-ref``, or ``KEMS_REF_CACHE``); if it
cannot be written, the YAML is simply parsed each time.  A user's own files never go through here.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any, Optional


def _cache_dir() -> Optional[Path]:
    explicit = os.environ.get("KEMS_REF_CACHE")
    if explicit == "":
        return None  # KEMS_REF_CACHE= (empty): no cache
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "kems-ref"


#: the package's YAML files read already, by their folder and name ("locales/en.yaml",
#: "conventions/pagat.yaml"): the browser edition's data, read when its site was built (kems_ref.site),
#: so that a phone parses no YAML at start-up; None everywhere else
PREREAD: Optional[dict[str, Any]] = None


def load_yaml(path: Path) -> Any:
    """The data of one of the package's YAML files (locales, shipped conventions)."""
    if PREREAD is not None:
        known = PREREAD.get(f"{path.parent.name}/{path.name}")
        if known is not None:
            return known
    stat = path.stat()
    stamp = f"{path.resolve()}|{stat.st_size}|{stat.st_mtime_ns}"
    folder = _cache_dir()
    copy = folder / (hashlib.sha1(stamp.encode()).hexdigest() + ".json") if folder else None
    if copy is not None:
        try:
            with open(copy, encoding="utf-8") as handle:
                return json.load(handle)
        except (OSError, ValueError):
            pass
    import yaml

    loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    with open(path, "rb") as handle:
        data = yaml.load(handle, Loader=loader)
    if copy is not None:
        try:
            copy.parent.mkdir(parents=True, exist_ok=True)
            partial = copy.with_suffix(f".{os.getpid()}.tmp")
            partial.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
            os.replace(partial, copy)  # never a half-written copy
        except (OSError, TypeError, ValueError):
            pass
    return data

// Used by `kems-ref site build` (kems_ref/site/build.py), never shipped: compiles the site's Python
// packages to bytecode with the pinned Pyodide itself (CPython 3.14, the phone's), so that a phone
// starts without compiling them.
//   node compile.mjs PYODIDE_DIR FOLDER KEEP_SOURCE...
// FOLDER's modules become sourceless .pyc files (unchecked hash: no timestamp is compared), but the
// packages named in KEEP_SOURCE keep their .py beside a __pycache__ (they read their own source).
import { pathToFileURL } from "node:url";

const [runtime, folder, ...keep] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(runtime + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: runtime + "/" });
py.FS.mkdirTree("/build");
py.FS.mount(py.FS.filesystems.NODEFS, { root: folder }, "/build");
py.globals.set("keep", py.toPy(keep));
const ok = py.runPython(`
import compileall, os, py_compile, re
mode = py_compile.PycInvalidationMode.UNCHECKED_HASH
site = "/lib/python3.14/site-packages"
kept = re.compile("^/build/(" + "|".join(map(re.escape, keep)) + ")/") if keep else None
def legacy(path):
    return kept is None or not kept.match(path + "/")
done = True
for top in sorted(os.listdir("/build")):
    path = "/build/" + top
    if os.path.isdir(path):
        done &= bool(compileall.compile_dir(path, quiet=1, legacy=legacy(path), invalidation_mode=mode,
                                            ddir=site + "/" + top))
    elif top.endswith(".py"):
        done &= bool(compileall.compile_file(path, quiet=1, legacy=True, invalidation_mode=mode,
                                             ddir=site))
done
`);
process.exit(ok ? 0 : 1);

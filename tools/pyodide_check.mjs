// Runs tools/pyodide_cases.py inside Pyodide, in Node: the browser edition's Python.
//
//   node tools/pyodide_check.mjs PYODIDE_DIR WHEEL PURE_DIR REPOSITORY
//
// PYODIDE_DIR: the unpacked npm package `pyodide` (pyodide.mjs, the wasm, the standard library);
// WHEEL: kems_ref's wheel, installed by unpacking it into site-packages (a pure-Python wheel: what
// micropip does with a local file, without micropip, which is fetched from the CDN);
// PURE_DIR: a folder of pure-Python packages copied into site-packages as they are (PyYAML's Python
// part: kems_ref reads YAML with its pure-Python loader where the C one is missing);
// REPOSITORY: read-only, for tests/rulings, tests/data/ask and tools/pyodide_cases.py.
// Prints what pyodide_cases.py prints (one JSON line) and exits with its exit code.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheel, pureDir, repository] = process.argv.slice(2).map((p) => resolve(p));
if (!repository) {
  console.error("usage: node tools/pyodide_check.mjs PYODIDE_DIR WHEEL PURE_DIR REPOSITORY");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const out = [];
const pyodide = await loadPyodide({
  indexURL: pyodideDir + "/",
  stdout: (line) => out.push(line),
  stderr: (line) => console.error(line),
});
const FS = pyodide.FS;
FS.mkdirTree("/repo");
FS.mount(FS.filesystems.NODEFS, { root: repository }, "/repo");
FS.mkdirTree("/pure");
FS.mount(FS.filesystems.NODEFS, { root: pureDir }, "/pure");
FS.writeFile("/tmp/kems_ref.whl", readFileSync(wheel));

const code = await pyodide.runPythonAsync(`
import shutil, site, sys, zipfile
target = site.getsitepackages()[0]
zipfile.ZipFile("/tmp/kems_ref.whl").extractall(target)
shutil.copytree("/pure", target, dirs_exist_ok=True)
sys.argv = ["pyodide_cases.py", "/repo"]
sys.path.insert(0, "/repo/tools")
import pyodide_cases
pyodide_cases.main(__import__("pathlib").Path("/repo"))
`);
for (const line of out) console.log(line);
process.exit(code);

// kems-ref's browser edition: the Web Worker that runs the referee. It boots Pyodide (the pinned
// runtime under ./pyodide/), unpacks kems_ref and its packages, keeps the score sheet's folder in
// IndexedDB, and answers each request of the page with kems_ref's own application
// (kems_ref/site/browser.py): no rule is decided here, this file only carries messages.
import { loadPyodide } from "./pyodide/pyodide.mjs";

let referee = null;
let pyodide = null;
const queue = [];

function syncfs(populate) {
  return new Promise((resolve) => pyodide.FS.syncfs(populate, (err) => resolve(err || null)));
}

let checks = null;

// the packages that check a house file: fetched the first time one is loaded (then kept offline)
function withChecks() {
  checks = checks || fetchBytes("py/checks.zip").then((bytes) => {
    pyodide.unpackArchive(bytes, "zip", { extractDir: "/lib/python3.14/site-packages" });
  });
  return checks;
}

async function fetchBytes(name) {
  const answer = await fetch(new URL("./" + name, self.location));
  if (!answer.ok) throw new Error(name + ": " + answer.status);
  return new Uint8Array(await answer.arrayBuffer());
}

async function boot(lang) {
  const started = performance.now();
  pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", self.location).href });
  const runtime = performance.now() - started;
  const [packages, data] = await Promise.all(["py/packages.zip", "py/data.zip"].map(fetchBytes));
  pyodide.unpackArchive(packages, "zip", { extractDir: "/lib/python3.14/site-packages" });
  pyodide.FS.mkdirTree("/site");
  pyodide.unpackArchive(data, "zip", { extractDir: "/site" });
  pyodide.FS.mkdirTree("/data");
  pyodide.FS.mount(pyodide.FS.filesystems.IDBFS, {}, "/data");
  const stored = await syncfs(true);  // the sheet as this phone kept it
  const houses = (path) => { try { return pyodide.FS.readdir(path).some((n) => /\.ya?ml$/.test(n)); } catch (e) { return false; } };
  if (houses("/site/houses") || houses("/data/houses")) {  // house rules to load at start
    try { await withChecks(); } catch (err) { checks = null; }  // offline before the checker was kept: left out
  }
  pyodide.globals.set("page_lang", lang || null);
  referee = await pyodide.runPythonAsync(
    "from kems_ref.site.browser import Referee\nReferee(page_lang)");
  return { runtime, boot: performance.now() - started, storage: stored === null };
}

async function answer(message) {
  const { kind, id } = message;
  if (kind === "request") {
    const got = await referee.call(message.method, message.target, pyodide.toPy(message.headers), message.body || "");
    const plain = got.toJs({ dict_converter: Object.fromEntries });
    got.destroy();
    if (message.method !== "GET") await syncfs(false);  // kept on the phone before the page hears back
    return { ...plain, id };
  }
  if (kind === "house") await withChecks();
  if (kind === "house" || kind === "import") {
    const method = kind === "house" ? referee.add_house : referee.import_game;
    const got = method(message.name, message.text, message.lang || "en");
    const plain = got.toJs({ dict_converter: Object.fromEntries });
    got.destroy();
    await syncfs(false);
    return { ...plain, id };
  }
  return { id, error: "unknown message" };
}

self.onmessage = async (event) => {
  const message = event.data;
  if (message.kind === "boot") {
    try {
      const timing = await boot(message.lang);
      self.postMessage({ id: message.id, ok: true, ...timing });
    } catch (err) {
      self.postMessage({ id: message.id, ok: false, error: String(err && err.message || err) });
    }
    for (const waiting of queue.splice(0)) self.onmessage({ data: waiting });
    return;
  }
  if (referee === null) {
    queue.push(message);
    return;
  }
  try {
    self.postMessage(await answer(message));
  } catch (err) {
    self.postMessage({ id: message.id, status: 500, headers: [], body: "", error: String(err && err.message || err) });
  }
};

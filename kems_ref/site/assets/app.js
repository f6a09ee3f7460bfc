// kems-ref's browser edition, the page: it starts the worker that runs the referee in Python
// (worker.js), hands it each tap — a link, a form — as the request `serve` would get, and shows the
// page it answers (kems_ref's own templates). No ruling is made here. The page's address keeps the
// screen shown (#/call/kems?by=…), so that a reload shows it again.
"use strict";

(function () {
  const words = JSON.parse(document.getElementById("kems-words").textContent);
  const html = document.documentElement;
  const langs = (navigator.languages || [navigator.language || "en"]).map((l) => l.toLowerCase().slice(0, 2));
  const say = (key) => (words[langs.find((l) => words[l]) || "en"] || words.en)[key];
  const ORIGIN = "https://kems-ref.invalid";  // what the application is told it is served from
  let current = "/";
  let worker = null;
  let serial = 0;
  const pending = new Map();
  let readyResolve;
  const ready = new Promise((resolve) => { readyResolve = resolve; });

  function status(text, isError) {
    let line = document.getElementById("kems-status");
    if (!line) {
      line = document.createElement("p");
      line.id = "kems-status";
      document.body.prepend(line);
    }
    line.className = isError ? "error" : "status";
    line.textContent = text;
  }

  function cookies() {
    try { return JSON.parse(localStorage.getItem("kems-cookies") || "{}"); } catch (e) { return {}; }
  }

  function keepCookie(header) {
    const [pair] = header.split(";");
    const at = pair.indexOf("=");
    if (at < 1) return;
    const jar = cookies();
    jar[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
    try { localStorage.setItem("kems-cookies", JSON.stringify(jar)); } catch (e) { /* no storage: this visit only */ }
  }

  function post(message) {
    return new Promise((resolve) => {
      const id = ++serial;
      pending.set(id, resolve);
      worker.postMessage({ id, ...message });
    });
  }

  // one request to the application, as `serve` would receive it; redirects followed
  async function request(method, target, body, extra) {
    await ready;
    const jar = cookies();
    const headers = [["host", "kems-ref.invalid"], ["accept-language", (navigator.languages || []).join(",")],
                     ...Object.entries(extra || {})];
    if (Object.keys(jar).length) headers.push(["cookie", Object.entries(jar).map(([k, v]) => k + "=" + v).join("; ")]);
    if (method !== "GET") headers.push(["origin", ORIGIN]);
    const got = await post({ kind: "request", method, target, headers, body: body || "" });
    const head = Object.fromEntries((got.headers || []).map(([k, v]) => [k.toLowerCase(), v]));
    for (const [k, v] of got.headers || []) if (k.toLowerCase() === "set-cookie") keepCookie(v);
    if (got.status >= 300 && got.status < 400 && head.location) {
      return request("GET", new URL(head.location, ORIGIN + target).pathname + new URL(head.location, ORIGIN + target).search);
    }
    return { status: got.status, headers: head, body: got.body || "", target, error: got.error };
  }

  function show(answer, remember, replace) {
    if (answer.headers["hx-retarget"]) {  // a failed tap: its message where the page shows one
      const slot = document.querySelector(answer.headers["hx-retarget"]);
      if (slot) { slot.innerHTML = answer.body; return; }
    }
    const page = new DOMParser().parseFromString(answer.body, "text/html");
    document.body.replaceChildren(...Array.from(page.body.childNodes).map((n) => document.importNode(n, true)));
    html.lang = page.documentElement.lang || html.lang;
    document.title = page.title || "kems-ref";
    if (remember) {  // the screen shown is the address's: Back goes to the one before
      const same = current === answer.target;
      current = answer.target;
      if (replace || same) history.replaceState(null, "", "#" + current);
      else history.pushState(null, "", "#" + current);
      try { localStorage.setItem("kems-last", answer.body); } catch (e) { /* fine */ }
    }
    tools();
  }

  async function go(method, target, body, extra, replace) {
    const answer = await request(method, target, body, { "hx-request": "true", ...(extra || {}) });
    if (answer.error && !answer.body) { status(say("failed").replace("{reason}", answer.error), true); return; }
    show(answer, answer.status < 400 || !answer.headers["hx-retarget"], replace);
  }

  function addressed() {
    return location.hash.startsWith("#/") ? location.hash.slice(1) : "/";
  }

  // Back and Forward, and an address typed: the screen of that address
  window.addEventListener("popstate", () => { if (addressed() !== current) go("GET", addressed(), "", {}, true); });
  window.addEventListener("hashchange", () => { if (addressed() !== current) go("GET", addressed(), "", {}, true); });

  function resolve(href) {
    const url = new URL(href, ORIGIN + current);
    return url.pathname + url.search;
  }

  async function download(target) {
    const answer = await request("GET", target);
    const name = /filename="([^"]+)"/.exec(answer.headers["content-disposition"] || "");
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([answer.body], { type: answer.headers["content-type"] || "text/plain" }));
    link.download = name ? name[1] : "kems-ref.txt";
    document.body.append(link);
    link.click();
    link.remove();
  }

  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("a[href]");
    if (!link || event.defaultPrevented || link.target || link.href.startsWith("blob:")) return;
    const href = link.getAttribute("href");
    if (/^[a-z]+:/i.test(href) || href.startsWith("#")) return;
    event.preventDefault();
    if (link.hasAttribute("download")) download(resolve(href));
    else go("GET", resolve(href));
  });

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (form.dataset.kemsLocal) return;
    event.preventDefault();
    const data = new URLSearchParams(new FormData(form, event.submitter || undefined));
    const target = resolve(form.getAttribute("action") || current);
    let extra = {};
    for (let at = form; at && at.getAttribute; at = at.parentElement) {
      const given = at.getAttribute("hx-headers");
      if (given) { try { extra = { ...JSON.parse(given), ...extra }; } catch (e) { /* not ours */ } }
    }
    if ((form.getAttribute("method") || "get").toLowerCase() === "get") {
      go("GET", target.split("?")[0] + "?" + data.toString(), "", extra);
    } else {
      go("POST", target, data.toString(), { "content-type": "application/x-www-form-urlencoded", ...extra });
    }
  });

  // what only this edition has: house rules and a game file, from this phone
  function tools() {
    if (document.getElementById("kems-tools")) return;
    const main = document.getElementById("main");
    if (!main) return;
    const box = document.createElement("details");
    box.id = "kems-tools";
    box.innerHTML = "<summary></summary>" +
      "<p><label><span class=\"house\"></span> <input type=\"file\" accept=\".yaml,.yml\" name=\"house\"></label></p>" +
      "<p><label><span class=\"import\"></span> <input type=\"file\" accept=\".json\" name=\"game\"></label></p>" +
      "<p><a class=\"button\" href=\"/export?format=json\" download></a></p>" +
      "<p id=\"kems-tools-said\" role=\"status\"></p>";
    box.querySelector("summary").textContent = say("tools");
    box.querySelector(".house").textContent = say("house");
    box.querySelector(".import").textContent = say("import");
    box.querySelector("a[download]").textContent = say("export");
    const said = (got, done) => {
      const line = document.getElementById("kems-tools-said");
      line.className = got.error ? "error" : "status";
      line.textContent = got.error || done;
    };
    box.querySelector("input[name=house]").addEventListener("change", async (event) => {
      const file = event.target.files[0];
      if (!file) return;
      const got = await post({ kind: "house", name: file.name, text: await file.text(), lang: html.lang });
      said(got, say("house_loaded").replace("{name}", got.convention));
      if (!got.error) fetch("py/checks.zip").catch(() => {});  // through the service worker: kept offline
    });
    box.querySelector("input[name=game]").addEventListener("change", async (event) => {
      const file = event.target.files[0];
      if (!file) return;
      const got = await post({ kind: "import", name: file.name, text: await file.text(), lang: html.lang });
      said(got, say("imported").replace("{name}", got.game));
    });
    const version = document.createElement("p");
    version.className = "understood";
    version.textContent = "kems-ref " + (window.kemsRef.version || "");
    box.append(version);
    main.append(box);
  }

  window.kemsRef = {
    version: null,
    ready,
    // the same JSON as serve's HTTP API for the same path and body (a body: POST; none: GET)
    async api(path, body) {
      const answer = await request(body === undefined ? "GET" : "POST", path,
                                   body === undefined ? "" : JSON.stringify(body), { "content-type": "application/json" });
      try { return JSON.parse(answer.body); } catch (e) { return { error: answer.error || answer.body }; }
    },
  };

  async function start() {
    status(say("starting"));  // in the phone's language
    if (typeof WebAssembly !== "object") { status(say("no_wasm"), true); return; }
    const last = (() => { try { return localStorage.getItem("kems-last"); } catch (e) { return null; } })();
    if (last) {  // the last screen, while Python starts
      show({ headers: {}, body: last, target: current }, false);
      status(say("starting"));
    }
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker.register("sw.js").then((registration) => {
        registration.addEventListener("updatefound", () => {
          const next = registration.installing;
          next && next.addEventListener("statechange", () => {
            if (next.state === "installed" && navigator.serviceWorker.controller) {
              const offer = document.createElement("button");
              offer.id = "kems-update";
              offer.className = "primary";
              offer.textContent = say("update");
              offer.addEventListener("click", () => next.postMessage("update"));
              document.body.prepend(offer);
            }
          });
        });
      }).catch(() => { /* a page from a file: no offline copy */ });
      let reloading = false;
      navigator.serviceWorker.addEventListener("controllerchange", () => {
        if (navigator.serviceWorker.controller && reloading === false && document.getElementById("kems-update")) {
          reloading = true;
          location.reload();
        }
      });
    }
    fetch("version.json").then((r) => r.json()).then((v) => { window.kemsRef.version = v.version; }).catch(() => {});
    worker = new Worker("worker.js", { type: "module" });
    worker.onmessage = (event) => {
      const handler = pending.get(event.data.id);
      if (handler) { pending.delete(event.data.id); handler(event.data); }
    };
    const booted = await post({ kind: "boot", lang: cookies().kems_lang || null });
    if (!booted.ok) { status(say("failed").replace("{reason}", booted.error), true); return; }
    window.kemsRef.timing = { runtime: booted.runtime, boot: booted.boot };
    readyResolve();
    await go("GET", addressed(), "", {}, true);
    html.dataset.kemsReady = "1";
    if (!booted.storage) status(say("no_storage"), true);
  }

  start();
})();
